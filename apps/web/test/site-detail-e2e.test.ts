// @vitest-environment node
import { addUtcDays, formatUtcDay, startOfUtcDay } from '@assent/core';
import {
  PREMIUM_BANNER_BUTTON,
  REPORT_ERROR_TEXT,
  REPORT_ERROR_TITLE,
  SITE_REPORT_PERIOD,
} from '@assent/core/property';
import { PREMIUM_REPORTS_LOCKED } from '@assent/core/reports';
import { siteThemeValues } from '@assent/core/testing';
import type { TestUser } from '@assent/server/testing';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../server/src/services/auth';
import type { E2eBrowser, E2eServer } from './e2e-support';
import {
  closeAll,
  closeWithEscape,
  describeInChromium,
  E2E_ARTIFACTS,
  openConsole,
  pageHelpers,
  startE2eServer,
} from './e2e-support';

const SITE = 'detail-e2e.example';

type Outcome = 'a' | 'r' | 'p' | 'b';

/** The beacon the runtime posts for one page view (HTTP, Chrome on Windows). */
const beacon = (
  property: string,
  r: 1 | 2 | 3,
  o: Outcome,
  extra: { s?: string; v?: string; n?: 1 | 2 } = {},
) => ({
  p: property,
  t: '1',
  r,
  o,
  f: 'H',
  d: 'd',
  os: 'Windows',
  b: 'Chrome',
  ts: Date.now(),
  ...extra,
});

/** The rows of a report section's table, as 'label: value'. */
const rowsOf = async (region: Locator): Promise<string[]> =>
  region
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map(
        (row) =>
          `${row.querySelector('th')?.textContent ?? ''}: ${row.querySelector('td')?.textContent ?? ''}`,
      ),
    );

const cellsOf = async (region: Locator): Promise<string[][]> =>
  region
    .locator('tr')
    .evaluateAll((rows) =>
      rows.map((row) => Array.from(row.children).map((cell) => cell.textContent ?? '')),
    );

/**
 * Issue 11's site detail reports in Chromium, on a fresh server whose site received known page
 * views through the real POST /banner/visit three days ago (inside 'Last 30 days' at any hour):
 * GDPR accept ×3, deny, partial, bounce; US national deny ×2 (each a do-not-sell request),
 * accept; California accept. The card
 * shows each regulation's figures, the premium reports show the day, and a failing analytics call
 * shows the spec's 'Something went wrong'.
 */
