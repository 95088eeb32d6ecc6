import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors';
import type { AuthFlowAction, AuthFlowState } from './auth-flow';
import { authFlowReducer, initialAuthFlowState } from './auth-flow';
import {
  INVALID_TWO_FACTOR_CODE,
  TWO_FACTOR_CODE_NEEDED,
  TWO_FACTOR_SETUP_NEEDED,
  TWO_FACTOR_SIGN_IN_EXPIRED,
} from './two-factor';

const run = (actions: AuthFlowAction[], from: AuthFlowState = initialAuthFlowState('/login')) =>
  actions.reduce<AuthFlowState>(authFlowReducer, from);
const apiError = (status: string, message = 'raw') => new ApiError(400, { status, message });

describe('auth flow', () => {
  it('opens sign-in on the e-mail step, and /reset-password on forgot password', () => {
    expect(initialAuthFlowState('/login')).toMatchObject({ form: 'signIn', step: 'email' });
    expect(initialAuthFlowState('/reset-password')).toMatchObject({ form: 'forgotPassword' });
    expect(initialAuthFlowState('/reset-password/')).toMatchObject({ form: 'forgotPassword' });
  });

  it('asks the e-mail first (Next), then the password (SIGN IN), then signs in', () => {
    const password = run([{ type: 'emailEntered', email: ' jane@example.com ' }]);
    expect(password).toMatchObject({ form: 'signIn', step: 'password', email: 'jane@example.com' });
    const back = authFlowReducer(password, { type: 'changeEmail' });
    expect(back).toMatchObject({ step: 'email', email: 'jane@example.com' });
    const done = run(
      [{ type: 'submit', email: 'jane@example.com' }, { type: 'succeeded' }],
      password,
    );
    expect(done).toEqual({ form: 'signedIn', email: 'jane@example.com' });
    expect(authFlowReducer(done, { type: 'signedOut' })).toMatchObject({
      form: 'signIn',
      step: 'email',
    });
  });

  it('shows the credentials message on a failed sign-in', () => {
    const failed = run([
      { type: 'emailEntered', email: 'jane@example.com' },
      { type: 'submit', email: 'jane@example.com' },
      { type: 'failed', error: apiError('NOT_AUTHORIZED') },
    ]);
    expect(failed).toMatchObject({
      form: 'signIn',
      step: 'password',
      phase: 'editing',
      notice: { kind: 'error', message: 'Please check your email and password and try again' },
    });
  });

  it('asks a two-factor user for the code after the password, then signs in', () => {
    const code = run([
      { type: 'emailEntered', email: 'jane@example.com' },
      { type: 'submit', email: 'jane@example.com' },
      { type: 'failed', error: apiError('TWO_FACTOR_REQUIRED') },
    ]);
    expect(code).toMatchObject({
      form: 'signIn',
      step: 'twoFactor',
      phase: 'editing',
      notice: { kind: 'info', message: TWO_FACTOR_CODE_NEEDED },
    });
    const wrong = run(
      [
        { type: 'submit', email: 'jane@example.com' },
        { type: 'failed', error: apiError('CODE_MISMATCH', INVALID_TWO_FACTOR_CODE) },
      ],
      code,
    );
    expect(wrong).toMatchObject({
      step: 'twoFactor',
      notice: { kind: 'error', message: INVALID_TWO_FACTOR_CODE },
    });
    expect(
      run([{ type: 'submit', email: 'jane@example.com' }, { type: 'succeeded' }], wrong),
    ).toEqual({ form: 'signedIn', email: 'jane@example.com' });
    // An expired code step goes back to the password.
    const expired = run(
      [
        { type: 'submit', email: 'jane@example.com' },
        { type: 'failed', error: apiError('NOT_AUTHORIZED', TWO_FACTOR_SIGN_IN_EXPIRED) },
      ],
      code,
    );
    expect(expired).toMatchObject({
      step: 'password',
      notice: { kind: 'error', message: TWO_FACTOR_SIGN_IN_EXPIRED },
    });
  });

  it('sends a member of an account requiring two-factor sign-in to enrolment', () => {
    expect(
      run([
        { type: 'emailEntered', email: 'jane@example.com' },
        { type: 'submit', email: 'jane@example.com' },
        { type: 'failed', error: apiError('TWO_FACTOR_SETUP_REQUIRED') },
      ]),
    ).toMatchObject({
      step: 'twoFactorSetup',
      notice: { kind: 'info', message: TWO_FACTOR_SETUP_NEEDED },
    });
  });

  it('resends the activation e-mail for an unconfirmed user and switches to the confirm screen', () => {
    const resending = run([
      { type: 'emailEntered', email: 'jane@example.com' },
      { type: 'submit', email: 'jane@example.com' },
      { type: 'failed', error: apiError('USER_NOT_CONFIRMED') },
    ]);
    expect(resending).toMatchObject({ form: 'signIn', phase: 'resendingActivation' });
    expect(authFlowReducer(resending, { type: 'activationResent' })).toEqual({
      form: 'confirmResendConfirmationEmail',
      email: 'jane@example.com',
      phase: 'editing',
      notice: { kind: 'info', message: 'New activation email has been sent to your inbox.' },
    });
    expect(
      authFlowReducer(resending, {
        type: 'activationResendFailed',
        error: apiError('RATE_LIMITED', 'Too many'),
      }),
    ).toMatchObject({ form: 'signIn', phase: 'editing', notice: { message: 'Too many' } });
  });

  it('moves from sign-up to confirmSignUp with the success text', () => {
    const confirm = run([
      { type: 'show', form: 'signUp' },
      { type: 'submit', email: 'jo@example.com' },
      { type: 'succeeded' },
    ]);
    expect(confirm).toEqual({
      form: 'confirmSignUp',
      email: 'jo@example.com',
      phase: 'editing',
      notice: {
        kind: 'success',
        message:
          'You are almost there! User registered successfully. Please check your email to confirm.',
      },
    });
    expect(
      run([{ type: 'submit', email: 'jo@example.com' }, { type: 'succeeded' }], confirm),
    ).toMatchObject({
      form: 'signIn',
      email: 'jo@example.com',
    });
  });

  it('maps sign-up failures with the sign-up rules', () => {
    const failed = run([
      { type: 'show', form: 'signUp' },
      { type: 'submit', email: '' },
      { type: 'failed', error: apiError('INVALID_PARAMETER', 'Username cannot be empty') },
    ]);
    expect(failed).toMatchObject({ form: 'signUp', notice: { message: 'Email cannot be empty' } });
  });

  it('goes forgot password → code and new password → sign-in', () => {
    const submit = run([
      { type: 'show', form: 'forgotPassword' },
      { type: 'submit', email: 'jo@example.com' },
      { type: 'succeeded' },
    ]);
    expect(submit).toMatchObject({ form: 'forgotPasswordSubmit', email: 'jo@example.com' });
    expect(
      run([{ type: 'submit', email: 'jo@example.com' }, { type: 'succeeded' }], submit),
    ).toMatchObject({
      form: 'signIn',
      step: 'email',
    });
  });

  it("shows 'Please check your email to get started.' after a resend", () => {
    const sent = run([
      { type: 'show', form: 'resendConfirmationEmail' },
      { type: 'submit', email: 'jo@example.com' },
      { type: 'succeeded' },
    ]);
    expect(sent).toMatchObject({
      form: 'confirmResendConfirmationEmail',
      notice: { kind: 'success', message: 'Please check your email to get started.' },
    });
  });

  it('shows other auth failures as message, log or code and ignores actions while busy', () => {
    const submitting = run([
      { type: 'show', form: 'forgotPassword' },
      { type: 'submit', email: 'x@y.zz' },
    ]);
    expect(authFlowReducer(submitting, { type: 'show', form: 'signUp' })).toBe(submitting);
    expect(
      authFlowReducer(submitting, { type: 'failed', error: { log: 'LimitExceeded' } }),
    ).toMatchObject({
      form: 'forgotPassword',
      phase: 'editing',
      notice: { kind: 'error', message: 'LimitExceeded' },
    });
  });
});
