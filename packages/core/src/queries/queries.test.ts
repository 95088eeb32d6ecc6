import { describe, expect, it } from 'vitest';
import { createClient } from '../api';
import {
  GATEWAY_TIMEOUT_MARKER,
  REPORT_TOO_LARGE,
  RUN_REPORT_INCOMPLETE,
  ReportJob,
} from '../reports';
import { fakeFetch } from '../testing/fetch';
import * as q from './index';

function recordingClient(body: unknown = []) {
  const { fetch, calls } = fakeFetch(200, body);
  // Shapes are the route table's business (api tests); here only the wiring is checked.
  const client = createClient({ baseUrl: '', fetch, validateResponses: false });
  return { client, calls };
}

const run = async <T>(options: { queryFn: (c: { signal?: unknown }) => Promise<T> }) =>
  options.queryFn({ signal: 'sig' });

describe('query-option factories', () => {
  const cases: Array<{
    name: string;
    build: (client: ReturnType<typeof recordingClient>['client']) => {
      queryKey: readonly unknown[];
      queryFn: (c: { signal?: unknown }) => Promise<unknown>;
    };
    key: readonly unknown[];
    call: string;
    method?: string;
  }> = [
    { name: 'me', build: (c) => q.meQuery(c), key: ['me'], call: '/auth/me' },
    {
      name: 'organisations',
      build: (c) => q.organisationsQuery(c),
      key: ['organisations'],
      call: '/auth/organisations',
    },
    {
      name: 'properties',
      build: (c) => q.propertiesQuery(c, 'AB12'),
      key: ['properties', 'AB12', 'items'],
      call: '/customization/v2/site?pCode=AB12&sort=url,ASC',
    },
    {
      name: 'property rows',
      build: (c) => q.propertyRowsQuery(c, 'AB12'),
      key: ['properties', 'AB12', 'rows'],
      call: '/customization/v2/site/rows?pCode=AB12&sort=url,ASC',
    },
    {
      name: 'property (site)',
      build: (c) => q.propertyQuery(c, { pCode: 'AB12', id: 'u1', propertyType: 'SITE' }),
      key: ['property', 'AB12', 'u1'],
      call: '/customization/v2/site/u1?pCode=AB12',
    },
    {
      name: 'property (app)',
      build: (c) => q.propertyQuery(c, { pCode: 'AB12', id: 'u2', propertyType: 'APP' }),
      key: ['property', 'AB12', 'u2'],
      call: '/customization/v2/app/u2?pCode=AB12',
    },
    {
      name: 'propertyInit',
      build: (c) => q.propertyInitQuery(c, 'AB12', 'APP'),
      key: ['propertyInit', 'AB12', 'APP'],
      call: '/customization/v2/site/init?pCode=AB12&propertyType=APP',
    },
    {
      name: 'history of a property',
      build: (c) => q.historyQuery(c, 'AB12', { entityType: 'SITE', entityId: 'u1', page: 2 }),
      key: ['history', 'AB12', 'SITE', 'u1', 2],
      call: '/customization/v2/history?pCode=AB12&page=2&entityType=SITE&entityId=u1',
    },
    {
      name: 'history of the account',
      build: (c) => q.historyQuery(c, 'AB12'),
      key: ['history', 'AB12', null, null, 0],
      call: '/customization/v2/history?pCode=AB12&page=0',
    },
    {
      name: 'themes',
      build: (c) => q.themesQuery(c, 'AB12'),
      key: ['themes', 'AB12', 'ALL'],
      call: '/customization/v2/theme?pCode=AB12&sort=themeName,ASC',
    },
    {
      name: 'themes of a type',
      build: (c) => q.themesQuery(c, 'AB12', 'SITE'),
      key: ['themes', 'AB12', 'SITE'],
      call: '/customization/v2/theme?pCode=AB12&sort=themeName,ASC&themeType=SITE',
    },
    {
      name: 'theme',
      build: (c) => q.themeQuery(c, 'AB12', '42'),
      key: ['themes', 'AB12', 'detail', '42'],
      call: '/customization/v2/theme/42?pCode=AB12',
    },
    {
      name: 'textRequests',
      build: (c) => q.textRequestsQuery(c, '7'),
      key: ['textRequests', '7'],
      call: '/text-customization-request/7',
    },
    {
      name: 'vendors',
      build: (c) => q.vendorsQuery(c),
      key: ['vendors', 3],
      call: '/customization/v2/vendors?gvlVersion=3',
    },
    {
      name: 'vendorSelection',
      build: (c) => q.vendorSelectionQuery(c, 'AB12'),
      key: ['vendorSelection', 'AB12'],
      call: '/customization/v2/vendors/selection?pCode=AB12',
    },
    {
      name: 'googleAtp',
      build: (c) => q.googleAtpQuery(c),
      key: ['googleAtp'],
      call: '/customization/v2/vendors/google-atp',
    },
    {
      name: 'universal tag',
      build: (c) => q.tagQuery(c, { pCode: 'AB12', type: 'universal' }),
      key: ['tags', 'AB12', 'universal', null, null],
      call: '/customization/v2/tag?pCode=AB12&type=universal',
    },
    {
      name: 'AMP tag',
      build: (c) => q.tagQuery(c, { pCode: 'AB12', type: 'amp', id: 'u1', persistentLink: true }),
      key: ['tags', 'AB12', 'amp', 'u1', true],
      call: '/customization/v2/tag?pCode=AB12&type=amp&id=u1&persistentLink=true',
    },
    {
      name: 'auditLogs',
      build: (c) => q.auditLogsQuery(c, 'AB12'),
      key: ['auditLogs', 'AB12'],
      call: '/customization/v2/audit-log/status?pCode=AB12',
    },
    {
      name: 'consentRecord',
      build: (c) => q.consentRecordQuery(c, 'AB12', '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b'),
      key: ['consentRecords', 'AB12', '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b'],
      call: '/customization/v2/consent-record/6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b?pCode=AB12',
    },
    {
      name: 'survey',
      build: (c) => q.surveyQuery(c, 'AB12'),
      key: ['survey', 'AB12'],
      call: '/customization/AB12/survey',
    },
    {
      name: 'copEvents',
      build: (c) => q.copEventsQuery(c, 'AB12'),
      key: ['copEvents', 'AB12'],
      call: '/customization/cop-banner-event/AB12',
    },
    {
      name: 'announcements',
      build: (c) => q.announcementsQuery(c),
      key: ['announcements'],
      call: '/customization/announcements',
    },
    {
      name: 'health',
      build: (c) => q.healthQuery(c),
      key: ['health'],
      call: '/healthz',
    },
    {
      name: 'cmpVersions',
      build: (c) => q.cmpVersionsQuery(c),
      key: ['cmpVersions'],
      call: '/customization/v2/cmp-versions',
    },
    {
      name: 'bulkUpdateStatus',
      build: (c) => q.bulkUpdateStatusQuery(c, 'AB12'),
      key: ['bulkUpdateStatus', 'AB12', 'sites'],
      call: '/customization/v2/bulk-update/status?pCode=AB12&page=sites',
    },
    {
      name: 'reportProperties',
      build: (c) => q.reportPropertiesQuery(c, 'AB12'),
      key: ['reportProperties', 'AB12'],
      call: '/analytics/v1/pcode/AB12/properties',
    },
    {
      name: 'reportJob',
      build: (c) => q.reportJobQuery(c, 'AB12', 'job-1'),
      key: ['reportJob', 'AB12', 'job-1'],
      call: '/analytics/v1/pcode/AB12/job/job-1',
    },
    {
      name: 'reportJobs',
      build: (c) => q.reportJobsQuery(c, 'AB12', 'scheduled', ' daily '),
      key: ['reportJob', 'AB12', 'list', 'scheduled', 'daily'],
      call: '/analytics/v1/pcode/AB12/jobs?type=scheduled&name=daily',
    },
    {
      name: 'reportJobs without a name',
      build: (c) => q.reportJobsQuery(c, 'AB12', 'on_demand'),
      key: ['reportJob', 'AB12', 'list', 'on_demand', ''],
      call: '/analytics/v1/pcode/AB12/jobs?type=on_demand',
    },
    {
      name: 'reportCatalogue',
      build: (c) => q.reportCatalogueQuery(c),
      key: ['reportCatalogue'],
      call: '/analytics/v1/metadata',
    },
  ];

  it.each(cases)('$name: key and call', async ({ build, key, call }) => {
    const { client, calls } = recordingClient();
    const options = build(client);
    expect(options.queryKey).toEqual(key);
    await run(options);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe(call);
    expect(calls[0]?.init.method).toBe('GET');
    expect(calls[0]?.init.signal).toBe('sig');
  });

  it('keys of one entity share its root, so invalidating the root refreshes every account', () => {
    expect(q.propertiesKeys.account('A').slice(0, 1)).toEqual(q.propertiesKeys.all);
    expect(q.themeKeys.list('A', 'APP').slice(0, 2)).toEqual(q.themeKeys.account('A'));
    expect(q.tagKeys.tag({ pCode: 'A', type: 'site', id: 'x' })[0]).toBe(q.tagKeys.all[0]);
  });

  it('propertyAnalytics posts the page of ids and the range', async () => {
    const { client, calls } = recordingClient({});
    const input = {
      pCode: 'AB12',
      propertyIds: ['u1', 'u2'],
      startDate: '2024-02-14',
      endDate: '2024-03-14',
    };
    const options = q.propertyAnalyticsQuery(client, input);
    expect(options.queryKey).toEqual([
      'propertyAnalytics',
      'AB12',
      { propertyIds: ['u1', 'u2'], startDate: '2024-02-14', endDate: '2024-03-14' },
    ]);
    await run(options);
    expect(calls[0]?.url).toBe('/analytics/v1/properties/pcode/AB12');
    expect(calls[0]?.init.method).toBe('POST');
    expect(JSON.parse(calls[0]?.init.body ?? '')).toEqual({
      propertyIds: ['u1', 'u2'],
      startDate: '2024-02-14',
      endDate: '2024-03-14',
    });
  });

  it("a property's analytics cover the dashboard's Last 30 Days", () => {
    expect(q.propertyAnalyticsRange(new Date('2024-03-15T12:00:00Z'))).toEqual({
      startDate: '2024-02-14',
      endDate: '2024-03-14',
    });
  });

  it("listedPropertiesAnalytics asks for the listed rows' ids, in their order", () => {
    const { client } = recordingClient({});
    const range = { startDate: '2024-02-14', endDate: '2024-03-14' };
    const rows = [{ uuid: 'u2', url: 'b.example' }, { uuid: 'u1' }];
    expect(q.listedPropertiesAnalyticsQuery(client, 'AB12', rows, range).queryKey).toEqual(
      q.propertyAnalyticsQuery(client, { pCode: 'AB12', propertyIds: ['u2', 'u1'], ...range })
        .queryKey,
    );
  });

  it("propertyTrend posts one daily graph query of the property's Display Count by regulation", async () => {
    const { client, calls } = recordingClient([]);
    const input = {
      pCode: 'AB12',
      propertyId: 'u1',
      startDate: '2024-02-14',
      endDate: '2024-03-14',
    };
    const options = q.propertyTrendQuery(client, input);
    expect(options.queryKey).toEqual([
      'propertyTrend',
      'AB12',
      'u1',
      { startDate: '2024-02-14', endDate: '2024-03-14' },
    ]);
    await run(options);
    expect(calls[0]?.url).toBe('/analytics/v1/graph/pcode/AB12');
    const body = JSON.parse(calls[0]?.init.body ?? '');
    expect(body.queries).toEqual([
      {
        id: 'propertyTrend',
        dimensions: ['period', 'regulation'],
        metrics: ['totalSessions'],
        granularity: 'day',
      },
    ]);
    expect(body.filters).toEqual([
      { key: 'startDate', operator: 'gteq', values: ['2024-02-14'] },
      { key: 'endDate', operator: 'lteq', values: ['2024-03-14'] },
      { key: 'propertyId', operator: 'in', values: ['u1'] },
    ]);
  });

  it('the dashboard queries post their filter set, which is part of their key', async () => {
    const range = { startDate: '2024-03-07', endDate: '2024-03-13' };
    const comparison = { startDate: '2024-02-29', endDate: '2024-03-06' };
    const filters = { regulation: ['GDPR'] };
    type Built = {
      queryKey: readonly unknown[];
      queryFn: (c: { signal?: unknown }) => Promise<unknown>;
    };
    const cases: Array<{
      options: (c: ReturnType<typeof recordingClient>['client']) => Built;
      kind: string;
      url: string;
    }> = [
      {
        options: (c: ReturnType<typeof recordingClient>['client']) =>
          q.summaryComparisonQuery(c, 'AB12', {
            summaryDateRange: range,
            comparisonDateRange: comparison,
            propertyId: ['u1'],
            metricFields: ['totalSessions'],
          }),
        kind: 'summary',
        url: '/analytics/v1/summary-comparison/pcode/AB12',
      },
      {
        options: (c: ReturnType<typeof recordingClient>['client']) =>
          q.insightsQuery(c, 'AB12', { range, propertyIds: ['u1'], filters }),
        kind: 'insights',
        url: '/analytics/v1/insights/pcode/AB12',
      },
      {
        options: (c: ReturnType<typeof recordingClient>['client']) =>
          q.countryTableQuery(c, 'AB12', {
            currentRange: range,
            comparisonRange: comparison,
            propertyIds: ['u1'],
            filters,
          }),
        kind: 'countryTable',
        url: '/analytics/v1/country-table/pcode/AB12',
      },
    ];
    for (const { options, kind, url } of cases) {
      const { client, calls } = recordingClient({});
      const built = options(client);
      const body = built.queryKey[3];
      expect(built.queryKey.slice(0, 3)).toEqual(['dashboard', 'AB12', kind]);
      await run(built);
      expect(calls[0]?.url).toBe(url);
      expect(calls[0]?.init.method).toBe('POST');
      expect(JSON.parse(calls[0]?.init.body ?? '')).toEqual(body);
    }
    // Another filter set is another cache entry.
    const { client } = recordingClient({});
    const a = q.insightsQuery(client, 'AB12', { range, propertyIds: ['u1'], filters });
    const b = q.insightsQuery(client, 'AB12', { range, propertyIds: ['u1'], filters: {} });
    expect(a.queryKey).not.toEqual(b.queryKey);
  });

  it('abTest posts the property and the range', async () => {
    const { client, calls } = recordingClient({});
    const input = { propertyId: 'u1', startDate: '2024-02-14', endDate: '2024-03-14' };
    const options = q.abTestQuery(client, 'AB12', input);
    expect(options.queryKey).toEqual(['abTest', 'AB12', input]);
    await run(options);
    expect(calls[0]?.url).toBe('/analytics/v1/ab-test/pcode/AB12');
    expect(JSON.parse(calls[0]?.init.body ?? '')).toEqual(input);
  });

  it('propertyAnalytics of an empty page makes no call', async () => {
    const { client, calls } = recordingClient({});
    const options = q.propertyAnalyticsQuery(client, {
      pCode: 'AB12',
      propertyIds: [],
      startDate: '2024-02-14',
      endDate: '2024-03-14',
    });
    await expect(run(options)).resolves.toEqual({});
    expect(calls).toHaveLength(0);
  });
});

