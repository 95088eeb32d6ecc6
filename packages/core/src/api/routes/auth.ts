import { z } from 'zod';
import {
  AuthMessageResponse,
  ChangePasswordRequest,
  ConfirmForgotPasswordRequest,
  ConfirmSignUpRequest,
  EmailOnlyRequest,
  SignInRequest,
  SignUpRequest,
} from '../../account/auth-forms';
import { TermsAcceptance } from '../../account/terms';
import {
  RecoveryCodes,
  TwoFactorCodeRequest,
  TwoFactorSetup,
  TwoFactorStatus,
} from '../../account/two-factor';
import {
  CreatePersonalAccessTokenRequest,
  CreatedPersonalAccessToken,
  PersonalAccessToken,
} from '../../account/tokens';
import { AccountUser, Organisation } from '../../account/user';
import { PUBLIC, USER, defineRoute } from '../route';

/** Identity (reports-and-account §2, §5, §7, §8): sign-in, sign-up, passwords, tokens, organisations. */
export const auth = {
  signUp: defineRoute({
    method: 'POST',
    path: '/auth/sign-up',
    summary:
      'Register a user (e-mail, first and last name, company); a confirmation code is e-mailed',
    access: PUBLIC,
    body: SignUpRequest,
    response: AuthMessageResponse,
    status: 201,
    rateLimited: true,
  }),
  confirmSignUp: defineRoute({
    method: 'POST',
    path: '/auth/confirm-sign-up',
    summary: 'Confirm a registration with the e-mailed code and choose the password',
    access: PUBLIC,
    body: ConfirmSignUpRequest,
    response: AuthMessageResponse,
    rateLimited: true,
  }),
  signIn: defineRoute({
    method: 'POST',
    path: '/auth/sign-in',
    summary: 'Sign in with e-mail and password; sets the session cookie',
    access: PUBLIC,
    body: SignInRequest,
    response: AccountUser,
    rateLimited: true,
  }),
  signOut: defineRoute({
    method: 'POST',
    path: '/auth/sign-out',
    summary: 'End the session (clears the session cookie)',
    access: PUBLIC,
    response: AuthMessageResponse,
  }),
  forgotPassword: defineRoute({
    method: 'POST',
    path: '/auth/forgot-password',
    summary: 'E-mail a code to set a new password',
    access: PUBLIC,
    body: EmailOnlyRequest,
    response: AuthMessageResponse,
    rateLimited: true,
  }),
  confirmForgotPassword: defineRoute({
    method: 'POST',
    path: '/auth/confirm-forgot-password',
    summary: 'Set a new password with the e-mailed code',
    access: PUBLIC,
    body: ConfirmForgotPasswordRequest,
    response: AuthMessageResponse,
    rateLimited: true,
  }),
  resendConfirmation: defineRoute({
    method: 'POST',
    path: '/auth/resend-confirmation',
    summary: 'E-mail a new activation code to an unconfirmed user',
    access: PUBLIC,
    body: EmailOnlyRequest,
    response: AuthMessageResponse,
    rateLimited: true,
  }),
  changePassword: defineRoute({
    method: 'POST',
    path: '/auth/change-password',
    summary: "Change the signed-in user's password",
    access: USER,
    body: ChangePasswordRequest,
    response: AuthMessageResponse,
    rateLimited: true,
  }),
  me: defineRoute({
    method: 'GET',
    path: '/auth/me',
    summary: 'The signed-in user with their account codes',
    access: USER,
    response: AccountUser,
  }),
  organisations: defineRoute({
    method: 'GET',
    path: '/auth/organisations',
    summary: "The signed-in user's organisations (one per account code) with their flags",
    access: USER,
    response: z.array(Organisation),
  }),
  acceptTerms: defineRoute({
    method: 'POST',
    path: '/auth/terms',
    summary: 'Save a terms acceptance (CMP or SSP) for an account code; returns its organisation',
    access: { kind: 'account', from: 'body', key: 'pcode' },
    body: TermsAcceptance,
    response: Organisation,
  }),
  listTokens: defineRoute({
    method: 'GET',
    path: '/auth/tokens',
    summary: "The signed-in user's personal access tokens (prefixes only, never secrets)",
    access: USER,
    response: z.array(PersonalAccessToken),
  }),
  createToken: defineRoute({
    method: 'POST',
    path: '/auth/tokens',
    summary: 'Create a personal access token; the secret is returned this once',
    access: USER,
    body: CreatePersonalAccessTokenRequest,
    response: CreatedPersonalAccessToken,
    status: 201,
  }),
  twoFactorVerify: defineRoute({
    method: 'POST',
    path: '/auth/sign-in/two-factor',
    summary:
      "Sign-in's second step after TWO_FACTOR_REQUIRED: the authenticator code or a recovery code (used up); starts the session",
    access: PUBLIC,
    body: TwoFactorCodeRequest,
    response: AccountUser,
    rateLimited: true,
  }),
  twoFactorStatus: defineRoute({
    method: 'GET',
    path: '/auth/two-factor',
    summary:
      "Whether the signed-in user's two-factor sign-in is on, recovery codes left, and the accounts requiring it",
    access: USER,
    response: TwoFactorStatus,
  }),
  twoFactorSetup: defineRoute({
    method: 'POST',
    path: '/auth/two-factor/setup',
    summary:
      'Start enrolment (signed in, or at sign-in after TWO_FACTOR_SETUP_REQUIRED): a new secret with its QR code (SVG data URL)',
    access: PUBLIC,
    response: TwoFactorSetup,
  }),
  twoFactorEnable: defineRoute({
    method: 'POST',
    path: '/auth/two-factor/enable',
    summary:
      'Confirm enrolment with a first code: two-factor sign-in is on, the ten recovery codes are returned this once (at sign-in, the session starts)',
    access: PUBLIC,
    body: TwoFactorCodeRequest,
    response: RecoveryCodes,
    rateLimited: true,
  }),
  twoFactorDisable: defineRoute({
    method: 'POST',
    path: '/auth/two-factor/disable',
    summary:
      'Turn two-factor sign-in off with a current code (refused while an account of the user requires it)',
    access: USER,
    body: TwoFactorCodeRequest,
    response: TwoFactorStatus,
    rateLimited: true,
  }),
  twoFactorRecoveryCodes: defineRoute({
    method: 'POST',
    path: '/auth/two-factor/recovery-codes',
    summary:
      'Replace the recovery codes with ten new ones, confirmed with a current code (or a recovery code); the old ones stop working and the new ones are returned this once',
    access: USER,
    body: TwoFactorCodeRequest,
    response: RecoveryCodes,
    rateLimited: true,
  }),
  deleteToken: defineRoute({
    method: 'DELETE',
    path: '/auth/tokens/{id}',
    summary: "Revoke one of the signed-in user's personal access tokens",
    access: USER,
    params: z.object({ id: z.string().min(1) }),
    response: z.object({ deleted: z.literal(true) }),
  }),
};
