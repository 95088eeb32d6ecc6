// @vitest-environment node
import { addUtcDays, startOfUtcDay } from '@assent/core';
import {
  DASHBOARD_PRESET_LABELS,
  defaultSummaryRange,
  MORE_FILTERS,
  VISIT_OUTCOME_LABELS,
} from '@assent/core/reports';
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
 * the dashboard's cards, chart titles, data tables and charts (plain SVG) and country rows in its
 * markup, hydrates without a mismatch or asking for its data again (with the browser's clock on
 * another day than the server's: the default periods are the server's), then plotly draws its
 * charts in place of the static ones, and it works.
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
    'arrives with its cards, charts (plain SVG), chart tables and country rows, hydrates on the server’s day without a mismatch or a call again, plotly redraws its charts, then works',
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
      // Each chart is drawn in the document itself, as plain SVG (plotly's come after hydration):
      // read from the served markup, parsed without running any of its scripts.
      const served = await page.evaluate((markup) => {
        const doc = new DOMParser().parseFromString(markup, 'text/html');
        const values = (card: Element, selector: string) =>
          Array.from(card.querySelectorAll(selector), (e) => Number(e.getAttribute('data-value')));
        return Array.from(doc.querySelectorAll('.assent-insights-chart'), (card) => ({
          title: card.querySelector('h4')?.textContent,
          drawn: card.querySelectorAll('.assent-static-plot svg.assent-static-plot-area').length,
          slices: values(card, '.assent-static-plot-pie path'),
          bars: values(card, '.assent-static-plot-bars rect').filter((v) => v > 0),
          points: values(card, '.assent-static-plot-line circle').filter((v) => v > 0),
          legend: Array.from(
            card.querySelectorAll('.assent-static-plot-legend-item'),
            (e) => e.textContent,
          ),
        }));
      }, html);
      expect(html).not.toContain('main-svg');
      expect(served.map((c) => [c.title, c.drawn])).toEqual(
        Object.values(CHART_TITLES).map((title) => [title, 1]),
      );
      const [breakdown, trend, regulation, country, pageFormat, device] = served;
      // Accepted twice, denied once: two thirds and a third of the pie; the other two slices empty.
      expect(breakdown!.slices).toEqual([200 / 3, 100 / 3, 0, 0].map((v) => expect.closeTo(v, 1)));
      expect(breakdown!.legend).toEqual(Object.values(VISIT_OUTCOME_LABELS).slice(0, 4));
      expect(trend!.points).toEqual([200 / 3, 100 / 3].map((v) => expect.closeTo(v, 1)));
      // Three sessions from Germany on one day: the EU bar and the Total bar of that day.
      for (const chart of [regulation!, country!]) {
        expect(chart.bars).toEqual([3, 3]);
        expect(chart.legend).toEqual(['EU', 'US', 'Total']);
      }
      expect(pageFormat!.points).toEqual([3, 3]);
      expect(device!.slices).toEqual([3]);
      expect(device!.legend).toEqual(['Desktop']);

      // page.goto returned once #root was hydrated (e2e-support's waitForHydration).
      expect(await page.locator('#root').getAttribute('inert')).toBeNull();
      const displayCount = page.getByRole('group', { name: 'Display Count', exact: true });
      expect((await displayCount.innerText()).split('\n').map((s) => s.trim())).toContain('3');
      // plotly's drawing replaces every static one after hydration.
      await expect
        .poll(() => page.locator('.assent-insights-chart .assent-static-plot').count(), {
          timeout: 60_000,
        })
        .toBe(0);
      expect(
        await page.locator('.assent-insights-chart .js-plotly-plot .main-svg').count(),
      ).toBeGreaterThanOrEqual(6);
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
