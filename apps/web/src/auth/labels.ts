/** Labels and buttons of the sign-in page the spec does not word (its messages live in core). */
export const AUTH_LABELS = {
  email: 'Email',
  password: 'Password',
  newPassword: 'New password',
  firstName: 'First name',
  lastName: 'Last name',
  company: 'Company name',
  code: 'Confirmation code',
  twoFactorCode: 'Authentication code',
} as const;

export const AUTH_TITLES = {
  signIn: 'Sign in to your account',
  signUp: 'Create your account',
  confirmSignUp: 'Confirm your account',
  confirmResendConfirmationEmail: 'Confirm your account',
  forgotPassword: 'Reset your password',
  forgotPasswordSubmit: 'Choose a new password',
  resendConfirmationEmail: 'Resend activation mail',
} as const;

export const AUTH_BUTTONS = {
  signUp: 'SIGN UP',
  confirm: 'CONFIRM',
  sendCode: 'SEND CODE',
  resetPassword: 'RESET PASSWORD',
  resend: 'RESEND',
  changeEmail: 'Change email',
  backToSignIn: 'Back to sign in',
  goToConsole: 'Go to the console',
} as const;

export const PROFILE_HEADING = 'Profile';
export const PROFILE_SIGN_OUT_HINT = 'Click the heading to sign out.';

/** The landing copy (reports-and-account §1). */
export const LANDING = {
  headline: 'Free consent management across app and web',
  points: [
    'Compliant with GDPR, CCPA, IAB TCF 2.2 and Google',
    'Customisable to your brand',
    'Set up in 3 steps',
  ],
} as const;

/** The sign-in's two-factor steps (issue 19 item 22). */
export const TWO_FACTOR_COPY = {
  verifyButton: 'VERIFY',
  enableButton: 'TURN ON AND SIGN IN',
  codeHelper: 'The 6 digits your authenticator app shows, or one of your recovery codes.',
  scan: 'Scan this QR code with an authenticator app (such as 1Password, Google Authenticator or Authy), then enter the code it shows.',
  qrAlt: 'QR code to add Assent to an authenticator app',
  secretLabel: 'Or type this key into the app:',
  recoveryTitle: 'Save your recovery codes',
  recoveryText:
    'Each code signs you in once if you lose your authenticator app. Keep them somewhere safe: they are not shown again.',
  continue: 'I have saved them: go to the console',
} as const;
