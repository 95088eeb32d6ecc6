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

/** The daily rollup's dimension columns, in its order. */
export const DIMENSION_NAMES = DIMENSIONS.map(([n]) => n);
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
  ...DIMENSION_NAMES.filter(
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

/** The six counts of a narrow rollup (PostgreSQL's migration 019 has the same columns). */
export const NARROW_COUNT_COLUMNS = [
  'traffic',
  'shown',
  'accept_all',
  'reject_all',
  'partial',
  'bounce',
] as const;

/**
 * The narrow rollups, as PostgreSQL's (migrations 019 and 020): the same visits with only the
 * dimensions the dashboard and the report builder group and filter by, the outcome and shown
 * folded into six counts per row. Smallest first (the query layer reads the first holding every
 * column a query uses).
 */
export const NARROW_ROLLUPS: ReadonlyArray<{ table: string; dimensions: readonly string[] }> = [
  // A rollup per report-builder dimension, as PostgreSQL's migration 020 (there one table read
  // through a view per dimension; here a table each, which a SummingMergeTree keeps typed): a
  // split by OS over 30 days reads a few thousand rows instead of the daily rollup's millions.
  // Page format first: it also answers the totals, by day and by property (every visit has one).
  ...[
    'page_format',
    'gbc_applicable',
    'cop_applicable',
    'advanced_applicable',
    'device',
    'regulation',
    'os',
    'browser',
    'theme_language',
    'theme_id',
  ].map((d) => ({
    table: `visit_rollup_by_${d === 'theme_id' ? 'theme' : d}`,
    dimensions: ['property_uuid', d],
  })),
  { table: 'visit_rollup_country', dimensions: ['property_uuid', 'country'] },
  { table: 'visit_rollup_by_us_section', dimensions: ['property_uuid', 'regulation', 'state'] },
  {
    table: 'visit_rollup_dashboard',
    dimensions: ['property_uuid', 'regulation', 'state', 'country', 'device', 'page_format'],
  },
];

const typeOf = (name: string): string => DIMENSIONS.find(([n]) => n === name)![1];

/**
 * The six counts of the daily rollup's rows, summed (`r.` qualifies the daily rollup's `shown`,
 * which the count of the same name would otherwise shadow).
 */
const NARROW_SUMS = [
  'sum(r.visits) AS traffic',
  'sumIf(r.visits, r.shown) AS shown',
  ...(
    [
      ['accept_all', 'acceptAll'],
      ['reject_all', 'rejectAll'],
      ['partial', 'partial'],
      ['bounce', 'bounce'],
    ] as const
  ).map(
    ([column, outcome]) => `sumIf(r.visits, r.shown AND r.outcome = '${outcome}') AS ${column}`,
  ),
].join(', ');

/** The select of a narrow rollup's rows from daily rollup rows (the view's, and the backfill's). */
export const narrowSelect = (dimensions: readonly string[], where = ''): string =>
  `SELECT r.pcode AS pcode, r.day AS day, ${dimensions.map((d) => `r.${d} AS ${d}`).join(', ')}, ${NARROW_SUMS}
FROM visit_rollup_daily AS r${where}
GROUP BY pcode, day, ${dimensions.join(', ')}`;

/** The store's tables that hold rows (not views), the raw visits first. */
export const CLICKHOUSE_TABLES: readonly string[] = [
  'visits',
  'visit_rollup_daily',
  ...NARROW_ROLLUPS.map((r) => r.table),
];

/**
 * The production layout (docs/analytics.md, "Production cluster layout") when
 * ASSENT_CLICKHOUSE_CLUSTER names a cluster: every statement `ON CLUSTER`, each table a replicated
 * one (`Replicated…MergeTree` under `/clickhouse/tables/{shard}/{database}/<table>`), named
 * `<table>_local`, with a `Distributed` table of the plain name over the shards, sharded by account
 * (`cityHash64(pcode)`), so an account's reports are answered by one shard. The materialized views
 * run on each node, from its local tables into its local rollups. Without a cluster: one server's
 * plain tables.
 */
interface Layout {
  cluster?: string | undefined;
}

const on = (layout: Layout): string =>
  layout.cluster ? ` ON CLUSTER ${quoteName(layout.cluster)}` : '';
/** A table's local name: the shard's own table in a cluster (the plain name is the Distributed one). */
const local = (layout: Layout, table: string): string =>
  layout.cluster ? `${table}_local` : table;
const engine = (layout: Layout, table: string, kind: string, args = ''): string =>
  layout.cluster
    ? `Replicated${kind}('/clickhouse/tables/{shard}/{database}/${table}', '{replica}'${args ? `, ${args}` : ''})`
    : `${kind}${args ? `(${args})` : ''}`;
/** ClickHouse's quoting of an identifier (a cluster's name). */
const quoteName = (name: string): string => `\`${name.replace(/[`\\]/g, (c) => `\\${c}`)}\``;

