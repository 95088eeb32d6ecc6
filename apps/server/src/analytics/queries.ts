import { AssentError } from '@assent/core';
import { GBC_REPORTED_SIGNALS } from '@assent/core/banner';
import {
  REPORT_FOREIGN_PROPERTY,
  abTestReport,
  ZERO_VISIT_COUNTS,
  addVisitCounts,
  buildCountryTableRows,
  buildSummaryMetrics,
  dashboardInsightsQuery,
  exactMetricValue,
  metricCategoryOf,
  metricValue,
  normalizeReportFilters,
  propertyAnalyticsReport,
  propertyFilter,
  regulationDimensionValue,
  reportTimeoutMessage,
  selectionFilters,
  timeFilters,
  validateAnalyticsQuery,
} from '@assent/core/reports';
import type {
  AbTestReport,
  AbTestRequest,
  AnalyticsQuery,
  AnalyticsQueryBody,
  AnalyticsQueryResponse,
  AnalyticsResultRow,
  CountryTableRequest,
  CountryTableRow,
  DashboardInsightsRequest,
  DashboardInsightsResponse,
  NormalizedFilters,
  PropertyAnalytics,
  ReportDimension,
  ReportGranularity,
  ReportMetric,
  SummaryComparisonQuery,
  SummaryMetric,
  SummaryRequest,
  SummaryValues,
  VisitCounts,
} from '@assent/core/reports';
import type { Db, Queryable } from '../db';

/**
 * The analytics query layer: one function per report query, reading the daily rollups only
 * (never the raw visits). Every function takes the caller's account scope; a second engine (for
 * example ClickHouse) implements the same functions over its own tables.
 */

/** Whose data a query may read: one account, on one database. */
export interface AnalyticsScope {
  /** The configuration store (the account's properties, for scoping). */
  db: Queryable;
  pcode: string;
  /** Where the rollups are read: this database's (the default) or ClickHouse's. */
  counts?: CountsSource;
}

/** The SQL type of a bound value, named as each engine spells it. */
type ParamType = 'text' | 'smallint' | 'boolean' | 'date';

/**
 * An engine the report functions read the daily rollup (`visit_rollup_daily`) from: how its SQL
 * spells the few things that differ, and how it runs a statement. Everything else (which rows,
 * which groups, the metrics) is this module's, once, for every engine.
 */
export interface CountsSource {
  /** The placeholder of the next bound value (`$n` or `{pn:Type}`), pushing it into `params`. */
  bind(params: unknown[], value: unknown, type: ParamType, array?: boolean): string;
  /** `column` is one of the values of an array placeholder. */
  oneOf(column: string, placeholder: string): string;
  /** The period a rollup day falls in, named by the UTC day it starts on ('YYYY-MM-DD'). */
  period: Record<ReportGranularity, string>;
  /** `sum(visits)` of the rows meeting `condition` (none: all), 0 when none do. */
  sumIf(condition?: string): string;
  /** What follows a GROUPING SETS statement (ClickHouse: null keys of aggregated-away columns). */
  groupingSetsSuffix: string;
  /**
   * Rollups narrower than `visit_rollup_daily` this engine keeps, smallest first: a query reads
   * the first one holding every column it groups or filters by (none: the daily rollup).
   */
  narrowRollups?: readonly NarrowRollup[];
  query<R>(sql: string, params: readonly unknown[]): Promise<R[]>;
}

/** A rollup with fewer dimensions than the daily one, and its six counts as columns. */
export interface NarrowRollup {
  table: string;
  /** The dimension columns it keeps (`pcode` and `day` always). */
  columns: ReadonlySet<string>;
  /** Its select list of the six counts, under countColumns's aliases. */
  counts: string;
}

/** Where a query reads its counts: a table and the select list of its six counts. */
interface RollupChoice {
  table: string;
  counts: string;
}

const PG_TYPES: Record<ParamType, string> = {
  text: 'text',
  smallint: 'smallint',
  boolean: 'boolean',
  date: 'date',
};

/** The six counts of a narrow rollup of this database (migration 019), summed. */
const NARROW_COUNTS = [
  'sum(traffic)::int8 as n_traffic',
  'sum(shown)::int8 as n_shown',
  'sum(accept_all)::int8 as n_accept_all',
  'sum(reject_all)::int8 as n_reject_all',
  'sum(partial)::int8 as n_partial',
  'sum(bounce)::int8 as n_bounce',
].join(', ');

