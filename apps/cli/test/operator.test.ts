import { mkdtempSync, readFileSync, rmSync, statSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/src/db';
import { migrate } from '../../server/src/db';
import { organisations, users } from '../../server/src/repositories/accounts';
import { hashPassword } from '../../server/src/services/secrets';
import type { CliProcess } from './harness';
import { runCli, startCli } from './harness';

/*
 * Operator commands against a RUNNING server on the embedded database (which admits one process):
 * `assent server start` runs as its own process on a data directory on disk, and the commands
 * reach it through its loopback admin endpoint; stopped, they open the database directly.
 */

const PASSWORD = 'operator test 1';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'assent-operator-'));
const env = {
  ASSENT_DATA_DIR: dataDir,
  ASSENT_DEMO: '0',
  ASSENT_LOG_LEVEL: 'warn',
  ASSENT_GVL_URL: 'http://127.0.0.1:9/unreachable',
  ASSENT_GOOGLE_ATP_URL: 'http://127.0.0.1:9/unreachable.csv',
  HOST: '127.0.0.1',
  PORT: '0',
};
const cli = (...args: string[]) => runCli(['server', ...args], { env });
const endpointFile = path.join(dataDir, 'admin-endpoint.json');

let server: CliProcess | undefined;
let url = '';
const ops = { pcode: '' };
const jane = { pcode: '' };

async function startServer(): Promise<void> {
  server = startCli(['server', 'start'], { env });
  await server.waitFor('stdout', /Assent is running: http:\/\/\S+/, 90_000);
  url = /Assent is running: (http:\/\/\S+)/.exec(server.output().stdout)![1]!;
}

async function stopServer(): Promise<void> {
  if (!server) return;
  server.child.kill('SIGTERM');
  expect((await server.done).code).toBe(0);
  server = undefined;
}

