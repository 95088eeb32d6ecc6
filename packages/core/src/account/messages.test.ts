import { describe, expect, it } from 'vitest';
import * as m from './messages';

/** The spec's wording, verbatim: a change here is a change of contract. */
describe('account messages', () => {
  it.each([
    [m.EMAIL_REQUIRED, 'Email is required'],
    [m.EMAIL_INVALID, 'Please enter a valid email address'],
    [m.PASSWORD_REQUIRED, 'Password is required'],
    [m.FIRST_NAME_REQUIRED, 'First name is required'],
    [m.LAST_NAME_REQUIRED, 'Last name is required'],
    [m.COMPANY_NAME_REQUIRED, 'Company name is required'],
    [m.NAME_FIELDS_NO_ANGLE_BRACKETS, "Name Fields should not include '<' and '>' characters"],
    [m.CONFIRMATION_CODE_REQUIRED, 'Confirmation code is required'],
    [m.OLD_PASSWORD_REQUIRED, 'Please input your old password!'],
    [m.NEW_PASSWORD_REQUIRED, 'Please input your new password!'],
    [m.NAME_TOO_SHORT, 'First name or Last name should be at least 2 characters long'],
    [m.EMAIL_CANNOT_BE_EMPTY, 'Email cannot be empty'],
    [m.CHECK_EMAIL_AND_PASSWORD, 'Please check your email and password and try again'],
    [m.NEW_ACTIVATION_EMAIL_SENT, 'New activation email has been sent to your inbox.'],
    [
      m.SIGN_UP_SUCCESS,
      'You are almost there! User registered successfully. Please check your email to confirm.',
    ],
    [m.RESEND_CONFIRMATION_SUCCESS, 'Please check your email to get started.'],
    [m.NEED_AN_ACCOUNT, 'Need an account? Sign Up'],
    [m.ALREADY_HAVE_AN_ACCOUNT, 'Already have an account? Sign In'],
    [m.TROUBLE_SIGNING_IN, 'Having Trouble Signing In?'],
    [m.RESEND_ACTIVATION_MAIL, 'Resend activation mail'],
    [m.NEXT_BUTTON, 'Next'],
    [m.SIGN_IN_BUTTON, 'SIGN IN'],
    [m.SWITCH_TO_ACCOUNT, 'Switch to Account'],
    [m.LOGOUT_LABEL, 'Logout'],
    [m.OLD_PASSWORD_LABEL, 'Old Password'],
    [m.NEW_PASSWORD_LABEL, 'New Password'],
    [m.SURVEY_THANKS, 'Thank you for your feedback!'],
    [m.SURVEY_ERROR, 'Error submitting survey'],
    [m.SSP_TERMS_TITLE, 'Access more with your existing login'],
    [m.PRICING_PROMOTION_TITLE, 'From Consent to Cashflow'],
    [m.MONETISATION_BACK, 'Back to Consent Management'],
    [m.MONETISATION_HERO, 'Monetisation portal'],
    [m.MONETISATION_RESOURCES, 'Visit Support & Resources'],
    // Not shown in the spec: ours, worded once (docs/decisions.md).
    [m.BULK_UPDATE_STATUS_ERROR_TITLE, 'The bulk update status could not be loaded'],
  ])('%s', (actual, expected) => expect(actual).toBe(expected));
});
