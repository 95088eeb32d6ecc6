import { ApiError, AssentError } from '../errors';
import { UNKNOWN_ERROR_MESSAGE } from '../messages';
import {
  CHECK_EMAIL_AND_PASSWORD,
  EMAIL_CANNOT_BE_EMPTY,
  NAME_TOO_SHORT,
  USERNAME_CANNOT_BE_EMPTY,
} from './messages';

/**
 * What the auth forms show when the identity service refuses (reports-and-account §8).
 */

/** A failure as the identity service reports it: a code, a message, or a log line. */
export interface AuthFailure {
  code?: string | undefined;
  message?: string | undefined;
  log?: string | undefined;
}

/** Reads a failure from an ApiError (its body's status and message), an AssentError or a plain object. */
export function toAuthFailure(error: unknown): AuthFailure {
  if (error instanceof ApiError) return { code: error.body.status, message: error.body.message };
  if (error instanceof AssentError) return { code: error.code, message: error.message };
  if (typeof error === 'string') return { message: error };
  if (typeof error === 'object' && error !== null) {
    const { code, status, message, log } = error as Record<string, unknown>;
    const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
    return { code: text(code) ?? text(status), message: text(message), log: text(log) };
  }
  return {};
}

/** The failure's message, else its log, else its code, else the unknown-error message. */
export function authErrorMessage(error: unknown): string {
  const f = toAuthFailure(error);
  return f.message || f.log || f.code || UNKNOWN_ERROR_MESSAGE;
}

/** Codes after which sign-in only says to check the e-mail and password. */
export const SIGN_IN_CREDENTIAL_CODES: readonly string[] = [
  'USER_NOT_FOUND',
  'INVALID_PARAMETER',
  'NOT_AUTHORIZED',
];

export type SignInFailureOutcome =
  | { kind: 'resendActivation' }
  /** The password was right: the sign-in asks for the authenticator code. */
  | { kind: 'twoFactor' }
  /** The password was right and an account requires two-factor sign-in: enrol first. */
  | { kind: 'twoFactorSetup' }
  | { kind: 'message'; message: string };

/**
 * A failed sign-in: an unconfirmed user gets a new activation e-mail; user-not-found,
 * invalid-parameter and not-authorized show 'Please check your email and password and try again';
 * anything else shows its message, log or code.
 */
export function signInFailureOutcome(error: unknown): SignInFailureOutcome {
  const { code } = toAuthFailure(error);
  if (code === 'USER_NOT_CONFIRMED') return { kind: 'resendActivation' };
  if (code === 'TWO_FACTOR_REQUIRED') return { kind: 'twoFactor' };
  if (code === 'TWO_FACTOR_SETUP_REQUIRED') return { kind: 'twoFactorSetup' };
  if (code && SIGN_IN_CREDENTIAL_CODES.includes(code)) {
    return { kind: 'message', message: CHECK_EMAIL_AND_PASSWORD };
  }
  return { kind: 'message', message: authErrorMessage(error) };
}

/**
 * A failed sign-up: 'Username cannot be empty' becomes 'Email cannot be empty'; invalid-parameter
 * shows the 2-character name rule; not-authorized and user-not-found show the check-e-mail message;
 * anything else its message, log or code.
 */
export function signUpErrorMessage(error: unknown): string {
  const f = toAuthFailure(error);
  if (f.message === USERNAME_CANNOT_BE_EMPTY) return EMAIL_CANNOT_BE_EMPTY;
  if (f.code === 'INVALID_PARAMETER') return NAME_TOO_SHORT;
  if (f.code === 'NOT_AUTHORIZED' || f.code === 'USER_NOT_FOUND') return CHECK_EMAIL_AND_PASSWORD;
  return authErrorMessage(error);
}
