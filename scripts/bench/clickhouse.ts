/**
 * Report queries on ClickHouse (issue 18): generated visits in chDB (ClickHouse 26 embedded), read
 * by the server's real ClickHouse store (@clickhouse/client over HTTP to the test shim of
 * ClickHouse's interface, packages/testing/src/chdb.ts), then every dashboard query, every
 * report-builder combination and the 90-day cross-property country table, p50/p95 against the
 * round trip of `SELECT 1` through the same client in the same run; beside them the same report
 * calls on PostgreSQL at a smaller count (`--pg-events`, against its own `select 1`).
 *
 *   npx tsx scripts/bench/clickhouse.ts [--events 10000000] [--chunk 5000000] [--runs 10]
 *     [--pg-events 200000] [--threads 2] [--settle 300]
 *
 * The events are generated inside the engine (INSERT … SELECT FROM numbers(), chunk by chunk, with
 * the distribution of scripts/bench/queries.ts: 20 properties, 90 days, 25 countries, US states,
 * devices, OS, browsers, outcomes), so the materialized view rolls them up as the store's own
 * inserts do; `--writer N` also sends N visits through the store's batch writer and prints its
 * rate and the CPU time per million events (chDB runs in this process). Reports are timed once the
 * background merges settle (at most `--settle` seconds); each line shows the round trip and the
 * engine's own time (chDB's elapsed, summed over the call's statements). Goal (issue 18): over 100
 * million events, every dashboard query p95 ≤ 500 ms and the 90-day cross-property country table
 * ≤ 1 s. `--threads` caps ClickHouse's threads (a shared machine).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findPostgresBin, startChdbHttp, startCluster } from '@assent/testing';
import { clickhouseClient } from '../../apps/server/src/analytics/clickhouse/client';
import type { VisitRecord } from '../../apps/server/src/analytics/visit-sink';
import { loadConfig } from '../../apps/server/src/config';
import { MEMORY_DATABASE_URL } from '../../apps/server/src/db';
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
import { stringArg } from './support';

const EVENTS = Number(stringArg('events', '10000000'));
const CHUNK = Number(stringArg('chunk', '5000000'));
const RUNS = Number(stringArg('runs', '10'));
const PG_EVENTS = Number(stringArg('pg-events', '200000'));
const THREADS = Number(stringArg('threads', '2'));
const SETTLE = Number(stringArg('settle', '300'));
const WRITER = Number(stringArg('writer', '20000'));

const list = (items: readonly string[]) => `[${items.map((i) => `'${i}'`).join(', ')}]`;

/**
 * Generates visits number `from` … `from + count - 1` inside ClickHouse: a hash of the number and a
 * salt stands for each random draw of queries.ts's generator (same shares; not the same rows).
 */
function generateSql(
  pcode: string,
  properties: readonly string[],
  today: Date,
  from: number,
  count: number,
) {
  const r = (salt: number) => `(cityHash64(number, ${salt}) % 1000000) / 1000000`;
  const at = (salt: number, items: readonly string[]) =>
    `${list(items)}[1 + cityHash64(number, ${salt}) % ${items.length}]`;
  return `INSERT INTO visits (pcode, property_uuid, theme_id, theme_language, regulation, state,
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

async function clickhouseBench(dir: string): Promise<string[]> {
  const shim = await startChdbHttp({ dir });
  const lines: string[] = [];
  const config = loadConfig({
    ...TEST_ENV,
    ASSENT_DATA_DIR: path.join(dir, 'data'),
    DATABASE_URL: MEMORY_DATABASE_URL,
    ASSENT_ANALYTICS_URL: shim.url,
  });
  const services = await startServices(config, { logger: silentLogger, workers: false });
  const { deps } = services;
  const client = clickhouseClient(shim.url);
  const count = async (sql: string) => {
    const r = await client.query({ query: sql, format: 'JSONEachRow' });
    return (await r.json<Record<string, string | number>>())[0]!;
  };
  try {
    const { user, properties } = await benchAccount(deps);
    const today = new Date(`${day(new Date())}T00:00:00Z`);

    // The store's own write path: batches of 5,000 through @clickhouse/client, acknowledged.
    if (WRITER > 0) {
      const started = performance.now();
      let batch: VisitRecord[] = [];
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

    const started = performance.now();
    const cpu = process.cpuUsage();
    for (let from = 0; from < EVENTS; from += CHUNK) {
      const n = Math.min(CHUNK, EVENTS - from);
      const t = performance.now();
      // On the engine itself: a chunk takes longer than an HTTP request may wait.
      await shim.session.queryAsync(generateSql(user.pcode, properties, today, WRITER + from, n));
      process.stderr.write(
        `  ${(from + n).toLocaleString('en')} events generated ` +
          `(${(n / ((performance.now() - t) / 1000)).toFixed(0)} events/s)\n`,
      );
    }
    const seconds = (performance.now() - started) / 1000;
    // chDB runs in this process: its CPU time (the inserts, the views, the merges so far).
    const used = process.cpuUsage(cpu);
    const cpuSeconds = (used.user + used.system) / 1e6;
    // Reports are timed once the background merges of the inserted parts have settled.
    const settleStarted = performance.now();
    let merges = 0;
    for (;;) {
      merges = Number((await count('SELECT count() AS n FROM system.merges')).n);
      if (!merges || performance.now() - settleStarted > SETTLE * 1000) break;
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
    const raw = await count('SELECT count() AS n FROM visits');
    const rollup = await count(
      'SELECT count() AS rows, sum(visits) AS visits FROM visit_rollup_daily',
    );
    const sizes = await client.query({
      query: `SELECT table, sum(rows) AS rows, sum(data_compressed_bytes) AS compressed,
        sum(data_uncompressed_bytes) AS uncompressed, count() AS parts
        FROM system.parts WHERE active AND database = currentDatabase() GROUP BY table ORDER BY table`,
      format: 'JSONEachRow',
    });
    lines.push(
      `ClickHouse (chDB): ${EVENTS.toLocaleString('en')} events generated in the engine in ` +
        `${seconds.toFixed(0)} s (${(EVENTS / seconds).toFixed(0)} events/s, ${THREADS} thread(s), ` +
        `${((cpuSeconds / EVENTS) * 1e6).toFixed(2)} s of CPU per million events); ` +
        `${Number(raw.n).toLocaleString('en')} raw visits, ` +
        `${Number(rollup.rows).toLocaleString('en')} rollup rows holding ` +
        `${Number(rollup.visits).toLocaleString('en')} visits`,
    );
    lines.push(
      `  merges: ${merges ? `${merges} still running` : 'settled'} after ` +
        `${((performance.now() - settleStarted) / 1000).toFixed(0)} s`,
    );
    const total = Number(raw.n);
    for (const s of await sizes.json<Record<string, string | number>>()) {
      lines.push(
        `  ${String(s.table).padEnd(20)} ${Number(s.parts)} parts, ` +
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
        (query) => deps.analytics.run(user.pcode, query),
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
  out.push(...(await clickhouseBench(path.join(dir, 'chdb'))));
  const bin = PG_EVENTS > 0 ? findPostgresBin() : undefined;
  if (bin) {
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
