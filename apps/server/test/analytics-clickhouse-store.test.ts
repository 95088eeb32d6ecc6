import type { Property } from '@assent/core/property';
import type { AnalyticsQueryBody } from '@assent/core/reports';
import { reportTimeoutMessage } from '@assent/core/reports';
import type { ChdbHttp } from '@assent/testing';
import { startChdbHttp } from '@assent/testing';
import type { ClickHouseClient } from '@clickhouse/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickhouseClient } from '../src/analytics/clickhouse/client';
import { clickhouseCounts } from '../src/analytics/clickhouse/counts';
import {
  NARROW_ROLLUPS,
  clickhouseSchema,
  migrateClickHouse,
} from '../src/analytics/clickhouse/schema';
import { runReport } from '../src/analytics/queries';
import type { TestServer, TestUser } from './harness';
import { createTestServer, json } from './harness';
import { visitRecord } from './visit-records';

/**
 * The ClickHouse store's own behaviour on a real ClickHouse engine (chDB behind the HTTP shim):
 * the narrow rollups of an older store filled from its daily rollup at the upgrade, the report
 * time limit enforced by ClickHouse, a retried batch counted once, and the cluster DDL.
 */

/** The store as the release before the narrow rollups created it (schema.ts of then). */
const BEFORE_NARROW_ROLLUPS = [
  `CREATE TABLE visits (
  pcode LowCardinality(String), property_uuid String, theme_id Nullable(String),
  theme_language LowCardinality(Nullable(String)), regulation UInt8,
  state LowCardinality(Nullable(String)), country LowCardinality(Nullable(String)),
  device LowCardinality(String), os LowCardinality(String), browser LowCardinality(String),
  page_format LowCardinality(String), gbc_applicable Bool, cop_applicable Bool,
  advanced_applicable Bool, variant Nullable(String), outcome LowCardinality(String), shown Bool,
  gbc_consent LowCardinality(Nullable(String)), cop_choice LowCardinality(Nullable(String)),
  do_not_sell LowCardinality(Nullable(String)), region Nullable(String),
  created_at DateTime64(3, 'UTC')
) ENGINE = MergeTree PARTITION BY toYYYYMM(created_at) ORDER BY (pcode, property_uuid, created_at)
SETTINGS non_replicated_deduplication_window = 1000`,
  `CREATE TABLE visit_rollup_daily (
  day Date, pcode LowCardinality(String), property_uuid String, theme_id Nullable(String),
  theme_language LowCardinality(Nullable(String)), regulation UInt8,
  state LowCardinality(Nullable(String)), country LowCardinality(Nullable(String)),
  device LowCardinality(String), os LowCardinality(String), browser LowCardinality(String),
  page_format LowCardinality(String), gbc_applicable Bool, cop_applicable Bool,
  advanced_applicable Bool, variant Nullable(String), outcome LowCardinality(String), shown Bool,
  gbc_consent LowCardinality(Nullable(String)), cop_choice LowCardinality(Nullable(String)),
  do_not_sell LowCardinality(Nullable(String)), visits UInt64
) ENGINE = SummingMergeTree((visits)) PARTITION BY toYYYYMM(day)
ORDER BY (pcode, day, property_uuid, regulation, country, device, os, browser, page_format, outcome,
  shown, theme_id, theme_language, state, gbc_applicable, cop_applicable, advanced_applicable,
  variant, gbc_consent, cop_choice, do_not_sell)
SETTINGS allow_nullable_key = 1`,
  `CREATE MATERIALIZED VIEW visit_rollup_daily_mv TO visit_rollup_daily AS
SELECT toDate(created_at, 'UTC') AS day, pcode, property_uuid, theme_id, theme_language, regulation,
  state, country, device, os, browser, page_format, gbc_applicable, cop_applicable,
  advanced_applicable, variant, outcome, shown, gbc_consent, cop_choice, do_not_sell,
  count() AS visits
FROM visits
GROUP BY day, pcode, property_uuid, theme_id, theme_language, regulation, state, country, device, os,
  browser, page_format, gbc_applicable, cop_applicable, advanced_applicable, variant, outcome, shown,
  gbc_consent, cop_choice, do_not_sell`,
];

