/**
 * Report queries on ClickHouse (issue 18): generated visits in chDB (ClickHouse 26 embedded), read
 * by the server's real ClickHouse store (@clickhouse/client over HTTP to the test shim of
 * ClickHouse's interface, packages/testing/src/chdb.ts), then every dashboard query, every
 * report-builder combination and the 90-day cross-property country table, p50/p95 against the
 * round trip of `SELECT 1` through the same client in the same run; beside them the same report
 * calls on PostgreSQL at a smaller count (`--pg-events`, against its own `select 1`).
 *
 *   npx tsx scripts/bench/clickhouse.ts [--events 10000000] [--chunk 10000000] [--runs 10]
 *     [--pg-events 0] [--threads 2] [--writer 20000] [--store DIR] [--fresh] [--lock FILE]
 *
 * Run it without an outer flock: it takes /tmp/assent-bench.lock itself, per generated chunk (the
 * last keeps it for the merge and the timed part), so other benchmarks run between its chunks. The store (chDB's
 * directory, the configuration store and the account) is kept in `--store` (default
 * .assent/bench-clickhouse-<events>, ignored by git) and reused: a second run times the reports
 * at once; a run stopped between chunks resumes at the next (`--fresh` starts over).
 *
 * The events are generated inside the engine (INSERT … SELECT FROM numbers(), chunk by chunk, with
 * the distribution of scripts/bench/queries.ts: 20 properties, 90 days, 25 countries, US states,
 * devices, OS, browsers, outcomes) into staging tables of the store's structure: the visits, then
 * every rollup filled from them by one INSERT … SELECT each (schema.ts `rollupFillStatements`),
 * then their partitions attached to the live tables. The rollups are then merged (OPTIMIZE …
 * FINAL), as a production store's are by its background merges. `--writer N` also sends N visits
 * through the store's batch writer when the store is new and prints its rate. Each report line
 * shows the round trip and the engine's own time (chDB's elapsed, summed over the call's
 * statements). Goal (issue 18): over 100 million events, every dashboard query p95 ≤ 500 ms and
 * the 90-day cross-property country table ≤ 1 s. `--threads` caps ClickHouse's threads for the
 * generation (a shared machine); the reports run with the engine's default (the cores).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findPostgresBin, startChdbHttp, startCluster } from '@assent/testing';
import { clickhouseClient } from '../../apps/server/src/analytics/clickhouse/client';
import {
  CLICKHOUSE_TABLES,
  DIMENSION_NAMES,
  NARROW_ROLLUPS,
  narrowSelect,
} from '../../apps/server/src/analytics/clickhouse/schema';
import type { VisitRecord } from '../../apps/server/src/analytics/visit-sink';
import { loadConfig } from '../../apps/server/src/config';
import { startServices } from '../../apps/server/src/index';
import { TEST_ENV, silentLogger } from '../../apps/server/test/live-server';
import {
  BROWSERS,
  DAYS,
  EU,
  OS,
  OTHER,
  PROPERTIES,
  STATES,
  benchAccount,
  databaseReportBench,
  day,
  reportTimings,
  time,
  visits,
} from './report-queries';
import { BENCH_LOCK, stringArg, takeLock } from './support';

/**
 * The statements that fill every rollup (built from schema.ts's dimensions and narrow rollups) from visits held in `source` (a table with the visits'
 * columns), as the materialized views do on each insert, but one INSERT … SELECT per rollup into
 * tables named by `target` (the bench's staging tables, docs/analytics.md "Benchmarks"): the daily
 * rollup with one row per visit (`visits` 1; its sort on insert and its merges sum equal keys, so
 * the 20-column GROUP BY the view does per insert is skipped), then each narrow rollup from it.
 */
function rollupFillStatements(
  source: string,
  target: (table: string) => string,
  settings = '',
): string[] {
  const daily = target('visit_rollup_daily');
  return [
    `INSERT INTO ${daily} (day, ${DIMENSION_NAMES.join(', ')}, visits)
SELECT toDate(created_at, 'UTC') AS day, ${DIMENSION_NAMES.join(', ')}, 1 AS visits FROM ${source}${settings}`,
    ...NARROW_ROLLUPS.map(
      ({ table, dimensions }) =>
        `INSERT INTO ${target(table)}
${narrowSelect(dimensions).replace('FROM visit_rollup_daily', `FROM ${daily}`)}${settings}`,
    ),
  ];
}

