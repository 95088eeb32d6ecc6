import { ALREADY_A_MEMBER, invitationSentNotice } from '@assent/core/account';
import type { Invitation } from '@assent/core/account';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliServer, CliWorkspace, TestUser } from './harness';
import { cliWorkspace, runCli, startCliServer } from './harness';

/* `assent members list | invite EMAIL | revoke ID`: the organisation page's calls from a terminal. */

let server: CliServer;
let user: TestUser;
let work: CliWorkspace;

const cli = (args: string[], env: Record<string, string> = {}) =>
  runCli(args, { env: { ...work.env, ...env } });

beforeAll(async () => {
  server = await startCliServer();
  user = await server.user('ops@example.com');
  work = cliWorkspace('members', { server, user });
});
afterAll(async () => {
  await server?.close();
  work?.remove();
});

describe('assent members', () => {
  it('invites, lists the pending invitation, and revokes it', async () => {
    const invited = await cli(['members', 'invite', 'colleague@example.com']);
    expect(invited.stderr).toBe('');
    expect(invited.code).toBe(0);
    expect(invited.stdout).toContain(invitationSentNotice('colleague@example.com'));

    const listed = await cli(['members', 'list', '--json']);
    const data = JSON.parse(listed.stdout) as {
      members: Array<{ email: string }>;
      invitations: Invitation[];
    };
    expect(data.members.map((m) => m.email)).toEqual(['ops@example.com']);
    expect(data.invitations.map((i) => i.email)).toEqual(['colleague@example.com']);
    const table = await cli(['members', 'list']);
    expect(table.stdout).toContain('ops@example.com');
    expect(table.stdout).toContain(data.invitations[0]!.id);

    const revoked = await cli(['members', 'revoke', data.invitations[0]!.id]);
    expect(revoked.code).toBe(0);
    expect((await cli(['members', 'list'])).stdout).toContain('No pending invitations.');
  });

  it("refuses a member or a bad e-mail with the server's message, naming the field", async () => {
    const member = await cli(['members', 'invite', 'OPS@example.com']);
    expect(member.code).toBe(1);
    expect(member.stderr).toContain(ALREADY_A_MEMBER);
    expect(member.stderr).toContain('email');
    const bad = await cli(['members', 'invite', 'nope']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('Please enter a valid email address');
  });

  it('is refused in an account the user does not belong to', async () => {
    const other = await server.user('other@example.com');
    const refused = await cli(['members', 'invite', 'x@example.com'], {
      ASSENT_ACCOUNT: other.pcode,
    });
    expect(refused.code).not.toBe(0);
    expect(refused.stdout).toBe('');
  });
});
