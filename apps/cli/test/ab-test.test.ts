import type { HistoryPage } from '@assent/core/history';
import type { AssentClient } from '@assent/core/api';
import { AB_TEST_TRAFFIC_TOTAL } from '@assent/core/property';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliServer, CliWorkspace, TestUser } from './harness';
import { cliWorkspace, runCli, startCliServer } from './harness';

/* `assent ab-test show|set|stop PROPERTY`: a site's A/B test of themes from a terminal (issue 10). */

let server: CliServer;
let user: TestUser;
let work: CliWorkspace;
let api: AssentClient;
let siteUuid = '';
let greenId = '';

const cli = (args: string[]) => runCli(args, { env: work.env });
const SITE = 'ab-cli.example';

beforeAll(async () => {
  server = await startCliServer();
  user = await server.user('tester@example.com');
  work = cliWorkspace('ab-test', { server, user });
  api = server.api(user);
  const query = { pCode: user.pcode };
  greenId = (
    await api.themes.create({
      query,
      body: { themeType: 'SITE', themeName: 'Green', agreeButton: 'Sounds good' },
    })
  ).themeId;
  siteUuid = (
    await api.sites.create({ query, body: { url: SITE, themeId: '1', publisherName: 'AB' } })
  ).uuid;
});
afterAll(async () => {
  await server?.close();
  work?.remove();
});

describe('assent ab-test', () => {
  it('sets a test by theme id or name, shows it with its results, and stops it', async () => {
    expect((await cli(['ab-test', 'show', SITE])).stdout).toBe(`${SITE} runs no A/B test.\n`);

    const set = await cli(['ab-test', 'set', SITE, 'plain=1:70', 'green=green:30']);
    expect(set.stderr).toBe('');
    expect(set.code).toBe(0);
    const lines = set.stdout.split('\n');
    expect(lines[0]).toBe(`Saved. A/B test of ${SITE}:`);
    expect(lines[1]).toMatch(/^VARIANT\s+THEME\s+TRAFFIC$/);
    expect(lines[2]).toMatch(/^plain\s+Default theme\s+70%$/);
    expect(lines[3]).toMatch(/^green\s+Green\s+30%$/);
    const site = await api.sites.get({ params: { id: siteUuid }, query: { pCode: user.pcode } });
    expect(site.abTestingSitesCollection).toEqual([
      { name: 'plain', themeId: '1', traffic: 70 },
      { name: 'green', themeId: greenId, traffic: 30 },
    ]);

    // show: the variants and the report of the range (no visits yet: no winner).
    const shown = await cli([
      'ab-test',
      'show',
      SITE,
      '--from',
      '2026-11-01',
      '--to',
      '2026-11-07',
    ]);
    expect(shown.code).toBe(0);
    expect(shown.stdout.split('\n')[0]).toBe(
      `A/B test of ${SITE}, 2026-11-01 to 2026-11-07 (UTC):`,
    );
    expect(shown.stdout.split('\n')[1]).toMatch(
      /^VARIANT\s+THEME\s+TRAFFIC\s+DISPLAY COUNT\s+OPT-IN %\s+DIFFERENCE\s+SIGNIFICANT$/,
    );
    expect(shown.stdout.split('\n')[2]).toMatch(/^plain\s+Default\s+70%\s+N\/A\s+N\/A\s+control$/);
    expect(shown.stdout).toContain('No winner yet: no difference in opt-in rate is significant.');
    const json = JSON.parse(
      (await cli(['ab-test', 'show', SITE, '--json', '--from', '2026-11-01', '--to', '2026-11-07']))
        .stdout,
    ) as { variants: unknown[]; report: unknown };
    expect(json.variants).toHaveLength(2);
    // No visits in the range: no figures, no winner.
    expect(json.report).toEqual({ control: null, variants: [], winner: null });

    // The changes are in the site's history, made with the CLI's token.
    const stop = await cli(['ab-test', 'stop', SITE]);
    expect(stop.stdout).toBe(
      `Stopped the A/B test of ${SITE}: every visitor gets its theme again.\n`,
    );
    expect((await cli(['ab-test', 'stop', SITE])).stdout).toBe(
      `${SITE} runs no A/B test: nothing to stop.\n`,
    );
    const history = JSON.parse((await cli(['history', SITE, '--json'])).stdout) as HistoryPage;
    expect(
      history.items
        .filter((e) => e.changes.some((c) => c.field === 'abTestingSitesCollection'))
        .map((e) => [e.via, e.tokenName, e.changes[0]!.to === null ? 'stopped' : 'set']),
    ).toEqual([
      ['token', 'test', 'stopped'],
      ['token', 'test', 'set'],
    ]);
  });

  it('refuses a malformed variant, an unknown theme and a split the server refuses, naming them', async () => {
    const malformed = await cli(['ab-test', 'set', SITE, 'plain=1', 'green=2:50']);
    expect(malformed.code).toBe(1);
    expect(malformed.stderr).toContain("'plain=1' is not a variant: write NAME=THEME:TRAFFIC");
    const unknown = await cli(['ab-test', 'set', SITE, 'plain=1:50', 'blue=Blue:50']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain(`No theme 'Blue' in account ${user.pcode}`);
    const total = await cli(['ab-test', 'set', SITE, 'plain=1:50', 'green=Green:40']);
    expect(total.code).toBe(1);
    expect(total.stderr).toContain(`variants: ${AB_TEST_TRAFFIC_TOTAL}`);
    const site = await api.sites.get({ params: { id: siteUuid }, query: { pCode: user.pcode } });
    expect(site.abTestingSitesCollection).toBeUndefined();
  });
});
