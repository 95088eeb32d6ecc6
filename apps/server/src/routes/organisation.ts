import { AssentError } from '@assent/core';
import type { Issue } from '@assent/core';
import {
  INVITATION_NOT_FOUND,
  USER_ALREADY_EXISTS,
  invitationExpiry,
  invitationForAnotherUser,
  invitationLink,
  invitationStatus,
  invitationStatusMessage,
  isInvitee,
  validateInvitation,
  validateInvitationSignUp,
  isCommonPassword,
} from '@assent/core/account';
import type { Invitation } from '@assent/core/account';
import type { Routes } from '@assent/core/api';
import type { Queryable } from '../db';
import { organisations, users } from '../repositories/accounts';
import type { InvitationRow } from '../repositories/invitations';
import { invitations } from '../repositories/invitations';
import { loadAuthUser, startSession } from '../services/auth';
import { hashPassword } from '../services/secrets';
import { toAccountUser } from './auth';
import type { AppDeps, GroupHandlers } from './context';
import { twoFactorRequirementHandlers } from './two-factor';

function check<T>(result: { ok: true; value: T } | { ok: false; issues: Issue[] }): T {
  if (!result.ok) throw AssentError.fromIssues(result.issues);
  return result.value;
}

const toInvitation = (row: InvitationRow): Invitation => ({
  id: row.id,
  email: row.email,
  invitedBy: row.invitedBy,
  createdAt: row.createdAt,
  expiresAt: row.expiresAt,
});

const consoleOrigin = (deps: AppDeps) =>
  deps.config.publicUrl ?? `http://${deps.config.host}:${deps.config.port}`;

async function organisationOf(q: Queryable, pcode: string) {
  const org = await organisations.get(q, pcode);
  if (!org) throw new AssentError('NOT_FOUND', INVITATION_NOT_FOUND);
  return org;
}

/**
 * The invitation a token stands for, still pending; otherwise the error that says why not
 * (unknown link 404, used, withdrawn or expired 409 with the message the page shows).
 */
async function pendingInvitation(
  deps: AppDeps,
  q: Queryable,
  token: string,
): Promise<InvitationRow> {
  const row = token ? await invitations.findByToken(q, token, true) : undefined;
  if (!row) throw new AssentError('NOT_FOUND', INVITATION_NOT_FOUND);
  const message = invitationStatusMessage(invitationStatus(row, deps.now()));
  if (message) throw new AssentError('CONFLICT', message);
  return row;
}

async function join(deps: AppDeps, q: Queryable, invitation: InvitationRow, userId: number) {
  const org = await organisationOf(q, invitation.pcode);
  await organisations.addMember(q, userId, org.id);
  await invitations.markAccepted(q, invitation.id, userId, deps.now());
}

