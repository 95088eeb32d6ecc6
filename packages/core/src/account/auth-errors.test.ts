import { describe, expect, it } from 'vitest';
import { ApiError, AssentError } from '../errors';
import {
  authErrorMessage,
  signInFailureOutcome,
  signUpErrorMessage,
  toAuthFailure,
} from './auth-errors';

const api = (status: string, message: string) => new ApiError(400, { status, message });

describe('toAuthFailure', () => {
  it('reads API errors, Assent errors, plain objects and strings', () => {
    expect(toAuthFailure(api('NOT_AUTHORIZED', 'Incorrect'))).toEqual({
      code: 'NOT_AUTHORIZED',
      message: 'Incorrect',
    });
    expect(toAuthFailure(new AssentError('EXPIRED_CODE', 'Expired'))).toEqual({
      code: 'EXPIRED_CODE',
      message: 'Expired',
    });
    expect(toAuthFailure({ code: 'X', log: 'line' })).toEqual({
      code: 'X',
      message: undefined,
      log: 'line',
    });
    expect(toAuthFailure('boom')).toEqual({ message: 'boom' });
  });
});

describe('sign-in failures', () => {
  it.each(['USER_NOT_FOUND', 'INVALID_PARAMETER', 'NOT_AUTHORIZED'])(
    "%s shows 'Please check your email and password and try again'",
    (code) =>
      expect(signInFailureOutcome(api(code, 'raw'))).toEqual({
        kind: 'message',
        message: 'Please check your email and password and try again',
      }),
  );

  it('an unconfirmed user triggers a resend of the activation e-mail', () => {
    expect(signInFailureOutcome(api('USER_NOT_CONFIRMED', 'User is not confirmed.'))).toEqual({
      kind: 'resendActivation',
    });
  });

  it('a right password of a two-factor user asks for the code, or for enrolment', () => {
    expect(signInFailureOutcome(api('TWO_FACTOR_REQUIRED', 'code'))).toEqual({ kind: 'twoFactor' });
    expect(signInFailureOutcome(api('TWO_FACTOR_SETUP_REQUIRED', 'setup'))).toEqual({
      kind: 'twoFactorSetup',
    });
  });

  it('other errors show the message, log or code', () => {
    expect(signInFailureOutcome(api('RATE_LIMITED', 'Slow down'))).toEqual({
      kind: 'message',
      message: 'Slow down',
    });
    expect(authErrorMessage({ log: 'from log' })).toBe('from log');
    expect(authErrorMessage({ code: 'ONLY_CODE' })).toBe('ONLY_CODE');
    expect(authErrorMessage(undefined)).toBe('An unknown error occured. Please try again.');
  });
});

describe('sign-up failures', () => {
  it("rewrites 'Username cannot be empty' as 'Email cannot be empty'", () => {
    expect(signUpErrorMessage(api('INVALID_PARAMETER', 'Username cannot be empty'))).toBe(
      'Email cannot be empty',
    );
  });
  it('maps invalid-parameter to the 2-character name rule', () => {
    expect(signUpErrorMessage(api('INVALID_PARAMETER', 'given_name too short'))).toBe(
      'First name or Last name should be at least 2 characters long',
    );
  });
  it('maps not-authorized and user-not-found to the check-e-mail message', () => {
    expect(signUpErrorMessage(api('NOT_AUTHORIZED', 'x'))).toBe(
      'Please check your email and password and try again',
    );
    expect(signUpErrorMessage(api('USER_NOT_FOUND', 'x'))).toBe(
      'Please check your email and password and try again',
    );
  });
  it('shows any other message', () => {
    expect(
      signUpErrorMessage(api('USERNAME_EXISTS', 'An account with the given email already exists.')),
    ).toBe('An account with the given email already exists.');
  });
});