/** A narrow rollup of this database keeping `columns` besides the account, day and property. */
const narrow = (table: string, ...columns: string[]): NarrowRollup => ({
  table,
  columns: new Set(['pcode', 'day', 'property_uuid', ...columns]),
  counts: NARROW_COUNTS,
});

/**
 * The narrow rollups of this database, kept exact by triggers on the daily rollup, smallest first:
 * the views of migration 020's rollup by one dimension (its fewest values first; the page format's
 * also answers the totals, by day and by property, since every visit has one), the country rollup
 * and the dashboard's (migration 019: regulation, US state, country, device and page format
 * together, for the drawer's filters combined with another dimension).
 */
const POSTGRES_NARROW_ROLLUPS: readonly NarrowRollup[] = [
  narrow('visit_rollup_by_page_format', 'page_format'),
  narrow('visit_rollup_by_gbc_applicable', 'gbc_applicable'),
  narrow('visit_rollup_by_cop_applicable', 'cop_applicable'),
  narrow('visit_rollup_by_advanced_applicable', 'advanced_applicable'),
  narrow('visit_rollup_by_device', 'device'),
  narrow('visit_rollup_by_regulation', 'regulation'),
  narrow('visit_rollup_by_os', 'os'),
  narrow('visit_rollup_by_browser', 'browser'),
  narrow('visit_rollup_by_theme_language', 'theme_language'),
  narrow('visit_rollup_by_theme', 'theme_id'),
  narrow('visit_rollup_country', 'country'),
  narrow('visit_rollup_by_us_section', 'regulation', 'state'),
  narrow('visit_rollup_dashboard', 'regulation', 'state', 'country', 'device', 'page_format'),
];

/** The rollups of this database (PostgreSQL or PGlite). */
export const postgresCounts = (db: Queryable): CountsSource => ({
  narrowRollups: POSTGRES_NARROW_ROLLUPS,
  bind(params, value, type, array) {
    params.push(value);
    return `$${params.length}::${PG_TYPES[type]}${array ? '[]' : ''}`;
  },
  oneOf: (column, placeholder) => `${column} = any(${placeholder})`,
  period: {
    day: `to_char(day, 'YYYY-MM-DD')`,
    week: `to_char(date_trunc('week', day), 'YYYY-MM-DD')`,
    month: `to_char(date_trunc('month', day), 'YYYY-MM-DD')`,
  },
  sumIf: (condition) =>
    condition ? `coalesce(sum(visits) filter (where ${condition}), 0)::int8` : `sum(visits)::int8`,
  groupingSetsSuffix: '',
  query: (sql, params) => db.query(sql, params),
});

const countsOf = (scope: AnalyticsScope): CountsSource => scope.counts ?? postgresCounts(scope.db);

/** PostgreSQL's error code of a statement cancelled by statement_timeout. */
const QUERY_CANCELED = '57014';
/** How long past the limit PostgreSQL has to report its cancel before the answer goes anyway. */
const POSTGRES_CANCEL_GRACE_MS = 1_000;

/**
 * Runs a report's statements under a time limit; past it the caller gets GATEWAY_TIMEOUT with
 * core's '504 Gateway Timeout ERROR' message. On PostgreSQL the statements run in one transaction
 * with `statement_timeout` set to the limit, so the server itself cancels a statement that runs too
 * long. PGlite cannot interrupt a statement: it runs in this process's one thread (WASM), which no
 * timer interrupts, so the limit is checked as each statement returns: past it the report answers
 * 504 and starts no further statement (docs/decisions.md).
 */
export async function withinTimeLimit<T>(
  db: Db,
  timeoutMs: number,
  run: (q: Queryable) => Promise<T>,
): Promise<T> {
  const timeout = () => new AssentError('GATEWAY_TIMEOUT', reportTimeoutMessage(timeoutMs));
  const started = Date.now();
  const expired = () => Date.now() - started > timeoutMs;
  const guarded = (q: Queryable): Queryable => ({
    async query<R>(sql: string, params?: readonly unknown[]) {
      if (expired()) throw timeout();
      const rows = await q.query<R>(sql, params);
      if (expired()) throw timeout();
      return rows;
    },
  });
  const work =
    db.kind === 'postgres'
      ? db.transaction(async (tx) => {
          await tx.query(`select set_config('statement_timeout', $1, true)`, [String(timeoutMs)]);
          return run(guarded(tx));
        })
      : run(guarded(db));
  const answer = work.catch((error: unknown) => {
    if ((error as { code?: unknown }).code === QUERY_CANCELED) throw timeout();
    throw error;
  });
  // On PostgreSQL the server's own cancel answers first; this timer is the backstop of a report
  // waiting on something else (a connection of the pool, say).
  let timer: NodeJS.Timeout | undefined;
  const backstop = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timeout()), timeoutMs + POSTGRES_CANCEL_GRACE_MS);
  });
  // The work's own failure after the backstop has nobody to tell.
  answer.catch(() => {});
  try {
    return await Promise.race([answer, backstop]);
  } finally {
    clearTimeout(timer);
  }
}