/** A report reading three rollups: by country (country rollup), by device (dashboard), by OS (by OS). */
const REPORT: AnalyticsQueryBody = {
  filters: [
    { key: 'startDate', operator: 'gteq', values: ['2026-09-01'] },
    { key: 'endDate', operator: 'lteq', values: ['2026-11-30'] },
  ],
  queries: [
    {
      id: 'byDayAndCountry',
      dimensions: ['period', 'country'],
      metrics: ['totalTraffic', 'totalSessions', 'optInPercent', 'optOutPercent', 'bouncePercent'],
      granularity: 'day',
    },
    {
      id: 'byDevice',
      dimensions: ['deviceType', 'regulation'],
      metrics: ['totalSessions', 'partialOptInPercent'],
      granularity: 'month',
    },
    { id: 'byOs', dimensions: ['os'], metrics: ['totalSessions'], granularity: 'day' },
  ],
};

describe('the ClickHouse store on chDB', () => {
  let shim: ChdbHttp;
  let server: TestServer;
  let user: TestUser;
  let site: Property;
  let client: ClickHouseClient;

  const rows = async <T>(query: string): Promise<T[]> =>
    (await client.query({ query, format: 'JSONEachRow' })).json<T>();
  /** Each narrow rollup's six counts per key, and the same grouped from the daily rollup. */
  const narrowAgainstDaily = async () => {
    const sums = `sum(traffic) AS t, sum(shown) AS s, sum(accept_all) AS a, sum(reject_all) AS r,
      sum(partial) AS p, sum(bounce) AS b`;
    const daily = `sum(visits) AS t, sumIf(visits, shown) AS s,
      sumIf(visits, shown AND outcome = 'acceptAll') AS a,
      sumIf(visits, shown AND outcome = 'rejectAll') AS r,
      sumIf(visits, shown AND outcome = 'partial') AS p,
      sumIf(visits, shown AND outcome = 'bounce') AS b`;
    const out: Record<string, { narrow: unknown[]; daily: unknown[] }> = {};
    for (const { table, dimensions } of NARROW_ROLLUPS) {
      const key = ['pcode', 'day', ...dimensions].join(', ');
      out[table] = {
        narrow: await rows(`SELECT ${key}, ${sums} FROM ${table} GROUP BY ${key} ORDER BY ${key}`),
        daily: await rows(
          `SELECT ${key}, ${daily} FROM visit_rollup_daily GROUP BY ${key} ORDER BY ${key}`,
        ),
      };
    }
    return out;
  };

  beforeAll(async () => {
    shim = await startChdbHttp();
    client = clickhouseClient(shim.url);
    for (const query of BEFORE_NARROW_ROLLUPS) await client.command({ query });
    // An older store's history: raw visits (rolled up by its view) and a day of the rollup alone
    // (past the raw visits' retention, as the history copy writes it).
    await client.insert({
      table: 'visits',
      format: 'JSONEachRow',
      values: [
        ['2026-11-01 08:00:00', 'DE', 'acceptAll', true, 'pc'],
        ['2026-11-01 09:00:00', 'DE', 'rejectAll', true, 'mobile'],
        ['2026-11-01 10:00:00', 'FR', 'partial', true, 'pc'],
        ['2026-11-02 10:00:00', 'FR', 'bounce', false, 'pc'],
      ].map(([at, country, outcome, shown, device]) => ({
        pcode: 'OLD1',
        property_uuid: 'p-old',
        regulation: 1,
        country,
        device,
        os: 'Windows',
        browser: 'Chrome',
        page_format: 'HTTP',
        gbc_applicable: false,
        cop_applicable: false,
        advanced_applicable: false,
        outcome,
        shown,
        created_at: at,
      })),
    });
    await client.insert({
      table: 'visit_rollup_daily',
      format: 'JSONEachRow',
      values: [
        {
          day: '2026-09-15',
          pcode: 'OLD1',
          property_uuid: 'p-old',
          regulation: 1,
          country: 'DE',
          device: 'pc',
          os: 'Windows',
          browser: 'Chrome',
          page_format: 'HTTP',
          gbc_applicable: false,
          cop_applicable: false,
          advanced_applicable: false,
          outcome: 'acceptAll',
          shown: true,
          visits: 7,
        },
      ],
    });
    // The server starts on that store: its start upgrades it.
    server = await createTestServer('pglite', { env: { ASSENT_ANALYTICS_URL: shim.url } });
    user = await server.user();
    const res = await server.request({
      method: 'POST',
      url: `/customization/v2/site?pCode=${user.pcode}`,
      payload: { url: 'store.example', themeId: '1', publisherName: 'Example' },
      as: user,
    });
    expect(res.statusCode, res.body).toBe(201);
    site = json<Property>(res);
  });
  afterAll(async () => {
    await client?.close();
    await server?.close();
    await shim?.close();
  });

  it('fills the narrow rollups of an older store from its daily rollup, once', async () => {
    const upgraded = await narrowAgainstDaily();
    // Every narrow rollup (the per-dimension ones too) holds what the daily rollup holds.
    expect(Object.keys(upgraded)).toHaveLength(NARROW_ROLLUPS.length);
    for (const [table, { narrow, daily }] of Object.entries(upgraded))
      expect(narrow, table).toEqual(daily);
    expect(upgraded.visit_rollup_by_os!.narrow).toHaveLength(3);
    // The day known from the rollup alone is there (7 visits), and every raw visit (4).
    const [total] = await rows<{ n: number }>('SELECT sum(traffic) AS n FROM visit_rollup_country');
    expect(Number(total!.n)).toBe(11);

    // A second start (the schema runs at every start) copies nothing again; new visits reach the
    // narrow rollups through their views, and reports read them with the same answers.
    await migrateClickHouse(client, 400);
    await server.deps.analytics.write([
      visitRecord(user.pcode, site.uuid, '2026-11-10T09:00:00Z', {}, { country: 'DE' }),
      visitRecord(
        user.pcode,
        site.uuid,
        '2026-11-10T10:00:00Z',
        { o: 'r', d: 'm' },
        {
          country: 'DE',
        },
      ),
      visitRecord(
        user.pcode,
        site.uuid,
        '2026-11-11T10:00:00Z',
        { o: 'b', os: 'iOS' },
        {
          country: 'US',
          region: 'CA',
        },
      ),
    ]);
    const after = await narrowAgainstDaily();
    for (const [table, { narrow, daily }] of Object.entries(after))
      expect(narrow, table).toEqual(daily);
    const [again] = await rows<{ n: number }>('SELECT sum(traffic) AS n FROM visit_rollup_country');
    expect(Number(again!.n)).toBe(14);

    const counts = clickhouseCounts(client, 60_000);
    const scope = { db: server.deps.db, pcode: user.pcode, counts };
    const before = shim.statements.length;
    const answer = await runReport(scope, REPORT);
    const read = shim.statements.slice(before).join('\n');
    expect(read).toMatch(/from visit_rollup_country/i);
    expect(read).toMatch(/from visit_rollup_dashboard/i);
    // By OS alone: the rollup by OS (the daily rollup before it).
    expect(read).toMatch(/from visit_rollup_by_os/i);
    expect(read).not.toMatch(/from visit_rollup_daily/i);
    expect(answer).toEqual([
      {
        id: 'byDayAndCountry',
        results: [
          {
            period: '2026-11-10',
            country: 'DE',
            totalTraffic: 2,
            totalSessions: 2,
            optInPercent: 50,
            optOutPercent: 50,
            bouncePercent: 0,
          },
          {
            period: '2026-11-11',
            country: 'US',
            totalTraffic: 1,
            totalSessions: 1,
            optInPercent: 0,
            optOutPercent: 0,
            bouncePercent: 100,
          },
        ],
      },
      {
        id: 'byDevice',
        results: [
          { deviceType: 'mobile', regulation: 'GDPR', totalSessions: 1, partialOptInPercent: 0 },
          { deviceType: 'pc', regulation: 'GDPR', totalSessions: 2, partialOptInPercent: 0 },
        ],
      },
      {
        id: 'byOs',
        results: [
          { os: 'Windows', totalSessions: 2 },
          { os: 'iOS', totalSessions: 1 },
        ],
      },
    ]);
  });

  it('counts a batch once when its insert is retried after a lost answer', async () => {
    const count = async () =>
      (
        await rows<{ raw: number; daily: number; country: number; dashboard: number }>(
          `SELECT (SELECT count() FROM visits WHERE pcode = '${user.pcode}') AS raw,
             (SELECT sum(visits) FROM visit_rollup_daily WHERE pcode = '${user.pcode}') AS daily,
             (SELECT sum(traffic) FROM visit_rollup_country WHERE pcode = '${user.pcode}') AS country,
             (SELECT sum(traffic) FROM visit_rollup_dashboard WHERE pcode = '${user.pcode}') AS dashboard`,
        )
      ).map((r) => Object.values(r).map(Number))[0];
    const [raw] = (await count())!;
    const inserts = () => shim.statements.filter((s) => /^\s*INSERT INTO visits\b/i.test(s)).length;
    const insertsBefore = inserts();
    // ClickHouse stores the first try, but its answer never arrives: the writer tries again.
    shim.loseAnswers('visits', 1);
    const batch = () => [
      visitRecord(user.pcode, site.uuid, '2026-11-12T09:00:00Z', {}, { country: 'DE' }),
      visitRecord(user.pcode, site.uuid, '2026-11-12T09:00:01Z', { o: 'r' }, { country: 'FR' }),
    ];
    await server.deps.analytics.write(batch());
    expect(inserts() - insertsBefore).toBe(2);
    // Stored once, in the raw visits and in every rollup.
    expect(await count()).toEqual([raw! + 2, raw! + 2, raw! + 2, raw! + 2]);
    // Another batch of the same visits is other page views: it counts.
    await server.deps.analytics.write(batch());
    expect(await count()).toEqual([raw! + 4, raw! + 4, raw! + 4, raw! + 4]);
  });

  it('stops a report query past the time limit: 504 with core’s message', async () => {
    const counts = clickhouseCounts(client, 1_000);
    // Ten rows of half a second each: ClickHouse stops it at max_execution_time (1 s).
    await expect(
      counts.query('SELECT sleepEachRow(0.5) FROM numbers(10) SETTINGS max_block_size = 1', []),
    ).rejects.toMatchObject({ code: 'GATEWAY_TIMEOUT', message: reportTimeoutMessage(1_000) });
  });
});

