import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliServer, CliWorkspace, TestUser } from './harness';
import { CAN_USE_TERMINAL, cliWorkspace, runCli, startCli, startCliServer } from './harness';

/*
 * What changes on a terminal: colour (decided per stream, NO_COLOR honoured) and the
 * confirmation prompt of apply. A pseudo-terminal comes from util-linux `script`; without it
 * the terminal cases are skipped (the pipe case still runs).
 */

const ANY_ESCAPE = '\x1b';
/** An SGR sequence (colour or bold); the progress bar's line erase is not colour. */
const COLOUR = new RegExp(`${ANY_ESCAPE}\\[[0-9;]*m`);

let server: CliServer;
let user: TestUser;
let work: CliWorkspace;
let env: Record<string, string>;
let counter = 0;

const file = (name: string) => work.file(name);

/** A document changing the site's publisher name to a new value each time. */
async function changedDocument(): Promise<string> {
  const exported = await runCli(['export'], { env });
  counter += 1;
  const name = file(`change-${counter}.yaml`);
  writeFileSync(
    name,
    exported.stdout.replace(/ {4}publisherName: .*\n/, `    publisherName: News ${counter}\n`),
  );
  return name;
}

beforeAll(async () => {
  server = await startCliServer();
  user = await server.user('ops@example.com');
  const api = server.api(user);
  await api.sites.create({
    query: { pCode: user.pcode },
    body: { url: 'news.example.com', publisherName: 'News', themeId: '1' },
  });
  work = cliWorkspace('terminal', { server, user });
  env = work.env;
});

afterAll(async () => {
  await server?.close();
  work?.remove();
});

describe('colour', () => {
  it('none on pipes, even with NO_COLOR unset', async () => {
    const document = await changedDocument();
    for (const args of [
      ['plan', document],
      ['apply', document, '--yes'],
      ['properties', 'list'],
    ]) {
      const result = await runCli(args, { env, unset: ['NO_COLOR'] });
      expect(result.stdout + result.stderr).not.toContain(ANY_ESCAPE);
    }
  });

  it.runIf(CAN_USE_TERMINAL)(
    'on a terminal: on stdout only when stderr is a file, on both when both are terminals',
    async () => {
      const stderrFile = file('stderr.txt');
      const split = await startCli(['apply', await changedDocument(), '--yes'], {
        env,
        unset: ['NO_COLOR'],
        terminal: { stderrFile },
      }).done;
      expect(split.code).toBe(0);
      expect(split.stdout).toMatch(COLOUR);
      const stderr = readFileSync(stderrFile, 'utf8');
      expect(stderr).toContain('1/1  updated 1  failed 0  pending 0');
      expect(stderr).not.toContain(ANY_ESCAPE);

      const both = await startCli(['apply', await changedDocument(), '--yes'], {
        env,
        unset: ['NO_COLOR'],
        terminal: {},
      }).done;
      expect(both.code).toBe(0);
      expect(both.stdout).toContain('\x1b[33m  ~ news.example.com\x1b[39m');
      expect(both.stdout).toContain('\x1b[32mupdated 1\x1b[39m');
    },
  );

  it.runIf(CAN_USE_TERMINAL)('NO_COLOR turns it off on a terminal', async () => {
    const result = await startCli(['apply', await changedDocument(), '--yes'], {
      env: { ...env, NO_COLOR: '1' },
      terminal: {},
    }).done;
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Done: 1 updated, 0 failed.');
    expect(result.stdout).not.toMatch(COLOUR);
  });
});

describe('the confirmation of apply', () => {
  it('without a terminal it is refused, pointing to --yes', async () => {
    const result = await runCli(['apply', await changedDocument()], { env, input: 'y\n' });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'assent: Standard input is not a terminal, so there is nobody to confirm: pass --yes to go ahead.\n',
    );
  });

  it.runIf(CAN_USE_TERMINAL)('answering n on a terminal writes nothing; y applies', async () => {
    const document = await changedDocument();
    const declined = startCli(['apply', document], { env, terminal: {} });
    await declined.waitFor('stdout', 'Apply these changes? [y/N] ');
    declined.send('n\r');
    const no = await declined.done;
    expect(no.code).toBe(1);
    expect(no.stdout).toContain('assent: Cancelled: nothing was written.');
    expect((await runCli(['plan', document], { env })).code).toBe(2);

    const accepted = startCli(['apply', document], { env, terminal: {} });
    await accepted.waitFor('stdout', 'Apply these changes? [y/N] ');
    accepted.send('y\r');
    const yes = await accepted.done;
    expect(yes.code).toBe(0);
    expect(yes.stdout).toContain('Done: 1 updated, 0 failed.');
    expect((await runCli(['plan', document], { env })).code).toBe(0);
  });
});