const EVENTS = Number(stringArg('events', '10000000'));
const CHUNK = Number(stringArg('chunk', '10000000'));
/** The generated store, kept between runs (in the worktree's ignored .assent/ by default). */
const STORE = path.resolve(
  stringArg(
    'store',
    path.join(
      path.dirname(fileURLToPath(import.meta.url)),
      '..',
      '..',
      '.assent',
      `bench-clickhouse-${EVENTS}`,
    ),
  ),
);
const RUNS = Number(stringArg('runs', '10'));
const PG_EVENTS = Number(stringArg('pg-events', '0'));
const THREADS = Number(stringArg('threads', '2'));
const WRITER = Number(stringArg('writer', '20000'));
/** The lock the measuring steps hold (another file only for a quick check of the bench itself). */
const LOCK = stringArg('lock', BENCH_LOCK);

const list = (items: readonly string[]) => `[${items.map((i) => `'${i}'`).join(', ')}]`;

/**
 * Generates visits number `from` … `from + count - 1` inside ClickHouse: a hash of the number and a
 * salt stands for each random draw of queries.ts's generator (same shares; not the same rows).
 */
function generateSql(
  table: string,
  pcode: string,
  properties: readonly string[],
  today: Date,
  from: number,
  count: number,
) {
  const r = (salt: number) => `(cityHash64(number, ${salt}) % 1000000) / 1000000`;
  const at = (salt: number, items: readonly string[]) =>
    `${list(items)}[1 + cityHash64(number, ${salt}) % ${items.length}]`;
  return `INSERT INTO ${table} (pcode, property_uuid, theme_id, theme_language, regulation, state,
  country, device, os, browser, page_format, gbc_applicable, cop_applicable, advanced_applicable,
  variant, outcome, shown, region, created_at)
SELECT '${pcode}', ${list(properties)}[1 + toUInt32(floor(${r(8)} * ${r(9)} * ${properties.length}))],
  '1', NULL,
  if(us, if(st IS NULL, 2, 3), if(country = 'GB' OR has(${list(EU)}, country), 1, 0)),
  st, country,
  ['pc', 'pc', 'mobile', 'mobile', 'tablet'][1 + cityHash64(number, 10) % 5],
  ${at(11, OS)}, ${at(12, BROWSERS)},
  if(${r(13)} < 0.1, 'AMP', 'HTTP'), false, false, false, NULL,
  outcome, NOT (${r(14)} < 0.2 AND outcome != 'bounce'), st,
  fromUnixTimestamp64Milli(toInt64(${today.getTime()} - (1 + cityHash64(number, 1) % ${DAYS}) * 86400000
    + cityHash64(number, 2) % 86400000), 'UTC')
FROM (
  SELECT number, ${r(3)} < 0.3 AS us,
    if(us, 'US', if(${r(3)} < 0.8, ${at(4, EU)}, ${at(4, OTHER)})) AS country,
    if(us AND ${r(5)} < 0.5, ${at(6, STATES)}, NULL) AS st,
    multiIf(${r(7)} < 0.55, 'acceptAll', ${r(7)} < 0.75, 'rejectAll', ${r(7)} < 0.85, 'partial',
      'bounce') AS outcome
  FROM numbers(${from}, ${count})
)
SETTINGS max_threads = ${THREADS}, max_insert_threads = ${THREADS}, optimize_on_insert = 0`;
}

/** The account and day a store's generated visits belong to (saved beside it, reused). */
interface StoreAccount {
  pcode: string;
  properties: string[];
  today: string;
}

/**
 * Runs a step under the bench lock (taken per step: other benches run between steps); with `keep`,
 * returns still holding it, with the function that releases it.
 */
async function locked(
  what: string,
  fn: () => Promise<void>,
  keep = false,
): Promise<(() => void) | undefined> {
  const release = await takeLock(LOCK);
  process.stderr.write(`  [lock] ${what}: load ${os.loadavg()[0]!.toFixed(1)}\n`);
  try {
    await fn();
  } catch (error) {
    release();
    throw error;
  }
  if (keep) return release;
  release();
  return undefined;
}