/**
 * Each table remembers the last 1,000 inserts' deduplication tokens: a batch retried with its token
 * is stored once, and (deduplicate_blocks_in_dependent_materialized_views) counted once by every
 * rollup its views write. Replicated tables keep the window by default.
 */
const dedupWindow = (layout: Layout): string =>
  layout.cluster
    ? 'replicated_deduplication_window = 1000'
    : 'non_replicated_deduplication_window = 1000';

/** The Distributed table over a cluster's local tables (nothing without a cluster). */
const distributed = (layout: Layout, table: string): string[] =>
  layout.cluster
    ? [
        `CREATE TABLE IF NOT EXISTS ${table}${on(layout)} AS ${local(layout, table)}
ENGINE = Distributed(${quoteName(layout.cluster)}, currentDatabase(), ${local(layout, table)}, cityHash64(pcode))`,
      ]
    : [];

const narrowTable = (
  layout: Layout,
  table: string,
  dimensions: readonly string[],
): string => `CREATE TABLE IF NOT EXISTS ${local(layout, table)}${on(layout)} (
  pcode LowCardinality(String),
  day Date,
  ${dimensions.map((d) => `${d} ${typeOf(d)}`).join(',\n  ')},
  ${NARROW_COUNT_COLUMNS.map((c) => `${c} UInt64`).join(',\n  ')}
) ENGINE = ${engine(layout, table, 'SummingMergeTree', `(${NARROW_COUNT_COLUMNS.join(', ')})`)}
PARTITION BY toYYYYMM(day)
ORDER BY (pcode, ${dimensions.includes('property_uuid') ? 'property_uuid, day' : 'day'}, ${dimensions
  .filter((d) => d !== 'property_uuid')
  .join(', ')})
SETTINGS allow_nullable_key = 1, ${dedupWindow(layout)}`;

/**
 * The view filling a narrow rollup from every insert into the daily rollup (the daily view's, the
 * history copy's), as PostgreSQL's triggers on visit_rollup_daily do.
 */
const narrowView = (layout: Layout, table: string, dimensions: readonly string[]): string =>
  `CREATE MATERIALIZED VIEW IF NOT EXISTS ${table}_mv${on(layout)} TO ${local(layout, table)} AS
${narrowSelect(dimensions).replace('FROM visit_rollup_daily', `FROM ${local(layout, 'visit_rollup_daily')}`)}`;

/**
 * The properties list's do-not-sell requests read the few daily rollup rows that carry one
 * (queries.ts): a minmax index skips every granule where `do_not_sell` is null throughout, as
 * PostgreSQL's partial index of migration 017 does.
 */
const DO_NOT_SELL_INDEX = 'INDEX do_not_sell_rows do_not_sell TYPE minmax GRANULARITY 1';

/** The statements that create the store (in order), for a retention in days. */
export function clickhouseSchema(retentionDays: number, layout: Layout = {}): string[] {
  const visits = local(layout, 'visits');
  const daily = local(layout, 'visit_rollup_daily');
  return [
    `CREATE TABLE IF NOT EXISTS ${visits}${on(layout)} (
  ${columns(DIMENSIONS)},
  region Nullable(String),
  created_at DateTime64(3, 'UTC')
) ENGINE = ${engine(layout, 'visits', 'MergeTree')}
PARTITION BY toYYYYMM(created_at)
ORDER BY (pcode, property_uuid, created_at)
TTL ${visitsTtl(retentionDays)}
SETTINGS ${dedupWindow(layout)}`,
    `CREATE TABLE IF NOT EXISTS ${daily}${on(layout)} (
  day Date,
  ${columns(DIMENSIONS)},
  visits UInt64,
  ${DO_NOT_SELL_INDEX}
) ENGINE = ${engine(layout, 'visit_rollup_daily', 'SummingMergeTree', '(visits)')}
PARTITION BY toYYYYMM(day)
ORDER BY (${ROLLUP_KEY.join(', ')})
SETTINGS allow_nullable_key = 1, ${dedupWindow(layout)}`,
    `CREATE MATERIALIZED VIEW IF NOT EXISTS visit_rollup_daily_mv${on(layout)} TO ${daily} AS
SELECT toDate(created_at, 'UTC') AS day, ${DIMENSION_NAMES.join(', ')}, count() AS visits
FROM ${visits}
GROUP BY day, ${DIMENSION_NAMES.join(', ')}`,
    ...NARROW_ROLLUPS.flatMap(({ table, dimensions }) => [
      narrowTable(layout, table, dimensions),
      narrowView(layout, table, dimensions),
    ]),
    ...CLICKHOUSE_TABLES.flatMap((t) => distributed(layout, t)),
    // A store created before the index gets it (its parts from their next merge on).
    `ALTER TABLE ${daily}${on(layout)} ADD ${DO_NOT_SELL_INDEX.replace('INDEX', 'INDEX IF NOT EXISTS')}`,
    // A store created before the rollup kept a deduplication window gets it.
    `ALTER TABLE ${daily}${on(layout)} MODIFY SETTING ${dedupWindow(layout)}`,
    // A changed ASSENT_VISITS_RETENTION_DAYS applies from the next merge, without rewriting parts.
    `ALTER TABLE ${visits}${on(layout)} MODIFY TTL ${visitsTtl(retentionDays)}
SETTINGS materialize_ttl_after_modify = 0`,
  ];
}

