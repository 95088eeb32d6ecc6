import type { IncomingHttpHeaders, Server } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliServer, CliWorkspace, TestUser } from './harness';
import { cliWorkspace, runCli, startCliServer } from './harness';

/** A web server that is not Assent: answers every request with `status` and an HTML page. */
async function startForeignServer(status: number): Promise<{
  url: string;
  requests: Array<{ url: string; headers: IncomingHttpHeaders }>;
  close(): Promise<void>;
}> {
  const requests: Array<{ url: string; headers: IncomingHttpHeaders }> = [];
  const server: Server = createServer((request, response) => {
    requests.push({ url: request.url ?? '', headers: request.headers });
    response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><title>Not here</title><h1>Not here</h1>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

let server: CliServer;
let other: CliServer;
let jane: TestUser;
let omar: TestUser;
let work: CliWorkspace;

beforeAll(async () => {
  [server, other] = await Promise.all([startCliServer(), startCliServer()]);
  jane = await server.user('jane@example.com');
  omar = await server.user('omar@example.com');
  work = cliWorkspace('session');
});

afterAll(async () => {
  await Promise.all([server?.close(), other?.close()]);
  work?.remove();
});

/** A config directory holding jane's login on `server`. */
async function janeLoggedIn(name: string): Promise<Record<string, string>> {
  const env = { ASSENT_CONFIG_DIR: work.file(name) };
  const login = await runCli(['login', '--url', server.url, '--token', jane.token], { env });
  expect(login.code).toBe(0);
  return env;
}

describe('the stored token goes only to the server it was made for', () => {
  it('with ASSENT_URL naming another server and no ASSENT_TOKEN, nothing is sent and the message says what to do', async () => {
    const env = await janeLoggedIn('config-a');
    const elsewhere = await startForeignServer(200);
    try {
      const result = await runCli(['properties', 'list'], {
        env: { ...env, ASSENT_URL: elsewhere.url },
      });
      expect(result).toEqual({
        code: 1,
        stdout: '',
        stderr:
          `assent: Not signed in to ${elsewhere.url}: the stored login is for ${server.url}, and its token is sent only there.\n` +
          `  Run assent login --url ${elsewhere.url}, or set ASSENT_TOKEN to a token for ${elsewhere.url}.\n`,
      });
      expect(elsewhere.requests).toEqual([]);
      // whoami too: the stored account and token stay with their server.
      const whoami = await runCli(['whoami'], { env: { ...env, ASSENT_URL: elsewhere.url } });
      expect(whoami.code).toBe(1);
      expect(elsewhere.requests).toEqual([]);
    } finally {
      await elsewhere.close();
    }
  });

  it('the same server spelled differently (upper-case scheme, trailing slash) keeps the login', async () => {
    const env = await janeLoggedIn('config-b');
    const spelled = `${server.url.replace('http://', 'HTTP://')}/`;
    const result = await runCli(['whoami', '--json'], { env: { ...env, ASSENT_URL: spelled } });
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toMatchObject({
      email: 'jane@example.com',
      token: 'stored login',
      account: jane.pcode,
    });
  });
});

describe('ASSENT_URL and ASSENT_TOKEN win over a different stored login', () => {
  it("another user's token on the same server: that user, their account", async () => {
    const env = await janeLoggedIn('config-c');
    const result = await runCli(['whoami', '--json'], {
      env: { ...env, ASSENT_TOKEN: omar.token, ASSENT_ACCOUNT: omar.pcode },
    });
    expect(JSON.parse(result.stdout)).toMatchObject({
      email: 'omar@example.com',
      account: omar.pcode,
      accounts: [omar.pcode],
      token: 'ASSENT_TOKEN',
    });
    const listed = await runCli(['accounts', 'list', '--json'], {
      env: { ...env, ASSENT_TOKEN: omar.token, ASSENT_ACCOUNT: omar.pcode },
    });
    expect(JSON.parse(listed.stdout)).toEqual([
      expect.objectContaining({ code: omar.pcode, current: true }),
    ]);
  });

  it('another server: its URL and token are used, the stored account is not', async () => {
    const env = await janeLoggedIn('config-d');
    const kim = await other.user('kim@example.com');
    // Not jane's stored account: kim's only one.
    const noAccount = await runCli(['properties', 'list', '--json'], {
      env: { ...env, ASSENT_URL: other.url, ASSENT_TOKEN: kim.token },
    });
    expect(noAccount).toEqual({ code: 0, stdout: '[]\n', stderr: '' });
    const result = await runCli(['whoami', '--json'], {
      env: { ...env, ASSENT_URL: other.url, ASSENT_TOKEN: kim.token, ASSENT_ACCOUNT: kim.pcode },
    });
    expect(JSON.parse(result.stdout)).toMatchObject({
      url: other.url,
      email: 'kim@example.com',
      account: kim.pcode,
      token: 'ASSENT_TOKEN',
    });
    const use = await runCli(['accounts', 'use', kim.pcode], {
      env: { ...env, ASSENT_URL: other.url, ASSENT_TOKEN: kim.token },
    });
    expect(use.stderr).toBe(
      `assent: assent accounts use changes the stored login, which is not for ${other.url}: set ASSENT_ACCOUNT=${kim.pcode} (or pass --account ${kim.pcode}) instead\n`,
    );
  });
});

describe('a refused token given to login', () => {
  it('says the server refused it and how to get a new one', async () => {
    const result = await runCli(['login', '--url', server.url, '--token', 'assent_revoked_x'], {
      env: { ASSENT_CONFIG_DIR: work.file('config-refused') },
    });
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr:
        `assent: The token given with --token was refused by ${server.url} (revoked, or revoked with the others when the password was changed or reset, or made on another server).\n` +
        `  Create a new one: run assent login --url ${server.url} without --token to sign in with your e-mail and password (it creates a personal access token and stores it), or POST /auth/tokens while signed in (docs/api.md).\n`,
    });
  });
});

describe('a URL that is not an Assent server', () => {
  it.each([
    [404, 'a 404 page'],
    [200, 'HTML for every path (a web site)'],
  ])('answering %i (%s) is named as such', async (status) => {
    const foreign = await startForeignServer(status);
    try {
      const expected =
        `assent: ${foreign.url} does not look like an Assent server: GET ${foreign.url}/healthz answered ${status} (text/html), not Assent's {"status":"ok"}.\n` +
        '  Check the URL (ASSENT_URL, or assent login --url URL): it is the address the console opens at, without a path.\n';
      const login = await runCli(['login', '--url', foreign.url, '--token', 'assent_x'], {
        env: { ASSENT_CONFIG_DIR: work.file(`config-foreign-${status}`) },
      });
      expect(login).toEqual({ code: 1, stdout: '', stderr: expected });
      const listed = await runCli(['properties', 'list'], {
        env: {
          ASSENT_URL: foreign.url,
          ASSENT_TOKEN: 'assent_x',
          ASSENT_ACCOUNT: 'abc',
          ASSENT_CONFIG_DIR: work.file('config-none'),
        },
      });
      expect(listed).toEqual({ code: 1, stdout: '', stderr: expected });
      expect(foreign.requests.map((r) => r.url)).toContain('/healthz');
    } finally {
      await foreign.close();
    }
  });

  it('an Assent server keeps its own messages (no false alarm)', async () => {
    const result = await runCli(['properties', 'list'], {
      env: {
        ASSENT_URL: server.url,
        ASSENT_TOKEN: jane.token,
        ASSENT_ACCOUNT: 'nope',
        ASSENT_CONFIG_DIR: work.file('config-none'),
      },
    });
    expect(result.stderr).toBe(
      `assent: You are not a member of account nope on ${server.url}. Run assent accounts list to see yours, then assent accounts use CODE or --account CODE.\n`,
    );
  });
});

describe('without an account chosen, the real failure comes first', () => {
  const noAccount = (extra: Record<string, string>) =>
    runCli(['properties', 'list'], {
      env: { ASSENT_CONFIG_DIR: work.file('config-no-account'), ...extra },
    });

  it('a wrong URL: the server cannot be reached', async () => {
    const closed = await startForeignServer(404);
    await closed.close();
    const result = await noAccount({ ASSENT_URL: closed.url, ASSENT_TOKEN: jane.token });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      new RegExp(`^assent: Cannot reach the Assent server at ${closed.url}`),
    );
    expect(result.stderr).not.toContain('No account chosen');
  });

  it('a server that is not Assent is named as such', async () => {
    const foreign = await startForeignServer(404);
    try {
      const result = await noAccount({ ASSENT_URL: foreign.url, ASSENT_TOKEN: 'assent_x' });
      expect(result.stderr).toBe(
        `assent: ${foreign.url} does not look like an Assent server: GET ${foreign.url}/healthz answered 404 (text/html), not Assent's {"status":"ok"}.\n` +
          '  Check the URL (ASSENT_URL, or assent login --url URL): it is the address the console opens at, without a path.\n',
      );
    } finally {
      await foreign.close();
    }
  });

  it('a refused token says so', async () => {
    const result = await noAccount({ ASSENT_URL: server.url, ASSENT_TOKEN: 'assent_revoked_x' });
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr: `assent: Not signed in to ${server.url}: the token in ASSENT_TOKEN was refused (revoked or for another server). Create a new token, or run assent login\n`,
    });
  });

  it('a user with exactly one account works in it without ASSENT_ACCOUNT; with two, they are named', async () => {
    const ida = await server.user('ida@example.com');
    const one = await runCli(['properties', 'list', '--json'], {
      env: {
        ASSENT_CONFIG_DIR: work.file('config-one'),
        ASSENT_URL: server.url,
        ASSENT_TOKEN: ida.token,
      },
    });
    expect(one).toMatchObject({ code: 0, stdout: '[]\n' });
    const second = await server.addAccount(ida, 'Ida two');
    const two = await runCli(['properties', 'list'], {
      env: {
        ASSENT_CONFIG_DIR: work.file('config-one'),
        ASSENT_URL: server.url,
        ASSENT_TOKEN: ida.token,
      },
    });
    expect(two).toEqual({
      code: 1,
      stdout: '',
      stderr: `assent: No account chosen: you are a member of 2 accounts on ${server.url} (${ida.pcode}, ${second}). Run assent accounts use CODE, or pass --account CODE (or set ASSENT_ACCOUNT)\n`,
    });
  });
});

