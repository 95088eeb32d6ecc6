/**
 * Report query benchmark (issue 10): generated visits written through the pipeline's batch writer
 * (raw rows and the daily rollup, as the group-commit sink writes them), then each dashboard query,
 * every report-builder combination of the catalogue (each dimension alone and by period, all the
 * Sessions metrics) and the cross-property country table over 90 days, timed `--runs` times each:
 * p50 and p95 per query, and the ratio of the p95 to a reference measured in the same run (the
 * round trip of `select 1` on the same database).
 *
 *   npx tsx scripts/bench/queries.ts [--events 200000] [--runs 20] [--store pglite|postgres|both] [--fill writer|sql] [--chunk N] [--step N] [--keep FILE] [--reuse FILE] [--lock /tmp/assent-bench.lock]
 *
 * `--keep FILE` (PostgreSQL) keeps the filled cluster running after the timing, its URL written to
 * FILE, until FILE is removed: for EXPLAIN of the store that was timed. `--reuse FILE` times that
 * kept store again (the URL in FILE; its migrations brought up to date, no fill, `--events` and
 * `--fill` unused): the timing of a change to the queries or a migration without a 30-minute refill.
 *
 * `--lock FILE` takes the lock (flock(1)) only for the timed part: the fill runs without it, so a
 * 10-million fill does not keep other benchmarks waiting.
 *
 * `--fill sql` generates the visits inside the database instead (visit-fill.ts: the same shares, not
 * the same rows) and stores them with the product's own statements in large pieces: each chunk
 * (`--chunk`, default 10,000 visits) by visit_store_batch, counted by visit_rollup_step in steps of
 * `--step` visits (default the chunk) while the next chunk is stored. The writer's rate is then not
 * measured; the time of each phase is printed.
 *
 * The goal (issue 10) is over 10 million events: `--events 10000000` (it takes a while to write:
 * the writer's own rate is printed). What the queries read is the rollup: its row count is printed.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findPostgresBin, startCluster } from '@assent/testing';
import { databaseReportBench } from './report-queries';
import { stringArg, takeLock } from './support';

const EVENTS = Number(stringArg('events', '200000'));
const RUNS = Number(stringArg('runs', '20'));
const STORE = stringArg('store', 'both');
const FILL = stringArg('fill', 'writer') === 'sql' ? 'sql' : 'writer';
const LOCK = stringArg('lock', '');
const CHUNK = stringArg('chunk', '') ? Number(stringArg('chunk', '')) : undefined;
const STEP = stringArg('step', '') ? Number(stringArg('step', '')) : undefined;
const KEEP = stringArg('keep', '');
const REUSE = stringArg('reuse', '');

/** Holds LOCK (support.ts takeLock) until the returned function is called; without --lock, nothing. */
async function lockForTiming(): Promise<() => void> {
  if (!LOCK) return () => {};
  process.stderr.write(`  waiting for ${LOCK}\n`);
  const release = await takeLock(LOCK);
  process.stderr.write(`  holding ${LOCK}\n`);
  return release;
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'assent-bench-queries-'));
const out: string[] = [];
/** How each store is filled and timed (a kept store is only timed). */
const filled: Parameters<typeof databaseReportBench>[1] = {
  events: EVENTS,
  runs: RUNS,
  fill: FILL,
  chunk: CHUNK,
  step: STEP,
  beforeTiming: lockForTiming,
};
try {
  if (STORE !== 'postgres' && !REUSE) {
    out.push(
      ...(await databaseReportBench('PGlite (on disk)', filled, {
        ASSENT_DATA_DIR: path.join(dir, 'pglite'),
        DATABASE_URL: '',
      })),
    );
  }
  const bin = STORE !== 'pglite' && !REUSE ? findPostgresBin() : undefined;
  if (REUSE) {
    out.push(
      ...(await databaseReportBench(
        'PostgreSQL (kept store)',
        { events: EVENTS, runs: RUNS, beforeTiming: lockForTiming, reuse: true },
        {
          ASSENT_DATA_DIR: path.join(dir, 'pg'),
          DATABASE_URL: readFileSync(REUSE, 'utf8').trim(),
        },
      )),
    );
  } else if (bin) {
    const cluster = await startCluster(bin);
    try {
      out.push(
        ...(await databaseReportBench('PostgreSQL', filled, {
          ASSENT_DATA_DIR: path.join(dir, 'pg'),
          DATABASE_URL: cluster.url,
        })),
      );
      if (KEEP) {
        // Keeps the filled store for EXPLAIN while the file exists.
        writeFileSync(KEEP, `${cluster.url}\n`);
        process.stderr.write(`  keeping ${cluster.url} until ${KEEP} is removed\n`);
        while (existsSync(KEEP)) await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    } finally {
      cluster.stop();
    }
  } else if (STORE !== 'pglite') {
    out.push('PostgreSQL is not installed.');
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(
  `\nReport queries (${RUNS} runs each, ${os.cpus().length} cores, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}, Node ${process.version})\n`,
);
for (const l of out) console.log(l);
console.log(
  '\nGoal (issue 10, over 10 million events): every dashboard query and report-builder combination p95 ≤ 100 ms; the 90-day cross-property country table ≤ 1 s.',
);