/** The rollup column of each dimension; `period` depends on the granularity. */
const DIMENSION_COLUMNS: Record<Exclude<ReportDimension, 'period'>, string> = {
  regulation: 'regulation',
  country: 'country',
  pageFormat: 'page_format',
  deviceType: 'device',
  os: 'os',
  browser: 'browser',
  propertyId: 'property_uuid',
  copApplicable: 'cop_applicable',
  gbcApplicable: 'gbc_applicable',
  advancedApplicable: 'advanced_applicable',
  themeLanguage: 'theme_language',
  themeUuid: 'theme_id',
};

const FILTER_COLUMNS: Record<
  Exclude<keyof NormalizedFilters, 'startDate' | 'endDate'>,
  [string, ParamType]
> = {
  propertyId: ['property_uuid', 'text'],
  regulation: ['regulation', 'smallint'],
  deviceType: ['device', 'text'],
  os: ['os', 'text'],
  browser: ['browser', 'text'],
  pageFormat: ['page_format', 'text'],
  country: ['country', 'text'],
  themeUuid: ['theme_id', 'text'],
  themeLanguage: ['theme_language', 'text'],
  gbcApplicable: ['gbc_applicable', 'boolean'],
  copApplicable: ['cop_applicable', 'boolean'],
  advancedApplicable: ['advanced_applicable', 'boolean'],
};

/**
 * Counts a query sums besides the outcomes, only when one of its metrics needs them: Google basic
 * consent's signals (`gbc`), Consent or Pay's screen (`cop`), do-not-sell requests (`dns`).
 */
type ExtraCounts = 'gbc' | 'cop' | 'dns';

/** The extra counts of some metrics: their catalogue category (GBC, Users) says which. */
const extraCountsOf = (metrics: readonly string[]): ExtraCounts[] => {
  const categories = new Set(metrics.map(metricCategoryOf));
  return [
    ...(categories.has('GBC') ? (['gbc'] as const) : []),
    ...(categories.has('Users') ? (['cop'] as const) : []),
  ];
};

/** `gbc_consent` holds a letter per signal of GBC_REPORTED_SIGNALS: g granted, d denied. */
const signalIs = (i: number, letter: 'g' | 'd') =>
  `coalesce(gbc_consent, '') like '${'_'.repeat(i)}${letter}%'`;

/** The visit counts of a group (aliases unlike any column: ClickHouse resolves aliases first). */
const countColumns = (c: CountsSource, extra: readonly ExtraCounts[] = []): string =>
  [
    `${c.sumIf()} as n_traffic`,
    `${c.sumIf('shown')} as n_shown`,
    `${c.sumIf(`shown and outcome = 'acceptAll'`)} as n_accept_all`,
    `${c.sumIf(`shown and outcome = 'rejectAll'`)} as n_reject_all`,
    `${c.sumIf(`shown and outcome = 'partial'`)} as n_partial`,
    `${c.sumIf(`shown and outcome = 'bounce'`)} as n_bounce`,
    ...(extra.includes('gbc')
      ? GBC_REPORTED_SIGNALS.flatMap((_, i) => [
          `${c.sumIf(signalIs(i, 'g'))} as n_gbc_granted_${i}`,
          `${c.sumIf(signalIs(i, 'd'))} as n_gbc_denied_${i}`,
        ])
      : []),
    ...(extra.includes('cop')
      ? [
          `${c.sumIf('cop_choice is not null')} as n_cop_shown`,
          `${c.sumIf(`cop_choice is not null and outcome = 'acceptAll'`)} as n_cop_accepted`,
          `${c.sumIf(`coalesce(cop_choice, '') = 'subscribe'`)} as n_cop_subscribe`,
          `${c.sumIf(`coalesce(cop_choice, '') = 'login'`)} as n_cop_login`,
        ]
      : []),
    ...(extra.includes('dns')
      ? [
          `${c.sumIf('do_not_sell is not null')} as n_dns_received`,
          `${c.sumIf(`coalesce(do_not_sell, '') = 'fulfilled'`)} as n_dns_fulfilled`,
        ]
      : []),
  ].join(', ');

