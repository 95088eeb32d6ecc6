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
  ['gbc_consent', 'LowCardinality(Nullable(String))'],
  ['cop_choice', 'LowCardinality(Nullable(String))'],
  ['do_not_sell', 'LowCardinality(Nullable(String))'],
];

/** Dimensions added after the first release (PostgreSQL migration 017), added to older stores. */
const ADDED_DIMENSIONS = ['gbc_consent', 'cop_choice', 'do_not_sell'];

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

/**
 * The statements that bring a store created before ADDED_DIMENSIONS up to date: the columns (at
 * the end of the rollup's sort key, which a SummingMergeTree needs for a dimension) and the
 * materialized view, re-created with them.
 */
function clickhouseUpgrade(): string[] {
  const added = DIMENSIONS.filter(([n]) => ADDED_DIMENSIONS.includes(n));
  const add = added.map(([n, t]) => `ADD COLUMN IF NOT EXISTS ${n} ${t}`).join(', ');
  return [
    `ALTER TABLE visits ${add}`,
    `ALTER TABLE visit_rollup_daily ${add}, MODIFY ORDER BY (${ROLLUP_KEY.join(', ')})`,
    `DROP VIEW IF EXISTS visit_rollup_daily_mv`,
  ];
}

/** Creates (or brings up to date) the store's tables. */
export async function migrateClickHouse(
  client: ClickHouseClient,
  retentionDays: number,
): Promise<void> {
  const existing = await client.query({
    query: `SELECT name FROM system.columns
      WHERE database = currentDatabase() AND table = 'visit_rollup_daily'`,
    format: 'JSONEachRow',
  });
  const columns = (await existing.json<{ name: string }>()).map((c) => c.name);
  if (columns.length && !ADDED_DIMENSIONS.every((n) => columns.includes(n)))
    for (const query of clickhouseUpgrade()) await client.command({ query });
  for (const query of clickhouseSchema(retentionDays)) await client.command({ query });
}
