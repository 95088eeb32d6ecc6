import { formatUtcDate } from '@assent/core';
import { invitationSentNotice } from '@assent/core/account';
import { z } from 'zod';
import { defineCommand, jsonOutput } from '../command';
import { renderTable } from '../output/table';
import { openAccountSession } from '../session';

const day = (iso: unknown) => formatUtcDate(new Date(String(iso)));

/** The account's members and its pending invitations (the console's organisation page). */
export const listMembers = defineCommand({
  options: z.object({ json: z.boolean().default(false), account: z.string().optional() }),
  async run(options, ctx) {
    const session = await openAccountSession(ctx, options.account);
    const params = { pCode: session.account };
    const [members, invitations] = await Promise.all([
      session.client.organisation.members({ params }),
      session.client.organisation.invitations({ params }),
    ]);
    return { account: session.account, members, invitations };
  },
  render(data, options, ctx) {
    if (options.json) return jsonOutput(data);
    const members = renderTable(
      [
        { key: 'email', title: 'MEMBER', min: 16 },
        { key: 'name', title: 'NAME' },
        { key: 'joinedAt', title: 'JOINED', min: 11, format: day },
      ],
      data.members,
      ctx,
    );
    const pending = data.invitations.length
      ? renderTable(
          [
            { key: 'id', title: 'INVITATION', min: 36 },
            { key: 'email', title: 'E-MAIL', min: 16 },
            { key: 'expiresAt', title: 'EXPIRES', min: 11, format: day },
          ],
          data.invitations,
          ctx,
        )
      : 'No pending invitations.\n';
    return { stdout: `${members}\n${pending}` };
  },
});

/** Invites EMAIL to the account: the server mails the link (the console's 'Invite a colleague'). */
export const inviteMember = defineCommand({
  options: z.object({
    email: z.string(),
    json: z.boolean().default(false),
    account: z.string().optional(),
  }),
  async run(options, ctx) {
    const session = await openAccountSession(ctx, options.account);
    return session.client.organisation.invite({
      params: { pCode: session.account },
      body: { email: options.email },
    });
  },
  render(invitation, options) {
    if (options.json) return jsonOutput(invitation);
    return {
      stdout: `${invitationSentNotice(invitation.email)} (invitation ${invitation.id}, expires ${day(invitation.expiresAt)}).\n`,
    };
  },
});

/** Withdraws a pending invitation by its id (from `assent members list`). */
export const revokeInvitation = defineCommand({
  options: z.object({ id: z.string().trim().min(1), account: z.string().optional() }),
  async run(options, ctx) {
    const session = await openAccountSession(ctx, options.account);
    await session.client.organisation.revoke({
      params: { pCode: session.account, id: options.id },
    });
    return { id: options.id };
  },
  render(data) {
    return { stdout: `Invitation ${data.id} revoked: its link no longer works.\n` };
  },
});
