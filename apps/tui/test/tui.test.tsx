import { createClient } from '@assent/core/api';
import type { AssentClient, FetchLike } from '@assent/core/api';
import { PRIVACY_POLICY_REQUIRED } from '@assent/core/property';
import { createQueryClientDefaults } from '@assent/core/queries';
import type { LiveServer, TestUser } from '@assent/server/testing';
import { startLiveServer } from '@assent/server/testing';
// The server's own test records: page views stored on past days, as the visit pipeline writes them.
import { storeVisits, visitRecord } from '../../server/test/visit-records';
import { QueryClient } from '@tanstack/react-query';
import { EventEmitter } from 'node:events';
import { render as inkRender } from 'ink';
import { render } from 'ink-testing-library';
import type { ReactElement } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { App } from '../src/App';
import { PROPERTY_DETAIL_KEYS } from '../src/PropertyDetail';
import { paletteFor } from '../src/terminal';
import { fakeStdin } from './fake-stdin';

let server: LiveServer;
let user: TestUser;
let api: AssentClient;
let shopUuid = '';
const uuids: Record<string, string> = {};

beforeAll(async () => {
  server = await startLiveServer();
  user = await server.user('tui@example.com');
  api = server.api(user);
  const query = { pCode: user.pcode };
  for (const url of ['news.example.com', 'shop.example.org', 'blog.example.net']) {
    const site = await api.sites.create({
      query,
      body: { url, publisherName: url.split('.')[0]!, themeId: '1', consentLocations: ['EEA'] },
    });
    if (url === 'shop.example.org') shopUuid = site.uuid;
    uuids[url] = site.uuid;
  }
  // A theme of the account's own (sorted after the built-in ones), in French with one text set.
  await api.themes.create({
    query,
    body: {
      themeType: 'SITE',
      themeName: 'Zeta theme',
      language: 'fr',
      privacyModes: ['GDPR'],
      agreeButton: 'Oui, tout accepter',
      uxPrimaryButtonColor: '#112233',
    },
  });
  // Page views of shop.example.org 4 and 11 days ago (inside the last 30 days): GDPR twice
  // accepted and once rejected, then CCPA once accepted.
  const day = (back: number) => new Date(Date.now() - back * 86_400_000);
  await storeVisits(server.deps.db, [
    visitRecord(user.pcode, shopUuid, day(11), { r: 1, o: 'a' }, { country: 'DE' }),
    visitRecord(user.pcode, shopUuid, day(11), { r: 1, o: 'a' }, { country: 'DE' }),
    visitRecord(user.pcode, shopUuid, day(11), { r: 1, o: 'r' }, { country: 'DE' }),
    visitRecord(user.pcode, shopUuid, day(4), { r: 2, o: 'a' }, { country: 'US' }),
  ]);
});

afterAll(async () => {
  await server?.close();
});

const ESC = '\u001B';
const ENTER = '\r';

function clientWith(url: string, token: string): AssentClient {
  return createClient({
    baseUrl: url,
    fetch: globalThis.fetch as unknown as FetchLike,
    headers: () => ({ authorization: `Bearer ${token}` }),
  });
}

/**
 * ink-testing-library's render at a chosen terminal size (its own is 100 columns with no rows,
 * which the UI takes as 24): the frames Ink writes, and a stdin the test types into.
 */
function renderAt(tree: ReactElement, size: { columns: number; rows: number }) {
  let last: string | undefined;
  const stdout = Object.assign(new EventEmitter(), {
    columns: size.columns,
    rows: size.rows,
    write: (frame: string) => {
      last = frame;
      return true;
    },
  });
  const stderr = Object.assign(new EventEmitter(), { write: () => true });
  const stdin = fakeStdin();
  const instance = inkRender(tree, {
    stdout: stdout as unknown as NodeJS.WriteStream,
    stderr: stderr as unknown as NodeJS.WriteStream,
    stdin: stdin as unknown as NodeJS.ReadStream,
    debug: true,
    exitOnCtrlC: false,
    patchConsole: false,
  });
  return { stdin, lastFrame: () => last, unmount: () => instance.unmount() };
}