/** A count column of a row; 0 when the query did not sum it. */
const countOf = (r: Record<string, unknown>, column: string): number => Number(r[column] ?? 0);

const signalCountsOfRow = (r: Record<string, unknown>, letter: 'granted' | 'denied') =>
  Object.fromEntries(
    GBC_REPORTED_SIGNALS.map((signal, i) => [signal, countOf(r, `n_gbc_${letter}_${i}`)]),
  ) as VisitCounts['gbcGranted'];

const countsOfRow = (r: Record<string, unknown>): VisitCounts => ({
  traffic: Number(r.n_traffic),
  shown: Number(r.n_shown),
  acceptAll: Number(r.n_accept_all),
  rejectAll: Number(r.n_reject_all),
  partial: Number(r.n_partial),
  bounce: Number(r.n_bounce),
  gbcGranted: signalCountsOfRow(r, 'granted'),
  gbcDenied: signalCountsOfRow(r, 'denied'),
  copShown: countOf(r, 'n_cop_shown'),
  copAccepted: countOf(r, 'n_cop_accepted'),
  copSubscribe: countOf(r, 'n_cop_subscribe'),
  copLogin: countOf(r, 'n_cop_login'),
  doNotSellReceived: countOf(r, 'n_dns_received'),
  doNotSellFulfilled: countOf(r, 'n_dns_fulfilled'),
});

/** The rollup columns a query's filters use (besides `pcode` and `day`). */
const filterColumns = (f: NormalizedFilters): string[] =>
  Object.entries(FILTER_COLUMNS)
    .filter(([key]) => f[key as keyof typeof FILTER_COLUMNS] !== undefined)
    .map(([, [column]]) => column);

/** The rollup columns a query's dimensions group by (`period` groups days). */
const dimensionColumns = (dimensions: readonly string[]): string[] =>
  dimensions.map((d) =>
    d === 'period' ? 'day' : DIMENSION_COLUMNS[d as keyof typeof DIMENSION_COLUMNS],
  );

/**
 * The rollup a query reads: the smallest narrow rollup of the engine holding every column it
 * groups or filters by, else the daily rollup (every dimension). All of them count the same
 * visits, so the answer is the same whichever is read.
 */
function rollupFor(
  c: CountsSource,
  columns: readonly string[],
  extra: readonly ExtraCounts[] = [],
): RollupChoice {
  // The GBC, Consent-or-Pay and do-not-sell counts are kept by the daily rollup only.
  const narrow = extra.length
    ? undefined
    : c.narrowRollups?.find((r) => columns.every((column) => r.columns.has(column)));
  return narrow ?? { table: 'visit_rollup_daily', counts: countColumns(c, extra) };
}

/** Reads and checks a request's filters; refuses (403) property ids of another account. */
async function readFilters(
  scope: AnalyticsScope,
  filters: AnalyticsQueryBody['filters'],
): Promise<NormalizedFilters> {
  const read = normalizeReportFilters(filters);
  if (!read.ok) throw AssentError.fromIssues(read.issues);
  await refuseForeignProperties(scope, read.value.propertyId ?? [], 'propertyId');
  return read.value;
}

/** Refuses (403, naming them) property ids that are not the account's: never silently dropped. */
async function refuseForeignProperties(
  scope: AnalyticsScope,
  ids: readonly string[],
  field: string,
): Promise<void> {
  if (!ids.length) return;
  const own = await scope.db.query<{ uuid: string }>(
    `select uuid from properties where pcode = $1 and uuid = any($2::text[])`,
    [scope.pcode, ids],
  );
  const owned = new Set(own.map((r) => r.uuid));
  const foreign = ids.filter((id) => !owned.has(id));
  if (foreign.length) {
    const message = `${REPORT_FOREIGN_PROPERTY}: ${foreign.join(', ')}`;
    throw new AssentError('FORBIDDEN', message, { [field]: message });
  }
}

