import {
  GO_TO_REPORTS,
  REPORT_NAME_REQUIRED,
  REPORT_SAVED,
  REPORT_SCHEDULED,
  REPORT_TOO_LARGE,
  REPORT_UPDATED,
  RUN_REPORT,
  RUN_REPORT_INCOMPLETE,
  SAVE_REPORT,
  EDIT_REPORT,
  SCHEDULE_END_DATE_REQUIRED,
  SCHEDULE_REPORT,
  SCHEDULE_START_DATE_REQUIRED,
  SCHEDULE_TIME_REQUIRED,
  TIME_FILTER_REQUIRED,
} from '@assent/core/reports';
import { buildReportJob, REPORTS_NOW, REPORTS_PCODE } from '@assent/core/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, createFakeApi } from '../../testing/fake-api';
import { ReportBuilder } from './ReportBuilder';
import { renderReportsView } from './testing';

const PCODE = REPORTS_PCODE;
const reportPath = `/analytics/v1/report/pcode/${PCODE}`;

function setup(
  options: {
    reportId?: string;
    api?: ReturnType<typeof createFakeApi>;
    preloadPlot?: () => void;
  } = {},
) {
  const api = options.api ?? createFakeApi();
  api.onDefault('GET /analytics/v1/metadata', {
    status: 404,
    body: { status: 'NOT_FOUND', message: 'x' },
  });
  const view = renderReportsView(
    <ReportBuilder pCode={PCODE} propertyIds={['site-1']} reportId={options.reportId} />,
    {
      api,
      now: REPORTS_NOW,
      path: `/protect/p-${PCODE}/reports`,
      preloadPlot: options.preloadPlot,
    },
  );
  return { ...view, api };
}

const group = (name: string) => screen.getByRole('group', { name });
const check = async (user: ReturnType<typeof setup>['user'], groupName: string, label: string) =>
  user.click(within(group(groupName)).getByRole('checkbox', { name: label }));
const granularity = () =>
  (
    screen
      .getAllByRole('radio')
      .filter((r) =>
        ['day', 'week', 'month'].includes((r as HTMLInputElement).value),
      ) as HTMLInputElement[]
  ).find((r) => r.checked)?.value;

