import { timeFilters } from '@assent/core/reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsScope } from '../src/analytics/queries';
import {
  countryTable,
  insights,
  postgresCounts,
  propertyAnalytics,
  runReport,
} from '../src/analytics/queries';
import type { Queryable } from '../src/db';
import type { Property } from '@assent/core/property';
import type { TestServer, TestUser } from './harness';
import { createTestServer, json, stores } from './harness';
import { storeVisits, visitRecord } from './visit-records';

/**
 * The narrow rollups of migration 019 (visit_rollup_dashboard, visit_rollup_country): kept equal
 * to the daily rollup by its triggers whatever writes it, and read by the dashboard's queries
 * (docs/analytics.md).
 */

/** Rows of a narrow rollup that differ from the daily rollup summed over the same columns. */
const mismatches = (table: string, columns: string[]) => `
  with daily as (
    select ${columns.join(', ')}, sum(visits)::int8 as traffic,
      coalesce(sum(visits) filter (where shown), 0)::int8 as shown,
      coalesce(sum(visits) filter (where shown and outcome = 'acceptAll'), 0)::int8 as accept_all,
      coalesce(sum(visits) filter (where shown and outcome = 'rejectAll'), 0)::int8 as reject_all,
      coalesce(sum(visits) filter (where shown and outcome = 'partial'), 0)::int8 as partial,
      coalesce(sum(visits) filter (where shown and outcome = 'bounce'), 0)::int8 as bounce
    from visit_rollup_daily group by ${columns.join(', ')}
  ), narrow as (
    select ${columns.join(', ')}, traffic, shown, accept_all, reject_all, partial, bounce
    from ${table} where traffic <> 0 or shown <> 0
  )
  select count(*)::int as n from (
    (select * from daily except all select * from narrow)
    union all (select * from narrow except all select * from daily)
  ) d`;

const DASHBOARD_COLUMNS = [
  'pcode',
  'day',
  'property_uuid',
  'regulation',
  'state',
  'country',
  'device',
  'page_format',
];
const COUNTRY_COLUMNS = ['pcode', 'day', 'property_uuid', 'country'];
/** Migration 020's views of its rollup by one dimension, and the daily rollup's columns of each. */
const DIMENSION_VIEWS: Record<string, string[]> = {
  visit_rollup_by_regulation: ['regulation'],
  visit_rollup_by_device: ['device'],
  visit_rollup_by_page_format: ['page_format'],
  visit_rollup_by_os: ['os'],
  visit_rollup_by_browser: ['browser'],
  visit_rollup_by_theme: ['theme_id'],
  visit_rollup_by_theme_language: ['theme_language'],
  visit_rollup_by_gbc_applicable: ['gbc_applicable'],
  visit_rollup_by_cop_applicable: ['cop_applicable'],
  visit_rollup_by_advanced_applicable: ['advanced_applicable'],
  visit_rollup_by_us_section: ['regulation', 'state'],
};

/** The database, noting the rollup each statement reads. */
function noting(db: Queryable) {
  const tables: string[] = [];
  const q: Queryable = {
    query(sql, params) {
      const m = /\bfrom (visit_rollup_\w+)/.exec(sql);
      if (m) tables.push(m[1]!);
      return db.query(sql, params);
    },
  };
  return { q, tables };
}

