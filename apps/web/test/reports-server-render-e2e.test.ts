// @vitest-environment node
import { addUtcDays, startOfUtcDay } from '@assent/core';
import { DASHBOARD_PRESET_LABELS, defaultSummaryRange, MORE_FILTERS } from '@assent/core/reports';
import type { TestUser } from '@assent/server/testing';
import { GEO_HEADER_ENV } from '@assent/server/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CHART_TITLES } from '../src/reports/dashboard/chart-data';
import type { E2eBrowser, E2eServer } from './e2e-support';
import {
  closeAll,
  closeWithEscape,
  describeInChromium,
  openConsole,
  recordConsoleErrors,
  startE2eServer,
  untilServerRendered,
} from './e2e-support';

const SITE = 'ssr-dash.example';
/** Three days ago (inside the default 7 days at any hour): accepted twice and denied once, from Germany. */
const OUTCOMES = ['a', 'r', 'a'] as const;
const DAY_MS = 24 * 3600_000;

/**
 * Issue 16 on the reports dashboard (issue 11): a signed-in GET of the reports page arrives with
 * the dashboard's cards, chart titles and data tables and country rows in its markup, hydrates
 * without a mismatch or asking for its data again (with the browser's clock on another day than
 * the server's: the default periods are the server's), then draws its charts and works.
 */
describeInChromium('the server-rendered reports dashboard in a real browser', () => {
  let server: E2eServer;
  let browser: E2eBrowser;
  let page: Page;
  let owner: TestUser;
  let dashboard: string;

  beforeAll(async () => {
    server = await startE2eServer(GEO_HEADER_ENV);
    owner = await server.user('ssr.dana@example.com');
    const api = server.api(owner);
    const site = await api.sites.create({
      query: { pCode: owner.pcode },
      body: { url: SITE, publisherName: 'Dana News', themeId: '1', consentLocations: ['EEA'] },
    });
    // The server stamps a visit with its own clock: noon three days ago.
    const deps = server.deps as { now: () => Date };
    const realNow = deps.now;
    deps.now = () => new Date(addUtcDays(startOfUtcDay(new Date()), -3).getTime() + DAY_MS / 2);
    try {
      for (const o of OUTCOMES) {
        const res = await fetch(`${server.url}/banner/visit`, {
          method: 'POST',
          headers: {
            'content-type': 'text/plain;charset=UTF-8',
            origin: `https://${SITE}`,
            'cf-ipcountry': 'DE',
          },
          body: JSON.stringify({
            ...{ p: site.uuid, t: '1', r: 1, o, f: 'H', d: 'd' },
            ...{ os: 'Windows', b: 'Chrome', ts: Date.now() },
          }),
        });
        expect(res.status).toBe(204);
      }
    } finally {
      deps.now = realNow;
    }
    // The visits are counted by the time the page asks (the sink may batch).
    const range = defaultSummaryRange(new Date());
    const counted = async () => {
      const [result] = await api.analytics.runReport({
        params: { pCode: owner.pcode },
        body: {
          queries: [{ id: 'n', dimensions: [], metrics: ['totalSessions'], granularity: 'day' }],
          filters: [
            { key: 'startDate', operator: 'gteq', values: [range.startDate] },
            { key: 'endDate', operator: 'lteq', values: [range.endDate] },
          ],
        },
      });
      return result?.results[0]?.totalSessions === OUTCOMES.length;
    };
    while (!(await counted())) await new Promise((resolve) => setTimeout(resolve, 250));
    dashboard = `/protect/p-${owner.pcode}/reports/${site.uuid}`;
    await untilServerRendered(server, dashboard, owner);
    browser = await openConsole(server, { as: owner, timeoutMs: 60_000 });
    page = browser.page;
  });
  afterAll(() => closeAll(server, browser));

  it(
    'arrives with its cards, chart tables and country rows, hydrates on the server’s day without a mismatch or a call again, draws its charts, then works',
    { timeout: 180_000 },
    async () => {
      const calls: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/analytics/')) calls.push(url.pathname);
      });
      // React reports recovered hydration errors through `onRecoverableError`; main.tsx logs them.
      const consoleErrors = await recordConsoleErrors(page);
      // The browser's clock is two days ahead of the server's: its own default periods would be
      // other days (other markup, other queries) than the server rendered.
      await page.clock.setSystemTime(Date.now() + 2 * DAY_MS);

      const response = await page.goto(`${server.url}${dashboard}`);
      expect(response?.headers()['cache-control']).toBe('private, no-store');
      // The document itself holds the dashboard: cards, each chart's title and table, the countries.
      const html = (await response?.text()) ?? '';
      for (const text of [
        'Display Count',
        'Opt-in %',
        ...Object.values(CHART_TITLES),
        'Show data as a table',
        'Consent by country',
        '>Germany<',
      ])
        expect(html, text).toContain(text);
      // Each plot's space is kept for it (drawn in the browser): six, none drawn on the server.
      expect(html.match(/assent-chart-pending/g)).toHaveLength(6);
      expect(html).not.toContain('main-svg');

      // page.goto returned once #root was hydrated (e2e-support's waitForHydration).
      expect(await page.locator('#root').getAttribute('inert')).toBeNull();
      const displayCount = page.getByRole('group', { name: 'Display Count', exact: true });
      expect((await displayCount.innerText()).split('\n').map((s) => s.trim())).toContain('3');
      // plotly draws every chart after hydration.
      await expect
        .poll(() => page.locator('.assent-insights-chart .main-svg').count(), { timeout: 60_000 })
        .toBeGreaterThanOrEqual(6);
      expect(await consoleErrors()).toEqual([]);
      expect(browser.problems).toEqual([]);
      // The report properties and the three dashboard calls came with the page: none asked again.
      expect(calls).toEqual([]);

      // It works: the insights period changes the charts (a new call), the drawer opens and closes.
      await page
        .getByLabel('Insights period: preset')
        .selectOption({ label: DASHBOARD_PRESET_LABELS.last30Days });
      await expect
        .poll(() => calls.filter((path) => path.startsWith('/analytics/v1/insights/')).length)
        .toBe(1);
      await page.getByRole('button', { name: MORE_FILTERS }).click();
      await closeWithEscape(page.getByRole('dialog'));
      expect(browser.problems).toEqual([]);
    },
  );

  it('a signed-out visitor of the dashboard lands on the sign-in page, as before', async () => {
    const visitor = await openConsole(server);
    try {
      const response = await visitor.page.goto(`${server.url}${dashboard}`);
      expect(await response?.text()).toContain('<div id="root"></div>');
      await visitor.page.waitForURL('**/login');
    } finally {
      await visitor.close();
    }
  });
});
