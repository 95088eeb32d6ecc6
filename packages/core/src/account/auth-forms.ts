import { z } from 'zod';
import { TEXT_LIMITS, textLimitIssues } from '../limits';
import { oneLineIssues } from '../text';
import type { Issue, Validation } from '../validation';
import { collect, isBlank, isValidEmail, issue, noAngleBrackets, required } from '../validation';
import {
  COMPANY_NAME_REQUIRED,
  CONFIRMATION_CODE_REQUIRED,
  EMAIL_INVALID,
  EMAIL_REQUIRED,
  FIRST_NAME_REQUIRED,
  LAST_NAME_REQUIRED,
  NAME_FIELDS_NO_ANGLE_BRACKETS,
  NAME_TOO_SHORT,
  NEW_PASSWORD_REQUIRED,
  OLD_PASSWORD_REQUIRED,
  PASSWORD_COMMON,
  PASSWORD_POLICY,
  PASSWORD_REQUIRED,
} from './messages';
import { hasPasswordLength, isCommonPassword } from './password';

/**
 * Sign-in, sign-up and password forms (reports-and-account §5). Each form has a `validate…Form`
 * with the messages the console shows, and the matching request a `validate…Request` that adds
 * the server's rules (names of 2+ characters, the password policy).
 */

export const SignInRequest = z.object({ email: z.string(), password: z.string() });
export type SignInRequest = z.infer<typeof SignInRequest>;

/** Sign-up: the identity service's given_name, family_name, publisher_name and username (e-mail). */
export const SignUpRequest = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  company: z.string(),
});
export type SignUpRequest = z.infer<typeof SignUpRequest>;

export const ConfirmSignUpRequest = z.object({
  email: z.string(),
  code: z.string(),
  password: z.string(),
});
export type ConfirmSignUpRequest = z.infer<typeof ConfirmSignUpRequest>;

export const EmailOnlyRequest = z.object({ email: z.string() });
export type EmailOnlyRequest = z.infer<typeof EmailOnlyRequest>;

export const ConfirmForgotPasswordRequest = z.object({
  email: z.string(),
  code: z.string(),
  password: z.string(),
});
export type ConfirmForgotPasswordRequest = z.infer<typeof ConfirmForgotPasswordRequest>;

export const ChangePasswordRequest = z.object({ oldPassword: z.string(), newPassword: z.string() });
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

/** The answer of the auth calls that only acknowledge. */
export const AuthMessageResponse = z.object({ message: z.string() });
export type AuthMessageResponse = z.infer<typeof AuthMessageResponse>;

// --- Shared field rules ----------------------------------------------------------------------

export const NAME_MIN_LENGTH = 2;

/** 'Email is required', then 'Please enter a valid email address'. */
export function authEmailIssue(value: string | undefined, field = 'email'): Issue | undefined {
  if (isBlank(value)) return issue(field, 'required', EMAIL_REQUIRED);
  return isValidEmail(value ?? '') ? undefined : issue(field, 'email', EMAIL_INVALID);
}

/** What checks a new password against the common-password list (the server's; the console's forms skip it). */
export interface PasswordCheckOptions {
  /** @default no list check (the console does not load the list) */
  isCommonPassword?: ((password: string) => boolean) | undefined;
}

/**
 * The password policy (NIST SP 800-63B): 8 to 128 characters, no composition rule, and, where a
 * list check is given, not a common or breached password. A blank password is the required rule's.
 */
export function passwordPolicyIssue(
  field: string,
  password: string,
  options: PasswordCheckOptions = {},
): Issue | undefined {
  if (!password) return undefined;
  if (!hasPasswordLength(password)) return issue(field, 'passwordPolicy', PASSWORD_POLICY);
  return options.isCommonPassword?.(password)
    ? issue(field, 'commonPassword', PASSWORD_COMMON)
    : undefined;
}

// --- Forms (console) and requests (server) ----------------------------------------------------

/**
 * The sign-in's steps: the e-mail, the password, then for two-factor users the authenticator code
 * (`twoFactor`), or enrolment when an account requires it and the user has none (`twoFactorSetup`).
 */
export type SignInStep = 'email' | 'password' | 'twoFactor' | 'twoFactorSetup';

