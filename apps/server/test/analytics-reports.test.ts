import type { VisitEvent } from '@assent/core/banner';
import type { Property } from '@assent/core/property';
import {
  REPORT_FOREIGN_PROPERTY,
  REPORT_UNKNOWN_METRIC,
  dashboardInsightsQuery,
  propertyFilter,
  summaryRequestFor,
  timeFilters,
} from '@assent/core/reports';
import type { AbTestReport, PropertyAnalytics } from '@assent/core/reports';
import type { ChdbHttp } from '@assent/testing';
import { startChdbHttp } from '@assent/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store, TestServer, TestUser } from './harness';
import { GEO_HEADER_ENV } from './live-server';
import { createTestServer, json, stores } from './harness';

/**
 * The analytics back end end to end: visits posted to the real beacon endpoint (group commit,
 * enrichment, rollups), then every report route, with exact numbers.
 */

let clock = new Date('2026-11-10T10:00:00Z');

const beacon = (property: string, overrides: Partial<VisitEvent> = {}): VisitEvent => ({
  p: property,
  t: '1',
  r: 1,
  o: 'a',
  f: 'H',
  d: 'd',
  os: 'Windows',
  b: 'Chrome',
  ts: clock.getTime(),
  ...overrides,
});

/**
 * Each store answers the same numbers: PGlite, PostgreSQL, and ClickHouse (a real ClickHouse 26
 * engine, chDB, behind a shim of its HTTP interface, reached through @clickhouse/client), with the
 * configuration on PGlite.
 */
const cases: Array<{ name: string; store: Store; clickhouse: boolean }> = [
  ...stores().map((store) => ({ name: store, store, clickhouse: false })),
  { name: 'ClickHouse on chDB', store: 'pglite', clickhouse: true },
];