describe.each(stores())('dashboard rollups (%s)', (store) => {
  let server: TestServer;
  let user: TestUser;
  beforeAll(async () => {
    server = await createTestServer(store);
    user = await server.user();
  });
  afterAll(() => server?.close());

  const count = async (sql: string) =>
    Number((await server.deps.db.query<{ n: number }>(sql))[0]?.n);
  const inStep = async () => {
    let dimensions = 0;
    for (const [view, columns] of Object.entries(DIMENSION_VIEWS))
      dimensions += await count(mismatches(view, ['pcode', 'day', 'property_uuid', ...columns]));
    return {
      dashboard: await count(mismatches('visit_rollup_dashboard', DASHBOARD_COLUMNS)),
      country: await count(mismatches('visit_rollup_country', COUNTRY_COLUMNS)),
      dimensions,
    };
  };

  it('stay equal to the daily rollup through inserts, updates, deletes and a truncate', async () => {
    const outcomes = ['a', 'r', 'p', 'b'] as const;
    const batch = (n: number, offset: number) =>
      Array.from({ length: n }, (_, i) =>
        visitRecord(
          user.pcode,
          `rollup-p${(i + offset) % 3}`,
          `2026-06-0${1 + ((i + offset) % 3)}T10:00:00Z`,
          {
            o: outcomes[(i + offset) % 4],
            r: i % 5 === 0 ? 3 : 1,
            ...(i % 5 === 0 ? { s: 'CA' } : {}),
            d: i % 2 ? 'd' : 'm',
            f: i % 7 ? 'H' : 'A',
            os: i % 3 ? 'Windows' : 'iOS',
            ...(i % 6 === 1 ? { x: 1 as const } : {}),
          },
          { country: i % 5 === 0 ? 'US' : i % 4 ? 'DE' : null, region: i % 5 === 0 ? 'CA' : null },
        ),
      );
    // Three batches over the same keys: the second and third update rows the first inserted.
    await storeVisits(server.deps.db, batch(200, 0));
    await storeVisits(server.deps.db, batch(150, 1));
    await storeVisits(server.deps.db, batch(90, 2));
    const [totals] = await server.deps.db.query<{
      daily: number;
      dashboard: number;
      country: number;
      os: number;
    }>(
      `select (select sum(visits) from visit_rollup_daily)::int as daily,
         (select sum(traffic) from visit_rollup_dashboard)::int as dashboard,
         (select sum(traffic) from visit_rollup_country)::int as country,
         (select sum(traffic) from visit_rollup_by_os)::int as os`,
    );
    expect(totals).toEqual({ daily: 440, dashboard: 440, country: 440, os: 440 });
    expect(await inStep()).toEqual({ dashboard: 0, country: 0, dimensions: 0 });
    // Far fewer rows than the daily rollup: the folded outcome and shown, and fewer dimensions.
    expect(await count('select count(*)::int as n from visit_rollup_country')).toBeLessThan(
      await count('select count(*)::int as n from visit_rollup_dashboard'),
    );

    await server.deps.db.query(
      `update visit_rollup_daily set visits = visits * 3 where device = 'mobile'`,
    );
    await server.deps.db.query(`delete from visit_rollup_daily where outcome = 'rejectAll'`);
    expect(await inStep()).toEqual({ dashboard: 0, country: 0, dimensions: 0 });

    await server.deps.db.query('truncate visit_rollup_daily');
    expect(
      await count(
        `select (select count(*) from visit_rollup_dashboard) + (select count(*) from visit_rollup_country)
           + (select count(*) from visit_rollup_dimension) as n`,
      ),
    ).toBe(0);
  });

  it('the dashboard reads the narrow rollups and answers what the daily rollup answers', async () => {
    const sites: string[] = [];
    for (const host of ['narrow-a.example', 'narrow-b.example']) {
      const res = await server.request({
        method: 'POST',
        url: `/customization/v2/site?pCode=${user.pcode}`,
        payload: { url: host, themeId: '1' },
        as: user,
      });
      expect(res.statusCode, res.body).toBe(201);
      sites.push(json<Property>(res).uuid);
    }
    const records = Array.from({ length: 120 }, (_, i) =>
      visitRecord(
        user.pcode,
        sites[i % 2]!,
        `2026-07-${String(1 + (i % 9)).padStart(2, '0')}T12:00:00Z`,
        {
          o: (['a', 'r', 'p', 'b'] as const)[i % 4],
          d: i % 3 ? 'd' : 't',
          os: i % 4 ? 'Windows' : 'Android',
          r: i % 5 === 0 ? 2 : 1,
        },
        { country: i % 5 === 0 ? 'US' : i % 2 ? 'FR' : 'DE' },
      ),
    );
    await storeVisits(server.deps.db, records);

    const range = { startDate: '2026-07-01', endDate: '2026-07-09' };
    const before = { startDate: '2026-06-22', endDate: '2026-06-30' };
    const calls = (scope: AnalyticsScope) => [
      () => insights(scope, { range, propertyIds: sites, filters: {} }),
      () => insights(scope, { range, propertyIds: sites, filters: { deviceType: ['tablet'] } }),
      () => insights(scope, { range, propertyIds: sites, filters: { os: ['Android'] } }),
      () =>
        countryTable(scope, {
          currentRange: range,
          comparisonRange: before,
          propertyIds: sites,
          filters: {},
        }),
      () => propertyAnalytics(scope, sites, range.startDate, range.endDate),
      () =>
        runReport(scope, {
          filters: [...timeFilters(range), { key: 'propertyId', operator: 'in', values: sites }],
          queries: [
            {
              id: 'q',
              dimensions: ['period', 'regulation'],
              metrics: ['totalSessions', 'optInPercent'],
              granularity: 'day',
            },
          ],
        }),
      // The report builder by each other dimension.
      () =>
        runReport(scope, {
          filters: [...timeFilters(range), { key: 'propertyId', operator: 'in', values: sites }],
          queries: (
            [
              ['os'],
              ['period', 'browser'],
              ['themeUuid'],
              ['themeLanguage'],
              ['gbcApplicable'],
              ['copApplicable'],
              ['advancedApplicable'],
              ['deviceType', 'pageFormat'],
            ] as const
          ).map((dimensions, i) => ({
            id: `q${i}`,
            dimensions: [...dimensions],
            metrics: ['totalTraffic', 'totalSessions', 'optInPercent', 'bouncePercent'],
            granularity: 'day' as const,
          })),
        }),
    ];
    const { q, tables } = noting(server.deps.db);
    const narrow = [];
    for (const call of calls({ db: q, pcode: user.pcode })) narrow.push(await call());
    // The unfiltered charts read the rollups by one dimension (the totals and the trend its page
    // format's) and the country rollup; a device filter reads the device's, and the dashboard
    // rollup where a chart splits by another dimension; an OS filter the OS's and the daily
    // rollup. The properties' analytics read the US sections, then their do-not-sell requests
    // from the daily rollup (only it keeps them).
    expect(tables).toEqual([
      'visit_rollup_by_page_format',
      'visit_rollup_by_regulation',
      'visit_rollup_country',
      'visit_rollup_by_device',
      'visit_rollup_by_device',
      'visit_rollup_dashboard',
      'visit_rollup_by_os',
      'visit_rollup_daily',
      'visit_rollup_country',
      'visit_rollup_country',
      'visit_rollup_by_us_section',
      'visit_rollup_daily',
      'visit_rollup_by_regulation',
      'visit_rollup_by_os',
      'visit_rollup_by_browser',
      'visit_rollup_by_theme',
      'visit_rollup_by_theme_language',
      'visit_rollup_by_gbc_applicable',
      'visit_rollup_by_cop_applicable',
      'visit_rollup_by_advanced_applicable',
      'visit_rollup_dashboard',
    ]);

    // The same calls reading the daily rollup only: the same answers.
    const daily = { ...postgresCounts(server.deps.db), narrowRollups: [] };
    const wide = [];
    for (const call of calls({ db: server.deps.db, pcode: user.pcode, counts: daily }))
      wide.push(await call());
    expect(narrow).toEqual(wide);
    // And they count visits (a comparison of two empty answers would prove nothing).
    expect(JSON.stringify(narrow)).toContain('"optInPercent":25');
  });
});
