import type { ClickHouseClient } from '@clickhouse/client';

/**
 * The ClickHouse tables of the analytics store (docs/analytics.md, "ClickHouse"): the raw visits
 * as a MergeTree partitioned by month, ordered for the reports' access paths (an account's
 * properties over time), kept ASSENT_VISITS_RETENTION_DAYS by a TTL; and the daily rollup, the same
 * table as PostgreSQL's `visit_rollup_daily`, a SummingMergeTree filled by a materialized view on
 * every insert into `visits`. Reports read the rollup only and always `sum(visits)`, so rows not yet
 * merged count once each. Every statement is idempotent: it runs at each start.
 */

/** The rollup's dimensions with their ClickHouse types (null where PostgreSQL's may be null). */
const DIMENSIONS: ReadonlyArray<[string, string]> = [
  ['pcode', 'LowCardinality(String)'],
  ['property_uuid', 'String'],
  ['theme_id', 'Nullable(String)'],
  ['theme_language', 'LowCardinality(Nullable(String))'],
  ['regulation', 'UInt8'],
  ['state', 'LowCardinality(Nullable(String))'],
  ['country', 'LowCardinality(Nullable(String))'],
  ['device', 'LowCardinality(String)'],
  ['os', 'LowCardinality(String)'],
  ['browser', 'LowCardinality(String)'],
  ['page_format', 'LowCardinality(String)'],
  ['gbc_applicable', 'Bool'],
  ['cop_applicable', 'Bool'],
  ['advanced_applicable', 'Bool'],
  ['variant', 'Nullable(String)'],
  ['outcome', 'LowCardinality(String)'],
  ['shown', 'Bool'],
];

const names = DIMENSIONS.map(([n]) => n);
const columns = (list: ReadonlyArray<[string, string]>) =>
  list.map(([n, t]) => `${n} ${t}`).join(',\n  ');

/** The rollup's sort key: account and day first (every report), then the common filters. */
const ROLLUP_KEY = [
  'pcode',
  'day',
  'property_uuid',
  'regulation',
  'country',
  'device',
  'os',
  'browser',
  'page_format',
  'outcome',
  'shown',
  ...names.filter(
    (n) =>
      ![
        'pcode',
        'property_uuid',
        'regulation',
        'country',
        'device',
        'os',
        'browser',
        'page_format',
        'outcome',
        'shown',
      ].includes(n),
  ),
];

/** The TTL clause of the raw visits. */
const visitsTtl = (retentionDays: number): string =>
  `toDateTime(created_at) + INTERVAL ${Math.floor(retentionDays)} DAY`;

/** The statements that create the store (in order), for a retention in days. */
function clickhouseSchema(retentionDays: number): string[] {
  return [
    `CREATE TABLE IF NOT EXISTS visits (
  ${columns(DIMENSIONS)},
  region Nullable(String),
  created_at DateTime64(3, 'UTC')
) ENGINE = MergeTree
PARTITION BY toYYYYMM(created_at)
ORDER BY (pcode, property_uuid, created_at)
TTL ${visitsTtl(retentionDays)}
SETTINGS non_replicated_deduplication_window = 1000`,
    `CREATE TABLE IF NOT EXISTS visit_rollup_daily (
  day Date,
  ${columns(DIMENSIONS)},
  visits UInt64
) ENGINE = SummingMergeTree((visits))
PARTITION BY toYYYYMM(day)
ORDER BY (${ROLLUP_KEY.join(', ')})
SETTINGS allow_nullable_key = 1`,
    `CREATE MATERIALIZED VIEW IF NOT EXISTS visit_rollup_daily_mv TO visit_rollup_daily AS
SELECT toDate(created_at, 'UTC') AS day, ${names.join(', ')}, count() AS visits
FROM visits
GROUP BY day, ${names.join(', ')}`,
    // A changed ASSENT_VISITS_RETENTION_DAYS applies from the next merge, without rewriting parts.
    `ALTER TABLE visits MODIFY TTL ${visitsTtl(retentionDays)}
SETTINGS materialize_ttl_after_modify = 0`,
  ];
}

/** Creates (or brings up to date) the store's tables. */
export async function migrateClickHouse(
  client: ClickHouseClient,
  retentionDays: number,
): Promise<void> {
  for (const query of clickhouseSchema(retentionDays)) await client.command({ query });
}
