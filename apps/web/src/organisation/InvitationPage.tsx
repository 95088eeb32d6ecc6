import { ApiError, issuesToFields } from '@assent/core';
import {
  accountLabel,
  invitationForAnotherUser,
  invitationStatusMessage,
  isInvitee,
  JOIN_ACCOUNT_BUTTON,
  LOGOUT_LABEL,
  SIGN_UP_AND_JOIN_BUTTON,
  validateInvitationSignUp,
  PASSWORD_RULE_HINT,
} from '@assent/core/account';
import type { AccountUser, InvitationPreview } from '@assent/core/account';
import { meKeys, organisationKeys } from '@assent/core/queries';
import { Button, Callout, Card, H1, H3 } from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '../app/paths';
import { PRODUCT_NAME } from '../app/product';
import { useClient } from '../app/ServicesContext';
import type { SignInRedirectState } from '../auth/AuthGate';
import { AUTH_LABELS, LANDING } from '../auth/labels';
import { useSession, useSessionChange } from '../auth/session';
import { errorMessage } from '../components/alerts';
import { TextField } from '../components/FormField';
import { Loading } from '../components/Loading';

export const INVITATION_TITLE = 'Join an account';
export const SIGN_IN_TO_JOIN = 'SIGN IN TO JOIN';

const fieldsOf = (error: unknown): Record<string, string> =>
  error instanceof ApiError ? (error.body.fields ?? {}) : {};

/**
 * The mailed invitation link, /invitation/{token}: a signed-in invitee joins; someone else signed
 * in is told to sign in with the invited e-mail; a known e-mail signs in first and comes back; a
 * new e-mail signs up here with the e-mail fixed and joins. A used, withdrawn, expired or unknown
 * link says so.
 */
export default function InvitationPage() {
  const { token = '' } = useParams();
  const client = useClient();
  const { user } = useSession();
  useEffect(() => {
    document.title = `${INVITATION_TITLE} · ${PRODUCT_NAME}`;
  }, []);
  const preview = useQuery({
    queryKey: ['invitationPreview', token],
    queryFn: () => client.organisation.preview({ body: { token } }),
  });

  let content;
  if (preview.isPending || user === undefined) content = <Loading />;
  else if (preview.isError)
    content = (
      <Callout intent="danger" role="alert">
        {errorMessage(preview.error)}
      </Callout>
    );
  else content = <InvitationAnswer token={token} invitation={preview.data} user={user} />;

  return (
    <div className="assent-signin">
      <aside className="assent-signin-landing">
        <H1 className="assent-signin-brand">{PRODUCT_NAME}</H1>
        <p className="assent-signin-headline">{LANDING.headline}</p>
      </aside>
      <main className="assent-signin-main" id="main">
        <Card elevation={2} className="assent-signin-card">
          {content}
        </Card>
      </main>
    </div>
  );
}

function InvitationAnswer({
  token,
  invitation,
  user,
}: {
  token: string;
  invitation: InvitationPreview;
  user: AccountUser | null;
}) {
  const heading = (
    <H3 id="invitation-heading">
      Join {invitation.organisation} ({accountLabel(invitation.pcode)})
    </H3>
  );
  const unusable = invitationStatusMessage(invitation.status);
  if (unusable)
    return (
      <>
        {heading}
        <Callout intent="warning" role="alert">
          {unusable}
        </Callout>
        <p>
          <Link to={user ? paths.protect : paths.login}>
            {user ? 'Go to the console' : 'Sign in'}
          </Link>
        </p>
      </>
    );
  if (user && isInvitee(invitation, user))
    return (
      <>
        {heading}
        <JoinButton token={token} invitation={invitation} />
      </>
    );
  if (user)
    return (
      <>
        {heading}
        <Callout intent="warning" role="alert">
          {invitationForAnotherUser(invitation.email)}
        </Callout>
        <SignOutButton />
      </>
    );
  if (invitation.userExists) {
    const state: SignInRedirectState = { from: paths.invitation(token) };
    return (
      <>
        {heading}
        <p>
          Sign in as <strong>{invitation.email}</strong> to join the account.
        </p>
        <Link to={paths.login} state={state} className="bp6-button bp6-intent-primary">
          {SIGN_IN_TO_JOIN}
        </Link>
      </>
    );
  }
  return (
    <>
      {heading}
      <SignUpAndJoin token={token} invitation={invitation} />
    </>
  );
}

