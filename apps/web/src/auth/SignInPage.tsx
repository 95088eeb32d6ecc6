import { issuesToFields } from '@assent/core';
import {
  ALREADY_HAVE_AN_ACCOUNT,
  JOIN_EXISTING_ORGANISATION_NOTE,
  NEED_AN_ACCOUNT,
  NEXT_BUTTON,
  RESEND_ACTIVATION_MAIL,
  SIGN_IN_BUTTON,
  TROUBLE_SIGNING_IN,
  authFlowReducer,
  initialAuthFlowState,
  userDisplayName,
  validateConfirmCodeForm,
  validateEmailOnlyForm,
  validateSignInForm,
  validateSignUpForm,
  PASSWORD_RULE_HINT,
} from '@assent/core/account';
import type {
  AccountUser,
  AuthFlowState,
  AuthFormName,
  TwoFactorSetup,
} from '@assent/core/account';
import { validateTwoFactorCode } from '@assent/core/account';
import { Button, Callout, Card, H1, H2, H3 } from '@blueprintjs/core';
import { TickCircleIcon } from '@blueprintjs/icons';
import type { FormEvent, ReactNode } from 'react';
import { useEffect, useReducer, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '../app/paths';
import { PRODUCT_NAME } from '../app/product';
import { useClient } from '../app/ServicesContext';
import { TextField } from '../components/FormField';
import { Loading } from '../components/Loading';
import { EnrolmentQrCode, RecoveryCodesList } from '../security/TwoFactorParts';
import type { SignInRedirectState } from './AuthGate';
import {
  AUTH_BUTTONS,
  AUTH_LABELS,
  AUTH_TITLES,
  LANDING,
  PROFILE_HEADING,
  PROFILE_SIGN_OUT_HINT,
  TWO_FACTOR_COPY,
} from './labels';
import { useSession, useSessionChange } from './session';

interface Fields {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  company: string;
  code: string;
}
const EMPTY: Fields = {
  email: '',
  password: '',
  firstName: '',
  lastName: '',
  company: '',
  code: '',
};

type Editable = Exclude<AuthFlowState, { form: 'signedIn' }>;

/**
 * The sign-in page (reports-and-account §2, §4, §5, §8): sign in (e-mail, then password), sign up,
 * confirm, forgot password, resend activation. The flow is core's reducer; this page performs the
 * call a `submitting` state stands for. /reset-password opens forgot password first.
 */
export default function SignInPage() {
  const { user } = useSession();
  useEffect(() => {
    document.title = `Sign in · ${PRODUCT_NAME}`;
  }, []);
  return (
    <div className="assent-signin">
      <aside className="assent-signin-landing">
        <H1 className="assent-signin-brand">{PRODUCT_NAME}</H1>
        <p className="assent-signin-headline">{LANDING.headline}</p>
        <ul>
          {LANDING.points.map((point) => (
            <li key={point}>
              <TickCircleIcon aria-hidden /> {point}
            </li>
          ))}
        </ul>
      </aside>
      <main className="assent-signin-main" id="main">
        <Card elevation={2} className="assent-signin-card">
          {user === undefined ? <Loading /> : user ? <ProfileBlock /> : <AuthForms />}
        </Card>
      </main>
    </div>
  );
}

/** Shown to a signed-in user: username, e-mail and name; clicking the heading signs out. */
function ProfileBlock() {
  const { user } = useSession();
  const client = useClient();
  const sessionChanged = useSessionChange();
  const [pending, setPending] = useState(false);
  if (!user) return null;
  const signOut = async () => {
    setPending(true);
    try {
      await client.auth.signOut();
    } catch (error) {
      console.error('Assent: sign-out failed', error);
    }
    sessionChanged(null);
  };
  return (
    <section aria-labelledby="assent-profile-heading">
      <H2 id="assent-profile-heading">
        <button
          type="button"
          className="assent-heading-button"
          onClick={signOut}
          disabled={pending}
          aria-describedby="assent-profile-hint"
        >
          {PROFILE_HEADING}
        </button>
      </H2>
      <p id="assent-profile-hint" className="assent-muted">
        {PROFILE_SIGN_OUT_HINT}
      </p>
      <dl className="assent-profile">
        <dt>Username</dt>
        <dd>{user.username}</dd>
        <dt>Email</dt>
        <dd>{user.email}</dd>
        <dt>Name</dt>
        <dd>{userDisplayName(user)}</dd>
      </dl>
      <Link to={paths.protect} className="bp6-button bp6-intent-primary">
        {AUTH_BUTTONS.goToConsole}
      </Link>
    </section>
  );
}

function AuthForms() {
  const client = useClient();
  const location = useLocation();
  const navigate = useNavigate();
  const sessionChanged = useSessionChange();
  const [state, dispatch] = useReducer(authFlowReducer, location.pathname, initialAuthFlowState);
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const heading = useRef<HTMLHeadingElement>(null);
  const from = (location.state as SignInRedirectState | null)?.from;
  const [enrolment, setEnrolment] = useState<TwoFactorSetup | undefined>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | undefined>();

  const current = state as Editable;
  const formKey = current.form === 'signIn' ? `signIn-${current.step}` : current.form;
  const busy = current.phase !== 'editing';

  // Each new form starts clean, with the carried e-mail, and takes the focus to its heading.
  const previousKey = useRef(formKey);
  useEffect(() => {
    if (previousKey.current === formKey) return;
    previousKey.current = formKey;
    setErrors({});
    setFields((f) => ({ ...EMPTY, email: current.email || f.email }));
    heading.current?.focus();
  }, [formKey, current.email]);

  // A sign-in refused for an unconfirmed user sends a new activation e-mail first.
  useEffect(() => {
    if (current.phase !== 'resendingActivation') return;
    client.auth
      .resendConfirmation({ body: { email: current.email } })
      .then(() => dispatch({ type: 'activationResent' }))
      .catch((error: unknown) => dispatch({ type: 'activationResendFailed', error }));
  }, [client, current.phase, current.email]);

  // An account requires two-factor sign-in: the enrolment's QR code, once per step.
  const enrolling = current.form === 'signIn' && current.step === 'twoFactorSetup';
  useEffect(() => {
    if (!enrolling) return;
    client.auth
      .twoFactorSetup()
      .then(setEnrolment)
      .catch((error: unknown) => dispatch({ type: 'failed', error }));
  }, [client, enrolling]);

  const signedIn = (user: AccountUser) => {
    sessionChanged(user);
    // Back to a console page, or to the invitation link that sent the user here.
    const back = from && (from.startsWith(paths.protect) || from.startsWith(paths.invitation('')));
    navigate(back ? from : paths.protect, { replace: true });
  };

  const set = (name: keyof Fields) => (value: string) =>
    setFields((f) => ({ ...f, [name]: value }));
  const show = (form: AuthFormName) => dispatch({ type: 'show', form });

  async function perform(call: () => Promise<unknown>) {
    dispatch({ type: 'submit', email: fields.email });
    try {
      const result = await call();
      dispatch({ type: 'succeeded' });
      return result;
    } catch (error) {
      dispatch({ type: 'failed', error });
      return undefined;
    }
  }

  function check(
    result: { ok: true } | { ok: false; issues: Parameters<typeof issuesToFields>[0] },
  ) {
    setErrors(result.ok ? {} : issuesToFields(result.issues));
    return result.ok;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const email = fields.email.trim();
    switch (current.form) {
      case 'signIn': {
        const step = current.step;
        if (!check(validateSignInForm({ email: fields.email, password: fields.password }, step)))
          return;
        if (step === 'email') {
          dispatch({ type: 'emailEntered', email });
          return;
        }
        if (step === 'twoFactor' || step === 'twoFactorSetup') {
          const typed = validateTwoFactorCode({ code: fields.code });
          if (!check(typed) || !typed.ok) return;
          const code = typed.value.code;
          if (step === 'twoFactor') {
            const user = await perform(() => client.auth.twoFactorVerify({ body: { code } }));
            if (user) signedIn(user as AccountUser);
            return;
          }
          // The session starts with the enrolment; the codes are shown before the console.
          dispatch({ type: 'submit', email: fields.email });
          try {
            const enabled = await client.auth.twoFactorEnable({ body: { code } });
            setRecoveryCodes(enabled.recoveryCodes);
          } catch (error) {
            dispatch({ type: 'failed', error });
          }
          return;
        }
        const user = await perform(() =>
          client.auth.signIn({ body: { email, password: fields.password } }),
        );
        if (user) signedIn(user as AccountUser);
        return;
      }
      case 'signUp': {
        const form = {
          email: fields.email,
          firstName: fields.firstName,
          lastName: fields.lastName,
          company: fields.company,
        };
        if (!check(validateSignUpForm(form))) return;
        await perform(() =>
          client.auth.signUp({
            body: {
              email,
              firstName: form.firstName.trim(),
              lastName: form.lastName.trim(),
              company: form.company.trim(),
            },
          }),
        );
        return;
      }
      case 'confirmSignUp':
      case 'confirmResendConfirmationEmail':
      case 'forgotPasswordSubmit': {
        const emailCheck = validateEmailOnlyForm({ email: fields.email });
        const codeCheck = validateConfirmCodeForm({
          code: fields.code.trim(),
          password: fields.password,
        });
        const issues = [
          ...(emailCheck.ok ? [] : emailCheck.issues),
          ...(codeCheck.ok ? [] : codeCheck.issues),
        ];
        if (!check(issues.length ? { ok: false, issues } : { ok: true })) return;
        const body = { email, code: fields.code.trim(), password: fields.password };
        await perform(() =>
          current.form === 'forgotPasswordSubmit'
            ? client.auth.confirmForgotPassword({ body })
            : client.auth.confirmSignUp({ body }),
        );
        return;
      }
      case 'forgotPassword':
      case 'resendConfirmationEmail': {
        if (!check(validateEmailOnlyForm({ email: fields.email }))) return;
        await perform(() =>
          current.form === 'forgotPassword'
            ? client.auth.forgotPassword({ body: { email } })
            : client.auth.resendConfirmation({ body: { email } }),
        );
        return;
      }
    }
  }

  const emailField = (autoFocus: boolean) => (
    <TextField
      label={AUTH_LABELS.email}
      type="email"
      name="email"
      autoComplete="username"
      autoFocus={autoFocus}
      value={fields.email}
      error={errors.email}
      onChange={set('email')}
    />
  );

  let body: ReactNode;
  let submitText: string;
  let links: ReactNode;
  switch (current.form) {
    case 'signIn':
      submitText =
        current.step === 'email'
          ? NEXT_BUTTON
          : current.step === 'twoFactor'
            ? TWO_FACTOR_COPY.verifyButton
            : current.step === 'twoFactorSetup'
              ? TWO_FACTOR_COPY.enableButton
              : SIGN_IN_BUTTON;
      body =
        current.step === 'twoFactor' || current.step === 'twoFactorSetup' ? (
          <>
            {current.step === 'twoFactorSetup' ? (
              enrolment ? (
                <EnrolmentQrCode enrolment={enrolment} />
              ) : (
                <Loading />
              )
            ) : null}
            <TextField
              label={AUTH_LABELS.twoFactorCode}
              name="code"
              autoComplete="one-time-code"
              autoFocus
              value={fields.code}
              error={errors.code}
              helperText={TWO_FACTOR_COPY.codeHelper}
              onChange={set('code')}
            />
          </>
        ) : current.step === 'email' ? (
          emailField(true)
        ) : (
          <>
            <div className="assent-signin-email">
              <span>{current.email}</span>
              <Button
                variant="minimal"
                size="small"
                text={AUTH_BUTTONS.changeEmail}
                onClick={() => dispatch({ type: 'changeEmail' })}
                disabled={busy}
              />
            </div>
            <TextField
              label={AUTH_LABELS.password}
              type="password"
              name="password"
              autoComplete="current-password"
              autoFocus
              value={fields.password}
              error={errors.password}
              onChange={set('password')}
            />
          </>
        );
      links = (
        <>
          <LinkButton onClick={() => show('signUp')} text={NEED_AN_ACCOUNT} disabled={busy} />
          <LinkButton
            onClick={() => show('forgotPassword')}
            text={TROUBLE_SIGNING_IN}
            disabled={busy}
          />
          <LinkButton
            onClick={() => show('resendConfirmationEmail')}
            text={RESEND_ACTIVATION_MAIL}
            disabled={busy}
          />
        </>
      );
      break;
    case 'signUp':
      submitText = AUTH_BUTTONS.signUp;
      body = (
        <>
          <div className="assent-form-row">
            <TextField
              label={AUTH_LABELS.firstName}
              name="firstName"
              autoComplete="given-name"
              autoFocus
              value={fields.firstName}
              error={errors.firstName}
              onChange={set('firstName')}
            />
            <TextField
              label={AUTH_LABELS.lastName}
              name="lastName"
              autoComplete="family-name"
              value={fields.lastName}
              error={errors.lastName}
              onChange={set('lastName')}
            />
          </div>
          {emailField(false)}
          <TextField
            label={AUTH_LABELS.company}
            name="company"
            autoComplete="organization"
            value={fields.company}
            error={errors.company}
            onChange={set('company')}
          />
          <p className="assent-muted">{JOIN_EXISTING_ORGANISATION_NOTE}</p>
        </>
      );
      links = (
        <LinkButton onClick={() => show('signIn')} text={ALREADY_HAVE_AN_ACCOUNT} disabled={busy} />
      );
      break;
    case 'confirmSignUp':
    case 'confirmResendConfirmationEmail':
    case 'forgotPasswordSubmit':
      submitText =
        current.form === 'forgotPasswordSubmit' ? AUTH_BUTTONS.resetPassword : AUTH_BUTTONS.confirm;
      body = (
        <>
          {emailField(false)}
          <TextField
            label={AUTH_LABELS.code}
            name="code"
            autoComplete="one-time-code"
            autoFocus
            value={fields.code}
            error={errors.code}
            onChange={set('code')}
          />
          <TextField
            label={
              current.form === 'forgotPasswordSubmit'
                ? AUTH_LABELS.newPassword
                : AUTH_LABELS.password
            }
            type="password"
            name="password"
            autoComplete="new-password"
            helperText={PASSWORD_RULE_HINT}
            value={fields.password}
            error={errors.password}
            onChange={set('password')}
          />
        </>
      );
      links = (
        <>
          <LinkButton
            onClick={() => show('signIn')}
            text={AUTH_BUTTONS.backToSignIn}
            disabled={busy}
          />
          {current.form === 'forgotPasswordSubmit' ? null : (
            <LinkButton
              onClick={() => show('resendConfirmationEmail')}
              text={RESEND_ACTIVATION_MAIL}
              disabled={busy}
            />
          )}
        </>
      );
      break;
    case 'forgotPassword':
    case 'resendConfirmationEmail':
      submitText = current.form === 'forgotPassword' ? AUTH_BUTTONS.sendCode : AUTH_BUTTONS.resend;
      body = emailField(true);
      links = (
        <LinkButton
          onClick={() => show('signIn')}
          text={AUTH_BUTTONS.backToSignIn}
          disabled={busy}
        />
      );
      break;
  }

  if (recoveryCodes) {
    return (
      <RecoveryCodesList codes={recoveryCodes}>
        <Button
          intent="primary"
          fill
          size="large"
          text={TWO_FACTOR_COPY.continue}
          onClick={() => {
            client.auth
              .me()
              .then(signedIn)
              .catch((error: unknown) => {
                setRecoveryCodes(undefined);
                dispatch({ type: 'failed', error });
              });
          }}
        />
      </RecoveryCodesList>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="assent-auth-heading">
      <H3 id="assent-auth-heading" ref={heading} tabIndex={-1}>
        {AUTH_TITLES[current.form]}
      </H3>
      <div aria-live="polite">
        {current.notice ? (
          <Callout
            intent={
              current.notice.kind === 'error'
                ? 'danger'
                : current.notice.kind === 'success'
                  ? 'success'
                  : 'primary'
            }
            compact
            role={current.notice.kind === 'error' ? 'alert' : 'status'}
            className="assent-signin-notice"
          >
            {current.notice.message}
          </Callout>
        ) : null}
      </div>
      {body}
      <Button type="submit" intent="primary" fill size="large" text={submitText} loading={busy} />
      <div className="assent-signin-links">{links}</div>
    </form>
  );
}

function LinkButton({
  text,
  onClick,
  disabled,
}: {
  text: string;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <Button variant="minimal" intent="primary" text={text} onClick={onClick} disabled={disabled} />
  );
}