describe('runSavedReport', () => {
  const job = (query: Record<string, unknown>) =>
    ReportJob.parse({
      id: 7,
      name: 'Shop consent',
      type: 'on_demand',
      query: {
        filters: [{ key: 'propertyId', operator: 'in', values: ['u1', 'u2'] }],
        dimensions: ['country'],
        metrics: ['totalSessions', 'optInPercent'],
        granularity: 'day',
        timePeriod: { type: 'last30Days' },
        ...query,
      },
    });
  const now = new Date('2026-11-28T10:00:00Z');

  function answering(status: number, body: unknown) {
    const { fetch, calls } = fakeFetch(status, body);
    return { client: createClient({ baseUrl: '', fetch }), calls };
  }

  it("runs the report's query over its period as of now, with its saved filters, and gives the rows and the period", async () => {
    const rows = [{ country: 'DE', totalSessions: 3, optInPercent: 66.67 }];
    const { client, calls } = answering(200, [{ id: 'report', results: rows }]);
    const state = await q.runSavedReport(client, 'AB12', job({}), now);
    expect(state).toEqual({
      jobId: '7',
      status: 'done',
      rows,
      period: { startDate: '2026-10-29', endDate: '2026-11-27' },
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/analytics/v1/report/pcode/AB12');
    const body = JSON.parse(calls[0]?.init.body ?? '') as {
      queries: unknown[];
      filters: Array<{ key: string; values: unknown[] }>;
    };
    expect(body.queries).toEqual([
      {
        id: 'report',
        dimensions: ['country'],
        metrics: ['totalSessions', 'optInPercent'],
        granularity: 'day',
      },
    ]);
    expect(Object.fromEntries(body.filters.map((f) => [f.key, f.values]))).toEqual({
      startDate: ['2026-10-29'],
      endDate: ['2026-11-27'],
      propertyId: ['u1', 'u2'],
    });
  });

  it('without a propertyId filter covers every property of the account, as the server runs it', async () => {
    const { client, calls } = answering(200, [{ id: 'report', results: [] }]);
    const state = await q.runSavedReport(client, 'AB12', job({ filters: [] }), now);
    expect(state.status).toBe('done');
    const body = JSON.parse(calls[0]?.init.body ?? '') as { filters: Array<{ key: string }> };
    expect(body.filters.map((f) => f.key)).toEqual(['startDate', 'endDate']);
  });

  it("fails with the console's messages: a report too large for the time limit, an incomplete one", async () => {
    const timedOut = answering(504, { status: 'GATEWAY_TIMEOUT', message: GATEWAY_TIMEOUT_MARKER });
    await expect(q.runSavedReport(timedOut.client, 'AB12', job({}), now)).resolves.toEqual({
      jobId: '7',
      status: 'failed',
      message: REPORT_TOO_LARGE,
    });
    const unused = answering(200, []);
    await expect(
      q.runSavedReport(unused.client, 'AB12', job({ metrics: [] }), now),
    ).resolves.toEqual({ jobId: '7', status: 'failed', message: RUN_REPORT_INCOMPLETE });
    expect(unused.calls).toHaveLength(0);
  });
});