/** After joining, the user's account codes and organisations are asked again, then the account opens. */
function useJoined() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (pcode: string) => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: meKeys.all }),
      queryClient.invalidateQueries({ queryKey: organisationKeys.all }),
    ]);
    await navigate(paths.properties(pcode), { replace: true });
  };
}

function JoinButton({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const client = useClient();
  const joined = useJoined();
  const accept = useMutation({
    mutationFn: () => client.organisation.accept({ body: { token } }),
    onSuccess: ({ pcode }) => joined(pcode),
  });
  return (
    <>
      <p>
        You were invited to work in this account as <strong>{invitation.email}</strong>.
      </p>
      {accept.isError ? (
        <Callout intent="danger" role="alert">
          {errorMessage(accept.error)}
        </Callout>
      ) : null}
      <Button
        intent="primary"
        text={JOIN_ACCOUNT_BUTTON}
        loading={accept.isPending}
        onClick={() => accept.mutate()}
      />
    </>
  );
}

function SignOutButton() {
  const client = useClient();
  const sessionChanged = useSessionChange();
  const [pending, setPending] = useState(false);
  const signOut = async () => {
    setPending(true);
    try {
      await client.auth.signOut();
    } catch (error) {
      console.error('Assent: sign-out failed', error);
    }
    sessionChanged(null);
    setPending(false);
  };
  return <Button text={LOGOUT_LABEL} loading={pending} onClick={() => void signOut()} />;
}

const EMPTY = { firstName: '', lastName: '', company: '', password: '' };

function SignUpAndJoin({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const client = useClient();
  const sessionChanged = useSessionChange();
  const navigate = useNavigate();
  const [form, setForm] = useState(EMPTY);
  const [fields, setFields] = useState<Record<string, string>>({});
  const signUp = useMutation({
    mutationFn: (body: typeof EMPTY) => client.organisation.signUp({ body: { token, ...body } }),
    onSuccess: async (user) => {
      sessionChanged(user);
      await navigate(paths.properties(invitation.pcode), { replace: true });
    },
    onError: (error) => setFields(fieldsOf(error)),
  });
  const set = (name: keyof typeof EMPTY) => (value: string) => {
    setForm((f) => ({ ...f, [name]: value }));
    if (fields[name]) setFields(({ [name]: _fixed, ...rest }) => rest);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateInvitationSignUp({ token, ...form }, invitation.email);
    if (!result.ok) {
      setFields(issuesToFields(result.issues));
      return;
    }
    setFields({});
    signUp.mutate(form);
  };
  const refusal = signUp.isError && !Object.keys(fieldsOf(signUp.error)).length;
  return (
    <form onSubmit={submit} noValidate aria-labelledby="invitation-heading">
      <p>Create your Assent user to join the account. You get an account of your own as well.</p>
      <TextField
        label={AUTH_LABELS.email}
        type="email"
        value={invitation.email}
        disabled
        onChange={() => {}}
      />
      <div className="assent-form-row">
        <TextField
          label={AUTH_LABELS.firstName}
          autoComplete="given-name"
          value={form.firstName}
          error={fields.firstName}
          onChange={set('firstName')}
        />
        <TextField
          label={AUTH_LABELS.lastName}
          autoComplete="family-name"
          value={form.lastName}
          error={fields.lastName}
          onChange={set('lastName')}
        />
      </div>
      <TextField
        label={AUTH_LABELS.company}
        autoComplete="organization"
        value={form.company}
        error={fields.company}
        onChange={set('company')}
      />
      <TextField
        label={AUTH_LABELS.password}
        type="password"
        autoComplete="new-password"
        helperText={PASSWORD_RULE_HINT}
        value={form.password}
        error={fields.password}
        onChange={set('password')}
      />
      {refusal ? (
        <Callout intent="danger" role="alert">
          {errorMessage(signUp.error)}
        </Callout>
      ) : null}
      <Button
        type="submit"
        intent="primary"
        text={SIGN_UP_AND_JOIN_BUTTON}
        loading={signUp.isPending}
      />
    </form>
  );
}