/** The where clause over the rollups for an account and its filters, with its parameters. */
function whereOf(
  c: CountsSource,
  pcode: string,
  f: NormalizedFilters,
): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const clauses = [
    `pcode = ${c.bind(params, pcode, 'text')}`,
    `day >= ${c.bind(params, f.startDate, 'date')}`,
    `day <= ${c.bind(params, f.endDate, 'date')}`,
  ];
  for (const [key, [column, type]] of Object.entries(FILTER_COLUMNS)) {
    const values = f[key as keyof typeof FILTER_COLUMNS];
    if (values === undefined) continue;
    clauses.push(c.oneOf(column, c.bind(params, values, type, true)));
  }
  return { sql: clauses.join(' and '), params };
}

type Groups = Array<{ keys: unknown[]; counts: VisitCounts }>;

/** The SQL expression of each dimension of a query (`period` depends on its granularity). */
const expressionsOf = (
  c: CountsSource,
  query: Pick<AnalyticsQuery, 'dimensions' | 'granularity'>,
): string[] =>
  query.dimensions.map((d) =>
    d === 'period'
      ? c.period[query.granularity]
      : DIMENSION_COLUMNS[d as keyof typeof DIMENSION_COLUMNS],
  );

/** Counts of one query: grouped by its dimensions (none: one row over the whole range). */
async function groupedCounts(
  scope: AnalyticsScope,
  filters: NormalizedFilters,
  query: Pick<AnalyticsQuery, 'dimensions' | 'granularity' | 'metrics'>,
): Promise<Groups> {
  const c = countsOf(scope);
  const exprs = expressionsOf(c, query);
  const where = whereOf(c, scope.pcode, filters);
  const rollup = rollupFor(
    c,
    [...filterColumns(filters), ...dimensionColumns(query.dimensions)],
    extraCountsOf(query.metrics),
  );
  const select = [...exprs.map((e, i) => `${e} as d${i}`), rollup.counts].join(', ');
  const groupBy = exprs.length ? `group by ${exprs.map((_, i) => i + 1).join(', ')}` : '';
  const orderBy = exprs.length ? `order by ${exprs.map((_, i) => i + 1).join(', ')}` : '';
  const rows = await c.query<Record<string, unknown>>(
    `select ${select} from ${rollup.table} where ${where.sql} ${groupBy} ${orderBy}`,
    where.params,
  );
  // Without dimensions an empty range still answers one row of zero counts.
  return rows
    .filter((r) => exprs.length === 0 || Number(r.n_traffic) > 0)
    .map((r) => ({ keys: exprs.map((_, i) => r[`d${i}`]), counts: countsOfRow(r) }));
}

/**
 * Counts of several queries sharing their filters (the dashboard's six charts): the queries that
 * read the same rollup share one scan of it, `sharedCounts`; each query's rows as `groupedCounts`
 * gives them one query at a time.
 */
async function groupedCountsOfQueries(
  scope: AnalyticsScope,
  filters: NormalizedFilters,
  queries: readonly AnalyticsQuery[],
): Promise<Groups[]> {
  const c = countsOf(scope);
  const byRollup = new Map<
    string,
    { rollup: RollupChoice; at: number[]; extra: Set<ExtraCounts> }
  >();
  queries.forEach((q, at) => {
    const extra = extraCountsOf(q.metrics);
    const rollup = rollupFor(
      c,
      [...filterColumns(filters), ...dimensionColumns(q.dimensions)],
      extra,
    );
    const entry = byRollup.get(rollup.table) ?? { rollup, at: [], extra: new Set() };
    entry.at.push(at);
    for (const e of extra) entry.extra.add(e);
    byRollup.set(rollup.table, entry);
  });
  const out: Groups[] = [];
  for (const { rollup, at, extra } of byRollup.values()) {
    const groups = await sharedCounts(
      scope,
      filters,
      at.map((i) => queries[i]!),
      // The extra counts any of the queries reading the daily rollup needs.
      extra.size ? { table: rollup.table, counts: countColumns(c, [...extra]) } : rollup,
    );
    at.forEach((i, k) => (out[i] = groups[k]!));
  }
  return out;
}

/**
 * Counts of several queries reading one rollup: one scan of it with GROUPING SETS, each query's
 * rows in the order of its own dimensions.
 */