/** Signs in on the running server; its cookie. */
async function signIn(email: string): Promise<string> {
  const res = await fetch(`${url}/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

/** What the running server answers to a signed-in GET. */
async function get<T>(pathname: string, cookie: string): Promise<T> {
  const res = await fetch(`${url}${pathname}`, { headers: { cookie } });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

beforeAll(async () => {
  // Two users with an account each, stored before the server holds the database.
  const db = await openDatabase({ databaseUrl: undefined, dataDir, databasePoolMax: 1 });
  try {
    await migrate(db);
    const passwordHash = await hashPassword(PASSWORD);
    for (const [email, into] of [
      ['ops@example.com', ops],
      ['jane@example.com', jane],
    ] as const) {
      const user = await users.create(db, {
        email,
        givenName: 'Test',
        familyName: 'User',
        company: 'Co',
        passwordHash,
        confirmed: true,
      });
      const org = await organisations.create(db, `Account of ${email}`);
      await organisations.addMember(db, user.id, org.id);
      into.pcode = org.pcode;
    }
  } finally {
    await db.close();
  }
  await startServer();
}, 120_000);

afterAll(async () => {
  if (server) {
    server.child.kill('SIGTERM');
    await server.done;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('assent server … while the server runs on the embedded database', () => {
  it('the admin endpoint: loopback only, its secret in a 0600 file of the data directory; a wrong secret is refused', async () => {
    expect(statSync(endpointFile).mode & 0o777).toBe(0o600);
    const info = JSON.parse(readFileSync(endpointFile, 'utf8')) as { url: string; secret: string };
    expect(info.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const refused = await fetch(`${info.url}/operator/accountList`, {
      method: 'POST',
      headers: { authorization: 'Bearer not-the-secret', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(refused.status).toBe(401);
  });

  it('account flags, admin grant and the members commands change what the running server serves', async () => {
    expect(await cli('account', 'flags', `p-${ops.pcode}`, '--consent-or-pay', 'true')).toEqual({
      code: 0,
      stdout: `p-${ops.pcode}: premium eligible no, Consent or Pay enabled\n`,
      stderr: '',
    });
    const opsCookie = await signIn('ops@example.com');
    const mine = await get<Array<{ pcode: string; consentOrPayEnabled: boolean }>>(
      '/auth/organisations',
      opsCookie,
    );
    expect(mine).toEqual([
      expect.objectContaining({ pcode: ops.pcode, consentOrPayEnabled: true }),
    ]);

    expect(await cli('admin', 'grant', 'ops@example.com')).toMatchObject({
      code: 0,
      stdout: 'ops@example.com is now an administrator\n',
    });
    expect(await get<{ isAdmin?: boolean }>('/auth/me', opsCookie)).toMatchObject({
      isAdmin: true,
    });

    expect(await cli('account', 'add-member', 'jane@example.com', ops.pcode)).toEqual({
      code: 0,
      stdout: `jane@example.com is now a member of p-${ops.pcode} (Account of ops@example.com)\n`,
      stderr: '',
    });
    const janeCookie = await signIn('jane@example.com');
    expect((await get<{ pcodes: string[] }>('/auth/me', janeCookie)).pcodes.sort()).toEqual(
      [ops.pcode, jane.pcode].sort(),
    );
    expect(await cli('account', 'add-member', 'jane@example.com', ops.pcode)).toMatchObject({
      code: 0,
      stdout: `jane@example.com is already a member of p-${ops.pcode} (Account of ops@example.com)\n`,
    });

    const list = await cli('account', 'list', '--json');
    expect(list.code).toBe(0);
    expect(JSON.parse(list.stdout)).toEqual([
      {
        pcode: ops.pcode,
        name: 'Account of ops@example.com',
        premiumEligible: false,
        copEnabled: true,
        members: ['ops@example.com', 'jane@example.com'],
      },
      {
        pcode: jane.pcode,
        name: 'Account of jane@example.com',
        premiumEligible: false,
        copEnabled: false,
        members: ['jane@example.com'],
      },
    ]);
    const table = await cli('account', 'list');
    expect(table.stdout.split('\n')[0]).toMatch(
      /^ACCOUNT\s+NAME\s+PREMIUM\s+CONSENT OR PAY\s+MEMBERS$/,
    );

    expect(await cli('account', 'remove-member', 'jane@example.com', ops.pcode)).toEqual({
      code: 0,
      stdout: `jane@example.com is no longer a member of p-${ops.pcode} (Account of ops@example.com)\n`,
      stderr: '',
    });
    expect((await get<{ pcodes: string[] }>('/auth/me', janeCookie)).pcodes).toEqual([jane.pcode]);
    expect(await cli('account', 'remove-member', 'jane@example.com', jane.pcode)).toEqual({
      code: 1,
      stdout: '',
      stderr: `assent: jane@example.com is the only member of p-${jane.pcode}: add another member first, so the account keeps someone who can sign in to it\n`,
    });
    expect(await cli('account', 'add-member', 'nobody@example.com', ops.pcode)).toMatchObject({
      code: 1,
      stderr: 'assent: No user with the e-mail nobody@example.com. They must sign up first.\n',
    });
    expect(await cli('account', 'add-member', 'jane@example.com', 'nope')).toMatchObject({
      code: 1,
      stderr: 'assent: No account with the code nope\n',
    });
  });

  it('announce create, list and end: the console is served the running announcement until it ends', async () => {
    const created = await cli(
      'announce',
      'create',
      '--title',
      'New reports',
      '--text',
      'Build custom reports.\\n\\nFrom the Reports tab.',
      '--end',
      '7d',
      '--id',
      'spring',
      '--link-text',
      'Read more',
      '--link-url',
      'https://example.com/reports',
    );
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/^Announcement spring created: shown from \S+Z to \S+Z\n$/);
    const [, start, end] = /from (\S+) to (\S+)\n/.exec(created.stdout)!;
    expect(Date.parse(end!) - Date.parse(start!)).toBe(7 * 86_400_000);
    const cookie = await signIn('ops@example.com');
    expect(await get('/customization/announcements', cookie)).toEqual([
      {
        id: 'spring',
        start,
        end,
        expire: 7,
        expireUnits: 'days',
        modal: {
          title: 'New reports',
          content: 'Build custom reports.\n\nFrom the Reports tab.',
          linkText: 'Read more',
          linkUrl: 'https://example.com/reports',
        },
      },
    ]);
    const scheduled = await cli(
      'announce',
      'create',
      '--title',
      'Later',
      '--text',
      'Next year.',
      '--start',
      '2099-01-01',
      '--end',
      '2w',
      '--id',
      'later',
    );
    expect(scheduled.stdout).toBe(
      'Announcement later created: shown from 2099-01-01T00:00:00.000Z to 2099-01-15T00:00:00.000Z\n',
    );
    const listed = await cli('announce', 'list');
    expect(listed.stdout).toMatch(/^ID\s+STATE\s+START\s+END\s+TITLE\n/);
    expect(listed.stdout).toMatch(/^spring\s+running\s/m);
    expect(listed.stdout).toMatch(/^later\s+scheduled\s/m);

    expect(
      await cli(
        'announce',
        'create',
        '--title',
        'Bad',
        '--text',
        '',
        '--end',
        '1d',
        '--link-url',
        'javascript:alert(1)',
      ),
    ).toEqual({
      code: 1,
      stdout: '',
      stderr: expect.stringContaining(
        'modal.content: An announcement needs some text',
      ) as unknown as string,
    });
    expect(
      await cli(
        'announce',
        'create',
        '--title',
        'Dup',
        '--text',
        'x',
        '--end',
        '1d',
        '--id',
        'spring',
      ),
    ).toMatchObject({
      code: 1,
      stderr: 'assent: An announcement with the id spring exists already\n',
    });

    const ended = await cli('announce', 'end', 'spring');
    expect(ended.code).toBe(0);
    expect(ended.stdout).toMatch(/^Announcement spring ended at \S+Z\n$/);
    expect(await get('/customization/announcements', cookie)).toEqual([]);
    expect(await cli('announce', 'end', 'nope')).toMatchObject({
      code: 1,
      stderr: 'assent: No announcement with the id nope\n',
    });
  });

  it('with the server stopped, the commands open the database directly; the endpoint file is gone', async () => {
    await stopServer();
    expect(existsSync(endpointFile)).toBe(false);
    const all = await cli('announce', 'list', '--all', '--json');
    expect(all.code).toBe(0);
    expect((JSON.parse(all.stdout) as Array<{ id: string }>).map((a) => a.id)).toEqual([
      'spring',
      'later',
    ]);
    expect(await cli('announce', 'end', 'later')).toMatchObject({ code: 0 });
    expect(await cli('announce', 'list')).toMatchObject({
      code: 0,
      stdout: 'No announcement is running or scheduled (--all lists ended ones too).\n',
    });
    expect(await cli('account', 'flags', ops.pcode, '--premium-eligible', 'true')).toMatchObject({
      code: 0,
      stdout: `p-${ops.pcode}: premium eligible yes, Consent or Pay enabled\n`,
    });
  });
});