describe('the ClickHouse DDL of a cluster (ASSENT_CLICKHOUSE_CLUSTER)', () => {
  it('creates replicated local tables on the cluster, distributed by account, views per node', () => {
    const ddl = clickhouseSchema(400, { cluster: 'assent' });
    expect(ddl.every((s) => s.includes(' ON CLUSTER `assent`'))).toBe(true);
    const create = (name: string) =>
      ddl.find((s) => s.startsWith(`CREATE TABLE IF NOT EXISTS ${name} `))!;
    expect(create('visits_local')).toContain(
      `ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/{database}/visits', '{replica}')`,
    );
    expect(create('visits_local')).toContain('replicated_deduplication_window = 1000');
    expect(create('visit_rollup_daily_local')).toContain(
      `ENGINE = ReplicatedSummingMergeTree('/clickhouse/tables/{shard}/{database}/visit_rollup_daily', '{replica}', (visits))`,
    );
    expect(create('visit_rollup_country_local')).toContain(
      `ReplicatedSummingMergeTree('/clickhouse/tables/{shard}/{database}/visit_rollup_country', '{replica}', (traffic, shown, accept_all, reject_all, partial, bounce))`,
    );
    for (const table of [
      'visits',
      'visit_rollup_daily',
      'visit_rollup_country',
      'visit_rollup_dashboard',
      'visit_rollup_by_os',
    ])
      expect(create(table)).toBe(
        `CREATE TABLE IF NOT EXISTS ${table} ON CLUSTER \`assent\` AS ${table}_local\nENGINE = Distributed(\`assent\`, currentDatabase(), ${table}_local, cityHash64(pcode))`,
      );
    const view = ddl.find((s) => s.includes('visit_rollup_daily_mv'))!;
    expect(view).toMatch(/TO visit_rollup_daily_local AS[\s\S]*FROM visits_local\n/);
    expect(ddl.find((s) => s.includes('visit_rollup_country_mv'))).toMatch(
      /TO visit_rollup_country_local AS[\s\S]*FROM visit_rollup_daily_local AS r\n/,
    );
    // One server: the plain tables, nothing replicated or distributed.
    const single = clickhouseSchema(400).join('\n');
    expect(single).not.toMatch(/ON CLUSTER|Replicated|Distributed|_local/);
  });
});
