import type { CountryTableRow, DashboardInsightsResponse } from '@assent/core/reports';
import { MORE_FILTERS, NO_CHANGE, NO_DATA_AVAILABLE } from '@assent/core/reports';
import { REPORT_PROPERTIES, REPORTS_EARLY_NOW, REPORTS_PCODE } from '@assent/core/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderApp, TEST_NOW } from '../testing/render';
import { COMPARISON_PERIOD, INSIGHTS_PERIOD, SUMMARY_PERIOD } from './DashboardTab';
import { COUNTRY_FILTER_PLACEHOLDER, EXPORT_CSV } from './dashboard/CountryTable';
import { APPLY_FILTERS } from './dashboard/FiltersDrawer';

const PATH = `/protect/p-${REPORTS_PCODE}/reports/site-1`;
const BASE = `/analytics/v1`;
const SUMMARY = `POST ${BASE}/summary-comparison/pcode/${REPORTS_PCODE}`;
const INSIGHTS = `POST ${BASE}/insights/pcode/${REPORTS_PCODE}`;
const COUNTRIES = `POST ${BASE}/country-table/pcode/${REPORTS_PCODE}`;

const CARDS = [
  { fieldName: 'totalSessions', value: 1234, comparisonPercentage: 0 },
  { fieldName: 'optInPercent', value: 45.5, comparisonPercentage: 10 },
  { fieldName: 'optOutPercent', value: 20, comparisonPercentage: -5 },
  { fieldName: 'partialOptInPercent', value: 4.5, comparisonPercentage: null },
  { fieldName: 'bouncePercent', value: 30, comparisonPercentage: 12.5 },
];

const INSIGHTS_BODY: DashboardInsightsResponse = {
  granularity: 'day',
  charts: [
    {
      id: 'consentBreakdown',
      results: [{ optInPercent: 50, optOutPercent: 25, partialOptInPercent: 5, bouncePercent: 20 }],
    },
    { id: 'consentTrend', results: [] },
    {
      id: 'sessionsByRegulation',
      results: [
        { period: '2024-03-08', regulation: 'GDPR', totalSessions: 6 },
        { period: '2024-03-08', regulation: 'CCPA', totalSessions: 3 },
      ],
    },
    {
      id: 'sessionsByCountry',
      results: [
        { period: '2024-03-08', country: 'DE', totalSessions: 4 },
        { period: '2024-03-08', country: 'JP', totalSessions: 2 },
        { period: '2024-03-08', country: 'US', totalSessions: 3 },
      ],
    },
    { id: 'sessionsByPageFormat', results: [] },
    { id: 'sessionsByDevice', results: [] },
  ],
};

const CODES = ['DE', 'FR', 'US', 'GB', 'IT', 'ES', 'NL', 'BE', 'AT', 'PL', 'SE', 'CH'];
const countryRow = (country: string, sessions: number | null): CountryTableRow => ({
  country,
  totalSessions: sessions,
  optInPercent: 50,
  optOutPercent: null,
  partialOptInPercent: 0,
  bouncePercent: 10,
  totalSessionsChange: 0,
  optInPercentChange: 5,
  optOutPercentChange: null,
  partialOptInPercentChange: 0,
  bouncePercentChange: -2,
});
// Sessions 10, 20, … 120 in code order: Display Count descending starts with CH (120).
const ROWS = CODES.map((code, i) => countryRow(code, (i + 1) * 10));

const dashboardApi = () =>
  fakeApi()
    .on(`GET ${BASE}/pcode/${REPORTS_PCODE}/properties`, { body: REPORT_PROPERTIES })
    .on(SUMMARY, { body: CARDS })
    .on(INSIGHTS, { body: INSIGHTS_BODY })
    .on(COUNTRIES, { body: ROWS });

const bodiesOf = (api: ReturnType<typeof fakeApi>, route: string) =>
  api.calls.filter((c) => `${c.method} ${c.path}` === route).map((c) => c.body);

