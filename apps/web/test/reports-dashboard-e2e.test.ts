// @vitest-environment node
import { readFileSync } from 'node:fs';
import { addUtcDays, formatUtcDay, startOfUtcDay } from '@assent/core';
import { PROPERTIES_TITLE } from '@assent/core/property';
import {
  CREATE_CUSTOM_REPORT,
  MORE_FILTERS,
  NO_DATA_AVAILABLE,
  NO_PROPERTIES_SELECTED_TITLE,
  defaultSummaryRange,
  latestSelectableDay,
} from '@assent/core/reports';
import type { TestUser } from '@assent/server/testing';
import { GEO_HEADER_ENV } from '@assent/server/testing';
import type { Locator, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { E2eBrowser, E2eServer } from './e2e-support';
import { CHART_TITLES } from '../src/reports/dashboard/chart-data';
import {
  closeAll,
  describeInChromium,
  E2E_ARTIFACTS,
  openConsole,
  pageHelpers,
  startE2eServer,
  tick,
} from './e2e-support';

const SITE_A = 'dash-a.example';
const SITE_B = 'dash-b.example';

type Outcome = 'a' | 'r' | 'p' | 'b';

/** One page view as the runtime posts it (HTTP, Chrome), from `country`. */
interface View {
  site: string;
  country: string;
  r: 1 | 2;
  d: 'd' | 'm';
  o: Outcome;
}

const views = (site: string, country: string, r: 1 | 2, d: 'd' | 'm', outcomes: Outcome[]) =>
  outcomes.map((o): View => ({ site, country, r, d, o }));

/**
 * Three days ago (inside the default 7 days at any hour): 19 page views.
 * Site A: Germany GDPR accept ×3 and deny (desktop); France GDPR partial and bounce (phone); the US
 * under US rules deny ×2 and accept (desktop). Site B (worldwide): one GDPR accept (phone) from
 * each of the United Kingdom, Italy, Spain, the Netherlands, Belgium, Austria, Poland, Sweden,
 * Ireland and Japan.
 * So: 19 shown, accept 14 (73.7%), deny 3 (15.8%), partial 1 (5.3%), bounce 1 (5.3%).
 */
const RECENT: View[] = [
  ...views(SITE_A, 'DE', 1, 'd', ['a', 'a', 'a', 'r']),
  ...views(SITE_A, 'FR', 1, 'm', ['p', 'b']),
  ...views(SITE_A, 'US', 2, 'd', ['r', 'r', 'a']),
  ...['GB', 'IT', 'ES', 'NL', 'BE', 'AT', 'PL', 'SE', 'IE', 'JP'].flatMap((c) =>
    views(SITE_B, c, 1, 'm', ['a']),
  ),
];
/** Ten days ago (inside the default comparison period): site A, Germany, accept and deny. */
const EARLIER: View[] = views(SITE_A, 'DE', 1, 'd', ['a', 'r']);

/** The cells of a table's body rows. */
const bodyRows = (table: Locator): Promise<string[][]> =>
  table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => Array.from(row.children).map((c) => (c.textContent ?? '').trim())),
    );

/**
 * Issue 11's Reports dashboard in Chromium, on a fresh server whose account received known page
 * views through the real POST /banner/visit (country from the geo header): the cards' totals,
 * percentages and changes, the consent pie's values (its table alternative), the country and
 * regulation charts, the 'More Filters' drawer, the property selection and a period changing
 * them, and the country table's sort, pages and CSV of the shown rows.
 */
