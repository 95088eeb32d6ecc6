import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AssentClient } from '@assent/core/api';
import { REQUIRED } from '@assent/core';
import {
  BULK_REGULATION_REQUIRED,
  BulkFilters,
  BulkUpdateFields,
  MULTIPLE_VERSIONS_TEXT,
} from '@assent/core/bulk-update';
import { DUPLICATE_PROPERTY, GBC_PURPOSE_REQUIRED, PropertyListRow } from '@assent/core/property';
import type { Property } from '@assent/core/property';
import { APP_USES_SDK } from '@assent/core/tags';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliServer, CliWorkspace, TestUser } from './harness';
import { REPO_ROOT, cliWorkspace, runCli, startCli, startCliServer } from './harness';

let server: CliServer;
let user: TestUser;
let api: AssentClient;
let work: CliWorkspace;
let env: Record<string, string>;

const file = (name: string) => work.file(name);
const cli = (args: string[], extra: { env?: Record<string, string>; input?: string } = {}) =>
  runCli(args, { env: { ...env, ...extra.env }, ...(extra.input ? { input: extra.input } : {}) });
const json = <T>(text: string): T => JSON.parse(text) as T;

beforeAll(async () => {
  server = await startCliServer();
  user = await server.user('ops@example.com');
  api = server.api(user);
  const query = { pCode: user.pcode };
  await api.sites.create({
    query,
    body: {
      url: 'news.example.com',
      publisherName: 'News',
      themeId: '1',
      consentLocations: ['EEA'],
    },
  });
  await api.sites.create({
    query,
    body: {
      url: 'shop.example.org',
      publisherName: 'Shop',
      themeId: '1',
      consentLocations: ['EEA', 'USA'],
    },
  });
  await api.apps.create({
    query,
    body: {
      packageId: 'com.example.app',
      publisherName: 'App',
      themeId: '2',
      consentLocations: ['EEA'],
    },
  });
  work = cliWorkspace('cli');
  env = work.env;
});

afterAll(async () => {
  await server?.close();
  work?.remove();
});

/** Every command, found by walking the `Commands:` sections of the help (hidden aliases added). */
function allCommands(prefix: string[] = []): string[][] {
  const help = spawnSync(
    process.execPath,
    [path.join(REPO_ROOT, 'bin', 'assent'), ...prefix, '--help'],
    {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', NO_COLOR: '1' },
    },
  );
  const section = help.stdout.split('\nCommands:\n')[1]?.split('\n\n')[0] ?? '';
  const names = section
    .split('\n')
    .filter((line) => /^ {2}\S/.test(line))
    .map((line) => line.trim().split(/\s+/)[0]!)
    .filter((name) => name !== 'help');
  return [prefix, ...names.flatMap((name) => allCommands([...prefix, name]))];
}

const HIDDEN_ALIASES = [['admin'], ['admin', 'grant'], ['gvl'], ['gvl', 'import']];

