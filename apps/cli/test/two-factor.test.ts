import {
  INVALID_TWO_FACTOR_CODE,
  TWO_FACTOR_CODE_NEEDED,
  TWO_FACTOR_SETUP_NEEDED,
} from '@assent/core/account';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliServer, CliWorkspace, TestUser } from './harness';
import { CAN_USE_TERMINAL, cliWorkspace, runCli, startCli, startCliServer } from './harness';

/*
 * `assent login` for a user with two-factor sign-in (issue 19 item 22): after the password it asks
 * for the authenticator's code on a terminal, or takes it from --code (scripts); without either it
 * says how to pass it. A member who must still enrol is sent to the console.
 */

const STEP_SECONDS = 30;

let server: CliServer;
let user: TestUser;
let work: CliWorkspace;
let secret: string;
let recoveryCodes: string[];
let lastStep = -Infinity;

/** The next code of the user's authenticator: a later step than the last (the server takes each once). */
async function nextCode(): Promise<string> {
  const stepNow = () => Math.floor(Date.now() / 1000 / STEP_SECONDS);
  const step = Math.max(lastStep + 1, stepNow() - 1);
  // One step of drift either way is accepted: wait for the clock when the step is further ahead.
  while (step > stepNow() + 1) await new Promise((resolve) => setTimeout(resolve, 500));
  lastStep = step;
  return generateSync({ secret, epoch: step * STEP_SECONDS });
}

const configDir = (name: string) => ({ ASSENT_CONFIG_DIR: work.file(`config-${name}`) });
const login = (name: string, extra: string[] = [], input = `${user.password}\n`) =>
  runCli(['login', '--url', server.url, '--email', user.email, '--password-stdin', ...extra], {
    env: configDir(name),
    input,
  });

beforeAll(async () => {
  server = await startCliServer();
  user = await server.user('second@example.com');
  work = cliWorkspace('two-factor');
  const api = server.api(user);
  secret = (await api.auth.twoFactorSetup()).secret;
  recoveryCodes = (await api.auth.twoFactorEnable({ body: { code: await nextCode() } }))
    .recoveryCodes;
});
afterAll(async () => {
  await server?.close();
  work?.remove();
});

describe('assent login with two-factor sign-in', () => {
  it('without a terminal and without --code: says to pass --code, stores nothing', async () => {
    const result = await login('none');
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `assent: ${TWO_FACTOR_CODE_NEEDED} Pass it with --code (standard input is not a terminal).\n`,
    );
    const whoami = await runCli(['whoami'], { env: configDir('none') });
    expect(whoami.code).toBe(1);
  });

  it('refuses a wrong code with the server message', async () => {
    const result = await login('wrong', ['--code', '000000']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`assent: ${INVALID_TWO_FACTOR_CODE}`);
  });

  it('--code takes the authenticator code, or a recovery code once', async () => {
    const byTotp = await login('totp', ['--code', await nextCode()]);
    expect(byTotp.stderr).toBe('');
    expect(byTotp.stdout).toBe(
      `Signed in to ${server.url} as ${user.email} (account ${user.pcode}).\n`,
    );
    const me = await runCli(['whoami', '--json'], { env: configDir('totp') });
    expect(JSON.parse(me.stdout)).toMatchObject({ email: user.email });

    const byRecovery = await login('recovery', ['--code', recoveryCodes[0]!]);
    expect(byRecovery.code).toBe(0);
    const again = await login('recovery-again', ['--code', recoveryCodes[0]!]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(INVALID_TWO_FACTOR_CODE);
  });

  it.runIf(CAN_USE_TERMINAL)('asks for the code on a terminal after the password', async () => {
    const run = startCli(['login', '--url', server.url, '--email', user.email], {
      env: configDir('terminal'),
      terminal: {},
    });
    await run.waitFor('stdout', 'Password: ');
    run.send(`${user.password}\r`);
    await run.waitFor('stdout', 'Two-factor code (authenticator app, or a recovery code): ');
    run.send(`${await nextCode()}\r`);
    const result = await run.done;
    expect(result.stdout).toContain(`Signed in to ${server.url} as ${user.email}`);
    expect(result.code).toBe(0);
  });

  it('a member who must still set it up is sent to the console', async () => {
    const member = await server.user('member@example.com');
    await server.services.deps.db.query(
      `insert into memberships (user_id, organisation_id) select $1, id from organisations where pcode = $2`,
      [member.id, user.pcode],
    );
    await server.api(user).organisation.setTwoFactorRequirement({
      params: { pCode: user.pcode },
      body: { required: true, code: await nextCode() },
    });
    const result = await runCli(
      ['login', '--url', server.url, '--email', member.email, '--password-stdin'],
      { env: configDir('member'), input: `${member.password}\n` },
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `assent: ${TWO_FACTOR_SETUP_NEEDED}\n  Sign in to the console at ${server.url} once to set it up, then run assent login again.\n`,
    );
  });
});