function start(
  options: {
    client?: AssentClient;
    url?: string;
    columns?: number;
    rows?: number;
    statusMs?: number;
    account?: string;
  } = {},
) {
  const copied: string[] = [];
  const queryClient = new QueryClient({ defaultOptions: createQueryClientDefaults() });
  const tree = (
    <App
      client={options.client ?? api}
      queryClient={queryClient}
      url={options.url ?? server.url}
      account={options.account ?? user.pcode}
      palette={paletteFor({ NO_COLOR: '1' })}
      copy={(text) => copied.push(text)}
      {...(options.statusMs ? { statusMs: options.statusMs } : {})}
    />
  );
  const ui = options.columns
    ? renderAt(tree, { columns: options.columns, rows: options.rows ?? 24 })
    : render(tree);
  const frame = () => ui.lastFrame() ?? '';
  /** Waits until the screen shows `text` (the data arrives from the real server). */
  const waitFor = async (text: string | RegExp, timeoutMs = 20_000) => {
    const deadline = Date.now() + timeoutMs;
    const found = () => (typeof text === 'string' ? frame().includes(text) : text.test(frame()));
    while (!found()) {
      if (Date.now() > deadline)
        throw new Error(`The screen never showed ${String(text)}; it shows:\n${frame()}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const press = async (keys: string, until: string | RegExp) => {
    ui.stdin.write(keys);
    await waitFor(until);
  };
  return { ui, frame, waitFor, press, copied, queryClient };
}

describe('assent tui against a real server', () => {
  it('shows the header, the sections and the properties with the console columns', async () => {
    const t = start();
    await t.waitFor('news.example.com');
    await t.waitFor(`user tui@example.com`);
    const screen = t.frame();
    expect(screen).toContain(`server ${server.url}`);
    expect(screen).toContain(`account ${user.pcode}`);
    for (const name of ['1 Properties', '2 Themes', '3 Vendors', '4 Reports', '5 Jobs'])
      expect(screen).toContain(name);
    for (const title of ['Status', 'Regulation', 'Theme', 'Consent', 'Version'])
      expect(screen).toContain(title);
    // Sorted by url as in the console; the first row is selected.
    expect(screen).toMatch(/> blog\.example\.net\s+Active/);
    expect(screen.indexOf('news.example.com')).toBeLessThan(screen.indexOf('shop.example.org'));
    t.ui.unmount();
  });

  it('moves with j/k and arrows, and switches sections with Tab and number keys', async () => {
    const t = start();
    await t.waitFor('> blog.example.net');
    await t.press('j', '> news.example.com');
    await t.press('\u001B[B', '> shop.example.org');
    await t.press('k', '> news.example.com');
    // Themes: the account's themes sorted by name, with type, regulation and GVL version.
    await t.press('\t', /> Default app theme\s+APP\s+GDPR\s+3/);
    expect(t.frame()).toMatch(/ {2}Default theme\s+SITE/);
    await t.press('5', 'No bulk update yet.');
    await t.press('4', 'No saved reports yet.');
    await t.press('3', /GVL v3 list \d+: \d+ vendors, 0 selected/);
    await t.press('1', '> blog.example.net');
    t.ui.unmount();
  });

  it('filters with / and clears the filter with Esc', async () => {
    const t = start();
    await t.waitFor('> blog.example.net');
    await t.press('/', '/');
    await t.press('shop', '> shop.example.org');
    expect(t.frame()).not.toContain('news.example.com');
    await t.press(ENTER, 'filter: shop');
    expect(t.frame()).not.toContain('blog.example.net');
    // The status line counts the rows shown, in the singular for one.
    await t.waitFor(/^1 property\s*$/m);
    await t.press('/', '/shop');
    await t.press('xyz', 'Nothing matches "shopxyz".');
    await t.press(ESC, 'news.example.com');
    expect(t.frame()).toContain('blog.example.net');
    await t.waitFor(/^3 properties\s*$/m);
    t.ui.unmount();
  });

  it('opens a property: its settings in groups, its consent figures, its tags and the copy', async () => {
    const t = start();
    await t.waitFor('> blog.example.net');
    await t.press('j', '> news.example.com');
    await t.press(ENTER, 'General');
    for (const text of ['Regulation', 'Theme and Google', 'Consent analytics', 'Publisher'])
      expect(t.frame()).toContain(text);
    // The detail is longer than the screen: it scrolls to its end with G.
    await t.press('G', 'No consent data in the last 30 days.');
    await t.waitFor('No page views in the last 30 days.');
    await t.press('t', 'Site tag of news.example.com');
    await t.waitFor('<script');
    await t.press('c', 'Copied the site tag to the clipboard (OSC 52).');
    expect(t.copied).toHaveLength(1);
    // The snippet as `assent tag` prints it, not the API's JSON.
    expect(t.copied[0]).toMatch(/^<!-- Assent consent tag: news\.example\.com -->\n<script>/);
    await t.press('t', 'Universal tag of news.example.com');
    await t.press('t', 'AMP tag of news.example.com');
    // The server's refusal shows where the tag would be.
    await t.waitFor('AMP is not enabled on this site');
    // Esc leaves the tag for the detail where it was (its end).
    await t.press(ESC, PROPERTY_DETAIL_KEYS);
    await t.press(ESC, '> news.example.com');
    t.ui.unmount();
  });

  it("at 80x24 a property's detail fits the screen and scrolls to its consent figures and chart", async () => {
    const t = start({ columns: 80, rows: 24 });
    await t.waitFor('> blog.example.net');
    await t.press('j', '> news.example.com');
    await t.press('j', '> shop.example.org');
    await t.press(ENTER, 'Consent analytics');
    const fits = () => {
      const lines = t.frame().split('\n');
      expect(lines.length).toBeLessThanOrEqual(24);
      for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
      // The last rows are never squeezed out: the key line is on screen.
      expect(t.frame()).toContain('? help  / filter');
    };
    fits();
    expect(t.frame()).toMatch(/↓ \d+ more lines \(j\/k scroll\)/);
    // The end of the detail (G waits for it to load): CCPA's figures and the chart of Display
    // Count per day.
    await t.press('G', '── all regulations');
    // The section's last row (the median fulfilment time has no value, so no row).
    await t.waitFor('Do-not-sell requests fulfilled');
    const screen = t.frame();
    expect(screen).toMatch(/^ +3[┤┼]/m); // the y axis tops at the busiest day (3 views)
    expect(screen).toMatch(/^ +0[┤┼]/m);
    expect(screen).toMatch(/[╭╮╯╰]/); // the line rises and falls
    expect(screen).toContain(PROPERTY_DETAIL_KEYS);
    fits();
    // One line up: the section of those US figures, labelled as the console labels it.
    // The US view was under the national section: CCPA's, and in no 'US States' section besides.
    await t.press('k', /^ {2}CCPA/m);
    expect(t.frame()).not.toContain('US States');
    // Back to the top with g, then down line by line to GDPR's figures (the site detail's report).
    await t.press('g', 'General');
    for (let i = 1; i <= 14; i++) await t.press('j', i < 5 ? 'Consent analytics' : 'GDPR');
    await t.waitFor(/Rejected all\s+1 \(33\.3%\)/);
    expect(t.frame()).toMatch(/Banners shown\s+3\b/);
    expect(t.frame()).toMatch(/Accepted all\s+2 \(66\.7%\)/);
    expect(t.frame()).not.toContain('Publisher');
    fits();
    await t.press(ESC, '> shop.example.org');
    t.ui.unmount();
  });

  it('opens a theme: its banner texts per language (standard ones marked), then its colours', async () => {
    const t = start();
    await t.waitFor('> blog.example.net');
    await t.press('2', '> Default app theme');
    await t.press('G', '> Zeta theme');
    await t.press(ENTER, 'Texts');
    const screen = t.frame();
    expect(screen).toContain('Languages           fr');
    expect(screen).toContain('fr (the theme’s language)');
    // The theme's own text, and the French standard texts where it set none.
    expect(screen).toMatch(/Accept button\s+Oui, tout accepter\n/);
    expect(screen).toMatch(/Reject button\s+.+ \(standard\)/);
    expect(screen).toMatch(/Header\s+.+ \(standard\)/);
    await t.press('G', '#112233');
    expect(t.frame()).toContain('uxPrimaryButtonColor');
    await t.press(ESC, '> Zeta theme');
    t.ui.unmount();
  });

  it('keys typed together act one after another, each on the screen the key before left', async () => {
    const t = start();
    await t.waitFor('> blog.example.net');
    // One chunk of two keys (typed faster than they are read): two moves down.
    await t.press('jj', '> shop.example.org');
    await t.press('2', /> Default app theme\s+APP/);
    await t.press('1', '> blog.example.net');
    // Two chunks before a redraw: j moves in Themes, where 2 went (not in Properties).
    t.ui.stdin.write('2');
    t.ui.stdin.write('j');
    await t.waitFor(/> Default theme\s+SITE/);
    expect(t.frame()).toMatch(/ {2}Default app theme\s+APP/);
    // Back to Properties and its first row's tag in one chunk.
    await t.press('1t', 'Site tag of blog.example.net');
    t.ui.unmount();
  });

  it('a status message goes after a few seconds, or at the next key', async () => {
    const t = start({ statusMs: 300 });
    await t.waitFor('> blog.example.net');
    const hint = 'Press t to show a tag first, then c to copy it.';
    await t.press('c', hint);
    // Waits on the screen: the row count comes back in its place.
    await t.waitFor(/^3 properties\s*$/m);
    expect(t.frame()).not.toContain(hint);
    const slow = start();
    await slow.waitFor('> blog.example.net');
    await slow.press('c', hint);
    await slow.press('j', '> news.example.com');
    expect(slow.frame()).not.toContain(hint);
    expect(slow.frame()).toMatch(/^3 properties\s*$/m);
    t.ui.unmount();
    slow.ui.unmount();
  });

  it('shows every key with ?, and Esc closes the help', async () => {
    const t = start();
    await t.waitFor('> blog.example.net');
    await t.press('?', 'Keys');
    for (const what of ['switch section', 'filter the list', 'copy the tag'])
      expect(t.frame()).toContain(what);
    // Longer than a screen of 24 rows: G scrolls to its last keys.
    await t.press('G', /^q {23}quit/m);
    expect(t.frame()).toMatch(/^: {23}switch account/m);
    await t.press(ESC, '> blog.example.net');
    t.ui.unmount();
  });

  it('a refused token shows in the status line with what to do; the UI stays usable', async () => {
    const t = start({ client: clientWith(server.url, 'not-a-token') });
    await t.waitFor(`The server refused the token (401): run assent login --url ${server.url}`);
    await t.press('?', 'Keys');
    await t.press(ESC, 'refused the token');
    t.ui.unmount();
  });

  it('a server that is down shows in the status line; r retries', async () => {
    const url = 'http://127.0.0.1:9';
    const t = start({ client: clientWith(url, user.token), url });
    await t.waitFor(`Cannot reach ${url}`);
    expect(t.frame()).toContain('is the server running? Press r to retry');
    await t.press('2', 'Cannot reach');
    await t.press('r', /Cannot reach|Refreshing/);
    t.ui.unmount();
  });

  it(': switches the account; an account of someone else is refused in the status line', async () => {
    const other = await server.user('other@example.com');
    const t = start();
    await t.waitFor('> blog.example.net');
    await t.press(':', 'Switch to account:');
    await t.press(other.pcode, `Switch to account: ${other.pcode}`);
    await t.press(ENTER, `account ${other.pcode}`);
    await t.waitFor('(403)');
    t.ui.unmount();
  });

  it('the Reports dashboard: summary cards with their change for a chosen period, and the country table', async () => {
    const t = start();
    await t.waitFor('> blog.example.net');
    await t.press('4', 'No saved reports yet.');
    await t.press('d', 'Summary');
    // Last 7 days: the CCPA view of 4 days ago, against the 3 views of 11 days ago.
    await t.waitFor(/Display Count\s+1\s+-66\.7% \(negative\)/);
    expect(t.frame()).toMatch(
      /Period Last 7 Days \(\d{4}-\d\d-\d\d – \d{4}-\d\d-\d\d\), compared with/,
    );
    expect(t.frame()).toContain('Properties All');
    expect(t.frame()).toMatch(/Opt-in %\s+100\.0%/);
    await t.waitFor('Consent by country');
    expect(t.frame()).toMatch(/Country\s+Display Count/);
    await t.waitFor(/United States\s+1\b/);
    expect(t.frame()).not.toContain('Germany');
    // ] moves to the next preset: the last 30 days hold all four views, none before.
    await t.press(']', 'Period Last 30 Days');
    await t.waitFor(/Display Count\s+4\s+\+100\.0% \(positive\)/);
    expect(t.frame()).toMatch(/Opt-in %\s+75\.0%/);
    // Sorted as the console sorts it: Display Count, descending.
    await t.waitFor(/Germany\s+3\b[^]*United States\s+1\b/);
    expect(t.frame()).toContain('Consent by country, sorted by Display Count ▼ descending');
    // s sorts by the next column (as a click on its header): Display Count Change, then Opt-in %,
    // highest first: the United States (100.0%) before Germany (66.7%). S reverses it.
    await t.press('s', 'sorted by Display Count Change ▼ descending');
    await t.press('s', 'sorted by Opt-in % ▼ descending');
    await t.waitFor(/United States\s+1\b[^]*Germany\s+3\b/);
    await t.press('S', 'sorted by Opt-in % ▲ ascending');
    await t.waitFor(/Germany\s+3\b[^]*United States\s+1\b/);
    // P opens the property picker; Esc leaves the set as it was.
    await t.press('P', '> [x] All');
    await t.press(ESC, 'Properties All');
    await t.waitFor(/Display Count\s+4\s+\+100\.0% \(positive\)/);
    await t.press(ESC, 'No saved reports yet.');
    t.ui.unmount();
  });

  it('the dashboard for a chosen set of properties: two of three, as the console multi-select', async () => {
    // Views on the two other properties too: blog.example.net twice (France), news.example.com
    // once (Italy), 4 days ago. All three together: 7 views.
    const day = new Date(Date.now() - 4 * 86_400_000);
    await storeVisits(server.deps.db, [
      visitRecord(user.pcode, uuids['blog.example.net']!, day, { r: 1, o: 'a' }, { country: 'FR' }),
      visitRecord(user.pcode, uuids['blog.example.net']!, day, { r: 1, o: 'a' }, { country: 'FR' }),
      visitRecord(user.pcode, uuids['news.example.com']!, day, { r: 1, o: 'r' }, { country: 'IT' }),
    ]);
    const t = start();
    await t.waitFor('> blog.example.net');
    await t.press('4', 'No saved reports yet.');
    await t.press('d', 'Summary');
    await t.press(']', 'Period Last 30 Days');
    await t.waitFor(/Display Count\s+7\s/);
    await t.waitFor(/Italy\s+1\b/);
    // P: All and every property, all chosen; space drops news.example.com, Enter applies.
    await t.press('P', '> [x] All');
    expect(t.frame()).toMatch(/^ {2}\[x\] blog\.example\.net$/m);
    expect(t.frame()).toMatch(/^ {2}\[x\] shop\.example\.org$/m);
    await t.press('j', '> [x] blog.example.net');
    await t.press('j', '> [x] news.example.com');
    await t.press(' ', '> [ ] news.example.com');
    expect(t.frame()).toMatch(/^ {2}\[ \] All$/m);
    await t.press(ENTER, 'Properties blog.example.net, shop.example.org');
    // The cards and the table are those two's: 3 + 1 views of shop.example.org, 2 of blog.
    await t.waitFor(/Display Count\s+6\s/);
    await t.waitFor(/France\s+2\b/);
    expect(t.frame()).toMatch(/Germany\s+3\b/);
    expect(t.frame()).not.toContain('Italy');
    // Space on All chooses every property again.
    await t.press('P', '> [ ] All');
    await t.press(' ', '> [x] All');
    await t.press(ENTER, 'Properties All');
    await t.waitFor(/Display Count\s+7\s/);
    t.ui.unmount();
  });

  it('runs a saved report (x) and shows its result table', async () => {
    await api.analytics.createJob({
      params: { pCode: user.pcode },
      body: {
        name: 'Shop consent',
        type: 'on_demand',
        recipients: [],
        query: {
          filters: [{ key: 'propertyId', operator: 'in', values: [shopUuid] }],
          dimensions: [],
          metrics: ['totalSessions', 'optInPercent'],
          granularity: 'day',
          timePeriod: { type: 'last30Days' },
        },
      },
    });
    const t = start();
    await t.waitFor('> blog.example.net');
    await t.press('4', '> Shop consent');
    await t.press(ENTER, 'x runs the report');
    await t.press('x', '1 row');
    const screen = t.frame();
    expect(screen).toMatch(/Display Count\s+Opt-in %/);
    // Two decimals, as the console's results table.
    expect(screen).toMatch(/^4\s+75\.00%/m);
    t.ui.unmount();
  });

  it('a report by property over every property (no property filter) shows them by url', async () => {
    const { id } = await api.analytics.createJob({
      params: { pCode: user.pcode },
      body: {
        name: 'All by property',
        type: 'on_demand',
        recipients: [],
        query: {
          filters: [],
          dimensions: ['propertyId'],
          metrics: ['totalSessions'],
          granularity: 'day',
          timePeriod: { type: 'last30Days' },
        },
      },
    });
    // An on-demand report runs as it is saved: wait for its run (the list shows it once done).
    const status = async () =>
      (await api.analytics.getJob({ params: { pCode: user.pcode, jobId: id! } })).status;
    let ran = await status();
    while (ran === 'PENDING' || ran === 'RUNNING') {
      await new Promise((r) => setTimeout(r, 50));
      ran = await status();
    }
    expect(ran).toBe('COMPLETED');
    const t = start();
    await t.waitFor('> blog.example.net');
    // Reports are listed by name: this one first.
    await t.press('4', '> All by property');
    await t.press(ENTER, 'x runs the report');
    // It ran as it was saved: its last run's instant as the console writes it.
    await t.waitFor(/^Last run\s+\d{2} \w{3} \d{4}, \d{2}:\d{2} UTC$/m);
    await t.press('x', / rows?$/m);
    // The shop's 4 page views, under its url (not its uuid); the other properties' rows too.
    await t.waitFor(/^shop\.example\.org\s+4\s*$/m);
    expect(t.frame()).not.toContain(shopUuid);
    t.ui.unmount();
  });

  it('Jobs: the latest bulk update with its progress bar, counts and failures', async () => {
    const other = await server.user('jobs@example.com');
    const client = server.api(other);
    const query = { pCode: other.pcode };
    for (const url of ['one.example.com', 'two.example.com'])
      await client.sites.create({
        query,
        body: { url, publisherName: 'x', themeId: '1', consentLocations: ['EEA'] },
      });
    const sites = await client.sites.list({ query });
    await client.bulkUpdate.submit({
      query,
      body: { sites: sites.map((s) => s.siteId), fields: { publisherCC: 'FR' } },
    });
    const t = start({ client, account: other.pcode });
    await t.waitFor('> one.example.com');
    await t.press('5', /Latest bulk update: (RUNNING|SUCCESSFUL)/);
    // The bar (no colour: its two characters) and the percentage follow the counts, whether the
    // server's queue has done the job yet or not (the section reads it again every 3 s).
    const shown = /^(█*)(░*) +(\d+)% {2}updated (\d), failed 0, pending (\d) of 2$/m;
    await t.waitFor(shown);
    const [, done, todo, percent, updated, pending] = shown.exec(t.frame())!;
    expect(done!.length + todo!.length).toBe(20);
    expect(Number(percent)).toBe(((2 - Number(pending)) / 2) * 100);
    expect(done!.length).toBe(Math.round((Number(percent) / 100) * 20));
    expect(Number(updated)).toBe(2 - Number(pending));
    expect(t.frame()).toContain('No failures.');
    t.ui.unmount();
  });

  // Light edits (R, T). These sites sort after the others (the tests above move by position).
  it('R changes a property regulation after y: saved through the console save path, read back', async () => {
    const query = { pCode: user.pcode };
    const site = await api.sites.create({
      query,
      body: {
        url: 'toggle-a.example.org',
        publisherName: 'toggle',
        themeId: '1',
        consentLocations: ['EEA'],
      },
    });
    const t = start();
    await t.waitFor('> blog.example.net');
    await t.press('G', /> toggle-a\.example\.org\s+\S+\s+GDPR/);
    await t.press('R', 'Change the regulation of toggle-a.example.org: GDPR → US? y/n');
    await t.press('y', 'toggle-a.example.org was saved.');
    const saved = await api.sites.get({ params: { id: site.uuid }, query });
    expect(saved.consentLocations).toEqual(['USA']);
    expect(saved.privacyModes).toEqual(['USP']);
    // The list is read again: its Regulation column shows the change.
    await t.waitFor(/> toggle-a\.example\.org\s+\S+\s+US\s/);
    // T: the next theme of the site's type, saved the same way.
    await t.press('T', /Change the theme of toggle-a\.example\.org: .+ → .+\? y\/n/);
    const chosen = /: .+ → (.+)\? y\/n/.exec(t.frame())![1]!;
    await t.press('y', 'toggle-a.example.org was saved.');
    const themed = await api.sites.get({ params: { id: site.uuid }, query });
    expect(themed.themeId).not.toBe('1');
    expect(themed.themeName).toBe(chosen);
    t.ui.unmount();
  });

  it('any key but y cancels a toggle: nothing is saved', async () => {
    const query = { pCode: user.pcode };
    const site = await api.sites.create({
      query,
      body: {
        url: 'toggle-b.example.org',
        publisherName: 'toggle',
        themeId: '1',
        consentLocations: ['EEA'],
      },
    });
    const before = await api.sites.get({ params: { id: site.uuid }, query });
    const t = start();
    await t.waitFor('> blog.example.net');
    await t.press('G', '> toggle-b.example.org');
    await t.press('T', /Change the theme of toggle-b\.example\.org: .+\? y\/n/);
    await t.press('n', 'Nothing was changed.');
    await t.press('R', 'Change the regulation of toggle-b.example.org: GDPR → US? y/n');
    await t.press(ESC, 'Nothing was changed.');
    const after = await api.sites.get({ params: { id: site.uuid }, query });
    expect(after.themeId).toBe('1');
    expect(after.consentLocations).toEqual(['EEA']);
    expect(after).toEqual(before);
    t.ui.unmount();
  });

  it("a toggle that breaks a rule shows the rule's message and saves nothing", async () => {
    const query = { pCode: user.pcode };
    // US only, declaring a legal basis without a privacy policy: allowed until GDPR applies.
    const site = await api.sites.create({
      query,
      body: {
        url: 'toggle-c.example.org',
        publisherName: 'toggle',
        themeId: '1',
        consentLocations: ['USA'],
        noLegalBasis: false,
      },
    });
    const t = start();
    await t.waitFor('> blog.example.net');
    await t.press('G', '> toggle-c.example.org');
    await t.press('R', `Not saved: ${PRIVACY_POLICY_REQUIRED} (gdprPrivacyLink).`);
    const after = await api.sites.get({ params: { id: site.uuid }, query });
    expect(after.consentLocations).toEqual(['USA']);
    expect(after.privacyModes).toEqual(['USP']);
    // Nothing waits for a y: the next key moves as usual.
    await t.press('k', '> toggle-b.example.org');
    t.ui.unmount();
  });
});