async function sharedCounts(
  scope: AnalyticsScope,
  filters: NormalizedFilters,
  queries: readonly AnalyticsQuery[],
  rollup: RollupChoice,
): Promise<Groups[]> {
  const c = countsOf(scope);
  const perQuery = queries.map((q) => expressionsOf(c, q));
  const all: string[] = [];
  for (const exprs of perQuery) for (const e of exprs) if (!all.includes(e)) all.push(e);
  // grouping(all…): a bit per expression, the first the most significant, set when aggregated away.
  const maskOf = (exprs: readonly string[]) =>
    all.reduce((m, e, i) => (exprs.includes(e) ? m : m | (1 << (all.length - 1 - i))), 0);
  const orderOfMask = new Map<number, string[]>();
  let shared = queries.length > 1 && all.length > 0 && all.length <= 16;
  for (const exprs of perQuery) {
    const m = maskOf(exprs);
    const seen = orderOfMask.get(m);
    // Two queries with the same dimensions in another order, or a dimension twice: one at a time.
    if ((seen && seen.join('\n') !== exprs.join('\n')) || new Set(exprs).size !== exprs.length)
      shared = false;
    orderOfMask.set(m, exprs);
  }
  if (!shared) {
    const out: Groups[] = [];
    for (const q of queries) out.push(await groupedCounts(scope, filters, q));
    return out;
  }
  const where = whereOf(c, scope.pcode, filters);
  const grouping = `grouping(${all.join(', ')})`;
  const sets = [...new Set(perQuery.map((exprs) => `(${exprs.join(', ')})`))].join(', ');
  const orderBy = [
    'g',
    ...[...orderOfMask].flatMap(([m, exprs]) =>
      exprs.map((e) => `case when ${grouping} = ${m} then ${e} end`),
    ),
  ].join(', ');
  const rows = await c.query<Record<string, unknown>>(
    `select ${all.map((e, i) => `${e} as d${i}`).join(', ')}, ${grouping} as g, ${rollup.counts}
     from ${rollup.table} where ${where.sql}
     group by grouping sets (${sets}) order by ${orderBy}${c.groupingSetsSuffix}`,
    where.params,
  );
  return perQuery.map((exprs) => {
    const m = maskOf(exprs);
    const mine = rows.filter((r) => Number(r.g) === m);
    if (!exprs.length)
      return [{ keys: [], counts: mine[0] ? countsOfRow(mine[0]) : ZERO_VISIT_COUNTS }];
    return mine
      .filter((r) => Number(r.n_traffic) > 0)
      .map((r) => ({
        keys: exprs.map((e) => r[`d${all.indexOf(e)}`]),
        counts: countsOfRow(r),
      }));
  });
}

const dimensionValue = (dimension: string, value: unknown): string | number | boolean | null => {
  if (value === null || value === undefined) return null;
  if (dimension === 'regulation') return regulationDimensionValue(Number(value));
  return value as string | boolean;
};

/**
 * One query's rows: its dimension values and its metrics, as answered (percentages to two
 * decimals) or `exact` (unrounded, for computing changes between periods).
 */
function queryRows(query: AnalyticsQuery, groups: Groups, exact: boolean): AnalyticsResultRow[] {
  const value = exact ? exactMetricValue : metricValue;
  return groups.map(({ keys, counts }) => {
    const row: AnalyticsResultRow = {};
    query.dimensions.forEach((d, i) => (row[d] = dimensionValue(d, keys[i])));
    for (const m of query.metrics) row[m] = value(m as ReportMetric, counts);
    return row;
  });
}

async function runQueries(
  scope: AnalyticsScope,
  body: AnalyticsQueryBody,
  exact: boolean,
): Promise<AnalyticsQueryResponse> {
  body.queries.forEach((q, at) => {
    const checked = validateAnalyticsQuery(q, at);
    if (!checked.ok) throw AssentError.fromIssues(checked.issues);
  });
  const filters = await readFilters(scope, body.filters);
  const groups = await groupedCountsOfQueries(scope, filters, body.queries);
  return body.queries.map((q, i) => ({ id: q.id, results: queryRows(q, groups[i]!, exact) }));
}

/**
 * Runs the queries of a graph or custom report call: one result per query id, each row holding
 * its dimension values and metrics. The report jobs call this with a saved report's query.
 */
export const runReport = (
  scope: AnalyticsScope,
  body: AnalyticsQueryBody,
): Promise<AnalyticsQueryResponse> => runQueries(scope, body, false);

