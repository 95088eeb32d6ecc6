import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gvlFixturePath } from '@assent/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/src/db';
import { organisations, users } from '../../server/src/repositories/accounts';
import { runCli } from './harness';

const GVL = gvlFixturePath('gvl3-vendor-list.json');

describe('assent server (host commands on the embedded database)', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'assent-host-'));
  const env = { ASSENT_DATA_DIR: dataDir, ASSENT_LOG_LEVEL: 'silent' };
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  // A new embedded database starts from the build's template, which has every migration applied
  // (the migrations themselves run in apps/server/test/db.test.ts, on both stores).
  it('finds a new embedded database up to date: it starts from the migrated template', async () => {
    const first = await runCli(['server', 'migrate'], { env });
    expect(first).toMatchObject({ code: 0, stdout: 'The database is up to date\n' });
    const second = await runCli(['server', 'migrate'], { env });
    expect(second.stdout).toBe('The database is up to date\n');
  });

  it('imports a vendor list for offline hosts, and refuses a file that is not one', async () => {
    const imported = await runCli(['server', 'gvl', 'import', GVL], { env });
    expect(imported.code).toBe(0);
    expect(imported.stdout).toMatch(/^Imported GVL v3, vendor list version \d+ \(\d+ vendors\)\n$/);
    const bad = await runCli(['server', 'gvl', 'import', path.join(__dirname, 'harness.ts')], {
      env,
    });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toBe('assent: The vendor list is not valid JSON\n');
  });

  it('assent gvl import FILE and assent admin grant EMAIL are short for the server commands', async () => {
    expect(await runCli(['gvl', 'import', GVL], { env })).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(
        /^Imported GVL v3, vendor list version \d+ \(\d+ vendors\)\n$/,
      ) as unknown,
    });
    expect(await runCli(['admin', 'grant', 'nobody@example.com'], { env })).toEqual({
      code: 1,
      stdout: '',
      stderr: 'assent: No user with the e-mail nobody@example.com. They must sign up first.\n',
    });
  });

  it('grants admin to an existing user and flags an account; unknown ones are named', async () => {
    const db = await openDatabase({ databaseUrl: undefined, dataDir, databasePoolMax: 1 });
    let pcode = '';
    try {
      const user = await users.create(db, {
        email: 'ops@example.com',
        givenName: 'Op',
        familyName: 'Erator',
        company: 'Co',
        confirmed: true,
      });
      const org = await organisations.create(db, 'Co');
      await organisations.addMember(db, user.id, org.id);
      pcode = org.pcode;
    } finally {
      await db.close();
    }
    expect(await runCli(['server', 'admin', 'grant', 'OPS@example.com'], { env })).toMatchObject({
      code: 0,
      stdout: 'OPS@example.com is now an administrator\n',
    });
    expect(await runCli(['admin', 'grant', 'ops@example.com'], { env })).toMatchObject({
      code: 0,
      stdout: 'ops@example.com is now an administrator\n',
    });
    expect(await runCli(['server', 'admin', 'grant', 'nobody@example.com'], { env })).toMatchObject(
      {
        code: 1,
        stderr: 'assent: No user with the e-mail nobody@example.com. They must sign up first.\n',
      },
    );
    expect(
      await runCli(['server', 'account', 'flags', `p-${pcode}`, '--consent-or-pay', 'true'], {
        env,
      }),
    ).toMatchObject({
      code: 0,
      stdout: `p-${pcode}: premium eligible no, Consent or Pay enabled\n`,
    });
    expect(
      await runCli(['server', 'account', 'flags', 'nope', '--premium-eligible', 'maybe'], { env }),
    ).toMatchObject({ code: 1 });
    expect(
      await runCli(['server', 'account', 'flags', 'nope', '--premium-eligible', 'true'], { env }),
    ).toMatchObject({
      code: 1,
      stderr: 'assent: No account with the code nope\n',
    });
  });
});