describe('help and start-up', () => {
  const commands = [...allCommands(), ...HIDDEN_ALIASES];

  it('finds every command, server ones and aliases included', () => {
    expect(commands.map((c) => c.join(' '))).toEqual(
      expect.arrayContaining([
        '',
        'login',
        'logout',
        'whoami',
        'accounts',
        'accounts list',
        'accounts use',
        'members',
        'members list',
        'members invite',
        'members revoke',
        'properties list',
        'properties get',
        'history',
        'ab-test',
        'ab-test show',
        'ab-test set',
        'ab-test stop',
        'tui',
        'themes',
        'themes list',
        'tag',
        'export',
        'plan',
        'apply',
        'bulk-update',
        'bulk-update status',
        'server',
        'server start',
        'server migrate',
        'server admin',
        'server admin grant',
        'server account',
        'server account flags',
        'server account list',
        'server account add-member',
        'server account remove-member',
        'server announce',
        'server announce create',
        'server announce list',
        'server announce end',
        'server gvl',
        'server gvl import',
        'admin grant',
        'gvl import',
      ]),
    );
  });

  it.each(commands.map((c) => [c.join(' ') || '(no command)', c] as const))(
    'assent %s --help shows an example that fits 80 columns',
    async (_name, command) => {
      const result = await runCli([...command, '--help']);
      expect(result.code).toBe(0);
      // An example line runs assent (after variables, or after a line preparing its input).
      expect(result.stdout).toMatch(/Examples?:\n( {2}\$ .*\n)*? {2}\$ (\S+=\S+ )*assent /);
      for (const line of result.stdout.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
    },
  );

  it('hides the short aliases from the main help and names them in the server help', async () => {
    const main = await runCli(['--help']);
    expect(main.stdout).not.toMatch(/^ {2}(gvl|admin)\b/m);
    expect((await runCli(['server', '--help'])).stdout).toContain(
      'Short forms: assent admin grant EMAIL, assent gvl import FILE.\n',
    );
  });

  it('ends quietly when its reader stops reading (assent … | head)', async () => {
    // The pipe's reading end is closed before the CLI has started, so its first write fails.
    const cli = startCli(['--help']);
    cli.child.stdout.destroy();
    const result = await cli.done;
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  });

  it("bulk-update --help lists every --set and --where field of core's schemas", async () => {
    const help = (await runCli(['bulk-update', '--help'])).stdout;
    const listed = (title: string) =>
      (help.split(`\n${title}`)[1]?.split('\n\n')[0] ?? '')
        .split('\n')
        .filter((line) => /^ {2}\S/.test(line))
        .map((line) => line.trim().split(/\s+/)[0]);
    expect(listed('Fields of --set')).toEqual([
      'theme',
      ...Object.keys(BulkUpdateFields.shape).flatMap((f) =>
        f === 'purposeIds' ? ['legalBasis', f] : [f],
      ),
    ]);
    expect(listed('Fields of --where')).toEqual(['theme', ...Object.keys(BulkFilters.shape)]);
    expect(help).toContain('  legalBasis                  applyRecommended or customized\n');
    expect(help).toContain('  cmpVersion                  latest or a whole number\n');
  });
});

describe('login, whoami and accounts', () => {
  it('logs in with a token and stores url, token and account', async () => {
    const result = await cli(['login', '--url', server.url, '--token', user.token]);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe(
      `Signed in to ${server.url} as ops@example.com (account ${user.pcode}).\n`,
    );
    const stored = json<Record<string, string>>(readFileSync(file('config/config.json'), 'utf8'));
    expect(stored).toMatchObject({ url: server.url, token: user.token, account: user.pcode });
  });

  it('logs in with e-mail and password, creating a personal access token', async () => {
    const other = { ASSENT_CONFIG_DIR: work.file('config-password') };
    const result = await cli(
      ['login', '--url', server.url, '--email', user.email, '--password-stdin'],
      { env: other, input: `${user.password}\n` },
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const stored = json<{ token: string; tokenId: string }>(
      readFileSync(path.join(work.file('config-password'), 'config.json'), 'utf8'),
    );
    expect(stored.token).toMatch(/^assent_/);
    const me = await cli(['whoami', '--json'], { env: other });
    expect(json<{ email: string }>(me.stdout).email).toBe(user.email);
    const out = await cli(['logout'], { env: other });
    expect(out.stdout).toBe(`Signed out of ${server.url} (token revoked).\n`);
    const after = await runCli(['whoami'], {
      env: { ...other, ASSENT_URL: server.url, ASSENT_TOKEN: stored.token },
    });
    expect(after.code).toBe(1);
  });

  it('refuses a wrong password with the server message', async () => {
    const result = await cli(
      ['login', '--url', server.url, '--email', user.email, '--password-stdin'],
      { env: { ASSENT_CONFIG_DIR: work.file('config-wrong') }, input: 'nope\n' },
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^assent: /);
    expect(result.stderr).not.toContain('run assent login');
  });

  it('whoami --json', async () => {
    const result = await cli(['whoami', '--json']);
    expect(json(result.stdout)).toMatchObject({
      url: server.url,
      email: 'ops@example.com',
      account: user.pcode,
      accounts: [user.pcode],
      token: 'stored login',
    });
  });

  it('lists accounts, switches with accounts use and refuses foreign ones', async () => {
    const second = await server.addAccount(user, 'Second brand');
    const listed = json<Array<{ code: string; current: boolean }>>(
      (await cli(['accounts', 'list', '--json'])).stdout,
    );
    expect(listed.map((a) => [a.code, a.current])).toEqual(
      [
        [user.pcode, true],
        [second, false],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    expect((await cli(['accounts', 'use', second])).stdout).toContain(
      `Now using account ${second}`,
    );
    expect(json<{ account: string }>((await cli(['whoami', '--json'])).stdout).account).toBe(
      second,
    );
    expect((await cli(['accounts', 'use', user.pcode])).code).toBe(0);
    const refused = await cli(['accounts', 'use', 'nope']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('You are not a member of account nope');
  });
});

describe('properties and themes', () => {
  it('lists properties as JSON and as a table that fits 80 columns', async () => {
    const items = json<PropertyListRow[]>((await cli(['properties', 'list', '--json'])).stdout);
    expect(items.map((p) => p.url ?? p.packageId)).toEqual([
      'com.example.app',
      'news.example.com',
      'shop.example.org',
    ]);
    // The table's columns only (GET /customization/v2/site/rows), not the bulk update's fields.
    expect(Object.keys(items[1]!).filter((key) => !(key in PropertyListRow.shape))).toEqual([]);
    expect(items[1]).toMatchObject({
      url: 'news.example.com',
      publisherName: 'News',
      editable: true,
    });
    const table = await cli(['properties', 'list']);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^PROPERTY\s+TYPE\s+THEME/);
    expect(lines).toHaveLength(4);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
    const apps = json<PropertyListRow[]>(
      (await cli(['properties', 'list', '--type', 'app', '--json'])).stdout,
    );
    expect(apps.map((p) => p.packageId)).toEqual(['com.example.app']);
    const filtered = json<PropertyListRow[]>(
      (await cli(['properties', 'list', '--filter', 'shop', '--json'])).stdout,
    );
    expect(filtered.map((p) => p.url)).toEqual(['shop.example.org']);
  });

  it('gets a property by url, packageId or uuid', async () => {
    const byUrl = json<Property>(
      (await cli(['properties', 'get', 'NEWS.example.com', '--json'])).stdout,
    );
    expect(byUrl).toMatchObject({ url: 'news.example.com', publisherName: 'News' });
    const byUuid = json<Property>((await cli(['properties', 'get', byUrl.uuid, '--json'])).stdout);
    expect(byUuid.siteId).toBe(byUrl.siteId);
    const app = json<Property>(
      (await cli(['properties', 'get', 'com.example.app', '--json'])).stdout,
    );
    expect(app.propertyType).toBe('APP');
    const table = await cli(['properties', 'get', 'news.example.com']);
    expect(table.stdout).toMatch(/publisherCC\s+"GB"/);
    for (const line of table.stdout.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
    const missing = await cli(['properties', 'get', 'nope.example.com']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`No property 'nope.example.com' in account ${user.pcode}`);
  });

  it('lists themes', async () => {
    const themes = json<Array<{ themeName: string }>>(
      (await cli(['themes', 'list', '--json'])).stdout,
    );
    expect(themes.map((t) => t.themeName)).toEqual(['Default app theme', 'Default theme']);
    expect((await cli(['themes', 'list'])).stdout).toMatch(/^ID\s+THEME\s+TYPE/);
  });
});

describe('configuration as code', () => {
  it('exports a stable document, and plan right after finds no change (exit 0)', async () => {
    expect((await cli(['export', '--out', file('assent.yaml')])).code).toBe(0);
    const text = readFileSync(file('assent.yaml'), 'utf8');
    expect(text).toContain(`account: ${user.pcode}`);
    expect(text).toMatch(/ {2}news\.example\.com:\n {4}type: site\n {4}theme: Default theme\n/);
    expect((await cli(['export'])).stdout).toBe(text);
    const json2 = await cli(['export', '--format', 'json']);
    expect(json<{ assent: number }>(json2.stdout).assent).toBe(1);
    const plan = await cli(['plan', file('assent.yaml')]);
    expect(plan.stderr).toBe('');
    expect(plan.code).toBe(0);
    expect(plan.stdout).toContain('No changes');
  });

  it('shows exactly the edited field (exit 2), applies it, then finds nothing', async () => {
    const text = readFileSync(file('assent.yaml'), 'utf8').replace(
      '    publisherName: News\n',
      '    publisherName: News\n    publisherCC: FR\n',
    );
    writeFileSync(file('edited.yaml'), text);
    const plan = await cli(['plan', file('edited.yaml')]);
    expect(plan.code).toBe(2);
    expect(plan.stdout).toContain('  ~ news.example.com\n      publisherCC: "GB" → "FR"\n');
    expect(plan.stdout).toContain('Plan: 1 to change, 0 to create, 2 unchanged.');
    const planJson = json<{ updates: unknown[]; creates: unknown[] }>(
      (await cli(['plan', file('edited.yaml'), '--json'])).stdout,
    );
    expect(planJson.updates).toEqual([
      {
        identifier: 'news.example.com',
        type: 'site',
        changes: [{ field: 'publisherCC', old: 'GB', new: 'FR' }],
      },
    ]);
    expect(planJson.creates).toEqual([]);

    const refused = await cli(['apply', file('edited.yaml')]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('pass --yes');

    const applied = await cli(['apply', file('edited.yaml'), '--yes']);
    expect(applied.stderr).toMatch(/1\/1 {2}updated 1 {2}failed 0 {2}pending 0\n$/);
    expect(applied.stdout).toContain('Done: 1 updated, 0 failed.');
    expect(applied.code).toBe(0);
    const after = await cli(['plan', file('edited.yaml')]);
    expect(after.code).toBe(0);
    const again = await cli(['apply', file('edited.yaml'), '--yes']);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('No changes');
    const stored = json<Property>(
      (await cli(['properties', 'get', 'news.example.com', '--json'])).stdout,
    );
    expect(stored.publisherCC).toBe('FR');
  });

  it('creates the properties the account lacks', async () => {
    const text = `${readFileSync(file('edited.yaml'), 'utf8')}  blog.example.net:\n    type: site\n    theme: Default theme\n    publisherName: Blog\n`;
    writeFileSync(file('create.yaml'), text);
    const plan = await cli(['plan', file('create.yaml')]);
    expect(plan.code).toBe(2);
    expect(plan.stdout).toContain('  + blog.example.net (site)\n');
    expect(plan.stdout).toContain('      publisherName: "Blog"\n');
    const refused = await cli(['plan', file('create.yaml'), '--no-create']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /create\.yaml:\d+: properties\.blog\.example\.net: Unknown property 'blog\.example\.net' in account/,
    );
    const applied = await cli(['apply', file('create.yaml'), '--yes']);
    expect(applied.code).toBe(0);
    expect(applied.stdout).toContain('Done: 1 created, 0 failed.');
    expect((await cli(['plan', file('create.yaml')])).code).toBe(0);
  });

  describe('invalid documents: a clear message with file, line and field, exit 1, nothing written', () => {
    const write = (name: string, text: string) => {
      writeFileSync(file(name), text);
      return file(name);
    };
    const base = () => readFileSync(file('create.yaml'), 'utf8');
    const lineOf = (text: string, needle: string) =>
      text.split('\n').findIndex((l) => l.includes(needle)) + 1;

    it('malformed YAML', async () => {
      const bad = write(
        'bad.yaml',
        'assent: 1\naccount: x\nproperties:\n  a.com:\n    type: site\n   theme: [\n',
      );
      const result = await cli(['plan', bad]);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(new RegExp(`^assent: ${bad.replace(/[.]/g, '\\.')}:\\d+: `));
    });

    it('an unknown field, with a suggestion', async () => {
      const text = base().replace('    publisherCC: FR\n', '    publisherCCC: FR\n');
      const result = await cli(['plan', write('unknown-field.yaml', text)]);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(
        `unknown-field.yaml:${lineOf(text, 'publisherCCC')}: properties.news.example.com.publisherCCC: Unknown field 'publisherCCC'. Did you mean 'publisherCC'?`,
      );
    });

    it('an unknown country code', async () => {
      const text = base().replace('    publisherCC: FR\n', '    publisherCC: XX\n');
      const result = await cli(['plan', write('country.yaml', text)]);
      expect(result.stderr).toContain(
        `country.yaml:${lineOf(text, 'XX')}: properties.news.example.com.publisherCC: Unknown country code`,
      );
    });

    it('an unknown field in a JSON document, with its line', async () => {
      const doc = json<{ properties: Record<string, Record<string, unknown>> }>(
        (await cli(['export', '--format', 'json'])).stdout,
      );
      doc.properties['shop.example.org']!.colour = 'red';
      const text = JSON.stringify(doc, null, 2);
      const result = await cli(['plan', write('doc.json', text)]);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(
        `doc.json:${lineOf(text, '"colour"')}: properties.shop.example.org.colour: Unknown field 'colour'`,
      );
    });

    it("a rule the server would enforce, with the spec's message verbatim; apply writes nothing", async () => {
      const text = `${base()}  News.Example.com:\n    type: site\n    theme: Default theme\n`;
      const doc = write('duplicate.yaml', text);
      const result = await cli(['plan', doc]);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(
        `duplicate.yaml:${lineOf(text, 'News.Example.com')}: properties.News.Example.com: ${DUPLICATE_PROPERTY}`,
      );
      expect(DUPLICATE_PROPERTY).toBe(
        'Oops, this URL already exists. Please update your Site URL.',
      );
      const before = (await cli(['properties', 'list', '--json'])).stdout;
      const applied = await cli(['apply', doc, '--yes']);
      expect(applied.code).toBe(1);
      expect(applied.stderr).toContain('nothing was written');
      expect((await cli(['properties', 'list', '--json'])).stdout).toBe(before);
    });

    it('an unknown theme and a wrong version', async () => {
      const text = base().replace(
        'theme: Default theme\n    publisherName: Blog',
        'theme: Dark\n    publisherName: Blog',
      );
      const result = await cli(['plan', write('theme.yaml', text)]);
      expect(result.stderr).toContain(
        `theme.yaml:${lineOf(text, 'theme: Dark')}: properties.blog.example.net.theme: Unknown theme 'Dark'`,
      );
      const versioned = base().replace('assent: 1', 'assent: 7');
      const version = await cli(['plan', write('version.yaml', versioned)]);
      expect(version.stderr).toContain(
        `version.yaml:${lineOf(versioned, 'assent: 7')}: assent: Unsupported document version 7: this Assent reads 'assent: 1'`,
      );
    });

    it('unknown keys inside nested settings, each at its full path', async () => {
      const text = base().replace(
        '    publisherCC: FR\n',
        '    publisherCC: FR\n    consentOrPayConfig:\n      enabeld: true\n      foo: 1\n',
      );
      const result = await cli(['plan', write('nested.yaml', text)]);
      expect(result).toEqual({
        code: 1,
        stdout: '',
        stderr:
          `assent: ${file('nested.yaml')}:${lineOf(text, 'enabeld')}: properties.news.example.com.consentOrPayConfig.enabeld: Unknown field 'enabeld'. Did you mean 'enabled'?\n` +
          `  ${file('nested.yaml')}:${lineOf(text, 'foo: 1')}: properties.news.example.com.consentOrPayConfig.foo: Unknown field 'foo'\n`,
      });
    });

    it('a value outside an enum names the allowed values', async () => {
      const text = base().replace('    publisherCC: FR\n', '    cmpVersion: banana\n');
      const result = await cli(['plan', write('enum.yaml', text)]);
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        `assent: ${file('enum.yaml')}:${lineOf(text, 'banana')}: properties.news.example.com.cmpVersion: Invalid value "banana": expected latest or a whole number\n`,
      );
    });

    it('plan --json of a broken document: its problems as JSON on stdout too, exit 1', async () => {
      const text = base().replace(
        '    publisherCC: FR\n',
        '    publisherCC: FR\n    consentOrPayConfig:\n      enabeld: true\n',
      );
      const result = await cli(['plan', write('broken.yaml', text), '--json']);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain("Unknown field 'enabeld'");
      expect(json(result.stdout)).toEqual({
        account: null,
        changes: false,
        updates: [],
        creates: [],
        unchanged: 0,
        unmanaged: [],
        problems: [
          {
            file: file('broken.yaml'),
            line: lineOf(text, 'enabeld'),
            path: ['properties', 'news.example.com', 'consentOrPayConfig', 'enabeld'],
            field: 'consentOrPayConfig.enabeld',
            message: "Unknown field 'enabeld'. Did you mean 'enabled'?",
          },
        ],
        notes: [],
      });
      const malformed = await cli([
        'plan',
        write('malformed.yaml', 'assent: 1\n  account: [\n'),
        '--json',
      ]);
      expect(malformed.code).toBe(1);
      const problems = json<{ problems: Array<Record<string, unknown>> }>(
        malformed.stdout,
      ).problems;
      expect(problems.length).toBeGreaterThan(0);
      for (const problem of problems)
        expect(problem).toEqual({
          file: file('malformed.yaml'),
          line: expect.any(Number),
          path: [],
          field: null,
          message: expect.any(String),
        });
    });

    it('plan --json with rule problems: the problems with file, line and field, exit 1', async () => {
      const text = `${base()}  News.Example.com:\n    type: site\n    theme: Default theme\n`;
      const result = await cli(['plan', write('duplicate-json.yaml', text), '--json']);
      expect(result.code).toBe(1);
      expect(json<{ problems: unknown[] }>(result.stdout).problems).toEqual([
        {
          file: file('duplicate-json.yaml'),
          line: lineOf(text, 'News.Example.com'),
          path: ['properties', 'News.Example.com'],
          field: 'url',
          message: DUPLICATE_PROPERTY,
        },
      ]);
      expect(result.stderr).toContain(`properties.News.Example.com: ${DUPLICATE_PROPERTY}`);
    });

    it('a uuid key must name a property of the account; an existing one is updated', async () => {
      const ghost = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';
      const text = `${base()}  ${ghost}:\n    type: site\n    publisherName: Ghost\n`;
      const doc = write('uuid.yaml', text);
      const result = await cli(['plan', doc]);
      expect(result.code).toBe(1);
      // The plan on stdout says the problem, never "No changes".
      expect(result.stdout).not.toContain('No changes');
      expect(result.stdout).toContain(
        `  1 problem(s): fix the document before applying.\n    ${doc}:${lineOf(text, ghost)}: properties.${ghost}: No property with uuid`,
      );
      expect(result.stderr).toBe(
        `${doc}:${lineOf(text, ghost)}: properties.${ghost}: No property with uuid '${ghost}' in account ${user.pcode}: a uuid key names an existing property (key new properties by url or package id)\n` +
          '1 problem(s): fix the document before applying.\n',
      );
      const before = (await cli(['properties', 'list', '--json'])).stdout;
      expect((await cli(['apply', doc, '--yes'])).code).toBe(1);
      expect((await cli(['properties', 'list', '--json'])).stdout).toBe(before);

      const news = json<Property>(
        (await cli(['properties', 'get', 'news.example.com', '--json'])).stdout,
      );
      const byUuid = base()
        .replace('  news.example.com:\n', `  ${news.uuid}:\n`)
        .replace('    publisherCC: FR\n', '    publisherCC: ES\n');
      const plan = await cli(['plan', write('by-uuid.yaml', byUuid)]);
      expect(plan.code).toBe(2);
      expect(plan.stdout).toContain(`  ~ ${news.uuid}\n      publisherCC: "FR" → "ES"\n`);
    });

    it('a document for another account', async () => {
      const result = await cli(['plan', file('create.yaml'), '--account', 'other']);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`is for account ${user.pcode}, not other`);
    });
  });
});

describe('bulk-update', () => {
  const where = ['--where', 'type=Site', '--where', 'publisherCC=GB'];
  const set = ['--set', 'cmpVersion=60', '--set', 'consentLocations=EEA,USA'];

  it('changes the matching properties and reports the job status', async () => {
    const dry = await cli(['bulk-update', ...where, ...set, '--dry-run']);
    expect(dry.stderr).toBe('');
    expect(dry.code).toBe(0);
    expect(dry.stdout).toBe(
      '2 of 4 properties match: blog.example.net, shop.example.org\n' +
        'Set: cmpVersion=60, consentLocations=["EEA","USA"]\n',
    );
    const run = await cli(['bulk-update', ...where, ...set, '--yes']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Done: 2 updated, 0 failed.');
    const status = json<{ job: { status: string; successful: number; total: number } }>(
      (await cli(['bulk-update', 'status', '--json'])).stdout,
    );
    expect(status.job).toMatchObject({ status: 'SUCCESSFUL', successful: 2, total: 2 });
    expect((await cli(['bulk-update', 'status'])).stdout).toContain('SUCCESSFUL');
    const shop = json<Property>(
      (await cli(['properties', 'get', 'shop.example.org', '--json'])).stdout,
    );
    expect(shop.cmpVersion).toBe(60);
  });

  it("applies the console's step 2 guard: a regulation or Google basic consent", async () => {
    const result = await cli(['bulk-update', '--all', '--set', 'cmpVersion=60']);
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr:
        "assent: --set: Choose at least one regulation (privacy modes or consent locations) or turn on Google basic consent (e.g. --set consentLocations=EEA, --set privacyModes=GDPR or --set gbcEnabled=true), as the console's bulk update requires\n",
    });
    expect(BULK_REGULATION_REQUIRED).toBe(
      'Choose at least one regulation (privacy modes or consent locations) or turn on Google basic consent',
    );
  });

  it('refuses Google basic consent without its locations and purposes, naming them', async () => {
    const result = await cli(['bulk-update', '--all', '--set', 'gbcEnabled=true']);
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr: `assent: --set gbcLocations: ${REQUIRED}\n  --set gbcApplicablePurposes: ${GBC_PURPOSE_REQUIRED}\n`,
    });
  });

  it("warns 'Multiple versions detected' like the console, and --dry-run --json prints the preview", async () => {
    const result = await cli([
      'bulk-update',
      '--where',
      'type=Site',
      '--set',
      'gbcEnabled=true',
      '--set',
      'gbcLocations=EEA',
      '--set',
      'gbcApplicablePurposes=[{"id":1,"enabled":true}]',
      '--dry-run',
      '--json',
    ]);
    expect(result.code).toBe(0);
    const warning = `Multiple versions detected: ${MULTIPLE_VERSIONS_TEXT}`;
    expect(result.stderr).toBe(`assent: warning: ${warning}\n`);
    expect(json(result.stdout)).toEqual({
      matched: 3,
      total: 4,
      properties: ['blog.example.net', 'news.example.com', 'shop.example.org'],
      fields: {
        gbcEnabled: true,
        gbcLocations: ['EEA'],
        gbcApplicablePurposes: [{ id: 1, enabled: true }],
      },
      warnings: [warning],
      dryRun: true,
      job: null,
    });
  });

  it('sets the legal basis as the console does: customized forces purpose 1, applyRecommended clears', async () => {
    const shop = ['--where', 'name=shop', '--set', 'privacyModes=GDPR'];
    const preview = await cli([
      'bulk-update',
      ...shop,
      '--set',
      'legalBasis=customized',
      '--set',
      'purposeIds=2,3',
      '--dry-run',
      '--json',
    ]);
    expect(json<{ fields: unknown }>(preview.stdout).fields).toEqual({
      privacyModes: ['GDPR'],
      purposeIds: [1, 2, 3],
      purposeLegitimateIds: [],
      specialPurposes: [],
      features: [],
      specialFeatures: [],
    });
    const customized = await cli([
      'bulk-update',
      ...shop,
      '--set',
      'legalBasis=customized',
      '--set',
      'purposeIds=2,3',
      // A declared legal basis needs a privacy policy: the first footer link is it.
      '--set',
      'customFooterLinks=[{"text":"Privacy","url":"https://shop.example.org/privacy"}]',
      '--yes',
    ]);
    expect(customized.code).toBe(0);
    const get = async () =>
      json<Property>((await cli(['properties', 'get', 'shop.example.org', '--json'])).stdout);
    expect(await get()).toMatchObject({ noLegalBasis: false, purposeIdsV2: [1, 2, 3] });

    const contradictory = await cli([
      'bulk-update',
      ...shop,
      '--set',
      'legalBasis=applyRecommended',
      '--set',
      'purposeIds=2',
    ]);
    expect(contradictory.stderr).toBe(
      'assent: --set legalBasis=applyRecommended declares no legal basis: leave out purposeIds (or use legalBasis=customized)\n',
    );
    const recommended = await cli([
      'bulk-update',
      ...shop,
      '--set',
      'legalBasis=applyRecommended',
      '--yes',
    ]);
    expect(recommended.code).toBe(0);
    expect(await get()).toMatchObject({ noLegalBasis: true, purposeIdsV2: [] });
  });

  it('reports unknown fields with the valid ones, bad values with the allowed ones, and refuses without --where', async () => {
    const unknown = await cli(['bulk-update', '--where', 'colour=red', '--set', 'cmpVersion=60']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain(
      "--where colour=red: unknown field 'colour'. Valid fields: cmpVersion, consentLocations",
    );
    const bad = await cli(['bulk-update', '--all', '--set', 'consentLocations=MARS']);
    expect(bad).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'assent: --set consentLocations=MARS: Invalid value "MARS": expected one of WORLDWIDE, EEA, USA or NEVER\n',
    });
    const none = await cli(['bulk-update', '--set', 'cmpVersion=60']);
    expect(none.stderr).toContain('--all');
  });
});