describe('the custom report builder', () => {
  afterEach(() => vi.restoreAllMocks());

  it('hides the GBC and Users metrics unless their dimension is chosen', async () => {
    const { user } = setup();
    const metrics = () => group('Metrics');
    // The applicable dimensions are always offered.
    expect(
      within(group('Dimensions')).getByRole('checkbox', { name: 'GBC Applicable' }),
    ).toBeTruthy();
    expect(
      within(group('Dimensions')).getByRole('checkbox', { name: 'COP Applicable' }),
    ).toBeTruthy();
    expect(within(metrics()).queryByRole('checkbox', { name: 'Ad Storage Granted %' })).toBeNull();
    expect(within(metrics()).queryByRole('checkbox', { name: 'Consent or Pay Users' })).toBeNull();
    expect(within(metrics()).getByRole('checkbox', { name: 'Display Count' })).toBeTruthy();

    await check(user, 'Dimensions', 'GBC Applicable');
    await check(user, 'Metrics', 'Ad Storage Granted %');
    expect(within(metrics()).queryByRole('checkbox', { name: 'Consent or Pay Users' })).toBeNull();
    await check(user, 'Dimensions', 'COP Applicable');
    expect(within(metrics()).getByRole('checkbox', { name: 'Consent or Pay Users' })).toBeTruthy();

    // Dropping the dimension hides its category and drops its chosen metric.
    await check(user, 'Dimensions', 'GBC Applicable');
    expect(within(metrics()).queryByRole('checkbox', { name: 'Ad Storage Granted %' })).toBeNull();
    await check(user, 'Dimensions', 'GBC Applicable');
    expect(
      (
        within(metrics()).getByRole('checkbox', {
          name: 'Ad Storage Granted %',
        }) as HTMLInputElement
      ).checked,
    ).toBe(false);
  });

  it('keeps the time filter open until a time period is chosen', async () => {
    const { user } = setup();
    const toggle = screen.getByRole('button', { name: 'Time: not set' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.getByRole('alert').textContent).toBe(TIME_FILTER_REQUIRED);
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');

    // Custom dates without both days cannot close either.
    await user.click(screen.getByRole('radio', { name: 'Custom Date' }));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.getByText(TIME_FILTER_REQUIRED)).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: 'Last 7 Days' }));
    expect(screen.queryByText(TIME_FILTER_REQUIRED)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    const closed = screen.getByRole('button', { name: 'Time: Last 7 Days' });
    expect(closed.getAttribute('aria-expanded')).toBe('false');
  });

  it('chooses the granularity from the time period, keeping a manual week or month', async () => {
    const { user } = setup();
    expect(granularity()).toBe('day');
    await user.click(screen.getByRole('radio', { name: 'Last 30 Days' }));
    expect(granularity()).toBe('week');

    await user.click(screen.getByRole('radio', { name: 'Custom Date' }));
    await user.type(screen.getByLabelText('Start date'), '2024-03-01{Enter}');
    await user.type(screen.getByLabelText('End date'), '2024-03-05{Enter}');
    await screen.findByRole('button', { name: 'Time: 2024-03-01 – 2024-03-05' });
    expect(granularity()).toBe('day');
    await user.clear(screen.getByLabelText('Start date'));
    await user.type(screen.getByLabelText('Start date'), '2024-01-02{Enter}');
    await screen.findByRole('button', { name: 'Time: 2024-01-02 – 2024-03-05' });
    expect(granularity()).toBe('week');

    await user.click(screen.getByRole('radio', { name: 'Month' }));
    await user.click(screen.getByRole('radio', { name: 'This Week' }));
    expect(granularity()).toBe('month');
  });

  it('offers no future day and nothing before 3 months ago in the custom dates', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('radio', { name: 'Custom Date' }));
    await user.click(screen.getByLabelText('Start date'));
    // In March 2024 (the clock's 15 March) the 16th on is disabled.
    const picker = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.bp6-datepicker');
      if (!found) throw new Error('no calendar yet');
      return found;
    });
    await user.selectOptions(picker.querySelector('select')!, 'March');
    const day = (n: string) =>
      within(picker)
        .getAllByRole('gridcell')
        .find((c) => c.textContent === n && !c.className.includes('outside'))!;
    await waitFor(() => expect(picker.textContent).toContain('March 2024'));
    expect((day('15') as HTMLButtonElement).disabled).toBe(false);
    expect((day('16') as HTMLButtonElement).disabled).toBe(true);
    expect((day('31') as HTMLButtonElement).disabled).toBe(true);
    await user.keyboard('{Escape}');
    // Typed days outside the window are refused: the period stays unset.
    await user.type(screen.getByLabelText('Start date'), '2023-12-14{Enter}');
    await user.type(screen.getByLabelText('End date'), '2024-03-10{Enter}');
    expect(screen.getByRole('button', { name: 'Time: not set' })).toBeTruthy();
    await user.clear(screen.getByLabelText('Start date'));
    await user.type(screen.getByLabelText('Start date'), '2023-12-15{Enter}');
    await screen.findByRole('button', { name: 'Time: 2023-12-15 – 2024-03-10' });
  });

  it('starts loading the chart library as it opens, so a run draws its chart with its rows', () => {
    const preloadPlot = vi.fn();
    setup({ preloadPlot });
    expect(preloadPlot).toHaveBeenCalledTimes(1);
  });

  it('runs a report and shows its rows with two-decimal percentages', async () => {
    const api = createFakeApi().on(`POST ${reportPath}`, {
      body: [
        {
          id: 'report',
          results: [
            { deviceType: 'pc', totalSessions: 3, optInPercent: 33.333333 },
            { deviceType: 'mobile', totalSessions: 0, optInPercent: null },
          ],
        },
      ],
    });
    const { user } = setup({ api });
    await user.click(screen.getByRole('button', { name: RUN_REPORT }));
    expect(screen.getByText(RUN_REPORT_INCOMPLETE)).toBeTruthy();
    expect(api.calls.some((c) => c.path === reportPath)).toBe(false);

    await check(user, 'Dimensions', 'Device Type');
    await check(user, 'Metrics', 'Display Count');
    await check(user, 'Metrics', 'Opt-in %');
    await user.click(screen.getByRole('radio', { name: 'Last 7 Days' }));
    await user.click(within(group('Filters')).getByRole('checkbox', { name: 'Regulation: GDPR' }));
    await user.type(within(group('Filters')).getByRole('combobox', { name: 'Country' }), 'germ');
    const germany = await screen.findByRole('option', { name: /^Germany/ });
    await user.click(germany.firstElementChild as HTMLElement);
    await within(group('Filters')).findByText('Germany', { selector: '.bp6-tag *' });
    await user.click(screen.getByRole('button', { name: RUN_REPORT }));

    const table = await screen.findByRole('table', { name: 'Report results' });
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toEqual(['Device TypeDisplay CountOpt-in %', 'Desktop333.33%', 'Phone0N/A']);
    const call = api.calls.find((c) => c.path === reportPath);
    expect(call?.body).toEqual({
      queries: [
        {
          id: 'report',
          dimensions: ['deviceType'],
          metrics: ['totalSessions', 'optInPercent'],
          granularity: 'week',
        },
      ],
      filters: [
        { key: 'regulation', operator: 'in', values: ['GDPR'] },
        { key: 'country', operator: 'in', values: ['DE'] },
        { key: 'startDate', operator: 'gteq', values: ['2024-03-08'] },
        { key: 'endDate', operator: 'lteq', values: ['2024-03-14'] },
        { key: 'propertyId', operator: 'in', values: ['site-1'] },
      ],
    });
  });

  it("filters by the account's themes and by theme language, and splits by them under 'Theme'", async () => {
    const api = createFakeApi()
      .on(`GET /analytics/v1/pcode/${PCODE}/themes`, {
        body: [
          { uuid: '3', themeName: 'Summer theme' },
          { uuid: '4', themeName: 'Winter theme' },
        ],
      })
      .on(`POST ${reportPath}`, {
        body: [
          {
            id: 'report',
            results: [
              { themeUuid: '4', totalSessions: 5 },
              { themeUuid: '9', totalSessions: 1 },
            ],
          },
        ],
      });
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:test';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = setup({ api });
    const dimensions = within(group('Dimensions'));
    const themeCategory = dimensions.getByText('Theme', { selector: 'legend' }).parentElement!;
    expect(
      within(themeCategory)
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')?.textContent),
    ).toEqual(['Theme Language', 'Theme']);
    const filters = within(group('Filters'));
    await filters.findByRole('checkbox', { name: 'Theme: Summer theme' });
    expect(filters.getByRole('checkbox', { name: 'Theme: Winter theme' })).toBeTruthy();
    expect(filters.getAllByRole('checkbox', { name: /^Theme Language: / })).toHaveLength(32);

    await user.click(dimensions.getByRole('checkbox', { name: 'Theme' }));
    await check(user, 'Metrics', 'Display Count');
    await user.click(screen.getByRole('radio', { name: 'Last 7 Days' }));
    await user.click(filters.getByRole('checkbox', { name: 'Theme: Winter theme' }));
    await user.click(filters.getByRole('checkbox', { name: 'Theme Language: French' }));
    await user.click(screen.getByRole('button', { name: RUN_REPORT }));
    await waitFor(() => expect(api.calls.some((c) => c.path === reportPath)).toBe(true));
    const body = api.calls.find((c) => c.path === reportPath)?.body as {
      queries: Array<{ dimensions: string[] }>;
      filters: unknown[];
    };
    expect(body.queries[0]?.dimensions).toEqual(['themeUuid']);
    expect(body.filters).toEqual(
      expect.arrayContaining([
        { key: 'themeUuid', operator: 'in', values: ['4'] },
        { key: 'themeLanguage', operator: 'in', values: ['fr'] },
      ]),
    );

    // The results name each theme; a theme the account no longer has keeps its id.
    const table = await screen.findByRole('table', { name: 'Report results' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['ThemeDisplay Count', 'Winter theme5', '91']);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(created).toHaveLength(1);
    const csv = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(created[0] as Blob);
    });
    expect(csv).toBe('Theme,Display Count\r\nWinter theme,5\r\n9,1\r\n');
  });

  it('asks for fewer dimensions and metrics when the report times out', async () => {
    const api = createFakeApi().on(
      `POST ${reportPath}`,
      apiError(
        504,
        'GATEWAY_TIMEOUT',
        '504 Gateway Timeout ERROR: the report did not finish within 30 seconds',
      ),
    );
    const { user } = setup({ api });
    await check(user, 'Metrics', 'Display Count');
    await user.click(screen.getByRole('radio', { name: 'Last 7 Days' }));
    await user.click(screen.getByRole('button', { name: RUN_REPORT }));
    expect((await screen.findByRole('alert')).textContent).toBe(REPORT_TOO_LARGE);
  });

  it('saves a report on demand, with its name required, and links to the on-demand list', async () => {
    const api = createFakeApi().on(`POST /analytics/v1/pcode/${PCODE}/job`, {
      status: 201,
      body: { message: REPORT_SAVED, id: '7' },
    });
    const { user } = setup({ api });
    await check(user, 'Metrics', 'Display Count');
    await user.click(screen.getByRole('radio', { name: 'Last 7 Days' }));
    await user.click(screen.getByRole('button', { name: SAVE_REPORT }));
    const dialog = await screen.findByRole('dialog', { name: SAVE_REPORT });
    await user.click(within(dialog).getByRole('button', { name: SAVE_REPORT }));
    expect(within(dialog).getByText(REPORT_NAME_REQUIRED)).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/Report Name/), 'Weekly totals');
    await user.click(within(dialog).getByRole('button', { name: SAVE_REPORT }));

    const notice = await screen.findByText(REPORT_SAVED);
    const link = within(notice.closest('[role=status]') as HTMLElement).getByRole('link', {
      name: GO_TO_REPORTS,
    });
    expect(link.getAttribute('href')).toBe(
      `/protect/p-${PCODE}/reports/view-reports?report_type=on_demand`,
    );
    expect(api.calls.find((c) => c.method === 'POST' && c.path.endsWith('/job'))?.body).toEqual({
      name: 'Weekly totals',
      type: 'on_demand',
      recipients: [],
      query: {
        dimensions: [],
        metrics: ['totalSessions'],
        filters: [{ key: 'propertyId', operator: 'in', values: ['site-1'] }],
        granularity: 'week',
        timePeriod: { type: 'last7Days' },
      },
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('loads a saved report from report_id and updates it with Edit Report', async () => {
    const job = buildReportJob({ id: 'job-1', name: 'Weekly consent' });
    const api = createFakeApi()
      .on(`GET /analytics/v1/pcode/${PCODE}/job/job-1`, { body: job })
      .on(`PUT /analytics/v1/pcode/${PCODE}/job/job-1`, { body: { message: REPORT_UPDATED } });
    const { user } = setup({ api, reportId: 'job-1' });
    const edit = await screen.findByRole('button', { name: EDIT_REPORT });
    expect(
      (within(group('Metrics')).getByRole('checkbox', { name: 'Opt-in %' }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    expect(screen.getByRole('button', { name: 'Time: Last 7 Days' })).toBeTruthy();
    expect(granularity()).toBe('week');
    await user.click(edit);
    const dialog = await screen.findByRole('dialog', { name: EDIT_REPORT });
    expect((within(dialog).getByLabelText(/Report Name/) as HTMLInputElement).value).toBe(
      'Weekly consent',
    );
    await user.click(within(dialog).getByRole('button', { name: EDIT_REPORT }));
    await screen.findByText(REPORT_UPDATED);
    const put = api.calls.find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({ name: 'Weekly consent', type: 'on_demand' });
  });

  it('schedules a report: daily by default, hours 0 to 7 disabled, every field checked', async () => {
    const api = createFakeApi().on(`POST /analytics/v1/pcode/${PCODE}/job`, {
      status: 201,
      body: { message: REPORT_SCHEDULED, id: '8' },
    });
    const { user } = setup({ api });
    await check(user, 'Metrics', 'Display Count');
    await user.click(screen.getByRole('button', { name: SCHEDULE_REPORT }));
    const dialog = await screen.findByRole('dialog', { name: SCHEDULE_REPORT });
    expect((within(dialog).getByLabelText(/Frequency/) as HTMLSelectElement).value).toBe('daily');
    const hour = within(dialog).getByLabelText('Hour (UTC)') as HTMLSelectElement;
    const hours = [...hour.options].filter((o) => o.value !== '');
    expect(hours.filter((o) => o.disabled).map((o) => o.value)).toEqual([
      '0',
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
    ]);
    expect(hours.filter((o) => !o.disabled)).toHaveLength(16);

    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    for (const message of [
      REPORT_NAME_REQUIRED,
      SCHEDULE_START_DATE_REQUIRED,
      SCHEDULE_END_DATE_REQUIRED,
      SCHEDULE_TIME_REQUIRED,
    ]) {
      expect(within(dialog).getByText(message)).toBeTruthy();
    }
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByLabelText(/Report Name/), 'Daily totals');
    await user.selectOptions(within(dialog).getByLabelText(/Frequency/), 'weekly');
    await user.type(within(dialog).getByLabelText(/Start Date/), '2024-03-18{Enter}');
    await user.type(within(dialog).getByLabelText(/End Date/), '2024-04-30{Enter}');
    await user.selectOptions(hour, '9');
    await user.selectOptions(within(dialog).getByLabelText('Minute'), '30');
    const recipient = within(dialog).getByLabelText('Recipient e-mail');
    await user.type(recipient, 'ops@example.com{Enter}');
    await user.type(recipient, 'old@example.com{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Remove old@example.com' }));
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));

    const notice = await screen.findByText(REPORT_SCHEDULED);
    expect(
      within(notice.closest('[role=status]') as HTMLElement)
        .getByRole('link', { name: GO_TO_REPORTS })
        .getAttribute('href'),
    ).toBe(`/protect/p-${PCODE}/reports/view-reports?report_type=scheduled`);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Daily totals',
      type: 'scheduled',
      recipients: ['ops@example.com'],
      scheduleInfo: {
        startDate: '2024-03-18',
        endDate: '2024-04-30',
        frequency: 'weekly',
        time: '9:30',
      },
      query: {
        dimensions: [],
        metrics: ['totalSessions'],
        filters: [{ key: 'propertyId', operator: 'in', values: ['site-1'] }],
        granularity: 'day',
        timePeriod: { type: 'lastDay' },
      },
    });
  });
});