/**
 * The statements that bring a store created before ADDED_DIMENSIONS up to date: the columns (at
 * the end of the rollup's sort key, which a SummingMergeTree needs for a dimension) and the
 * materialized view, re-created with them.
 */
function clickhouseUpgrade(layout: Layout): string[] {
  const added = DIMENSIONS.filter(([n]) => ADDED_DIMENSIONS.includes(n));
  const add = added.map(([n, t]) => `ADD COLUMN IF NOT EXISTS ${n} ${t}`).join(', ');
  return [
    `ALTER TABLE ${local(layout, 'visits')}${on(layout)} ${add}`,
    `ALTER TABLE ${local(layout, 'visit_rollup_daily')}${on(layout)} ${add}, MODIFY ORDER BY (${ROLLUP_KEY.join(', ')})`,
    `DROP VIEW IF EXISTS visit_rollup_daily_mv${on(layout)}`,
  ];
}

/** The tables of the store that exist, with their columns. */
async function existingColumns(
  client: ClickHouseClient,
  layout: Layout,
): Promise<Map<string, string[]>> {
  const result = await client.query({
    query: `SELECT table, groupArray(name) AS columns FROM system.columns
      WHERE database = currentDatabase() GROUP BY table`,
    format: 'JSONEachRow',
  });
  const rows = await result.json<{ table: string; columns: string[] }>();
  const byTable = new Map(rows.map((r) => [r.table, r.columns]));
  // In a cluster the local tables are the ones that hold (and upgrade) the data.
  return new Map(CLICKHOUSE_TABLES.map((t) => [t, byTable.get(local(layout, t)) ?? []]));
}

/**
 * Creates (or brings up to date) the store's tables. A store created before the narrow rollups
 * gets them filled from its daily rollup (every day it holds, past the raw visits' retention too):
 * merges of the daily rollup are stopped, its parts listed, the narrow rollup's view created (from
 * then on every insert reaches it), and the listed parts copied in; so each visit counts once, in
 * the view's rows or in the copy's (an insert racing the few milliseconds between the listing and
 * the view's creation is the one exception: upgrade with the writers stopped where that matters).
 */
export async function migrateClickHouse(
  client: ClickHouseClient,
  retentionDays: number,
  layout: Layout = {},
): Promise<void> {
  const tables = await existingColumns(client, layout);
  const rollupColumns = tables.get('visit_rollup_daily')!;
  if (rollupColumns.length && !ADDED_DIMENSIONS.every((n) => rollupColumns.includes(n)))
    for (const query of clickhouseUpgrade(layout)) await client.command({ query });
  // On a cluster the backfill is each shard's (docs/analytics.md): this connection reaches one.
  const backfill =
    rollupColumns.length && !layout.cluster
      ? NARROW_ROLLUPS.filter(({ table }) => !tables.get(table)!.length)
      : [];
  const schema = clickhouseSchema(retentionDays, layout);
  if (!backfill.length) {
    for (const query of schema) await client.command({ query });
    return;
  }
  const daily = local(layout, 'visit_rollup_daily');
  const views = new Set(backfill.map(({ table }) => `${table}_mv`));
  const isView = (q: string) =>
    [...views].some((v) =>
      q.startsWith(`CREATE MATERIALIZED VIEW IF NOT EXISTS ${v}${on(layout)} `),
    );
  // Everything but the new views first (their tables included).
  for (const query of schema.filter((q) => !isView(q))) await client.command({ query });
  await client.command({ query: `SYSTEM STOP MERGES ${daily}` });
  try {
    const listed = await client.query({
      query: `SELECT groupArray(name) AS parts FROM system.parts
        WHERE database = currentDatabase() AND table = {table:String} AND active`,
      query_params: { table: daily },
      format: 'JSONEachRow',
    });
    const [{ parts } = { parts: [] }] = await listed.json<{ parts: string[] }>();
    for (const query of schema.filter(isView)) await client.command({ query });
    if (parts.length)
      for (const { table, dimensions } of backfill) {
        const query = `INSERT INTO ${local(layout, table)}
${narrowSelect(dimensions, ` WHERE r._part IN {parts:Array(String)}`).replace('FROM visit_rollup_daily', `FROM ${daily}`)}`;
        await client.command({ query, query_params: { parts } });
      }
  } finally {
    await client.command({ query: `SYSTEM START MERGES ${daily}` });
  }
}