describe.each(cases)('analytics reports ($name)', ({ store, clickhouse }) => {
  let shim: ChdbHttp | undefined;
  let server: TestServer;
  let user: TestUser;
  let other: TestUser;
  let a: Property;
  let b: Property;
  let foreign: Property;

  const urls = new Map<string, string>();
  const createSite = async (as: TestUser, url: string): Promise<Property> => {
    const res = await server.request({
      method: 'POST',
      url: `/customization/v2/site?pCode=${as.pcode}`,
      payload: { url, themeId: '1', publisherName: 'Example', consentLocations: ['EEA', 'USA'] },
      as,
    });
    expect(res.statusCode, res.body).toBe(201);
    const site = json<Property>(res);
    urls.set(site.uuid, url);
    return site;
  };

  /** Posts page views at `day` (noon UTC) from `country` (and US `region`), all at once. */
  const post = async (
    day: string,
    country: string,
    events: VisitEvent[],
    region?: string,
  ): Promise<void> => {
    clock = new Date(`${day}T12:00:00Z`);
    const answers = await Promise.all(
      events.map((e) =>
        server.request({
          method: 'POST',
          url: '/banner/visit',
          payload: JSON.stringify(e),
          headers: {
            'content-type': 'text/plain;charset=UTF-8',
            origin: `https://${urls.get(e.p)}`,
            'cf-ipcountry': country,
            ...(region ? { 'cf-region-code': region } : {}),
          },
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(events.map(() => 204));
  };

  const call = async <T>(path: string, payload: object, as: TestUser = user, status = 200) => {
    const res = await server.request({
      method: 'POST',
      url: `/analytics/v1/${path}/pcode/${as.pcode}`,
      payload,
      as,
    });
    expect(res.statusCode, res.body).toBe(status);
    return json<T>(res);
  };

  const current = { startDate: '2026-11-10', endDate: '2026-11-11' };
  const comparison = { startDate: '2026-11-03', endDate: '2026-11-04' };

  beforeAll(async () => {
    if (clickhouse) shim = await startChdbHttp();
    server = await createTestServer(store, {
      now: () => clock,
      env: { ...GEO_HEADER_ENV, ...(shim ? { ASSENT_ANALYTICS_URL: shim.url } : {}) },
    });
    user = await server.user();
    other = await server.user();
    a = await createSite(user, 'a-reports.example');
    b = await createSite(user, 'b-reports.example');
    foreign = await createSite(other, 'foreign-reports.example');
    // 2026-11-10, site A: six GDPR page views from Germany (one answered by the stored choice),
    // one under a US state's rules from California.
    await post('2026-11-10', 'DE', [
      beacon(a.uuid, { o: 'a' }),
      beacon(a.uuid, { o: 'a', d: 'm', os: 'iOS', b: 'Safari' }),
      beacon(a.uuid, { o: 'r' }),
      beacon(a.uuid, { o: 'p', f: 'A' }),
      beacon(a.uuid, { o: 'b' }),
      beacon(a.uuid, { o: 'a', x: 1 }),
    ]);
    await post('2026-11-10', 'US', [beacon(a.uuid, { r: 3, s: 'CA', o: 'r' })], 'CA');
    // 2026-11-11: site A from France, site B from Britain.
    await post('2026-11-11', 'FR', [beacon(a.uuid), beacon(a.uuid)]);
    await post('2026-11-11', 'GB', [beacon(b.uuid, { o: 'r', d: 't' })]);
    // The comparison period: one accept on site A from Germany.
    await post('2026-11-03', 'DE', [beacon(a.uuid)]);
    // Another account's visits never count for this one.
    await post('2026-11-10', 'DE', [beacon(foreign.uuid), beacon(foreign.uuid)]);
  });
  afterAll(async () => {
    await server?.close();
    await shim?.close();
  });

  it.runIf(clickhouse)(
    'stores visits in ClickHouse and reads reports there, not in the database',
    async () => {
      // The thirteen page views above reached ClickHouse through @clickhouse/client, and only it.
      const result = await shim!.session.queryAsync(
        `SELECT count() AS raw, (SELECT sum(visits) FROM visit_rollup_daily) AS rolled,
          (SELECT sum(traffic) FROM visit_rollup_country) AS country,
          (SELECT sum(traffic) FROM visit_rollup_dashboard) AS dashboard FROM visits`,
        { format: 'JSONEachRow' },
      );
      const counted = JSON.parse(new TextDecoder().decode(result.bytes())) as Record<
        string,
        unknown
      >;
      expect(Object.values(counted).map(Number)).toEqual([13, 13, 13, 13]);
      const [database] = await server.deps.db.query<{ n: number }>(
        'select (select count(*) from visits)::int + (select count(*) from visit_rollup_daily)::int as n',
      );
      expect(database?.n).toBe(0);
      await call('summary', summaryRequestFor(current, [a.uuid]));
      // The summary reads the smallest rollup holding its columns, as on PostgreSQL.
      expect(shim!.statements.at(-1)).toMatch(/from visit_rollup_by_page_format/i);
    },
  );

  it('sums the summary exactly: traffic, Display Count and rates of the shown banners', async () => {
    const values = await call('summary', summaryRequestFor(current, [a.uuid, b.uuid]));
    // 10 page views, 9 shown: 4 accept all, 3 reject all, 1 partial, 1 bounce.
    expect(values).toEqual({
      totalTraffic: 10,
      totalSessions: 9,
      optInPercent: 44.44,
      optOutPercent: 33.33,
      partialOptInPercent: 11.11,
      bouncePercent: 11.11,
    });
    const one = await call('summary', summaryRequestFor(current, [b.uuid]));
    expect(one).toMatchObject({ totalSessions: 1, optOutPercent: 100, optInPercent: 0 });
    const empty = await call('summary', summaryRequestFor(comparison, [b.uuid]));
    expect(empty).toMatchObject({ totalSessions: 0, optInPercent: null });
  });

  it('groups by UTC day, country, regulation, device and page format, and filters', async () => {
    const [byDay] = await call<Array<{ id: string; results: unknown[] }>>('graph', {
      filters: [...timeFilters(current), propertyFilter([a.uuid, b.uuid])],
      queries: [
        {
          id: 'q',
          dimensions: ['period', 'country'],
          metrics: ['totalSessions'],
          granularity: 'day',
        },
      ],
    });
    expect(byDay!.results).toEqual([
      { period: '2026-11-10', country: 'DE', totalSessions: 5 },
      { period: '2026-11-10', country: 'US', totalSessions: 1 },
      { period: '2026-11-11', country: 'FR', totalSessions: 2 },
      { period: '2026-11-11', country: 'GB', totalSessions: 1 },
    ]);
    const [segments] = await call<Array<{ results: unknown[] }>>('report', {
      filters: [
        ...timeFilters(current),
        propertyFilter([a.uuid]),
        { key: 'regulation', operator: 'in', values: ['GDPR', 3] },
      ],
      queries: [
        {
          id: 'report',
          dimensions: ['regulation', 'deviceType', 'pageFormat'],
          metrics: ['totalSessions', 'totalTraffic', 'optInPercent'],
          granularity: 'day',
        },
      ],
    });
    expect(segments!.results).toEqual([
      {
        regulation: 'GDPR',
        deviceType: 'mobile',
        pageFormat: 'HTTP',
        totalSessions: 1,
        totalTraffic: 1,
        optInPercent: 100,
      },
      {
        regulation: 'GDPR',
        deviceType: 'pc',
        pageFormat: 'AMP',
        totalSessions: 1,
        totalTraffic: 1,
        optInPercent: 0,
      },
      {
        regulation: 'GDPR',
        deviceType: 'pc',
        pageFormat: 'HTTP',
        totalSessions: 5,
        totalTraffic: 6,
        optInPercent: 60,
      },
      {
        regulation: 'MSPA',
        deviceType: 'pc',
        pageFormat: 'HTTP',
        totalSessions: 1,
        totalTraffic: 1,
        optInPercent: 0,
      },
    ]);
    const [mobile] = await call<Array<{ results: unknown[] }>>('report', {
      filters: [
        ...timeFilters(current),
        { key: 'deviceType', operator: 'in', values: ['mobile', 'tablet'] },
        { key: 'os', operator: 'in', values: ['iOS', 'Windows'] },
      ],
      queries: [{ id: 'r', dimensions: ['os'], metrics: ['totalSessions'], granularity: 'day' }],
    });
    expect(mobile!.results).toHaveLength(2);
    expect(mobile!.results).toEqual(
      expect.arrayContaining([
        { os: 'iOS', totalSessions: 1 },
        { os: 'Windows', totalSessions: 1 },
      ]),
    );
  });

  it('buckets weeks and months by the UTC day they start on', async () => {
    const [weeks] = await call<Array<{ results: unknown[] }>>('graph', {
      filters: timeFilters({ startDate: '2026-11-01', endDate: '2026-11-30' }),
      queries: [
        { id: 'w', dimensions: ['period'], metrics: ['totalSessions'], granularity: 'week' },
      ],
    });
    expect(weeks!.results).toEqual([
      { period: '2026-11-02', totalSessions: 1 },
      { period: '2026-11-09', totalSessions: 9 },
    ]);
    const [months] = await call<Array<{ results: unknown[] }>>('graph', {
      filters: timeFilters({ startDate: '2026-11-01', endDate: '2026-11-30' }),
      queries: [
        { id: 'm', dimensions: ['period'], metrics: ['totalSessions'], granularity: 'month' },
      ],
    });
    expect(months!.results).toEqual([{ period: '2026-11-01', totalSessions: 10 }]);
  });

  it('compares periods with core’s percent change (a zero baseline is 100)', async () => {
    const cards = await call<
      Array<{ fieldName: string; value: number; comparisonPercentage: number }>
    >('summary-comparison', {
      summaryDateRange: current,
      comparisonDateRange: comparison,
      propertyId: [a.uuid, b.uuid],
      metricFields: ['totalTraffic', 'totalSessions', 'optInPercent', 'bouncePercent'],
    });
    expect(cards).toEqual([
      { fieldName: 'totalSessions', value: 9, comparisonPercentage: 800 },
      // 4 of 9 against 1 of 1, unrounded: not the -55.56 of the rounded 44.44 against 100.
      {
        fieldName: 'optInPercent',
        value: 44.44,
        comparisonPercentage: expect.closeTo(-55.5556, 4),
      },
      { fieldName: 'bouncePercent', value: 11.11, comparisonPercentage: 100 },
    ]);
    const rows = await call<Array<Record<string, unknown>>>('country-table', {
      currentRange: current,
      comparisonRange: comparison,
      propertyIds: [a.uuid, b.uuid],
    });
    expect(rows.find((r) => r.country === 'DE')).toMatchObject({
      totalSessions: 5,
      totalSessionsChange: 400,
      optInPercent: 40,
      optInPercentChange: -60,
    });
    // No views from France in the comparison period: from 0 (+100%), its rates without a change.
    expect(rows.find((r) => r.country === 'FR')).toMatchObject({
      totalSessions: 2,
      totalSessionsChange: 100,
      optInPercentChange: null,
    });
    expect(rows.map((r) => r.country).sort()).toEqual(['DE', 'FR', 'GB', 'US']);
  });

  it('answers the dashboard charts with exact percentages (shown to one decimal, rounded once)', async () => {
    const res = await call<{
      charts: Array<{ id: string; results: Array<Record<string, number>> }>;
    }>('insights', { range: current, propertyIds: [a.uuid, b.uuid], filters: {} });
    // 9 shown, 4 accepted: 44.444…%, not 44.44 (the dashboard would round a rounded value).
    const [breakdown] = res.charts.find((c) => c.id === 'consentBreakdown')!.results;
    expect(breakdown!.optInPercent).toBeCloseTo(400 / 9, 9);
  });

  it('answers the six dashboard charts', async () => {
    const res = await call<{
      granularity: string;
      charts: Array<{ id: string; results: unknown[] }>;
    }>('insights', {
      range: current,
      propertyIds: [a.uuid, b.uuid],
      filters: { pageFormat: ['AMP'] },
    });
    expect(res.granularity).toBe('day');
    expect(res.charts.map((c) => c.id)).toEqual(
      dashboardInsightsQuery({ range: current, propertyIds: [], filters: {} }).body.queries.map(
        (q) => q.id,
      ),
    );
    expect(res.charts.find((c) => c.id === 'consentBreakdown')!.results).toEqual([
      { optInPercent: 0, optOutPercent: 0, partialOptInPercent: 100, bouncePercent: 0 },
    ]);
    expect(res.charts.find((c) => c.id === 'sessionsByDevice')!.results).toEqual([
      { deviceType: 'pc', totalSessions: 1 },
    ]);
  });

  it('answers several queries in one call as it answers each alone (one scan, grouping sets)', async () => {
    const whole = { startDate: '2026-11-03', endDate: '2026-11-11' };
    const { body } = dashboardInsightsQuery({
      range: whole,
      propertyIds: [a.uuid, b.uuid],
      filters: {},
    });
    const weeks = {
      id: 'weeks',
      dimensions: ['period', 'deviceType'],
      metrics: ['optInPercent'],
      granularity: 'week' as const,
    };
    // The same dimensions as a chart's in another order: that call runs its queries one by one.
    const reversed = {
      id: 'countryByPeriod',
      dimensions: ['country', 'period'],
      metrics: ['totalSessions'],
      granularity: 'day' as const,
    };
    for (const queries of [
      [...body.queries, weeks],
      [...body.queries, reversed],
    ]) {
      const together = await call<Array<{ id: string; results: unknown[] }>>('graph', {
        ...body,
        queries,
      });
      for (const query of queries) {
        const [alone] = await call<Array<{ id: string; results: unknown[] }>>('graph', {
          filters: body.filters,
          queries: [query],
        });
        expect(together.find((r) => r.id === query.id)!.results, query.id).toEqual(alone!.results);
      }
      expect(together.find((r) => r.id === 'sessionsByCountry')!.results.length).toBeGreaterThan(2);
    }
  });

  it('keys property analytics 1 GDPR, 2 CCPA and 3 by US state, from the rollups', async () => {
    const res = await call<Record<string, PropertyAnalytics>>('properties', {
      propertyIds: [a.uuid, b.uuid],
      ...current,
    });
    expect(res[a.uuid]!['1']).toMatchObject({
      totalShown: 7,
      acceptAll: 4,
      rejectAll: 1,
      partialAll: 1,
      consentRatePercentage: 71.43,
      bounceRatePercentage: 14.29,
    });
    // The Californian's visit was under California's section: counted under its state (3), not
    // again under CCPA (2, the national section), which has no visit. Its reject carried no
    // do-not-sell request: a rejection is not one.
    expect(res[a.uuid]!['2']).toBeUndefined();
    expect(res[a.uuid]!['3']).toEqual([
      expect.objectContaining({
        state: 'CA',
        totalShown: 1,
        rejectAll: 1,
        doNotSellRequestReceived: 0,
        doNotSellRequestFulfilled: 0,
        medianTimeFulfillmentMillis: null,
      }),
    ]);
    // Site B: one GDPR reject from Britain.
    expect(res[b.uuid]!['1']).toMatchObject({ totalShown: 1, rejectAll: 1 });
  });

  it('computes GBC, Consent-or-Pay and do-not-sell figures from what the runtime sent', async () => {
    const september = { startDate: '2026-09-01', endDate: '2026-09-01' };
    // Site B from France: four page views under Google basic consent (their Consent Mode state,
    // ad_user_data never set), three of them shown Consent or Pay; one with neither.
    await post('2026-09-01', 'FR', [
      beacon(b.uuid, { g: 'gg-d', c: 'y', o: 'a' }), // accepted on Consent or Pay's screen
      beacon(b.uuid, { g: 'dd-d', c: 's', o: 'b' }), // clicked subscribe and left
      beacon(b.uuid, { g: 'dd-d', c: 'l', o: 'b' }), // clicked log in and left
      beacon(b.uuid, { g: 'gd-g', o: 'r' }),
      beacon(b.uuid, { o: 'a' }),
    ]);
    // From California: a national opt-out fulfilled, a state one only received, and a returning
    // visitor's stored opt-out (no request on that page view).
    await post(
      '2026-09-01',
      'US',
      [
        beacon(b.uuid, { r: 2, o: 'r', n: 2 }),
        beacon(b.uuid, { r: 3, s: 'CA', o: 'r', n: 1 }),
        beacon(b.uuid, { r: 3, s: 'CA', o: 'r', x: 1 }),
      ],
      'CA',
    );
    user = await server.refresh(user); // the clock moved
    const gbcMetrics = [
      'totalSessions',
      'gbcAdStorageGrantedPercent',
      'gbcAnalyticsStorageGrantedPercent',
      'gbcAdUserDataGrantedPercent',
      'gbcAdPersonalizationGrantedPercent',
    ];
    const copMetrics = ['copUsers', 'copAcceptPercent', 'copSubscribePercent', 'copLoginPercent'];
    const queries = [
      { id: 'gbc', dimensions: ['gbcApplicable'], metrics: gbcMetrics, granularity: 'day' },
      { id: 'cop', dimensions: ['copApplicable'], metrics: copMetrics, granularity: 'day' },
    ];
    const filters = [...timeFilters(september), propertyFilter([b.uuid])];
    const gbc = [
      {
        gbcApplicable: false,
        totalSessions: 3,
        gbcAdStorageGrantedPercent: null,
        gbcAnalyticsStorageGrantedPercent: null,
        gbcAdUserDataGrantedPercent: null,
        gbcAdPersonalizationGrantedPercent: null,
      },
      {
        gbcApplicable: true,
        totalSessions: 4,
        gbcAdStorageGrantedPercent: 50,
        gbcAnalyticsStorageGrantedPercent: 25,
        gbcAdUserDataGrantedPercent: null, // never set: no data, not 0 %
        gbcAdPersonalizationGrantedPercent: 25,
      },
    ];
    const cop = [
      {
        copApplicable: false,
        copUsers: 0,
        copAcceptPercent: null,
        copSubscribePercent: null,
        copLoginPercent: null,
      },
      {
        copApplicable: true,
        copUsers: 3,
        copAcceptPercent: 33.33,
        copSubscribePercent: 33.33,
        copLoginPercent: 33.33,
      },
    ];
    // Both queries in one call (one scan with grouping sets), and each alone.
    expect(await call('graph', { filters, queries })).toEqual([
      { id: 'gbc', results: gbc },
      { id: 'cop', results: cop },
    ]);
    expect(await call('report', { filters, queries: [queries[1]] })).toEqual([
      { id: 'cop', results: cop },
    ]);
    const res = await call<Record<string, PropertyAnalytics>>('properties', {
      propertyIds: [b.uuid],
      ...september,
    });
    // Do-not-sell requests are their own counts: 3 rejections, 2 requests, 1 fulfilled. Each
    // visit in one section: the national opt-out under CCPA (2), the two under California's
    // section under CA (3), none of them twice.
    expect(res[b.uuid]!['2']).toMatchObject({
      totalShown: 1,
      rejectAll: 1,
      doNotSellRequestReceived: 1,
      doNotSellRequestFulfilled: 1,
      medianTimeFulfillmentMillis: null,
    });
    expect(res[b.uuid]!['3']).toEqual([
      expect.objectContaining({
        state: 'CA',
        doNotSellRequestReceived: 1,
        doNotSellRequestFulfilled: 0,
      }),
    ]);
    expect(res[b.uuid]!['1']).toMatchObject({ totalShown: 5, doNotSellRequestReceived: null });
  });

  it('counts a US state-section visit without a known state under CCPA, never as a null state', async () => {
    const august = { startDate: '2026-08-01', endDate: '2026-08-01' };
    // No region header and no state in the beacon: nobody knows the visitor's state.
    await post('2026-08-01', 'US', [
      beacon(b.uuid, { r: 3, o: 'r' }),
      beacon(b.uuid, { r: 3, s: 'VA', o: 'a' }),
    ]);
    user = await server.refresh(user); // the clock moved
    const res = await call<Record<string, PropertyAnalytics>>('properties', {
      propertyIds: [b.uuid],
      ...august,
    });
    expect(res[b.uuid]!['2']).toMatchObject({ totalShown: 1, rejectAll: 1 });
    expect(res[b.uuid]!['3']).toEqual([
      expect.objectContaining({ state: 'VA', totalShown: 1, acceptAll: 1 }),
    ]);
  });

  it('refuses another account’s property inside the request of every analytics route', async () => {
    const ids = [a.uuid, foreign.uuid];
    const requests: Array<[string, object]> = [
      ['summary', summaryRequestFor(current, ids)],
      [
        'graph',
        {
          filters: [...timeFilters(current), propertyFilter(ids)],
          queries: [{ id: 'q', dimensions: [], metrics: ['totalSessions'], granularity: 'day' }],
        },
      ],
      [
        'report',
        {
          filters: [...timeFilters(current), propertyFilter(ids)],
          queries: [
            { id: 'q', dimensions: ['country'], metrics: ['optInPercent'], granularity: 'day' },
          ],
        },
      ],
      ['insights', { range: current, propertyIds: ids, filters: {} }],
      [
        'summary-comparison',
        {
          summaryDateRange: current,
          comparisonDateRange: comparison,
          propertyId: ids,
          metricFields: ['totalSessions'],
        },
      ],
      ['country-table', { currentRange: current, comparisonRange: comparison, propertyIds: ids }],
      ['properties', { propertyIds: ids, ...current }],
      ['ab-test', { propertyId: foreign.uuid, ...current }],
    ];
    for (const [path, payload] of requests) {
      const body = await call<{ status: string; message: string }>(path, payload, user, 403);
      expect(body, path).toMatchObject({
        status: 'FORBIDDEN',
        message: `${REPORT_FOREIGN_PROPERTY}: ${foreign.uuid}`,
      });
    }
  });

  it('refuses another account’s property in a filter, naming it, and bad metrics', async () => {
    const body = await call<{ status: string; message: string }>(
      'summary',
      summaryRequestFor(current, [a.uuid, foreign.uuid]),
      user,
      403,
    );
    expect(body).toMatchObject({
      status: 'FORBIDDEN',
      message: `${REPORT_FOREIGN_PROPERTY}: ${foreign.uuid}`,
    });
    const bad = await call<{ fields: Record<string, string> }>(
      'graph',
      {
        filters: timeFilters(current),
        queries: [{ id: 'q', dimensions: [], metrics: ['visitors'], granularity: 'day' }],
      },
      user,
      400,
    );
    expect(bad.fields).toEqual({ 'queries.0.metrics': `${REPORT_UNKNOWN_METRIC}: visitors` });
  });

  it('scopes every query to the caller’s account', async () => {
    // Without a property filter, the other account sees only its own two page views.
    const theirs = await call(
      'summary',
      { filters: timeFilters(current), metrics: ['totalTraffic'] },
      other,
    );
    expect(theirs).toEqual({ totalTraffic: 2 });
    const res = await server.request({
      method: 'POST',
      url: `/analytics/v1/summary/pcode/${user.pcode}`,
      payload: { filters: timeFilters(current), metrics: ['totalTraffic'] },
      as: other,
    });
    expect(res.statusCode).toBe(403);
  });

  it('reports an A/B test per variant: metrics, difference from the control and z-test', async () => {
    const october = { startDate: '2026-10-01', endDate: '2026-10-01' };
    // Variant A: 10 accept, 10 reject; variant B: 18 accept, 2 reject; and visits without one.
    await post('2026-10-01', 'DE', [
      ...Array.from({ length: 20 }, (_, i) => beacon(b.uuid, { v: 'A', o: i < 10 ? 'a' : 'r' })),
      ...Array.from({ length: 20 }, (_, i) => beacon(b.uuid, { v: 'B', o: i < 18 ? 'a' : 'r' })),
      beacon(b.uuid, { o: 'r' }),
    ]);
    user = await server.refresh(user); // the clock moved
    const report = await call<AbTestReport>('ab-test', { propertyId: b.uuid, ...october });
    expect(report.control).toBe('A');
    expect(
      report.variants.map((v) => [v.variant, v.metrics.totalSessions, v.metrics.optInPercent]),
    ).toEqual([
      ['A', 20, 50],
      ['B', 20, 90],
    ]);
    const variantB = report.variants[1]!;
    expect(variantB.difference).toMatchObject({
      totalSessions: 0,
      optInPercent: 40,
      optOutPercent: -40,
    });
    // pooled 0.7: z = 0.4 / sqrt(0.7 × 0.3 × (1/20 + 1/20)) = 2.7603
    expect(variantB.significance!.optInPercent!.z).toBeCloseTo(2.7603, 3);
    expect(variantB.significance!.optInPercent!.significant).toBe(true);
    expect(report.winner).toBe('B');
  });

  it('counts a visit in today’s report as soon as it was answered 204 (no rollup delay)', async () => {
    const today = { startDate: '2026-11-12', endDate: '2026-11-12' };
    const before = await call<{ totalTraffic: number }>('summary', {
      filters: [...timeFilters(today), propertyFilter([b.uuid])],
      metrics: ['totalTraffic'],
    });
    expect(before).toEqual({ totalTraffic: 0 });
    // The last second of the day, UTC: it counts on that day, at once.
    clock = new Date('2026-11-12T23:59:59.900Z');
    user = await server.refresh(user); // the old session idled out as the clock moved
    const res = await server.request({
      method: 'POST',
      url: '/banner/visit',
      payload: JSON.stringify(beacon(b.uuid, { o: 'p' })),
      headers: {
        'content-type': 'text/plain;charset=UTF-8',
        origin: `https://${urls.get(b.uuid)}`,
        'cf-ipcountry': 'IT',
      },
    });
    expect(res.statusCode).toBe(204);
    const after = await call<Array<{ results: unknown[] }>>('graph', {
      filters: [...timeFilters(today), propertyFilter([b.uuid])],
      queries: [
        {
          id: 'today',
          dimensions: ['period', 'country'],
          metrics: ['totalTraffic', 'partialOptInPercent'],
          granularity: 'day',
        },
      ],
    });
    expect(after[0]!.results).toEqual([
      { period: '2026-11-12', country: 'IT', totalTraffic: 1, partialOptInPercent: 100 },
    ]);
  });
});