describe('assent login', () => {
  it('chooses the account the console opens (the first membership), not the first code in sort order', async () => {
    const lea = await server.user('lea@example.com');
    // A second account whose code sorts before the first ('2' is the first character codes are made of).
    const second = await server.addAccount(lea, 'Lea 2', '22222222');
    expect([lea.pcode, second].sort()[0]).toBe(second);
    const env = { ASSENT_CONFIG_DIR: work.file('config-lea') };
    const login = await runCli(['login', '--url', server.url, '--token', lea.token], { env });
    expect(login.stdout).toContain(`(account ${lea.pcode})`);
    const whoami = await runCli(['whoami', '--json'], { env });
    expect(JSON.parse(whoami.stdout)).toMatchObject({ account: lea.pcode });
  });
});

describe('a password change revokes the stored login (issue 19 item 5)', () => {
  it('signs in with the password, and after the password changes elsewhere says the token was revoked with it', async () => {
    const kim = await server.user('kim@example.com');
    const env = { ASSENT_CONFIG_DIR: work.file('config-password-changed') };
    const login = await runCli(
      ['login', '--url', server.url, '--email', kim.email, '--password-stdin'],
      { env, input: `${kim.password}\n` },
    );
    expect(login.code).toBe(0);
    expect((await runCli(['whoami'], { env })).code).toBe(0);

    await server.api(kim).auth.changePassword({
      body: { oldPassword: kim.password, newPassword: 'kim has a new passphrase 4' },
    });

    expect(await runCli(['whoami'], { env })).toEqual({
      code: 1,
      stdout: '',
      stderr: `assent: Not signed in to ${server.url}: the stored login's token was refused (revoked, or revoked with the others when the password was changed or reset). Run assent login\n`,
    });
  });
});
