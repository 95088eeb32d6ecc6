import { ApiError, formatUtcDate, issuesToFields } from '@assent/core';
import {
  accountLabel,
  INVITATION_REVOKED_NOTICE,
  INVITE_A_COLLEAGUE,
  INVITE_BUTTON,
  invitationSentNotice,
  MEMBERS_TITLE,
  NO_PENDING_INVITATIONS,
  ORGANISATION_TITLE,
  PENDING_INVITATIONS_TITLE,
  REVOKE_INVITATION,
  validateInvitation,
} from '@assent/core/account';
import type { Invitation, Member } from '@assent/core/account';
import { invitationKeys, invitationsQuery, membersQuery } from '@assent/core/queries';
import { Button, Callout, Card, H2, HTMLTable } from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useAccount, useOrganisation } from '../app/AccountContext';
import { useClient } from '../app/ServicesContext';
import { errorMessage, useAlerts } from '../components/alerts';
import { TextField } from '../components/FormField';
import { Loading } from '../components/Loading';
import { PageLayout } from '../components/PageLayout';
import { TwoFactorRequirementCard } from '../security/TwoFactorRequirementCard';

export const EMAIL_LABEL = 'E-mail';
const NO_ROLE = '—';
const day = (iso: string) => formatUtcDate(new Date(iso));

/** The fields of a refused call (the server names them), else nothing. */
const fieldsOf = (error: unknown): Record<string, string> =>
  error instanceof ApiError ? (error.body.fields ?? {}) : {};

/**
 * The organisation page (/protect/p-{pCode}/organisation, from the user menu): the account's
 * members, its pending invitations with Revoke, and 'Invite a colleague' by e-mail. The e-mail is
 * checked with core's rule (`validateInvitation`) before it is sent; the server checks it again.
 */
export default function OrganisationPage() {
  const { pCode } = useAccount();
  const organisation = useOrganisation();
  const client = useClient();
  const members = useQuery(membersQuery(client, pCode));
  const invitations = useQuery(invitationsQuery(client, pCode));

  return (
    <PageLayout
      title={ORGANISATION_TITLE}
      before={
        <p className="assent-muted" data-testid="organisation-name">
          {organisation?.name ? `${organisation.name} · ` : ''}
          {accountLabel(pCode)}
        </p>
      }
    >
      <div className="assent-organisation">
        <Card>
          <H2 id="members-title">{MEMBERS_TITLE}</H2>
          {members.isPending ? <Loading /> : null}
          {members.isError ? (
            <Callout intent="danger" role="alert">
              {errorMessage(members.error)}
            </Callout>
          ) : null}
          {members.data ? <MembersTable members={members.data} /> : null}
        </Card>
        <Card>
          <H2 id="invite-title">{INVITE_A_COLLEAGUE}</H2>
          <InviteForm
            pCode={pCode}
            memberEmails={members.data?.map((m) => m.email) ?? []}
            pendingEmails={invitations.data?.map((i) => i.email) ?? []}
          />
        </Card>
        <Card>
          <H2 id="pending-title">{PENDING_INVITATIONS_TITLE}</H2>
          {invitations.isPending ? <Loading /> : null}
          {invitations.isError ? (
            <Callout intent="danger" role="alert">
              {errorMessage(invitations.error)}
            </Callout>
          ) : null}
          {invitations.data ? (
            <PendingInvitations pCode={pCode} invitations={invitations.data} />
          ) : null}
        </Card>
        <TwoFactorRequirementCard pCode={pCode} />
      </div>
    </PageLayout>
  );
}

function MembersTable({ members }: { members: Member[] }) {
  return (
    <HTMLTable compact striped aria-labelledby="members-title">
      <thead>
        <tr>
          <th>{EMAIL_LABEL}</th>
          <th>Name</th>
          <th>Role</th>
          <th>Joined</th>
        </tr>
      </thead>
      <tbody>
        {members.map((m) => (
          <tr key={m.email}>
            <td>{m.email}</td>
            <td>{m.name}</td>
            <td>{m.role ?? NO_ROLE}</td>
            <td>{day(m.joinedAt)}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

function InviteForm({
  pCode,
  memberEmails,
  pendingEmails,
}: {
  pCode: string;
  memberEmails: string[];
  pendingEmails: string[];
}) {
  const client = useClient();
  const queryClient = useQueryClient();
  const alerts = useAlerts();
  const [email, setEmail] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const invite = useMutation({
    mutationFn: (body: { email: string }) =>
      client.organisation.invite({ params: { pCode }, body }),
    onSuccess: (invitation) => {
      alerts.show(invitationSentNotice(invitation.email), 'success');
      setEmail('');
      setFields({});
      void queryClient.invalidateQueries({ queryKey: invitationKeys.account(pCode) });
    },
    onError: (error) => setFields(fieldsOf(error)),
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const result = validateInvitation({ email }, { memberEmails, pendingEmails });
    if (!result.ok) {
      setFields(issuesToFields(result.issues));
      return;
    }
    setFields({});
    invite.mutate(result.value);
  };

  const refusal = invite.isError && !fieldsOf(invite.error).email ? invite.error : undefined;
  return (
    <form onSubmit={submit} noValidate aria-labelledby="invite-title" className="assent-invite">
      <TextField
        label={EMAIL_LABEL}
        type="email"
        autoComplete="off"
        value={email}
        error={fields.email}
        helperText="They get a link to join this account, valid for 7 days."
        onChange={(next) => {
          setEmail(next);
          // A fixed value clears its message (no stale errors).
          if (fields.email) setFields({});
        }}
      />
      {refusal ? (
        <Callout intent="danger" compact role="alert">
          {errorMessage(refusal)}
        </Callout>
      ) : null}
      <Button type="submit" intent="primary" text={INVITE_BUTTON} loading={invite.isPending} />
    </form>
  );
}

function PendingInvitations({ pCode, invitations }: { pCode: string; invitations: Invitation[] }) {
  const client = useClient();
  const queryClient = useQueryClient();
  const alerts = useAlerts();
  const revoke = useMutation({
    mutationFn: (id: string) => client.organisation.revoke({ params: { pCode, id } }),
    onSuccess: () => {
      alerts.show(INVITATION_REVOKED_NOTICE, 'success');
      void queryClient.invalidateQueries({ queryKey: invitationKeys.account(pCode) });
    },
    onError: (error) => alerts.error(error, 'revoking an invitation'),
  });
  if (!invitations.length) return <p className="assent-muted">{NO_PENDING_INVITATIONS}</p>;
  return (
    <HTMLTable compact striped aria-labelledby="pending-title">
      <thead>
        <tr>
          <th>{EMAIL_LABEL}</th>
          <th>Invited by</th>
          <th>Sent</th>
          <th>Expires</th>
          <th>
            <span className="bp6-text-muted">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {invitations.map((invitation) => (
          <tr key={invitation.id}>
            <td>{invitation.email}</td>
            <td>{invitation.invitedBy ?? NO_ROLE}</td>
            <td>{day(invitation.createdAt)}</td>
            <td>{day(invitation.expiresAt)}</td>
            <td>
              <Button
                size="small"
                variant="outlined"
                intent="danger"
                text={REVOKE_INVITATION}
                aria-label={`${REVOKE_INVITATION} the invitation to ${invitation.email}`}
                loading={revoke.isPending && revoke.variables === invitation.id}
                onClick={() => revoke.mutate(invitation.id)}
              />
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