describeInChromium('the site detail reports in a real browser', () => {
  let server: E2eServer;
  let browser: E2eBrowser;
  let page: Page;
  let owner: TestUser;
  let siteId: string;
  const visitDay = addUtcDays(startOfUtcDay(new Date()), -3);
  const { shot } = pageHelpers(
    () => page,
    () => owner.pcode,
  );

  /** Posts page views through POST /banner/visit, stamped by the server at noon three days ago. */
  const postVisits = async (host: string, views: ReadonlyArray<ReturnType<typeof beacon>>) => {
    const deps = server.deps as { now: () => Date };
    const realNow = deps.now;
    deps.now = () => new Date(visitDay.getTime() + 12 * 3600_000);
    try {
      for (const view of views) {
        const res = await fetch(`${server.url}/banner/visit`, {
          method: 'POST',
          headers: { 'content-type': 'text/plain;charset=UTF-8', origin: `https://${host}` },
          body: JSON.stringify(view),
        });
        expect(res.status).toBe(204);
      }
    } finally {
      deps.now = realNow;
    }
  };

  beforeAll(async () => {
    server = await startE2eServer();
    owner = await server.user('detail@example.com', {
      organisation: { name: 'Detail News', premiumEligible: true },
    });
    const api = server.api(owner);
    await api.themes.create({ query: { pCode: owner.pcode }, body: siteThemeValues() });
    const site = await api.sites.create({
      query: { pCode: owner.pcode },
      body: { url: SITE, publisherName: 'Detail News', themeId: '1' },
    });
    siteId = site.uuid;
    const views = [
      ...(['a', 'a', 'a', 'r', 'p', 'b'] as const).map((o) => beacon(siteId, 1, o)),
      // A US visitor's opt-out is a do-not-sell request the runtime fulfils (n: 2, as cmp.js sends).
      ...(['r', 'r', 'a'] as const).map((o) => beacon(siteId, 2, o, o === 'r' ? { n: 2 } : {})),
      beacon(siteId, 3, 'a', { s: 'ca' }),
    ];
    await postVisits(SITE, views);
    browser = await openConsole(server, { as: owner, timeoutMs: 60_000 });
    page = browser.page;
  });
  afterAll(() => closeAll(server, browser));

  it(
    "shows each regulation's figures of the last 30 days, the premium reports, and 'Something went wrong' when analytics fail",
    { timeout: 180_000 },
    async () => {
      const detail = `${server.url}/protect/p-${owner.pcode}/sites/detail/${siteId}`;
      await page.goto(detail);
      await page.getByText(SITE_REPORT_PERIOD).waitFor();
      const gdpr = page.getByRole('region', { name: 'GDPR', exact: true });
      expect(await rowsOf(gdpr)).toEqual([
        'Banners shown: 6',
        'Consent rate: 66.7%',
        'Accepted all: 3 (50.0%)',
        'Rejected all: 1 (16.7%)',
        'Partial consent: 1 (16.7%)',
        'Bounce rate: 16.7%',
        'Cookies consent rate: 50.0%',
      ]);
      // Each US view in one section: the three under the national section are CCPA's, the
      // Californian's is California's (not counted again under CCPA or a 'National' state).
      const ccpa = await rowsOf(page.getByRole('region', { name: 'CCPA', exact: true }));
      expect(ccpa.slice(0, 3)).toEqual([
        'Banners shown: 3',
        'Consent rate: 33.3%',
        'Accepted all: 1 (33.3%)',
      ]);
      expect(ccpa).toContain('Do-not-sell requests received: 2');
      expect(ccpa).toContain('Do-not-sell requests fulfilled: 2');
      expect(
        await page.getByRole('region', { name: 'US States: National', exact: true }).count(),
      ).toBe(0);
      const california = page.getByRole('region', { name: 'US States: CA', exact: true });
      expect((await rowsOf(california)).slice(0, 2)).toEqual([
        'Banners shown: 1',
        'Consent rate: 100.0%',
      ]);
      // No A/B collections: no A/B tab; the change history is a button beside Edit (a drawer).
      expect(
        await page
          .getByRole('main')
          .getByRole('tab')
          .evaluateAll((tabs) => tabs.map((t) => t.textContent)),
      ).toEqual(['Reports']);
      await shot('reports-site-detail');
      await page.getByRole('button', { name: 'History' }).focus();
      await page.keyboard.press('Enter');
      const drawer = page.getByRole('dialog', { name: `Change history: ${SITE}` });
      // The site's creation, with the settings it set.
      await drawer.getByRole('table', { name: 'Change history' }).getByText('Created').waitFor();
      await shot('site-detail-history');
      await closeWithEscape(drawer);

      // Premium reports: the day of the visits, all ten banners shown, 5 accepted all.
      await page.goto(`${server.url}/protect/p-${owner.pcode}/sites/reports/${siteId}`);
      const daily = page.getByRole('region', { name: 'Day by day' });
      await daily.getByRole('table').waitFor();
      expect(await cellsOf(daily)).toEqual([
        ['Period', 'Display Count', 'Opt-in %', 'Opt-out %', 'Partial Opt-in %', 'Bounce %'],
        [formatUtcDay(visitDay), '10', '50.00%', '30.00%', '10.00%', '10.00%'],
      ]);
      const device = await cellsOf(page.getByRole('region', { name: 'By device type' }));
      expect(device[1]?.slice(0, 3)).toEqual(['Desktop', '10', '50.00%']);
      await shot('reports-site-premium');

      // An account without premium is offered it instead, and asks for no premium data.
      const free = await server.user('free@example.com');
      const freeTheme = await server
        .api(free)
        .themes.create({ query: { pCode: free.pcode }, body: siteThemeValues() });
      const freeSite = await server.api(free).sites.create({
        query: { pCode: free.pcode },
        body: { url: 'free-e2e.example', publisherName: 'Free News', themeId: freeTheme.themeId },
      });
      const freePage = await browser.context.newPage();
      try {
        await browser.context.addCookies([
          { name: SESSION_COOKIE, value: free.cookie, url: server.url },
        ]);
        const graphCalls: string[] = [];
        freePage.on('request', (r) => {
          if (r.url().includes('/analytics/v1/graph/')) graphCalls.push(r.url());
        });
        await freePage.goto(`${server.url}/protect/p-${free.pcode}/sites/reports/${freeSite.uuid}`);
        await freePage.getByText(PREMIUM_REPORTS_LOCKED).waitFor();
        await freePage.getByRole('button', { name: PREMIUM_BANNER_BUTTON }).waitFor();
        expect(graphCalls).toEqual([]);
        await freePage.screenshot({ path: `${E2E_ARTIFACTS}/web-reports-site-premium-locked.png` });
      } finally {
        await freePage.close();
        await browser.context.addCookies([
          { name: SESSION_COOKIE, value: owner.cookie, url: server.url },
        ]);
      }

      // The analytics call fails: the spec's message in the card.
      await page.route('**/analytics/v1/properties/**', (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ status: 'INTERNAL_ERROR', message: 'boom' }),
        }),
      );
      await page.goto(detail);
      await page.getByText(REPORT_ERROR_TITLE).waitFor();
      await page.getByText(REPORT_ERROR_TEXT).waitFor();
      await shot('reports-site-detail-failed');
      await page.unroute('**/analytics/v1/properties/**');
      expect(
        browser.problems.filter((p) => !/status of 500|the property report failed/.test(p)),
      ).toEqual([]);
    },
  );

  // The site's A/B test is set through PUT /customization/v2/site/{id}/ab-test (issue 10).
  it(
    'a site with an A/B test shows the A/B Testing tab: per-variant figures, difference, significance and the winner',
    { timeout: 180_000 },
    async () => {
      const host = 'ab-e2e.example';
      const api = server.api(owner);
      const themeA = await api.themes.create({
        query: { pCode: owner.pcode },
        body: siteThemeValues({ themeName: 'Classic' }),
      });
      const themeB = await api.themes.create({
        query: { pCode: owner.pcode },
        body: siteThemeValues({ themeName: 'Bold' }),
      });
      const site = await api.sites.create({
        query: { pCode: owner.pcode },
        body: { url: host, publisherName: 'AB News', themeId: themeA.themeId },
      });
      await api.sites.abTest({
        params: { id: site.uuid },
        query: { pCode: owner.pcode },
        body: {
          variants: [
            { name: 'A', themeId: themeA.themeId, traffic: 50 },
            { name: 'B', themeId: themeB.themeId, traffic: 50 },
          ],
        },
      });
      // 50 % against 90 % opt-in of 20 shown each: B wins, p = 0.006.
      const outcomes = (accept: number, deny: number) => [
        ...Array<Outcome>(accept).fill('a'),
        ...Array<Outcome>(deny).fill('r'),
      ];
      await postVisits(host, [
        ...outcomes(10, 10).map((o) => beacon(site.uuid, 1, o, { v: 'A' })),
        ...outcomes(18, 2).map((o) => beacon(site.uuid, 1, o, { v: 'B' })),
      ]);
      const detail = `${server.url}/protect/p-${owner.pcode}/sites/detail/${site.uuid}`;
      await page.goto(detail);
      await page.getByText(SITE_REPORT_PERIOD).waitFor();
      await page.getByRole('tab', { name: 'A/B Testing' }).click();
      await page.waitForURL(`${detail}/ab-testing`);
      const verdict = page.getByRole('status', { name: 'A/B test verdict' });
      await verdict.getByText('Winner: B').waitFor();
      expect(await verdict.textContent()).toContain(
        "B wins: its opt-in rate (90.00%) is significantly higher than the control A's (50.00%), p = 0.006.",
      );
      const table = page.getByRole('table', { name: 'A/B test results' });
      const cells = await cellsOf(table);
      expect(cells[0]).toEqual([
        'Metric',
        'A (control)Classic · 50% of traffic',
        'BBold · 50% of traffic',
      ]);
      expect(cells.find((r) => r[0] === 'Display Count')).toEqual([
        'Display Count',
        '20',
        '20±0 vs A',
      ]);
      expect(cells.find((r) => r[0] === 'Opt-in %')).toEqual([
        'Opt-in %',
        '50.00%',
        '90.00%+40.00 pp vs ASignificant (p = 0.006)',
      ]);
      await shot('reports-site-ab-testing');
    },
  );

  it(
    "an app's detail report shows two-decimal percentages, and 'Something went wrong' with 'Back to Properties' when it fails",
    { timeout: 180_000 },
    async () => {
      const api = server.api(owner);
      const app = await api.apps.create({
        query: { pCode: owner.pcode },
        body: {
          packageId: 'com.detail.e2e',
          publisherName: 'Detail App',
          themeId: '2',
          consentLocations: ['EEA'],
        },
      });
      // GDPR: accept ×2, deny, partial, bounce, accept: 6 shown, 3 accepted (50%), 1 of 6 (16.67%).
      await postVisits(
        'webview.example',
        (['a', 'a', 'r', 'p', 'b', 'a'] as const).map((o) => ({
          ...beacon(app.uuid, 1, o),
          d: 'm',
          os: 'Android',
        })),
      );
      const detail = `${server.url}/protect/p-${owner.pcode}/apps/detail/${app.uuid}`;
      await page.goto(detail);
      await page.getByRole('heading', { name: 'com.detail.e2e' }).waitFor();
      await page.getByText(SITE_REPORT_PERIOD).waitFor();
      // A single reports tab (properties-and-tags §2); the change history is a button beside Edit.
      expect(
        await page
          .getByRole('main')
          .getByRole('tab')
          .evaluateAll((tabs) => tabs.map((t) => t.textContent)),
      ).toEqual(['Reports']);
      await page.getByRole('button', { name: 'History' }).waitFor();
      const gdpr = page.getByRole('region', { name: 'GDPR', exact: true });
      expect(await rowsOf(gdpr)).toEqual([
        'Banners shown: 6',
        'Consent rate: 66.67%',
        'Accepted all: 3 (50.00%)',
        'Rejected all: 1 (16.67%)',
        'Partial consent: 1 (16.67%)',
        'Bounce rate: 16.67%',
        'Cookies consent rate: 50.00%',
      ]);
      await shot('reports-app-detail');

      await page.route('**/analytics/v1/properties/**', (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ status: 'INTERNAL_ERROR', message: 'boom' }),
        }),
      );
      await page.goto(detail);
      await page.getByText(REPORT_ERROR_TITLE).waitFor();
      await page.getByText(REPORT_ERROR_TEXT).waitFor();
      await shot('reports-app-detail-failed');
      await page.unroute('**/analytics/v1/properties/**');
      // An unknown app: the whole page is the failure, and its button goes back to the list.
      await page.goto(`${server.url}/protect/p-${owner.pcode}/apps/detail/${siteId}`);
      await page.getByText(REPORT_ERROR_TITLE).waitFor();
      await page.getByRole('button', { name: 'Back to Properties' }).click();
      await page.waitForURL(`**/protect/p-${owner.pcode}/properties`);
    },
  );
});
