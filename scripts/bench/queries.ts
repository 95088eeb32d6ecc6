/**
 * Report query benchmark (issue 10): generated visits written through the pipeline's batch writer
 * (raw rows and the daily rollup, as the group-commit sink writes them), then each dashboard query,
 * every report-builder combination of the catalogue (each dimension alone and by period, all the
 * Sessions metrics) and the cross-property country table over 90 days, timed `--runs` times each:
 * p50 and p95 per query, and the ratio of the p95 to a reference measured in the same run (the
 * round trip of `select 1` on the same database).
 *
 *   npx tsx scripts/bench/queries.ts [--events 200000] [--runs 20] [--store pglite|postgres|both] [--fill writer|sql] [--lock /tmp/assent-bench.lock]
 *
 * `--lock FILE` takes the lock (flock(1)) only for the timed part: the fill runs without it, so a
 * 10-million fill does not keep other benchmarks waiting.
 *
 * `--fill sql` counts the visits straight into the rollups inside the database (report-queries.ts
 * fillRollupInDatabase: the same shares, minutes at 10 million) instead of writing raw rows through
 * the batch writer (whose rate is then not measured).
 *
 * The goal (issue 10) is over 10 million events: `--events 10000000` (it takes a while to write:
 * the writer's own rate is printed). What the queries read is the rollup: its row count is printed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
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
try {
  if (STORE !== 'postgres') {
    out.push(
      ...(await databaseReportBench(
        'PGlite (on disk)',
        {
          events: EVENTS,
          runs: RUNS,
          fill: FILL,
          chunk: CHUNK,
          step: STEP,
          beforeTiming: lockForTiming,
        },
        {
          ASSENT_DATA_DIR: path.join(dir, 'pglite'),
          DATABASE_URL: '',
        },
      )),
    );
  }
  const bin = STORE !== 'pglite' ? findPostgresBin() : undefined;
  if (bin) {
    const cluster = await startCluster(bin);
    try {
      out.push(
        ...(await databaseReportBench(
          'PostgreSQL',
          {
            events: EVENTS,
            runs: RUNS,
            fill: FILL,
            chunk: CHUNK,
            step: STEP,
            beforeTiming: lockForTiming,
          },
          {
            ASSENT_DATA_DIR: path.join(dir, 'pg'),
            DATABASE_URL: cluster.url,
          },
        )),
      );
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
