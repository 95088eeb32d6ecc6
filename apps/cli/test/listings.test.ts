import type { AssentClient } from '@assent/core/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliServer, CliWorkspace, TestUser } from './harness';
import { cliWorkspace, runCli, startCliServer, startLogoServer } from './harness';

/* Listings and tags with long values: tables fit 80 columns; `properties get` hides nothing. */

let server: CliServer;
let user: TestUser;
let api: AssentClient;
let work: CliWorkspace;
let env: Record<string, string>;

const cli = (args: string[]) => runCli(args, { env });
const LONG_NAME = 'The Very Long Name Of A Publishing Group With Many Regional Newspapers';
let logos: Awaited<ReturnType<typeof startLogoServer>>;
/** A long logo URL (served on loopback: a save loads the logo); its query keeps it as it is. */
let LOGO = '';

const expectFits = (text: string) => {
  for (const line of text.trimEnd().split('\n')) expect(line.length).toBeLessThanOrEqual(80);
};

beforeAll(async () => {
  logos = await startLogoServer();
  LOGO = `${logos.url}/assets/brand/2025/logos/main-logo-for-consent-banners.png?variant=consent-banner`;
  server = await startCliServer();
  user = await server.user('ops@example.com');
  api = server.api(user);
  const query = { pCode: user.pcode };
  await server.addAccount(user, LONG_NAME);
  await api.themes.create({
    query,
    body: { themeType: 'SITE', themeName: `${LONG_NAME} — dark`, privacyModes: ['GDPR'] },
  });
  await api.sites.create({
    query,
    body: {
      url: 'amp.example.com',
      publisherName: LONG_NAME,
      publisherLogoUrl: LOGO,
      themeId: '1',
      ampEnabled: true,
      purposeIdsV2: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
      noLegalBasis: false,
      gdprPrivacyLink: 'https://amp.example.com/privacy',
    },
  });
  work = cliWorkspace('listings', { server, user });
  env = work.env;
});

afterAll(async () => {
  await logos?.close();
  await server?.close();
  work?.remove();
});

describe('tables fit an 80-column terminal', () => {
  it('accounts list', async () => {
    const result = await cli(['accounts', 'list']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^ {3}ACCOUNT\s+NAME\s+CONSENT OR PAY\n/);
    expect(result.stdout).toContain('The Very Long Name');
    expectFits(result.stdout);
  });

  it('themes list', async () => {
    const result = await cli(['themes', 'list']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^ID\s+THEME\s+TYPE\s+REGULATION\s+GVL\n/);
    expect(result.stdout).toContain('The Very Long Name');
    expectFits(result.stdout);
  });
});

describe('properties get', () => {
  it('shows every value in full, wrapped within 80 columns', async () => {
    const result = await cli(['properties', 'get', 'amp.example.com']);
    expect(result.code).toBe(0);
    expectFits(result.stdout);
    expect(result.stdout).not.toContain('…');
    const lines = result.stdout.trimEnd().split('\n');
    const valueAt = lines[0]!.indexOf('VALUE');
    /** A field's value: its row and the wrapped lines under it (empty FIELD cell). */
    const valueOf = (field: string): string => {
      const start = lines.findIndex((l) => l.startsWith(`${field} `));
      const rest = lines.slice(start + 1);
      const end = rest.findIndex((l) => l.slice(0, valueAt).trim() !== '');
      return [lines[start]!, ...rest.slice(0, end < 0 ? rest.length : end)]
        .map((l) => l.slice(valueAt))
        .join('\n');
    };
    expect(valueOf('publisherName').replace(/\n/g, ' ')).toBe(JSON.stringify(LONG_NAME));
    expect(valueOf('publisherLogoUrl').replace(/\n/g, '')).toBe(JSON.stringify(LOGO));
    expect(valueOf('purposeIdsV2').replace(/\n/g, '')).toBe('[1,2,3,4,5,6,7,8,9,10,11]');
  });
});

describe('tag', () => {
  it('--amp --persistent-link prints the AMP tag and its styles as the server gives them', async () => {
    const [item] = await api.sites.list({
      query: { pCode: user.pcode, filter: 'amp.example.com' },
    });
    const expected = await api.tags.get({
      query: { pCode: user.pcode, type: 'amp', id: item!.uuid, persistentLink: true },
    });
    expect(expected.snippet).toContain('<amp-consent');
    expect(expected.styles).toBeTruthy();
    const withNewline = (text: string) => (text.endsWith('\n') ? text : `${text}\n`);

    const result = await cli(['tag', 'amp.example.com', '--amp', '--persistent-link']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      `${withNewline(expected.snippet)}\n${withNewline(expected.styles!)}`,
    );
    expect(result.stderr).toBe(
      [expected.title, ...expected.instructions].map((line) => `# ${line}\n`).join(''),
    );
    const json = await cli(['tag', 'amp.example.com', '--amp', '--persistent-link', '--json']);
    expect(JSON.parse(json.stdout)).toEqual(expected);

    const plain = await api.tags.get({
      query: { pCode: user.pcode, type: 'amp', id: item!.uuid, persistentLink: false },
    });
    expect(plain.snippet).not.toBe(expected.snippet);
    expect((await cli(['tag', 'amp.example.com', '--amp'])).stdout).toBe(
      `${withNewline(plain.snippet)}\n${withNewline(plain.styles!)}`,
    );
  });
});
