/**
 * The account area's messages and labels (reports-and-account §2, §4, §5, §8 and the survey,
 * promotion and Consent-or-Pay texts of properties-and-tags §8), verbatim. Wording the spec leaves
 * "not shown" is ours and listed in docs/decisions.md.
 */

export const EMAIL_REQUIRED = 'Email is required';
export const EMAIL_INVALID = 'Please enter a valid email address';
export const PASSWORD_REQUIRED = 'Password is required';
export const FIRST_NAME_REQUIRED = 'First name is required';
export const LAST_NAME_REQUIRED = 'Last name is required';
export const COMPANY_NAME_REQUIRED = 'Company name is required';
export const NAME_FIELDS_NO_ANGLE_BRACKETS =
  "Name Fields should not include '<' and '>' characters";
export const CONFIRMATION_CODE_REQUIRED = 'Confirmation code is required';
export const OLD_PASSWORD_REQUIRED = 'Please input your old password!';
export const NEW_PASSWORD_REQUIRED = 'Please input your new password!';
/** Our password policy (the spec does not show one): NIST SP 800-63B, length over composition. */
export const PASSWORD_POLICY = 'Password must be 8 to 128 characters long';
/** A password on the shipped common/breached list (ours; the spec does not show one). */
export const PASSWORD_COMMON =
  'This password is too common: it appears in lists of breached passwords. Please choose another (a passphrase of several words is best)';
/** The password fields' help in the console (ours). */
export const PASSWORD_RULE_HINT =
  'At least 8 characters. No need for digits or symbols: a passphrase of several words is best. Common and breached passwords are refused.';

/** Sign-up: the server's name rule, and what an invalid-parameter code shows. */
export const NAME_TOO_SHORT = 'First name or Last name should be at least 2 characters long';
/** The identity service's wording, rewritten for the e-mail field. */
export const USERNAME_CANNOT_BE_EMPTY = 'Username cannot be empty';
export const EMAIL_CANNOT_BE_EMPTY = 'Email cannot be empty';
export const CHECK_EMAIL_AND_PASSWORD = 'Please check your email and password and try again';
export const NEW_ACTIVATION_EMAIL_SENT = 'New activation email has been sent to your inbox.';
export const SIGN_UP_SUCCESS =
  'You are almost there! User registered successfully. Please check your email to confirm.';
export const RESEND_CONFIRMATION_SUCCESS = 'Please check your email to get started.';
/** Not shown in the spec: after a new password is set (every session and token ends with it). */
export const PASSWORD_RESET_SUCCESS =
  'Your password has been reset: every session was signed out and your personal access tokens were revoked. Please sign in.';
/** Not shown in the spec: after the account is confirmed. */
export const SIGN_UP_CONFIRMED = 'Your account is confirmed. Please sign in.';
/** Not shown in the spec: the change-password modal's success (other sessions and tokens end). */
export const PASSWORD_CHANGED =
  'Your password has been changed: your other sessions were signed out and your personal access tokens were revoked.';

export const NEED_AN_ACCOUNT = 'Need an account? Sign Up';
export const ALREADY_HAVE_AN_ACCOUNT = 'Already have an account? Sign In';
export const TROUBLE_SIGNING_IN = 'Having Trouble Signing In?';
export const RESEND_ACTIVATION_MAIL = 'Resend activation mail';
export const NEXT_BUTTON = 'Next';
export const SIGN_IN_BUTTON = 'SIGN IN';
/** The sign-up form's note; the spec gives the meaning, not the words. */
export const JOIN_EXISTING_ORGANISATION_NOTE =
  'To join an existing organisation, please contact support instead of signing up.';

export const SWITCH_TO_ACCOUNT = 'Switch to Account';
export const LOGOUT_LABEL = 'Logout';
export const CHANGE_PASSWORD = 'Change Password';
export const OLD_PASSWORD_LABEL = 'Old Password';
export const NEW_PASSWORD_LABEL = 'New Password';
export const HELP_CENTER_LABEL = 'Help Center';

/** Not shown in the spec: personal access token names. */
export const TOKEN_NAME_REQUIRED = 'Please enter a token name';
export const TOKEN_NAME_TOO_LONG = 'Token name must be at most 100 characters';

/** Not shown in the spec: terms accepted for another user's e-mail. */
export const TERMS_EMAIL_MISMATCH = 'Terms can only be accepted for your own e-mail address';

export const SURVEY_THANKS = 'Thank you for your feedback!';
export const SURVEY_ERROR = 'Error submitting survey';
/** Not shown in the spec: the survey's first question left unanswered. */
export const SURVEY_ANSWER_REQUIRED = 'Please select an answer to continue';
/** Not shown in the spec: a comment over the limit. */
export const SURVEY_COMMENT_TOO_LONG = 'Comment must be at most 1000 characters';

/** Consent-or-Pay feature request success (properties-and-tags §8). */
export const COP_REQUEST_RECEIVED =
  "We've received your request to enable Consent or Pay on your account. Our team will reach out soon with the next steps.";
/** Consent-or-Pay content note (properties-and-tags §8). */
export const COP_CONTENT_REVIEW_NOTE =
  'CoP content is currently under review. Standard text is being used until approval.';

/** Promotion titles and labels the spec quotes (properties-and-tags §2, reports-and-account §2). */
export const SSP_TERMS_TITLE = 'Access more with your existing login';
export const PRICING_PROMOTION_TITLE = 'From Consent to Cashflow';
export const MONETISATION_BACK = 'Back to Consent Management';
export const MONETISATION_HERO = 'Monetisation portal';
export const MONETISATION_RESOURCES = 'Visit Support & Resources';

/** The bulk update status page's error result title (reports-and-account §8: wording not shown). */
export const BULK_UPDATE_STATUS_ERROR_TITLE = 'The bulk update status could not be loaded';

/** The identity service's own refusals (wording not shown in the spec; codes per errors.ts). */
export const USER_DOES_NOT_EXIST = 'User does not exist.';
export const INCORRECT_USERNAME_OR_PASSWORD = 'Incorrect username or password.';
export const USER_IS_NOT_CONFIRMED = 'User is not confirmed.';
export const USER_ALREADY_EXISTS = 'An account with the given email already exists.';
export const USER_ALREADY_CONFIRMED = 'User is already confirmed.';
export const CODE_MISMATCH_MESSAGE = 'Invalid verification code provided, please try again.';
export const CODE_EXPIRED_MESSAGE = 'Invalid code provided, please request a code again.';
export const INCORRECT_PASSWORD = 'Incorrect password.';
export const SIGNED_OUT = 'You have been signed out.';
export const RESET_CODE_SENT =
  'If an account exists for this email, we have sent it a code to reset the password.';
