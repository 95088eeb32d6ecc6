/** Labels and buttons of the sign-in page the spec does not word (its messages live in core). */
export const AUTH_LABELS = {
  email: 'Email',
  password: 'Password',
  newPassword: 'New password',
  firstName: 'First name',
  lastName: 'Last name',
  company: 'Company name',
  code: 'Confirmation code',
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