export const organisationHandlers: GroupHandlers<Routes['organisation']> = {
  ...twoFactorRequirementHandlers,
  async members(_input, { deps, pCode }) {
    const org = await organisationOf(deps.db, pCode);
    return (await organisations.members(deps.db, org.id)).map((m) => ({
      email: m.email,
      name: `${m.givenName} ${m.familyName}`.trim(),
      role: null,
      joinedAt: m.since,
    }));
  },

  async invitations(_input, { deps, pCode }) {
    return (await invitations.pending(deps.db, pCode, deps.now())).map(toInvitation);
  },

  /** Checks the e-mail (core's rule), stores the invitation and mails its link in one transaction. */
  async invite({ body }, { deps, pCode, user }) {
    const inviter = user();
    return deps.db.transaction(async (tx) => {
      const org = await organisationOf(tx, pCode);
      const now = deps.now();
      const [members, pending] = await Promise.all([
        organisations.members(tx, org.id),
        invitations.pending(tx, pCode, now),
      ]);
      const { email } = check(
        validateInvitation(body, {
          memberEmails: members.map((m) => m.email),
          pendingEmails: pending.map((p) => p.email),
        }),
      );
      const { invitation, token } = await invitations.create(tx, {
        pcode: pCode,
        email,
        invitedBy: inviter.id,
        now,
        expiresAt: invitationExpiry(now),
      });
      const inviterName = `${inviter.givenName} ${inviter.familyName}`.trim() || inviter.email;
      const link = invitationLink(consoleOrigin(deps), token);
      await deps.mailer.send({
        to: email,
        subject: `${inviterName} invited you to ${org.name} on Assent`,
        text: `Hello,\n\n${inviterName} (${inviter.email}) invited you to join the account ${org.name} (p-${org.pcode}) on Assent, the consent management platform.\n\nOpen this link to accept:\n${link}\n\nIf you have no Assent user yet, the link lets you sign up with this e-mail address. The link works once and expires on ${invitation.expiresAt.slice(0, 10)} (in 7 days).\n\nIf you did not expect this invitation, ignore this e-mail.\n`,
      });
      return toInvitation(invitation);
    });
  },

  async revoke({ params }, { deps, pCode }) {
    if (!(await invitations.revoke(deps.db, pCode, params.id, deps.now())))
      throw new AssentError('NOT_FOUND', 'No such pending invitation');
    return { revoked: true as const };
  },

  /** Anyone holding the token (the mail's recipient) learns the account and the e-mail. */
  async preview({ body }, { deps }) {
    const row = body.token ? await invitations.findByToken(deps.db, body.token) : undefined;
    if (!row) throw new AssentError('NOT_FOUND', INVITATION_NOT_FOUND);
    const org = await organisationOf(deps.db, row.pcode);
    const existing = await users.findByEmail(deps.db, row.email);
    return {
      status: invitationStatus(row, deps.now()),
      email: row.email,
      organisation: org.name,
      pcode: org.pcode,
      userExists: Boolean(existing?.confirmed),
    };
  },

  async accept({ body }, { deps, user }) {
    const me = user();
    const joined = await deps.db.transaction(async (tx) => {
      const invitation = await pendingInvitation(deps, tx, body.token);
      if (!isInvitee(invitation, me))
        throw new AssentError('FORBIDDEN', invitationForAnotherUser(invitation.email));
      await join(deps, tx, invitation, me.id);
      return { pcode: invitation.pcode };
    });
    // The new account is the caller's from their next request on.
    deps.callers.forgetUser(me.id);
    return joined;
  },

  /**
   * Signs up the invited e-mail: the user is created confirmed (the link proves the mailbox) with
   * an account of their own, as sign-up makes, joins the inviting account and is signed in.
   */
  async signUp({ body }, { deps, request, reply }) {
    const userId = await deps.db.transaction(async (tx) => {
      const invitation = await pendingInvitation(deps, tx, body.token);
      const { firstName, lastName, company, password } = check(
        validateInvitationSignUp(body, invitation.email, { isCommonPassword }),
      );
      const existing = await users.findByEmail(tx, invitation.email);
      if (existing?.confirmed)
        throw new AssentError('USERNAME_EXISTS', USER_ALREADY_EXISTS, {
          email: USER_ALREADY_EXISTS,
        });
      const passwordHash = await hashPassword(password);
      let id: number;
      if (existing) {
        // An unfinished sign-up of this e-mail (code never entered): finish it with this password.
        await users.setPassword(tx, existing.id, passwordHash, true);
        id = existing.id;
      } else {
        const created = await users.create(tx, {
          email: invitation.email,
          givenName: firstName.trim(),
          familyName: lastName.trim(),
          company: company.trim(),
          passwordHash,
          confirmed: true,
        });
        const own = await organisations.create(tx, company.trim());
        await organisations.addMember(tx, created.id, own.id);
        id = created.id;
      }
      await join(deps, tx, invitation, id);
      return id;
    });
    deps.callers.forgetUser(userId);
    await startSession(request, reply, deps, userId);
    const authUser = await loadAuthUser(deps.db, userId, deps.config.adminEmails);
    return toAccountUser(authUser!);
  },
};