describeInChromium('the reports dashboard in a real browser', () => {
  let server: E2eServer;
  let browser: E2eBrowser;
  let page: Page;
  let owner: TestUser;
  let ids: Map<string, string>;
  const { shot } = pageHelpers(
    () => page,
    () => owner.pcode,
  );

  beforeAll(async () => {
    server = await startE2eServer(GEO_HEADER_ENV);
    owner = await server.user('dana@example.com');
    const api = server.api(owner);
    ids = new Map<string, string>();
    for (const [url, consentLocations] of [
      [SITE_A, ['EEA', 'USA']],
      [SITE_B, ['WORLDWIDE']],
    ] as const) {
      const site = await api.sites.create({
        query: { pCode: owner.pcode },
        body: {
          url,
          publisherName: 'Dana News',
          themeId: '1',
          consentLocations: [...consentLocations],
        },
      });
      ids.set(url, site.uuid);
    }
    // The server stamps a visit with its own clock: noon of the day each group arrives.
    const deps = server.deps as { now: () => Date };
    const realNow = deps.now;
    const today = startOfUtcDay(new Date());
    try {
      for (const [daysAgo, group] of [
        [3, RECENT],
        [10, EARLIER],
      ] as const) {
        deps.now = () => new Date(addUtcDays(today, -daysAgo).getTime() + 12 * 3600_000);
        for (const v of group) {
          const res = await fetch(`${server.url}/banner/visit`, {
            method: 'POST',
            headers: {
              'content-type': 'text/plain;charset=UTF-8',
              origin: `https://${v.site}`,
              'cf-ipcountry': v.country,
            },
            body: JSON.stringify({
              p: ids.get(v.site),
              t: '1',
              r: v.r,
              o: v.o,
              f: 'H',
              d: v.d,
              os: v.d === 'm' ? 'Android' : 'Windows',
              b: 'Chrome',
              ts: Date.now(),
            }),
          });
          expect(res.status).toBe(204);
        }
      }
    } finally {
      deps.now = realNow;
    }
    browser = await openConsole(server, { as: owner, timeoutMs: 60_000 });
    page = browser.page;
  });
  afterAll(() => closeAll(server, browser));

  const card = (name: string) => page.getByRole('group', { name, exact: true });
  const cardText = async (name: string) =>
    (await card(name).innerText())
      .split('\n')
      .map((s) => s.trim())
      .filter(Boolean);
  const chartTable = async (title: string) => {
    const region = page.getByRole('region', { name: title, exact: true });
    const details = region.locator('details');
    if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open))) {
      await region.getByText('Show data as a table').click();
    }
    return bodyRows(region.getByRole('table'));
  };
  const pie = () => chartTable('Consent breakdown');
  const countryTable = () => page.getByRole('region', { name: 'Consent by country' });
  const countryColumn = async () =>
    (await bodyRows(countryTable().locator('table'))).map((r) => r[0]);
  const chooseProperty = async (label: string) => {
    await page.getByLabel('Properties').click();
    await page.getByRole('option', { name: label, exact: true }).click();
    await page.keyboard.press('Escape');
  };

  it(
    'shows the known totals and percentages, and filters, properties and periods change them',
    { timeout: 300_000 },
    async () => {
      // The visits are counted by the time the dashboard asks (the sink may batch).
      const range = defaultSummaryRange(new Date());
      await expect
        .poll(
          async () => {
            const [result] = await server.api(owner).analytics.runReport({
              params: { pCode: owner.pcode },
              body: {
                queries: [
                  { id: 'n', dimensions: [], metrics: ['totalSessions'], granularity: 'day' },
                ],
                filters: [
                  { key: 'startDate', operator: 'gteq', values: [range.startDate] },
                  { key: 'endDate', operator: 'lteq', values: [range.endDate] },
                  { key: 'propertyId', operator: 'in', values: [...ids.values()] },
                ],
              },
            });
            return result?.results[0]?.totalSessions;
          },
          { timeout: 30_000, interval: 250 },
        )
        .toBe(RECENT.length);
      await page.goto(`${server.url}/protect/p-${owner.pcode}/reports`);
      await page.getByText(NO_PROPERTIES_SELECTED_TITLE).waitFor();
      await shot('reports-empty');
      await chooseProperty('All');

      // --- Cards: the 7 days ending yesterday against the 7 days before --------------------
      await card('Display Count').waitFor();
      expect(await cardText('Display Count')).toEqual(['Display Count', '19', '+850.0%']);
      expect(await cardText('Opt-in %')).toEqual(['Opt-in %', '73.7%', '+47.4%']);
      expect(await cardText('Opt-out %')).toEqual(['Opt-out %', '15.8%', '-68.4%']);
      expect(await cardText('Partial Opt-in %')).toEqual(['Partial Opt-in %', '5.3%', '+100.0%']);
      expect(await cardText('Bounce %')).toEqual(['Bounce %', '5.3%', '+100.0%']);
      // A rise in opt-out would be bad: its fall is good; bounce rose: bad.
      expect(await card('Opt-out %').getAttribute('data-status')).toBe('positive');
      expect(await card('Bounce %').getAttribute('data-status')).toBe('negative');

      // --- Charts, through their table alternatives -----------------------------------------
      expect(await pie()).toEqual([
        ['Accept all', '73.7%'],
        ['Deny all', '15.8%'],
        ['Partial opt-in', '5.3%'],
        ['Bounce', '5.3%'],
      ]);
      const day = formatUtcDay(addUtcDays(startOfUtcDay(new Date()), -3));
      // GDPR reached a visitor from Japan (site B is worldwide): EU 16 by regulation, 15 by country.
      expect(await chartTable('Sessions by regulation')).toEqual([[day, '16', '3', '19']]);
      expect(await chartTable('Sessions by country')).toEqual([[day, '15', '3', '19']]);
      await page.locator('.js-plotly-plot .pielayer').first().waitFor();
      await shot('reports-dashboard');

      // --- The country table: Display Count descending, 10 a page, sort, filter, CSV ----------
      await countryTable().scrollIntoViewIfNeeded();
      const firstPage = await countryColumn();
      expect(firstPage).toHaveLength(10);
      expect(firstPage.slice(0, 3)).toEqual(['Germany', 'United States', 'France']);
      const countryRows = await bodyRows(countryTable().locator('table'));
      // Germany: 4 against 2 before; France: none before, so from 0 (the zero-baseline rule).
      expect(countryRows[0]?.slice(0, 3)).toEqual(['Germany', '4', '+100.0%']);
      expect(countryRows.find((r) => r[0] === 'France')?.slice(0, 4)).toEqual([
        'France',
        '2',
        '+100.0%',
        '0.0%',
      ]);
      await countryTable()
        .getByRole('button', { name: /^Country/ })
        .click();
      expect(await countryColumn()).toEqual([
        'Austria',
        'Belgium',
        'France',
        'Germany',
        'Ireland',
        'Italy',
        'Japan',
        'Netherlands',
        'Poland',
        'Spain',
      ]);
      await countryTable().getByRole('button', { name: 'Page 2' }).click();
      expect(await countryColumn()).toEqual(['Sweden', 'United Kingdom', 'United States']);
      await shot('reports-country-table', countryTable());
      // At the end of the page the floating Help Center button covers none of the pager.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      const pager = await page
        .getByRole('navigation', { name: 'Country table pages' })
        .boundingBox();
      const help = await page.locator('.assent-help-center').boundingBox();
      expect(pager && help).toBeTruthy();
      expect(
        pager!.y + pager!.height <= help!.y || pager!.x + pager!.width <= help!.x,
        `pager ${JSON.stringify(pager)} under the Help Center ${JSON.stringify(help)}`,
      ).toBe(true);
      await countryTable().getByPlaceholder('Filter by country').fill('land');
      const shown = await bodyRows(countryTable().locator('table'));
      expect(shown.map((r) => r[0])).toEqual(['Ireland', 'Netherlands', 'Poland']);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        countryTable().getByRole('button', { name: 'Export CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('country-report.csv');
      const csv = readFileSync((await download.path())!, 'utf8')
        .trim()
        .split(/\r?\n/);
      expect(csv[0]?.startsWith('Country,Display Count,')).toBe(true);
      expect(csv.slice(1).map((line) => line.split(',').slice(0, 2))).toEqual(
        shown.map((r) => r.slice(0, 2)),
      );
      await countryTable().getByPlaceholder('Filter by country').fill('');

      // --- 'More Filters': US rules only -----------------------------------------------------
      await page.getByRole('button', { name: MORE_FILTERS, exact: true }).click();
      const drawer = page.locator('.assent-filters-drawer');
      await drawer.waitFor();
      await tick(drawer.getByRole('checkbox', { name: 'CCPA' }));
      await shot('reports-filters-drawer', drawer);
      await drawer.getByRole('button', { name: 'Apply' }).click();
      await page.getByRole('button', { name: `${MORE_FILTERS} (1)` }).waitFor();
      await expect.poll(pie).toEqual([
        ['Accept all', '33.3%'],
        ['Deny all', '66.7%'],
        ['Partial opt-in', '0.0%'],
        ['Bounce', '0.0%'],
      ]);
      await expect.poll(countryColumn).toEqual(['United States']);
      await page.getByRole('button', { name: `${MORE_FILTERS} (1)` }).click();
      await drawer.getByRole('button', { name: 'Clear all' }).click();
      await drawer.getByRole('button', { name: 'Apply' }).click();
      await page.getByRole('button', { name: MORE_FILTERS, exact: true }).waitFor();
      await expect.poll(async () => (await pie())[0]).toEqual(['Accept all', '73.7%']);

      // --- A period: the insights over the last 30 days take in the earlier visits too --------
      const insights = page.getByRole('group', { name: 'Insights period' });
      await insights.getByLabel('Insights period: start date').click();
      await page.getByRole('menuitem', { name: 'Last 30 Days' }).click();
      await page.keyboard.press('Escape');
      // 21 shown: accept 15 (71.4%), deny 4 (19.0%).
      await expect
        .poll(async () => (await pie()).slice(0, 2))
        .toEqual([
          ['Accept all', '71.4%'],
          ['Deny all', '19.0%'],
        ]);
      // New rows, still in the user's order (Country ascending, chosen above): Germany counts 6.
      await expect
        .poll(async () =>
          (await bodyRows(countryTable().locator('table')))
            .filter((r) => r[0] === 'Austria' || r[0] === 'Germany')
            .map((r) => r.slice(0, 2)),
        )
        .toEqual([
          ['Austria', '1'],
          ['Germany', '6'],
        ]);
      expect((await countryColumn())[0]).toBe('Austria');
      // The cards keep their own period.
      expect(await cardText('Display Count')).toEqual(['Display Count', '19', '+850.0%']);

      // --- The property selection: site A only -----------------------------------------------
      await chooseProperty(SITE_B);
      // Site A: 9 shown, accept 4 (44.4%); the comparison 2 shown, accept 1 (50%).
      await expect.poll(() => cardText('Display Count')).toEqual(['Display Count', '9', '+350.0%']);
      expect(await cardText('Opt-in %')).toEqual(['Opt-in %', '44.4%', '-11.1%']);
      expect(await card('Opt-in %').getAttribute('data-status')).toBe('negative');
      await expect.poll(countryColumn).toEqual(['France', 'Germany', 'United States']);

      expect(browser.problems).toEqual([]);
    },
  );

  const latest = () => latestSelectableDay(new Date());
  const dayBack = (days: number) => formatUtcDay(addUtcDays(latest(), -days));
  const CHARTS = Object.values(CHART_TITLES);
  const chartCards = () => page.locator('.assent-insights-chart');
  const focused = (target: Locator) => target.evaluate((el) => el === document.activeElement);
  /** Presses Tab until `target` has the focus (it must be in the Tab order, within `max` presses). */
  const tabTo = async (target: Locator, max = 200) => {
    const trail: string[] = [];
    for (let i = 0; i < max; i++) {
      if (await focused(target)) return;
      await page.keyboard.press('Tab');
      trail.push(
        await page.evaluate(() => {
          const el = document.activeElement;
          return `${el?.tagName ?? '-'} ${el?.getAttribute('aria-label') ?? el?.textContent?.slice(0, 20) ?? ''}`;
        }),
      );
    }
    throw new Error(`${String(target)} was not reached with Tab: ${trail.join(' | ')}`);
  };
  /** Types a day into a range field (its text is selected on focus) and applies it with Enter. */
  const typeDay = async (field: Locator, day: string) => {
    await tabTo(field);
    await page.keyboard.type(day);
    await page.keyboard.press('Enter');
  };
  /**
   * Clicks Run Report and waits for `table`; if it does not come, fails naming what the page
   * shows instead (the builder's alerts, the button's state, the report requests and their
   * answers) with a screenshot, so that a failure in CI says why.
   */
  const runReport = async (table: Locator) => {
    const calls: string[] = [];
    const record = (response: Response) => {
      if (response.url().includes('/report')) {
        calls.push(`${response.request().method()} ${response.url()} ${response.status()}`);
      }
    };
    page.on('response', record);
    const alert = page.locator('.assent-report-builder [role=alert]');
    const button = page.getByRole('button', { name: 'Run Report' });
    try {
      await button.click();
      await table.or(alert).first().waitFor();
      if (await alert.count()) throw new Error('an alert instead of the results');
    } catch (error) {
      await shot('reports-builder-run-failed');
      throw new Error(
        `${String(error)}\nalerts: ${JSON.stringify(await alert.allInnerTexts())}` +
          `\nRun Report: ${await button.evaluate((b) => b.outerHTML.slice(0, 200))}` +
          `\nreport calls: ${JSON.stringify(calls)}`,
        { cause: error },
      );
    } finally {
      page.off('response', record);
    }
  };

  const openDashboard = async () => {
    await page.goto(`${server.url}/protect/p-${owner.pcode}/reports/${ids.get(SITE_A)}`);
    // The first paint can take long on a loaded machine.
    await card('Display Count').waitFor({ timeout: 90_000 });
  };

  it(
    "shows 'No Data Available' on every chart for a range without visits, and lays 10 days full width but not 30",
    { timeout: 240_000 },
    async () => {
      await openDashboard();
      const insights = page.getByRole('group', { name: 'Insights period' });
      // 25 to 20 days back: nothing arrived then.
      await typeDay(insights.getByLabel('Insights period: start date'), dayBack(24));
      await typeDay(insights.getByLabel('Insights period: end date'), dayBack(19));
      await page.keyboard.press('Escape');
      await expect
        .poll(() =>
          Promise.all(
            CHARTS.map((title) =>
              page
                .getByRole('region', { name: title, exact: true })
                .getByText(NO_DATA_AVAILABLE, { exact: true })
                .count(),
            ),
          ),
        )
        .toEqual(CHARTS.map(() => 1));
      await shot('reports-dashboard-no-data');

      /** Each chart's width against the charts' row, and how many rows the six take. */
      const layout = async () => {
        const row = await page.locator('.assent-insights-charts').boundingBox();
        const boxes = await chartCards().evaluateAll((cards) =>
          cards.map((c) => {
            const r = c.getBoundingClientRect();
            return { width: r.width, top: Math.round(r.top) };
          }),
        );
        return {
          shares: boxes.map((b) => Math.round((b.width / row!.width) * 100) / 100),
          rows: new Set(boxes.map((b) => b.top)).size,
        };
      };
      // 10 days ending on the latest day (the end first, so the start never passes it): full
      // width, one chart a row. Site A then: 11 views, 5 accepted.
      await typeDay(insights.getByLabel('Insights period: end date'), dayBack(0));
      await typeDay(insights.getByLabel('Insights period: start date'), dayBack(9));
      await page.keyboard.press('Escape');
      await expect.poll(async () => (await pie())[0]).toEqual(['Accept all', '45.5%']);
      expect(await layout()).toEqual({ shares: CHARTS.map(() => 1), rows: 6 });
      await shot('reports-dashboard-10-days');

      // 30 days: two a row.
      await page.getByLabel('Insights period: preset').selectOption({ label: 'Last 30 Days' });
      await expect.poll(async () => (await layout()).rows).toBe(3);
      const { shares } = await layout();
      for (const share of shares) expect(share).toBeLessThan(0.51);
      await shot('reports-dashboard-30-days');
      expect(browser.problems).toEqual([]);
    },
  );

  it(
    'works by keyboard only: the property multi-select, the period and comparison pickers, the filters dialog',
    { timeout: 240_000 },
    async () => {
      await page.goto(`${server.url}/protect/p-${owner.pcode}/reports`);
      await page.getByText(NO_PROPERTIES_SELECTED_TITLE).waitFor({ timeout: 90_000 });

      // --- Properties: Tab to the field, ArrowDown lists the options, Enter takes All ---------
      const properties = page.getByLabel('Properties');
      await tabTo(properties);
      await page.keyboard.press('ArrowDown');
      await page.getByRole('option', { name: 'All', exact: true }).waitFor();
      await page.keyboard.press('Enter');
      await page.keyboard.press('Escape');
      await expect
        .poll(() => page.locator('.assent-reports-properties .bp6-tag').allInnerTexts())
        .toEqual([SITE_A, SITE_B]);
      await expect
        .poll(() => cardText('Display Count'))
        .toEqual(['Display Count', '19', '+850.0%']);
      // Backspace marks the last chosen property, a second one removes it.
      await tabTo(properties);
      await page.keyboard.press('Backspace');
      await page.keyboard.press('Backspace');
      await page.keyboard.press('Escape');
      await expect
        .poll(() => page.locator('.assent-reports-properties .bp6-tag').allInnerTexts())
        .toEqual([SITE_A]);
      await expect.poll(() => cardText('Display Count')).toEqual(['Display Count', '9', '+350.0%']);

      // --- Summary period: a preset with the arrow keys, then a typed day -------------------
      const summary = page.getByRole('group', { name: 'Summary period' });
      const preset = summary.getByLabel('Summary period: preset');
      await tabTo(preset);
      expect(await preset.inputValue()).toBe('last7Days');
      await page.keyboard.press('ArrowDown');
      expect(await preset.inputValue()).toBe('last30Days');
      const start = summary.getByLabel('Summary period: start date');
      await expect.poll(() => start.inputValue()).toBe(dayBack(29));
      // Site A over 30 days: the 9 recent views and the 2 earlier ones.
      await expect
        .poll(() => cardText('Display Count'))
        .toEqual(['Display Count', '11', '+100.0%']);
      // The field's text is selected on focus: ArrowRight moves the day on, a typed day replaces it.
      await tabTo(start);
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => start.inputValue()).toBe(dayBack(28));
      await page.keyboard.type(dayBack(3));
      await page.keyboard.press('Enter');
      await page.keyboard.press('Escape');
      await expect.poll(() => cardText('Display Count')).toEqual(['Display Count', '9', '+100.0%']);
      expect(await preset.inputValue()).toBe('');

      // --- Comparison period: its end a day earlier with the arrow keys ------------------------
      const comparison = page.getByRole('group', { name: 'Comparison period' });
      const comparisonEnd = comparison.getByLabel('Comparison period: end date');
      const before = await comparisonEnd.inputValue();
      await tabTo(comparisonEnd);
      await page.keyboard.press('ArrowLeft');
      await expect
        .poll(() => comparisonEnd.inputValue())
        .toBe(formatUtcDay(addUtcDays(new Date(`${before}T00:00:00Z`), -1)));
      await page.keyboard.press('Escape');

      // --- 'More Filters': a labelled dialog; focus moves in, Space ticks, Enter applies ------
      const more = page.getByRole('button', { name: MORE_FILTERS, exact: true });
      await tabTo(more);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: MORE_FILTERS });
      await dialog.waitFor();
      await expect
        .poll(() => dialog.evaluate((d) => d.contains(document.activeElement)))
        .toBe(true);
      await shot('reports-filters-dialog');
      await tabTo(dialog.getByRole('checkbox', { name: 'CCPA' }), 10);
      await page.keyboard.press('Space');
      expect(await dialog.getByRole('checkbox', { name: 'CCPA' }).isChecked()).toBe(true);
      // Tab stays inside the dialog.
      await tabTo(dialog.getByRole('button', { name: 'Apply' }), 40);
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'hidden' });
      const moreApplied = page.getByRole('button', { name: `${MORE_FILTERS} (1)` });
      await expect.poll(() => focused(moreApplied)).toBe(true);
      await expect.poll(countryColumn).toEqual(['United States']);

      // Esc closes it without applying, and focus returns to the button.
      await page.keyboard.press('Enter');
      await dialog.waitFor();
      await tabTo(dialog.getByRole('checkbox', { name: 'GDPR' }), 10);
      await page.keyboard.press('Space');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => focused(moreApplied)).toBe(true);
      expect(await moreApplied.isVisible()).toBe(true);

      // --- The charts: no plotly mode bar, so Tab goes from chart to chart's data table --------
      await page.locator('.js-plotly-plot').first().waitFor();
      expect(await page.locator('.js-plotly-plot .modebar-btn').count()).toBe(0);
      const stops: string[] = [];
      const countryFilter = countryTable().getByPlaceholder('Filter by country');
      for (let i = 0; i < 60 && !(await focused(countryFilter)); i++) {
        await page.keyboard.press('Tab');
        stops.push(
          await page.evaluate(() => {
            const el = document.activeElement;
            const where = el?.closest('.js-plotly-plot') ? 'in a plot: ' : '';
            return `${where}${el?.tagName ?? '-'} ${el?.textContent?.trim().slice(0, 30) ?? ''}`;
          }),
        );
      }
      // From 'More Filters' to the country filter: one stop per chart (its table), nothing inside.
      expect(stops.filter((s) => s.startsWith('in a plot'))).toEqual([]);
      expect(stops.filter((s) => s === 'SUMMARY Show data as a table').length).toBe(
        await page.locator('.assent-chart-table').count(),
      );
      expect(await focused(countryFilter)).toBe(true);
      expect(browser.problems).toEqual([]);
    },
  );

  it(
    'a custom report by country names the countries as the country table does: table, chart and CSV',
    { timeout: 240_000 },
    async () => {
      await openDashboard();
      await page.getByRole('tab', { name: 'Analytics' }).click();
      await page.getByRole('heading', { name: CREATE_CUSTOM_REPORT }).waitFor();
      await tick(
        page
          .getByRole('group', { name: 'Dimensions' })
          .getByRole('checkbox', { name: 'Country', exact: true }),
      );
      await tick(
        page
          .getByRole('group', { name: 'Metrics' })
          .getByRole('checkbox', { name: 'Display Count', exact: true }),
      );
      await tick(page.getByRole('radio', { name: 'Last 7 Days', exact: true }));
      await page.getByRole('button', { name: 'Done' }).click();
      const results = page.getByRole('region', { name: 'Results' });
      const table = results.getByRole('table', { name: 'Report results' });
      await runReport(table);
      // Site A over the last 7 days: Germany 4, the United States 3, France 2.
      expect((await bodyRows(table)).sort()).toEqual([
        ['France', '2'],
        ['Germany', '4'],
        ['United States', '3'],
      ]);
      await results.locator('.js-plotly-plot .xtick').first().waitFor();
      expect(
        (await results.locator('.js-plotly-plot .xtick text').allTextContents()).sort(),
      ).toEqual(['France', 'Germany', 'United States']);
      await shot('reports-builder-countries');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        results.getByRole('button', { name: 'Export CSV' }).click(),
      ]);
      const csv = readFileSync((await download.path())!, 'utf8')
        .trim()
        .split(/\r?\n/);
      expect(csv[0]).toBe('Country,Display Count');
      expect(csv.slice(1).sort()).toEqual(['France,2', 'Germany,4', 'United States,3']);
      expect(browser.problems).toEqual([]);
    },
  );

  it(
    'keeps the Help Center tab clear of content at every scroll position (1280x800): dashboard, builder, properties',
    { timeout: 240_000 },
    async () => {
      await page.setViewportSize({ width: 1280, height: 800 });
      /** Content of the page under the Help Center tab (what a point of the tab would hide). */
      const covered = () =>
        page.evaluate(() => {
          const help = document.querySelector('.assent-help-center')!.getBoundingClientRect();
          const main = document.querySelector('main')!;
          const hits = new Set<string>();
          for (let x = help.left + 1; x < help.right; x += 4) {
            for (let y = help.top + 1; y < help.bottom; y += 4) {
              for (const el of document.elementsFromPoint(x, y)) {
                if (el !== main && main.contains(el)) {
                  hits.add(`${el.tagName.toLowerCase()}.${String(el.className)}`);
                }
              }
            }
          }
          return [...hits];
        });
      /** Scrolls from top to bottom in steps of half a screen, checking at each. */
      const checkPage = async (name: string) => {
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        for (let y = 0; ; y += 400) {
          await page.evaluate((top) => window.scrollTo(0, top), y);
          expect(await covered(), `${name} scrolled to ${y}`).toEqual([]);
          if (y === 1200 || (y < 1200 && y + 800 >= height)) {
            await page.waitForTimeout(300);
            await page.screenshot({ path: `${E2E_ARTIFACTS}/web-help-center-${name}-${y}.png` });
          }
          if (y + 800 >= height) break;
        }
      };
      try {
        await openDashboard();
        await page.locator('.js-plotly-plot').first().waitFor();
        await checkPage('dashboard');

        await page.getByRole('tab', { name: 'Analytics' }).click();
        await page.getByRole('heading', { name: CREATE_CUSTOM_REPORT }).waitFor();
        await checkPage('builder');

        await page.goto(`${server.url}/protect/p-${owner.pcode}/properties`);
        await page.getByRole('heading', { name: PROPERTIES_TITLE }).waitFor();
        await checkPage('properties');
      } finally {
        await page.setViewportSize({ width: 1360, height: 900 });
      }
    },
  );
});