describe('tag', () => {
  it('prints the universal and the site tag snippets', async () => {
    const probe = await fetch(
      `${server.url}/customization/v2/tag?pCode=${user.pcode}&type=universal`,
      {
        headers: { authorization: `Bearer ${user.token}` },
      },
    );
    expect(probe.status).toBe(200);
    const signedIn = {
      env: { ASSENT_URL: server.url, ASSENT_TOKEN: user.token, ASSENT_ACCOUNT: user.pcode },
    };
    const universal = await cli(['tag', '--universal'], signedIn);
    expect(universal.stderr).toMatch(/^# Your Universal Tag\n/);
    expect(universal.code).toBe(0);
    const expected = json<{ snippet: string }>(await probe.text()).snippet;
    expect(universal.stdout.trimEnd()).toBe(expected.trimEnd());
    const site = await cli(['tag', 'news.example.com', '--json'], signedIn);
    expect(site.stderr).toBe('');
    expect(json<{ type: string }>(site.stdout).type).toBe('site');
    const amp = await cli(['tag', 'news.example.com', '--amp'], signedIn);
    expect(amp.code).toBe(1);
    expect(amp.stderr).toContain('AMP is not enabled on this site');
    const both = await cli(['tag', 'news.example.com', '--universal'], signedIn);
    expect(both.stderr).toContain('Give a PROPERTY');
  });

  it('for an app, explains that apps use the SDK instead of printing a web tag', async () => {
    const result = await cli(['tag', 'com.example.app']);
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr: `assent: com.example.app is an app. ${APP_USES_SDK}\n`,
    });
  });
});