/** The summary call: the metrics over one range, keyed by metric. */
export async function summary(
  scope: AnalyticsScope,
  request: SummaryRequest,
): Promise<SummaryValues> {
  const [result] = await runReport(scope, {
    filters: request.filters,
    queries: [{ id: 'summary', dimensions: [], metrics: request.metrics, granularity: 'day' }],
  });
  return (result?.results[0] ?? {}) as SummaryValues;
}

/** The summary cards: both ranges, each metric's change by core's rules. */
export async function summaryComparison(
  scope: AnalyticsScope,
  query: Omit<SummaryComparisonQuery, 'pCode'>,
): Promise<SummaryMetric[]> {
  // Exact values, so that each change is not off by the rounding of its percentages.
  const ask = async (range: SummaryComparisonQuery['summaryDateRange']) => {
    const [result] = await runQueries(
      scope,
      {
        filters: [...timeFilters(range), propertyFilter(query.propertyId)],
        queries: [
          { id: 'summary', dimensions: [], metrics: query.metricFields, granularity: 'day' },
        ],
      },
      true,
    );
    return (result?.results[0] ?? {}) as SummaryValues;
  };
  const current = await ask(query.summaryDateRange);
  const previous = await ask(query.comparisonDateRange);
  return buildSummaryMetrics(current, previous, query.metricFields);
}

/**
 * The dashboard's six charts at the range's dashboard granularity. Percentages are exact: the
 * dashboard shows them to one decimal, and rounding them to two here first would round twice
 * (4 of 21 is 19.05 at two decimals, then 19.1% instead of 19.0%).
 */
export async function insights(
  scope: AnalyticsScope,
  request: DashboardInsightsRequest,
): Promise<DashboardInsightsResponse> {
  const { granularity, body } = dashboardInsightsQuery(request);
  return { granularity, charts: await runQueries(scope, body, true) };
}

/** The country table: metrics per country for the current range, with their change. */
export async function countryTable(
  scope: AnalyticsScope,
  request: CountryTableRequest,
): Promise<CountryTableRow[]> {
  const metrics = [
    'totalSessions',
    'optInPercent',
    'optOutPercent',
    'partialOptInPercent',
    'bouncePercent',
  ];
  const ask = async (range: CountryTableRequest['currentRange']) => {
    const [result] = await runQueries(
      scope,
      {
        filters: [
          ...timeFilters(range),
          propertyFilter(request.propertyIds),
          ...selectionFilters(request.filters),
        ],
        queries: [{ id: 'countries', dimensions: ['country'], metrics, granularity: 'day' }],
      },
      true, // exact values: the changes are computed from them, the values answered rounded
    );
    return (result?.results ?? []).filter((r) => r.country !== null);
  };
  return buildCountryTableRows(await ask(request.currentRange), await ask(request.comparisonRange));
}

/**
 * Consent analytics of some properties between two days (inclusive), keyed by property uuid, then
 * by regulation, each visit in one section: 1 GDPR, 2 CCPA (the visits under the US national
 * section, regulation 2, and state-section visits without a known state), 10 Google basic
 * consent, 3 the US state sections (regulation 3) by state. A property without visits
 * answers an empty entry; ids of other accounts are refused (403, naming them).
 */
