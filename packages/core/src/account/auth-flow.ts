import { z } from 'zod';
import type { SignInStep } from './auth-forms';
import {
  authErrorMessage,
  signInFailureOutcome,
  signUpErrorMessage,
  toAuthFailure,
} from './auth-errors';
import {
  NEW_ACTIVATION_EMAIL_SENT,
  PASSWORD_RESET_SUCCESS,
  RESEND_CONFIRMATION_SUCCESS,
  SIGN_UP_CONFIRMED,
  SIGN_UP_SUCCESS,
} from './messages';
import { TWO_FACTOR_CODE_NEEDED, TWO_FACTOR_SETUP_NEEDED } from './two-factor';

/**
 * The sign-in page as a discriminated union changed by a pure reducer (reports-and-account §2, §4).
 * The console performs the call a `submitting` state stands for (or the activation resend of
 * `resendingActivation`) and dispatches its outcome.
 */

export const AuthFormName = z.enum([
  'signIn',
  'signUp',
  'confirmSignUp',
  'forgotPassword',
  'forgotPasswordSubmit',
  'resendConfirmationEmail',
  'confirmResendConfirmationEmail',
]);
export type AuthFormName = z.infer<typeof AuthFormName>;

export interface AuthNotice {
  kind: 'success' | 'info' | 'error';
  message: string;
}

interface Common {
  /** The e-mail carried from form to form. */
  email: string;
  notice: AuthNotice | undefined;
}

export type AuthFlowState =
  | (Common & {
      form: 'signIn';
      /** The e-mail first ('Next'), then the password ('SIGN IN'). */
      step: SignInStep;
      phase: 'editing' | 'submitting' | 'resendingActivation';
    })
  | (Common & { form: Exclude<AuthFormName, 'signIn'>; phase: 'editing' | 'submitting' })
  | { form: 'signedIn'; email: string };

export type AuthFlowAction =
  /** A toggle link: 'Need an account? Sign Up', 'Having Trouble Signing In?', … */
  | { type: 'show'; form: AuthFormName }
  /** 'Next' on the sign-in e-mail step. */
  | { type: 'emailEntered'; email: string }
  /** Back from the password step to change the e-mail. */
  | { type: 'changeEmail' }
  | { type: 'submit'; email: string }
  | { type: 'succeeded' }
  | { type: 'failed'; error: unknown }
  | { type: 'activationResent' }
  | { type: 'activationResendFailed'; error: unknown }
  | { type: 'signedOut' };

/** The path that opens the forgot-password form first. */
export const RESET_PASSWORD_PATH = '/reset-password';

const editing = (
  form: Exclude<AuthFormName, 'signIn'>,
  email: string,
  notice?: AuthNotice,
): AuthFlowState => ({ form, email, notice, phase: 'editing' });

const signIn = (email: string, notice?: AuthNotice, step: SignInStep = 'email'): AuthFlowState => ({
  form: 'signIn',
  step,
  email,
  notice,
  phase: 'editing',
});

/** /reset-password opens the forgot-password form; any other path opens sign-in. */
export const initialAuthFlowState = (pathname: string): AuthFlowState =>
  pathname.replace(/\/+$/, '') === RESET_PASSWORD_PATH ? editing('forgotPassword', '') : signIn('');

/** The form that follows a successful submit, with its notice. */
function afterSuccess(form: AuthFormName, email: string): AuthFlowState {
  switch (form) {
    case 'signIn':
      return { form: 'signedIn', email };
    case 'signUp':
      return editing('confirmSignUp', email, { kind: 'success', message: SIGN_UP_SUCCESS });
    case 'confirmSignUp':
    case 'confirmResendConfirmationEmail':
      return signIn(email, { kind: 'success', message: SIGN_UP_CONFIRMED });
    case 'forgotPassword':
      return editing('forgotPasswordSubmit', email);
    case 'forgotPasswordSubmit':
      return signIn(email, { kind: 'success', message: PASSWORD_RESET_SUCCESS });
    case 'resendConfirmationEmail':
      return editing('confirmResendConfirmationEmail', email, {
        kind: 'success',
        message: RESEND_CONFIRMATION_SUCCESS,
      });
  }
}

export function authFlowReducer(state: AuthFlowState, action: AuthFlowAction): AuthFlowState {
  if (state.form === 'signedIn') {
    return action.type === 'signedOut' ? signIn(state.email) : state;
  }
  const busy = state.phase !== 'editing';

  switch (action.type) {
    case 'show':
      if (busy) return state;
      return action.form === 'signIn' ? signIn(state.email) : editing(action.form, state.email);

    case 'emailEntered':
      if (state.form !== 'signIn' || state.step !== 'email' || busy) return state;
      return signIn(action.email.trim(), undefined, 'password');

    case 'changeEmail':
      if (state.form !== 'signIn' || busy) return state;
      return signIn(state.email);

    case 'submit':
      if (busy) return state;
      return { ...state, email: action.email.trim(), notice: undefined, phase: 'submitting' };

    case 'succeeded':
      if (state.phase !== 'submitting') return state;
      return afterSuccess(state.form, state.email);

    case 'failed': {
      if (state.phase !== 'submitting') return state;
      if (state.form === 'signIn') {
        if (state.step === 'twoFactor' || state.step === 'twoFactorSetup') {
          const message = authErrorMessage(action.error);
          // The code step has expired or seen too many wrong codes: start again from the password.
          return toAuthFailure(action.error).code === 'NOT_AUTHORIZED'
            ? signIn(state.email, { kind: 'error', message }, 'password')
            : { ...state, phase: 'editing', notice: { kind: 'error', message } };
        }
        const outcome = signInFailureOutcome(action.error);
        switch (outcome.kind) {
          case 'resendActivation':
            return { ...state, phase: 'resendingActivation' };
          case 'twoFactor':
            return signIn(
              state.email,
              { kind: 'info', message: TWO_FACTOR_CODE_NEEDED },
              'twoFactor',
            );
          case 'twoFactorSetup':
            return signIn(
              state.email,
              { kind: 'info', message: TWO_FACTOR_SETUP_NEEDED },
              'twoFactorSetup',
            );
          case 'message':
            return {
              ...state,
              phase: 'editing',
              notice: { kind: 'error', message: outcome.message },
            };
        }
      }
      const message =
        state.form === 'signUp' ? signUpErrorMessage(action.error) : authErrorMessage(action.error);
      return { ...state, phase: 'editing', notice: { kind: 'error', message } };
    }

    case 'activationResent':
      if (state.form !== 'signIn' || state.phase !== 'resendingActivation') return state;
      return editing('confirmResendConfirmationEmail', state.email, {
        kind: 'info',
        message: NEW_ACTIVATION_EMAIL_SENT,
      });

    case 'activationResendFailed':
      if (state.form !== 'signIn' || state.phase !== 'resendingActivation') return state;
      return {
        ...state,
        phase: 'editing',
        notice: { kind: 'error', message: authErrorMessage(action.error) },
      };

    case 'signedOut':
      return state;
  }
}