async function clickhouseBench(store: string): Promise<string[]> {
  mkdirSync(store, { recursive: true });
  const shim = await startChdbHttp({ dir: path.join(store, 'chdb') });
  const lines: string[] = [];
  // The configuration store persists beside the visits: the account and properties stay the same.
  const config = loadConfig({
    ...TEST_ENV,
    ASSENT_DATA_DIR: path.join(store, 'data'),
    ASSENT_ANALYTICS_URL: shim.url,
  });
  const services = await startServices(config, { logger: silentLogger, workers: false });
  const { deps } = services;
  const client = clickhouseClient(shim.url);
  const session = shim.session;
  const count = async (sql: string) => {
    const r = await client.query({ query: sql, format: 'JSONEachRow' });
    return (await r.json<Record<string, string | number>>())[0]!;
  };
  const accountFile = path.join(store, 'account.json');
  try {
    let account: StoreAccount;
    if (existsSync(accountFile)) {
      account = JSON.parse(readFileSync(accountFile, 'utf8')) as StoreAccount;
    } else {
      const { user, properties } = await benchAccount(deps);
      account = { pcode: user.pcode, properties, today: day(new Date()) };
      // The store's own write path: batches of 5,000 through @clickhouse/client, acknowledged.
      if (WRITER > 0) {
        const started = performance.now();
        let batch: VisitRecord[] = [];
        const today = new Date(`${account.today}T00:00:00Z`);
        for (const v of visits(WRITER, user.pcode, properties, today)) {
          batch.push(v);
          if (batch.length === 5_000) {
            await deps.analytics.write(batch);
            batch = [];
          }
        }
        if (batch.length) await deps.analytics.write(batch);
        const seconds = (performance.now() - started) / 1000;
        lines.push(
          `ClickHouse (chDB): ${WRITER.toLocaleString('en')} visits through the store's batch writer ` +
            `in ${seconds.toFixed(1)} s (${(WRITER / seconds).toFixed(0)} events/s, batches of 5,000)`,
        );
      }
      writeFileSync(accountFile, JSON.stringify(account));
    }
    const { pcode, properties } = account;
    const today = new Date(`${account.today}T00:00:00Z`);

    // Generation, chunk by chunk, each under the bench lock; a chunk done is recorded, so a run
    // stopped between chunks (or killed inside one: its staging tables are dropped) resumes.
    await session.queryAsync(
      'CREATE TABLE IF NOT EXISTS bench_generated (chunk UInt32, events UInt64, seconds Float64, cpu Float64) ENGINE = MergeTree ORDER BY chunk',
    );
    const doneResult = await session.queryAsync(
      'SELECT chunk, events, seconds, cpu FROM bench_generated ORDER BY chunk',
      { format: 'JSONEachRow' },
    );
    const done = new Map(
      Buffer.from(doneResult.bytes())
        .toString('utf8')
        .split('\n')
        .filter(Boolean)
        .map(
          (l) => JSON.parse(l) as { chunk: number; events: number; seconds: number; cpu: number },
        )
        .map((r) => [Number(r.chunk), r]),
    );
    const stage = (table: string) => `bench_stage_${table}`;
    const settings = ` SETTINGS max_threads = ${THREADS}, max_insert_threads = ${THREADS}`;
    let generatedNow = 0;
    // The last chunk keeps the lock for the merge and the timed part (one wait in the queue less).
    let held: (() => void) | undefined;
    const lastChunk = Math.ceil(EVENTS / CHUNK) - 1;
    for (let k = 0; k * CHUNK < EVENTS; k += 1) {
      const from = k * CHUNK;
      const n = Math.min(CHUNK, EVENTS - from);
      const before = done.get(k);
      if (before && Number(before.events) !== n)
        throw new Error(`${store} was generated with another --chunk: use that one, or --fresh`);
      if (before) continue;
      held = await locked(
        `chunk ${k + 1} of ${Math.ceil(EVENTS / CHUNK)}`,
        async () => {
          const t = performance.now();
          const cpu = process.cpuUsage();
          // Staging tables of the live tables' structure (and no views): the chunk's visits, then
          // each rollup filled from them by one INSERT … SELECT, then every partition attached to
          // the live table (parts hard-linked, no view runs), then the chunk recorded.
          for (const table of CLICKHOUSE_TABLES) {
            await session.queryAsync(`DROP TABLE IF EXISTS ${stage(table)}`);
            await session.queryAsync(`CREATE TABLE ${stage(table)} AS ${table}`);
          }
          await session.queryAsync(
            generateSql(stage('visits'), pcode, properties, today, WRITER + from, n),
          );
          for (const query of rollupFillStatements(stage('visits'), stage, settings))
            await session.queryAsync(query);
          for (const table of CLICKHOUSE_TABLES) {
            const parts = await session.queryAsync(
              `SELECT DISTINCT partition_id FROM system.parts
             WHERE database = currentDatabase() AND table = '${stage(table)}' AND active`,
              { format: 'TSV' },
            );
            for (const id of Buffer.from(parts.bytes())
              .toString('utf8')
              .split('\n')
              .filter(Boolean))
              await session.queryAsync(
                `ALTER TABLE ${table} ATTACH PARTITION ID '${id}' FROM ${stage(table)}`,
              );
          }
          const used = process.cpuUsage(cpu);
          const seconds = (performance.now() - t) / 1000;
          await session.queryAsync(
            `INSERT INTO bench_generated VALUES (${k}, ${n}, ${seconds}, ${(used.user + used.system) / 1e6})`,
          );
          for (const table of CLICKHOUSE_TABLES)
            await session.queryAsync(`DROP TABLE IF EXISTS ${stage(table)}`);
          done.set(k, { chunk: k, events: n, seconds, cpu: (used.user + used.system) / 1e6 });
          generatedNow += n;
          process.stderr.write(
            `  ${(from + n).toLocaleString('en')} events generated ` +
              `(${(n / seconds).toFixed(0)} events/s, ${((used.user + used.system) / 1e6 / (n / 1e6)).toFixed(2)} s of CPU per million)\n`,
          );
        },
        k === lastChunk,
      );
    }
    const chunks = [...done.values()];
    const seconds = chunks.reduce((a, c) => a + c.seconds, 0);
    const cpuSeconds = chunks.reduce((a, c) => a + c.cpu, 0);
    const generated = chunks.reduce((a, c) => a + Number(c.events), 0);

    // The rollups merged as a production store's are after its background merges: OPTIMIZE …
    // FINAL (partitions already one merged part are skipped), timed. The raw visits are left to
    // background merges: no report reads them.
    // From here on the lock is held until the reports are timed.
    const release = held ?? (await takeLock(LOCK));
    lines.push(`  merged and timed under the bench lock from load ${os.loadavg()[0]!.toFixed(1)}`);
    const merged = await (async () => {
      const t = performance.now();
      for (const table of CLICKHOUSE_TABLES.filter((x) => x !== 'visits'))
        await session.queryAsync(
          `OPTIMIZE TABLE ${table} FINAL SETTINGS optimize_skip_merged_partitions = 1, max_threads = ${THREADS}`,
        );
      return (performance.now() - t) / 1000;
    })();
    const raw = await count('SELECT count() AS n FROM visits');
    const rollup = await count(
      'SELECT count() AS rows, sum(visits) AS visits FROM visit_rollup_daily',
    );
    const sizes = await client.query({
      query: `SELECT table, sum(rows) AS rows, sum(data_compressed_bytes) AS compressed,
        sum(data_uncompressed_bytes) AS uncompressed, count() AS parts
        FROM system.parts WHERE active AND database = currentDatabase()
          AND table NOT LIKE 'bench_%' GROUP BY table ORDER BY table`,
      format: 'JSONEachRow',
    });
    lines.push(
      `ClickHouse (chDB): ${generated.toLocaleString('en')} events generated in the engine in ` +
        `${seconds.toFixed(0)} s of chunks (${generatedNow.toLocaleString('en')} in this run; ` +
        `${(generated / seconds).toFixed(0)} events/s, ${THREADS} thread(s), ` +
        `${((cpuSeconds / generated) * 1e6).toFixed(2)} s of CPU per million events); ` +
        `OPTIMIZE FINAL of the rollups ${merged.toFixed(0)} s; ` +
        `${Number(raw.n).toLocaleString('en')} raw visits, ` +
        `${Number(rollup.rows).toLocaleString('en')} daily rollup rows holding ` +
        `${Number(rollup.visits).toLocaleString('en')} visits; store ${store}`,
    );
    const total = Number(raw.n);
    for (const s of await sizes.json<Record<string, string | number>>()) {
      lines.push(
        `  ${String(s.table).padEnd(22)} ${Number(s.parts)} parts, ` +
          `${Number(s.rows).toLocaleString('en')} rows, ` +
          `${(Number(s.compressed) / 1e6).toFixed(1)} MB compressed ` +
          `(${(Number(s.uncompressed) / 1e6).toFixed(1)} MB raw): ` +
          `${(Number(s.compressed) / total).toFixed(2)} bytes per event`,
      );
    }
    // The engine's own time of every statement so far (ms), as the shim reports it.
    const engineMs = () => shim.engineMs.reduce((sum, ms) => sum + ms, 0);
    const reference = await time(
      RUNS,
      () => client.query({ query: 'SELECT 1' }).then((r) => r.text()),
      engineMs,
    );
    lines.push(
      `  reference SELECT 1 through @clickhouse/client: p50 ${reference.p50.toFixed(2)} ms, ` +
        `p95 ${reference.p95.toFixed(2)} ms (engine p95 ${reference.engine!.p95.toFixed(2)} ms)`,
    );
    const results = new Map<
      string,
      { p50: number; p95: number; engine?: { p50: number; p95: number } }
    >();
    lines.push(
      ...(await reportTimings(
        (query) => deps.analytics.run(pcode, query),
        properties,
        today,
        RUNS,
        reference,
        { engineMs, results, goalMs: 500 },
      )),
    );
    // The goals, on one line: the slowest dashboard call and the 90-day cross-property table.
    const dashboard = [
      'summary (7 days, all properties)',
      'summary comparison (7 + 7 days)',
      'insights: six charts (30 days)',
      'country table (30 + 30 days)',
      'property analytics (30 days, 20 properties)',
    ].map((name) => [name, results.get(name)!] as const);
    const [worstName, worst] = dashboard.reduce((a, b) => (b[1].p95 > a[1].p95 ? b : a));
    const wide = results.get('country table, all properties, 90 days')!;
    const met = worst.p95 <= 500 && wide.p95 <= 1000;
    lines.push(
      `SUMMARY clickhouse ${EVENTS.toLocaleString('en')} events: goal dashboard p95 ≤ 500 ms, ` +
        `90-day table ≤ 1,000 ms; slowest dashboard p95 ${worst.p95.toFixed(0)} ms (${worstName}; ` +
        `engine ${worst.engine!.p95.toFixed(0)} ms), 90-day table p95 ${wide.p95.toFixed(0)} ms ` +
        `(engine ${wide.engine!.p95.toFixed(0)} ms); reference SELECT 1 p95 ` +
        `${reference.p95.toFixed(1)} ms; ratio ${(worst.p95 / reference.p95).toFixed(1)}; ` +
        `${met ? 'met' : 'not met'}${EVENTS < 100_000_000 ? ' (below 100 million events)' : ''}`,
    );
    release();
  } finally {
    await client.close();
    await services.close();
    await shim.close();
  }
  return lines;
}