export async function propertyAnalytics(
  scope: AnalyticsScope,
  propertyUuids: readonly string[],
  startDate: string,
  endDate: string,
): Promise<Record<string, PropertyAnalytics>> {
  await refuseForeignProperties(scope, propertyUuids, 'propertyIds');
  const c = countsOf(scope);
  const read = (table: string, counts: string, only = '') => {
    const params: unknown[] = [];
    return c.query<Record<string, unknown>>(
      `select property_uuid, regulation, case when regulation = 3 then state end as us_state,
         ${counts}
       from ${table}
       where pcode = ${c.bind(params, scope.pcode, 'text')}
         and ${c.oneOf('property_uuid', c.bind(params, propertyUuids, 'text', true))}
         and day >= ${c.bind(params, startDate, 'date')} and day <= ${c.bind(params, endDate, 'date')}
         ${only}
       group by 1, 2, 3 order by 1, 2, 3`,
      params,
    );
  };
  const rollup = rollupFor(c, ['property_uuid', 'regulation', 'state']);
  const rows = await read(rollup.table, rollup.counts);
  // Do-not-sell requests are kept by the daily rollup only: its few rows that carry one (a partial
  // index of migration 023), added to the counts of their group.
  const requests = await read(
    'visit_rollup_daily',
    countColumns(c, ['dns']),
    'and regulation in (2, 3) and do_not_sell is not null',
  );
  const groupKey = (r: Record<string, unknown>) =>
    `${String(r.property_uuid)} ${String(r.regulation)} ${String(r.us_state ?? '')}`;
  const requestsOf = new Map(requests.map((r) => [groupKey(r), countsOfRow(r)]));
  type Entry = {
    gdpr: VisitCounts;
    ccpa: VisitCounts;
    gbc: VisitCounts;
    states: Map<string | null, VisitCounts>;
  };
  const byProperty = new Map<string, Entry>();
  for (const r of rows) {
    const uuid = String(r.property_uuid);
    const e = byProperty.get(uuid) ?? {
      gdpr: ZERO_VISIT_COUNTS,
      ccpa: ZERO_VISIT_COUNTS,
      gbc: ZERO_VISIT_COUNTS,
      states: new Map(),
    };
    const own = countsOfRow(r);
    const dns = requestsOf.get(groupKey(r));
    const c = dns
      ? {
          ...own,
          doNotSellReceived: dns.doNotSellReceived,
          doNotSellFulfilled: dns.doNotSellFulfilled,
        }
      : own;
    const regulation = Number(r.regulation);
    if (regulation === 1) e.gdpr = addVisitCounts(e.gdpr, c);
    if (regulation === 10) e.gbc = addVisitCounts(e.gbc, c);
    // A state-section visit without a state is a national one (core's visitDimensions stores it
    // so; rows stored before that are counted the same way here).
    const state = regulation === 3 ? ((r.us_state as string | null) ?? null) : null;
    if (regulation === 2 || (regulation === 3 && state === null))
      e.ccpa = addVisitCounts(e.ccpa, c);
    if (state !== null) {
      e.states.set(state, addVisitCounts(e.states.get(state) ?? ZERO_VISIT_COUNTS, c));
    }
    byProperty.set(uuid, e);
  }
  const out: Record<string, PropertyAnalytics> = {};
  for (const uuid of propertyUuids) out[uuid] = {};
  for (const [uuid, e] of byProperty) {
    const scopeOf = (us: boolean) => ({ propertyUuid: uuid, startDate, endDate, us });
    const analytics: PropertyAnalytics = {};
    if (e.gdpr.shown) analytics['1'] = propertyAnalyticsReport(e.gdpr, scopeOf(false));
    if (e.ccpa.shown) analytics['2'] = propertyAnalyticsReport(e.ccpa, scopeOf(true));
    // Google basic consent only asks nothing (its page views are not shown): its key is there
    // once it has page views, with no banner shown and so no rate (docs/analytics.md).
    if (e.gbc.traffic) analytics['10'] = propertyAnalyticsReport(e.gbc, scopeOf(false));
    const states = [...e.states].filter(([, c]) => c.shown > 0);
    if (states.length) {
      analytics['3'] = states.map(([state, c]) => ({
        ...propertyAnalyticsReport(c, scopeOf(true)),
        state,
      }));
    }
    out[uuid] = analytics;
  }
  return out;
}

/**
 * A property's A/B test of themes between two days (inclusive): the visits of each variant the
 * runtime reported, in the test's `order` (its variant names), compared with the control by
 * core's `abTestReport` (difference and two-proportion z-test). Visits without a variant are left
 * out.
 */
export async function abTest(
  scope: AnalyticsScope,
  request: AbTestRequest,
  order: readonly string[] = [],
): Promise<AbTestReport> {
  await refuseForeignProperties(scope, [request.propertyId], 'propertyId');
  const c = countsOf(scope);
  const params: unknown[] = [];
  const rows = await c.query<Record<string, unknown>>(
    `select variant, ${countColumns(c)}
     from visit_rollup_daily
     where pcode = ${c.bind(params, scope.pcode, 'text')}
       and property_uuid = ${c.bind(params, request.propertyId, 'text')}
       and day >= ${c.bind(params, request.startDate, 'date')}
       and day <= ${c.bind(params, request.endDate, 'date')}
       and variant is not null
     group by 1 order by 1`,
    params,
  );
  return abTestReport(
    rows.map((r) => ({ variant: String(r.variant), counts: countsOfRow(r) })),
    order,
  );
}