const countryColumn = () =>
  within(screen.getByRole('region', { name: 'Consent by country' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

afterEach(() => vi.restoreAllMocks());

describe('dashboard tab', () => {
  it('asks for the default ranges: 7 days ending yesterday, compared with the 7 days before', async () => {
    const api = dashboardApi();
    renderApp({ path: PATH, api });
    await screen.findByRole('group', { name: 'Display Count' });
    expect(bodiesOf(api, SUMMARY)[0]).toEqual({
      summaryDateRange: { startDate: '2024-03-08', endDate: '2024-03-14' },
      comparisonDateRange: { startDate: '2024-03-01', endDate: '2024-03-07' },
      propertyId: ['site-1'],
      metricFields: [
        'totalTraffic',
        'totalSessions',
        'optInPercent',
        'optOutPercent',
        'partialOptInPercent',
        'bouncePercent',
      ],
    });
    expect(bodiesOf(api, INSIGHTS)[0]).toEqual({
      range: { startDate: '2024-03-08', endDate: '2024-03-14' },
      propertyIds: ['site-1'],
      filters: {},
    });
    const summary = screen.getByRole('group', { name: SUMMARY_PERIOD });
    expect(
      within(summary)
        .getAllByRole('textbox')
        .map((i) => (i as HTMLInputElement).value),
    ).toEqual(['2024-03-08', '2024-03-14']);
    const comparison = screen.getByRole('group', { name: COMPARISON_PERIOD });
    expect(
      within(comparison)
        .getAllByRole('textbox')
        .map((i) => (i as HTMLInputElement).value),
    ).toEqual(['2024-03-01', '2024-03-07']);
  });

  it('before 07:00 UTC the default range ends the day before yesterday', async () => {
    const api = dashboardApi();
    renderApp({ path: PATH, api, now: REPORTS_EARLY_NOW });
    await screen.findByRole('group', { name: 'Display Count' });
    expect(bodiesOf(api, SUMMARY)[0]).toMatchObject({
      summaryDateRange: { startDate: '2024-03-07', endDate: '2024-03-13' },
      comparisonDateRange: { startDate: '2024-02-29', endDate: '2024-03-06' },
    });
  });

  it('the picker disables days after the latest selectable day (yesterday) and keeps yesterday', async () => {
    const { user } = renderApp({ path: PATH, api: dashboardApi() });
    const summary = await screen.findByRole('group', { name: SUMMARY_PERIOD });
    await user.click(within(summary).getAllByRole('textbox')[0] as HTMLElement);
    const day = (n: number) =>
      screen
        .getAllByRole('gridcell')
        .find((cell) => cell.textContent === String(n) && !cell.className.includes('outside'));
    await waitFor(() => expect(day(14)).toBeTruthy());
    // react-day-picker's day cells are the buttons themselves.
    const disabled = (n: number) => (day(n) as HTMLButtonElement).disabled;
    expect(disabled(14)).toBe(false);
    expect(disabled(15)).toBe(true);
    expect(disabled(20)).toBe(true);
    expect(TEST_NOW.toISOString()).toBe('2024-03-15T12:00:00.000Z');
  });

  it("the comparison picker offers 'Previous period' (its default) before the dashboard presets", async () => {
    const api = dashboardApi();
    const { user } = renderApp({ path: PATH, api });
    await screen.findByRole('group', { name: 'Display Count' });
    const summaryPreset = screen.getByLabelText(`${SUMMARY_PERIOD}: preset`);
    const comparisonPreset = screen.getByLabelText(`${COMPARISON_PERIOD}: preset`);
    const labels = (select: HTMLElement) =>
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent);
    expect(labels(summaryPreset)).toEqual([
      'Custom',
      'Yesterday',
      'Last 7 Days',
      'Last 30 Days',
      'Month Till Date',
    ]);
    expect(labels(comparisonPreset)).toEqual([
      'Custom',
      'Previous period',
      'Yesterday',
      'Last 7 Days',
      'Last 30 Days',
      'Month Till Date',
    ]);
    const shown = (select: HTMLElement) =>
      (select as HTMLSelectElement).selectedOptions[0]?.textContent;
    expect(shown(comparisonPreset)).toBe('Previous period');
    // A 30-day summary: the comparison follows, the 30 days before, still 'Previous period'.
    await user.selectOptions(summaryPreset, 'Last 30 Days');
    await waitFor(() =>
      expect(bodiesOf(api, SUMMARY).at(-1)).toMatchObject({
        summaryDateRange: { startDate: '2024-02-14', endDate: '2024-03-14' },
        comparisonDateRange: { startDate: '2024-01-15', endDate: '2024-02-13' },
      }),
    );
    expect(shown(comparisonPreset)).toBe('Previous period');
    // Another comparison, then back to the previous period.
    await user.selectOptions(comparisonPreset, 'Yesterday');
    await waitFor(() =>
      expect(bodiesOf(api, SUMMARY).at(-1)).toMatchObject({
        comparisonDateRange: { startDate: '2024-03-14', endDate: '2024-03-14' },
      }),
    );
    expect(shown(comparisonPreset)).toBe('Yesterday');
    await user.selectOptions(comparisonPreset, 'Previous period');
    await waitFor(() =>
      expect(bodiesOf(api, SUMMARY).at(-1)).toMatchObject({
        comparisonDateRange: { startDate: '2024-01-15', endDate: '2024-02-13' },
      }),
    );
  });

  it("cards show value, change and status: 'No change' neutral, a rise in bounce negative", async () => {
    renderApp({ path: PATH, api: dashboardApi() });
    const card = async (name: string) => screen.findByRole('group', { name });
    const sessions = await card('Display Count');
    expect(within(sessions).getByText('1.2K')).toBeTruthy();
    expect(within(sessions).getByText(NO_CHANGE)).toBeTruthy();
    expect(sessions.dataset.status).toBe('neutral');
    const optIn = await card('Opt-in %');
    expect(within(optIn).getByText('45.5%')).toBeTruthy();
    expect(within(optIn).getByText('+10.0%')).toBeTruthy();
    expect(optIn.dataset.status).toBe('positive');
    const optOut = await card('Opt-out %');
    expect(optOut.dataset.status).toBe('positive');
    const bounce = await card('Bounce %');
    expect(within(bounce).getByText('+12.5%')).toBeTruthy();
    expect(bounce.dataset.status).toBe('negative');
    expect(within(await card('Partial Opt-in %')).getByText('N/A')).toBeTruthy();
  });

  it("charts: 'No Data Available' when empty, each with its data as a table", async () => {
    renderApp({ path: PATH, api: dashboardApi() });
    const pie = await screen.findByRole('region', { name: 'Consent breakdown' });
    const table = within(pie).getByRole('table', { name: 'Consent breakdown data' });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((c) => c.textContent),
    ).toEqual(['Accept all', 'Deny all', 'Partial opt-in', 'Bounce']);
    expect(within(table).getByText('50.0%')).toBeTruthy();
    const regulation = screen.getByRole('region', { name: 'Sessions by regulation' });
    const rows = within(regulation).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual(['PeriodEUUSTotal', '2024-03-08639']);
    // Countries grouped by where the visitors are (Japan only in Total), not by regulation.
    const country = screen.getByRole('region', { name: 'Sessions by country' });
    expect(
      within(country)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['PeriodEUUSTotal', '2024-03-08439']);
    expect(
      within(screen.getByRole('region', { name: 'Consent trend' })).getByText(NO_DATA_AVAILABLE),
    ).toBeTruthy();
  });

  it('draws the plot of every chart with data, after its title and table; an empty chart has none', async () => {
    renderApp({ path: PATH, api: dashboardApi() });
    await screen.findByRole('region', { name: 'Consent breakdown' });
    // The three charts with data each get their plot (a labelled image); the empty ones do not.
    await waitFor(() =>
      expect(
        screen.getAllByRole('img', { name: /\(chart; its data is in the table below\)$/ }),
      ).toHaveLength(3),
    );
    expect(screen.getByRole('img', { name: /^Sessions by country \(chart/ })).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Consent trend' })).queryByRole('img'),
    ).toBeNull();
  });

  it('country table: Display Count descending, 10 a page, sort, filter, N/A, CSV of the shown rows', async () => {
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:test';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = renderApp({ path: PATH, api: dashboardApi() });
    await screen.findByRole('region', { name: 'Consent by country' });
    await waitFor(() => expect(countryColumn()).toHaveLength(10));
    expect(countryColumn().slice(0, 3)).toEqual(['Switzerland', 'Sweden', 'Poland']);
    const table = screen.getByRole('region', { name: 'Consent by country' });
    expect(within(table).getAllByText('N/A').length).toBeGreaterThan(0);
    await user.click(within(table).getByRole('button', { name: 'Page 2' }));
    expect(countryColumn()).toEqual(['France', 'Germany']);
    await user.click(within(table).getByRole('button', { name: /^Country/ }));
    expect(countryColumn().slice(0, 2)).toEqual(['Austria', 'Belgium']);
    await user.type(within(table).getByPlaceholderText(COUNTRY_FILTER_PLACEHOLDER), 'land');
    // Filtered on the client by name, still sorted by name.
    expect(countryColumn()).toEqual(['Netherlands', 'Poland', 'Switzerland']);
    await user.click(within(table).getByRole('button', { name: EXPORT_CSV }));
    expect(created).toHaveLength(1);
    const csv = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(created[0] as Blob);
    });
    const lines = csv.split('\n');
    expect(lines[0]?.startsWith('Country,Display Count,')).toBe(true);
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual([
      'Netherlands',
      'Poland',
      'Switzerland',
    ]);
    expect(lines[1]).toContain('N/A');

    // A filter that matches no country says so.
    await user.clear(within(table).getByPlaceholderText(COUNTRY_FILTER_PLACEHOLDER));
    await user.type(within(table).getByPlaceholderText(COUNTRY_FILTER_PLACEHOLDER), 'atlantis');
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual([NO_DATA_AVAILABLE]);
  });

  it("keeps the user's sort and filter of the country table when the insights period changes", async () => {
    const api = dashboardApi();
    const { user } = renderApp({ path: PATH, api });
    await screen.findByRole('region', { name: 'Consent by country' });
    await waitFor(() => expect(countryColumn()).toHaveLength(10));
    const table = () => screen.getByRole('region', { name: 'Consent by country' });
    await user.click(within(table()).getByRole('button', { name: /^Country/ }));
    await user.click(within(table()).getByRole('button', { name: /^Country/ }));
    await user.type(within(table()).getByPlaceholderText(COUNTRY_FILTER_PLACEHOLDER), 'land');
    expect(countryColumn()).toEqual(['Switzerland', 'Poland', 'Netherlands']);

    const insights = screen.getByRole('group', { name: INSIGHTS_PERIOD });
    await user.click(within(insights).getAllByRole('textbox')[0] as HTMLElement);
    await user.click(await screen.findByRole('menuitem', { name: 'Last 30 Days' }));
    await waitFor(() => expect(bodiesOf(api, COUNTRIES)).toHaveLength(2));
    expect(bodiesOf(api, COUNTRIES)[1]).toMatchObject({
      currentRange: { startDate: '2024-02-14', endDate: '2024-03-14' },
    });
    // The new period's rows, still by Country descending and filtered by the same text.
    await waitFor(() => expect(countryColumn()).toEqual(['Switzerland', 'Poland', 'Netherlands']));
    expect(
      within(table())
        .getByRole('columnheader', { name: /^Country/ })
        .getAttribute('aria-sort'),
    ).toBe('descending');
    expect(
      (within(table()).getByPlaceholderText(COUNTRY_FILTER_PLACEHOLDER) as HTMLInputElement).value,
    ).toBe('land');
  });

  it("'More Filters' lists the eight categories and applying one asks again with it", async () => {
    const api = dashboardApi();
    const { user } = renderApp({ path: PATH, api });
    await user.click(await screen.findByRole('button', { name: MORE_FILTERS }));
    // A modal dialog named by its heading (Blueprint's Drawer has no role of its own).
    const drawer = await screen.findByRole('dialog', { name: MORE_FILTERS });
    expect(drawer.getAttribute('aria-modal')).toBe('true');
    expect(
      within(drawer)
        .getAllByRole('group')
        .map((g) => g.querySelector('legend')?.textContent),
    ).toEqual([
      'Regulation',
      'Device Type',
      'OS',
      'Page Format',
      'Browser',
      'GBC Applicable',
      'COP Applicable',
      'Advanced Customizations',
    ]);
    await user.click(within(drawer).getByLabelText('GDPR'));
    await user.click(within(drawer).getByRole('button', { name: APPLY_FILTERS }));
    await waitFor(() => expect(bodiesOf(api, INSIGHTS)).toHaveLength(2));
    expect(bodiesOf(api, INSIGHTS)[1]).toMatchObject({ filters: { regulation: ['GDPR'] } });
    expect(bodiesOf(api, COUNTRIES).at(-1)).toMatchObject({ filters: { regulation: ['GDPR'] } });
    expect(screen.getByRole('button', { name: `${MORE_FILTERS} (1)` })).toBeTruthy();
  });
});