/** Sign-in: the e-mail (required, valid); the password once it is shown. */
export function validateSignInForm(
  form: { email: string; password?: string | undefined },
  step: SignInStep,
): Validation<{ email: string; password?: string | undefined }> {
  return collect(form, [
    authEmailIssue(form.email),
    step === 'password' && required('password', form.password, PASSWORD_REQUIRED),
  ]);
}

export const validateSignInRequest = (request: SignInRequest): Validation<SignInRequest> =>
  collect(request, [
    authEmailIssue(request.email),
    required('password', request.password, PASSWORD_REQUIRED),
  ]);

/** Sign-up: names, e-mail and company required; names and company without '<' or '>'. */
export function validateSignUpForm(form: SignUpRequest): Validation<SignUpRequest> {
  return collect(form, [
    required('firstName', form.firstName, FIRST_NAME_REQUIRED),
    noAngleBrackets('firstName', form.firstName, NAME_FIELDS_NO_ANGLE_BRACKETS),
    required('lastName', form.lastName, LAST_NAME_REQUIRED),
    noAngleBrackets('lastName', form.lastName, NAME_FIELDS_NO_ANGLE_BRACKETS),
    authEmailIssue(form.email),
    required('company', form.company, COMPANY_NAME_REQUIRED),
    noAngleBrackets('company', form.company, NAME_FIELDS_NO_ANGLE_BRACKETS),
  ]);
}

/**
 * The server's sign-up check: the form's rules plus first and last names of at least 2
 * characters. The server reports the name rule with code INVALID_PARAMETER, which the console
 * shows as 'First name or Last name should be at least 2 characters long'.
 */
export function validateSignUpRequest(request: SignUpRequest): Validation<SignUpRequest> {
  const form = validateSignUpForm(request);
  const short = (field: 'firstName' | 'lastName') =>
    !isBlank(request[field]) &&
    request[field].trim().length < NAME_MIN_LENGTH &&
    issue(field, 'minLength', NAME_TOO_SHORT);
  const fields = ['firstName', 'lastName', 'company'];
  return collect(request, [
    form.ok ? [] : form.issues,
    short('firstName'),
    short('lastName'),
    // Issue 19 items 9 and 10: names and company are one line of at most 255 characters.
    oneLineIssues(request, fields),
    textLimitIssues(request, Object.fromEntries(fields.map((f) => [f, TEXT_LIMITS.oneLine]))),
  ]);
}

/** Confirming a sign-up or a new password: the code and the password are required. */
export function validateConfirmCodeForm<T extends { code: string; password: string }>(
  form: T,
): Validation<T> {
  return collect(form, [
    required('code', form.code, CONFIRMATION_CODE_REQUIRED),
    required('password', form.password, PASSWORD_REQUIRED),
  ]);
}

/** The server's check of a confirmation: the e-mail, the form's rules and the password policy (with the list). */
export function validateConfirmCodeRequest<
  T extends { email: string; code: string; password: string },
>(request: T): Validation<T> {
  const form = validateConfirmCodeForm(request);
  return collect(request, [
    authEmailIssue(request.email),
    form.ok ? [] : form.issues,
    passwordPolicyIssue('password', request.password, { isCommonPassword }),
  ]);
}

/** Forgot password and resend activation: 'Email is required'. */
export const validateEmailOnlyForm = (form: EmailOnlyRequest): Validation<EmailOnlyRequest> =>
  collect(form, [required('email', form.email, EMAIL_REQUIRED)]);

/** The server also wants a well-formed e-mail. */
export const validateEmailOnlyRequest = (request: EmailOnlyRequest): Validation<EmailOnlyRequest> =>
  collect(request, [authEmailIssue(request.email)]);

/** Change password: 'Please input your old password!' and 'Please input your new password!'. */
export function validateChangePasswordForm(
  form: ChangePasswordRequest,
): Validation<ChangePasswordRequest> {
  return collect(form, [
    required('oldPassword', form.oldPassword, OLD_PASSWORD_REQUIRED),
    required('newPassword', form.newPassword, NEW_PASSWORD_REQUIRED),
  ]);
}

/** The server's check of a password change: the form's rules plus the policy (with the list) on the new one. */
export function validateChangePasswordRequest(
  request: ChangePasswordRequest,
): Validation<ChangePasswordRequest> {
  const form = validateChangePasswordForm(request);
  return collect(request, [
    form.ok ? [] : form.issues,
    passwordPolicyIssue('newPassword', request.newPassword, { isCommonPassword }),
  ]);
}