const loadAtStart = os.loadavg()[0]!;
const dir = mkdtempSync(path.join(os.tmpdir(), 'assent-bench-clickhouse-'));
const out: string[] = [];
try {
  if (process.argv.includes('--fresh')) rmSync(STORE, { recursive: true, force: true });
  out.push(...(await clickhouseBench(STORE)));
  const bin = PG_EVENTS > 0 ? findPostgresBin() : undefined;
  if (bin) {
    const release = await takeLock(LOCK);
    const cluster = await startCluster(bin);
    try {
      out.push(
        ...(await databaseReportBench(
          'PostgreSQL',
          { events: PG_EVENTS, runs: RUNS },
          { ASSENT_DATA_DIR: path.join(dir, 'pg'), DATABASE_URL: cluster.url },
        )),
      );
    } finally {
      cluster.stop();
      release();
    }
  } else if (PG_EVENTS > 0) {
    out.push('PostgreSQL is not installed.');
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(
  `\nReport queries on ClickHouse (${RUNS} runs each, ${PROPERTIES} properties, ${os.cpus().length} cores, ` +
    `1-minute load ${loadAtStart.toFixed(1)} at the start, ${os.loadavg()[0]!.toFixed(1)} at the end, Node ${process.version})\n`,
);
for (const l of out) console.log(l);
console.log(
  '\nGoal (issue 18, over 100 million events): every dashboard query p95 ≤ 500 ms; the 90-day cross-property country table ≤ 1 s.',
);