describe('errors name the URL and what to do', () => {
  it('a server that cannot be reached', async () => {
    const result = await runCli(['properties', 'list'], {
      env: {
        ASSENT_URL: 'http://127.0.0.1:9',
        ASSENT_TOKEN: 'x',
        ASSENT_ACCOUNT: 'a',
        ASSENT_CONFIG_DIR: work.file('none'),
      },
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Cannot reach the Assent server at http://127.0.0.1:9');
    expect(result.stderr).toContain('ASSENT_URL');
  });

  it('a bad token', async () => {
    const result = await runCli(['properties', 'list'], {
      env: {
        ASSENT_URL: server.url,
        ASSENT_TOKEN: 'assent_bad_token',
        ASSENT_ACCOUNT: user.pcode,
        ASSENT_CONFIG_DIR: work.file('none'),
      },
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `Not signed in to ${server.url}: the token in ASSENT_TOKEN was refused`,
    );
  });

  it('an account the user is not a member of', async () => {
    const result = await cli(['properties', 'list', '--account', 'someone-else']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `You are not a member of account someone-else on ${server.url}`,
    );
  });

  it('no login at all', async () => {
    const result = await runCli(['themes', 'list'], {
      env: { ASSENT_CONFIG_DIR: work.file('empty') },
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'assent: Not signed in: run assent login --url URL (or set ASSENT_URL and ASSENT_TOKEN)\n',
    );
  });
});
