/**
 * Account: the signed-in user and organisations, sign-in and password flows, personal access
 * tokens, announcements, promotions, the survey, Consent-or-Pay banner events, terms acceptance
 * and the console's alert and poll timings. Explicit named exports only.
 */
export {
  Announcement,
  ANNOUNCEMENT_DISMISSED_KEY_PREFIX,
  announcementDismissalKey,
  AnnouncementExpireUnit,
  AnnouncementModal,
  announcementQueue,
  currentAnnouncement,
  dismissalExpiry,
  dismissAnnouncement,
  isAnnouncementVisible,
  nextAnnouncement,
  pruneAnnouncementDismissals,
  visibleAnnouncements,
} from './announcements';
export type { AnnouncementQueue } from './announcements';
export {
  authErrorMessage,
  SIGN_IN_CREDENTIAL_CODES,
  signInFailureOutcome,
  signUpErrorMessage,
  toAuthFailure,
} from './auth-errors';
export type { AuthFailure, SignInFailureOutcome } from './auth-errors';
export {
  authFlowReducer,
  AuthFormName,
  initialAuthFlowState,
  RESET_PASSWORD_PATH,
} from './auth-flow';
export type { AuthFlowAction, AuthFlowState, AuthNotice } from './auth-flow';
export {
  authEmailIssue,
  AuthMessageResponse,
  ChangePasswordRequest,
  ConfirmForgotPasswordRequest,
  ConfirmSignUpRequest,
  EmailOnlyRequest,
  meetsPasswordPolicy,
  NAME_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  SignInRequest,
  SignUpRequest,
  validateChangePasswordForm,
  validateChangePasswordRequest,
  validateConfirmCodeForm,
  validateConfirmCodeRequest,
  validateEmailOnlyForm,
  validateEmailOnlyRequest,
  validateSignInForm,
  validateSignInRequest,
  validateSignUpForm,
  validateSignUpRequest,
} from './auth-forms';
export type { SignInStep } from './auth-forms';
export {
  COP_REQUEST_EVENT,
  CopBannerEvent,
  CopBannerEventRecord,
  CopBannerEventType,
  isConsentOrPayRequested,
  sspEventType,
} from './cop-banner-event';
export {
  ALREADY_HAVE_AN_ACCOUNT,
  CHANGE_PASSWORD,
  CHECK_EMAIL_AND_PASSWORD,
  COMPANY_NAME_REQUIRED,
  CONFIRMATION_CODE_REQUIRED,
  COP_CONTENT_REVIEW_NOTE,
  COP_REQUEST_RECEIVED,
  EMAIL_CANNOT_BE_EMPTY,
  EMAIL_INVALID,
  EMAIL_REQUIRED,
  FIRST_NAME_REQUIRED,
  HELP_CENTER_LABEL,
  JOIN_EXISTING_ORGANISATION_NOTE,
  LAST_NAME_REQUIRED,
  LOGOUT_LABEL,
  NAME_FIELDS_NO_ANGLE_BRACKETS,
  NAME_TOO_SHORT,
  NEED_AN_ACCOUNT,
  NEW_ACTIVATION_EMAIL_SENT,
  NEW_PASSWORD_LABEL,
  NEW_PASSWORD_REQUIRED,
  NEXT_BUTTON,
  OLD_PASSWORD_LABEL,
  OLD_PASSWORD_REQUIRED,
  PASSWORD_CHANGED,
  PASSWORD_POLICY,
  PASSWORD_REQUIRED,
  PASSWORD_RESET_SUCCESS,
  RESEND_ACTIVATION_MAIL,
  RESEND_CONFIRMATION_SUCCESS,
  SIGN_IN_BUTTON,
  SIGN_UP_CONFIRMED,
  SIGN_UP_SUCCESS,
  SURVEY_ANSWER_REQUIRED,
  SURVEY_COMMENT_TOO_LONG,
  SURVEY_ERROR,
  SURVEY_THANKS,
  SWITCH_TO_ACCOUNT,
  TERMS_EMAIL_MISMATCH,
  TOKEN_NAME_REQUIRED,
  TOKEN_NAME_TOO_LONG,
  TROUBLE_SIGNING_IN,
  USERNAME_CANNOT_BE_EMPTY,
} from './messages';
export {
  pricingPromotionKey,
  PRODUCTS_WELCOME_INTERVAL_MS,
  PRODUCTS_WELCOME_KEY,
  recordPricingPromotionShown,
  recordProductsWelcomeShown,
  recordSurveyPopupClosed,
  shouldShowPricingPromotion,
  shouldShowProductsWelcome,
  shouldShowSspTermsModal,
  shouldShowSurveyPopup,
  SURVEY_POPUP_REAPPEAR_DAYS,
  SURVEY_POPUP_REAPPEAR_MS,
  surveyPopupKey,
} from './promotions';
export { createMemoryConsoleStorage, readStoredTime, writeStoredTime } from './storage';
export type { ConsoleStorage } from './storage';
export {
  SURVEY_ANSWERS,
  SURVEY_COMMENT_MAX_LENGTH,
  SurveyAnswer,
  SurveyStatus,
  SurveySubmission,
  validateSurvey,
} from './survey';
export {
  applyTermsAcceptance,
  buildTermsAcceptance,
  TermsAcceptance,
  TermsProductType,
  validateTermsAcceptance,
} from './terms';
export {
  ALERT_AUTO_CLOSE_MS,
  APP_ERROR_CLEAR_MS,
  AUDIT_STATUS_POLL_MS,
  BULK_UPDATE_POLL_INTERVAL_MS,
  BULK_UPDATE_POLL_MAX_ATTEMPTS,
  canPollBulkUpdateAgain,
  TAG_COPIED_CONFIRMATION_MS,
} from './timing';
export {
  CreatedPersonalAccessToken,
  CreatePersonalAccessTokenRequest,
  PersonalAccessToken,
  TOKEN_NAME_MAX_LENGTH,
  tokenDisplayPrefix,
  validateTokenName,
} from './tokens';
export {
  accountCodeFromSegment,
  accountHomePath,
  accountLabel,
  accountSwitchOptions,
  AccountUser,
  isAccountMember,
  Organisation,
  showAccountSwitcher,
  userDisplayName,
} from './user';
