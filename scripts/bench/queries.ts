/**
 * Report query benchmark (issue 10): generated visits written through the pipeline's batch writer
 * (raw rows and the daily rollup, as the group-commit sink writes them), then each dashboard query,
 * every report-builder combination of the catalogue (each dimension alone and by period, all the
 * Sessions metrics) and the cross-property country table over 90 days, timed `--runs` times each:
 * p50 and p95 per query, and the ratio of the p95 to a reference measured in the same run (the
 * round trip of `select 1` on the same database).
 *
 *   npx tsx scripts/bench/queries.ts [--events 200000] [--runs 20] [--store pglite|postgres|both]
 *
 * The goal (issue 10) is over 10 million events: `--events 10000000` (it takes a while to write:
 * the writer's own rate is printed). What the queries read is the rollup: its row count is printed.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ReportDimension } from '../../packages/core/src/reports';
import { ReportDimension as Dimensions } from '../../packages/core/src/reports';
import { findPostgresBin, startCluster } from '@assent/testing';
import { writeVisitBatch } from '../../apps/server/src/analytics/ingest/write-batch';
import type { AnalyticsScope } from '../../apps/server/src/analytics/queries';
import {
  countryTable,
  insights,
  propertyAnalytics,
  runReport,
  summary,
  summaryComparison,
} from '../../apps/server/src/analytics/queries';
import type { VisitRecord } from '../../apps/server/src/analytics/visit-sink';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { startServices } from '../../apps/server/src/index';
import { TEST_ENV, createTestUser, silentLogger } from '../../apps/server/test/live-server';
import { percentile } from './support';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : fallback;
};
const EVENTS = Number(arg('events', '200000'));
const RUNS = Number(arg('runs', '20'));
const STORE = arg('store', 'both');
const PROPERTIES = 20;
const DAYS = 90;
const BATCH = 5_000;

/** A small seeded generator, so every run writes the same visits. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pick = <T>(r: () => number, items: readonly T[]): T => items[Math.floor(r() * items.length)]!;

const EU = ['DE', 'FR', 'IT', 'ES', 'NL', 'PL', 'SE', 'BE', 'AT', 'IE', 'PT', 'DK', 'FI', 'GR'];
const OTHER = ['GB', 'CH', 'NO', 'CA', 'BR', 'IN', 'JP', 'AU', 'MX', 'ZA'];
const STATES = ['CA', 'VA', 'CO', 'CT', 'UT', 'TX', 'OR', 'NY', 'FL', 'WA'];
const OS = ['Windows', 'macOS', 'Android', 'iOS', 'Linux', 'ChromeOS', 'Other'];
const BROWSERS = ['Chrome', 'Safari', 'Firefox', 'Edge', 'Opera', 'Samsung', 'Other'];

function* visits(pcode: string, properties: readonly string[], today: Date) {
  const r = random(42);
  for (let i = 0; i < EVENTS; i += 1) {
    const day = Math.floor(r() * DAYS) + 1;
    const at = new Date(today.getTime() - day * 86_400_000 + Math.floor(r() * 86_400_000));
    const region = r();
    const us = region < 0.3;
    const country = us ? 'US' : region < 0.8 ? pick(r, EU) : pick(r, OTHER);
    const state = us && r() < 0.5 ? pick(r, STATES) : undefined;
    const o = r();
    const outcome = o < 0.55 ? 'a' : o < 0.75 ? 'r' : o < 0.85 ? 'p' : 'b';
    const property = properties[Math.floor(r() * r() * properties.length)]!;
    const record: VisitRecord = {
      pcode,
      propertyUuid: property,
      event: {
        p: property,
        t: '1',
        r: us ? (state ? 3 : 2) : country === 'GB' || EU.includes(country) ? 1 : 0,
        ...(state ? { s: state } : {}),
        o: outcome,
        f: r() < 0.1 ? 'A' : 'H',
        d: pick(r, ['d', 'd', 'm', 'm', 't'] as const),
        os: pick(r, OS),
        b: pick(r, BROWSERS),
        ts: at.getTime(),
        ...(r() < 0.2 && outcome !== 'b' ? { x: 1 as const } : {}),
      },
      country,
      region: state ?? null,
      receivedAt: at,
    };
    yield record;
  }
}

async function time(runs: number, fn: () => Promise<unknown>) {
  await fn(); // warm
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

const day = (d: Date) => d.toISOString().slice(0, 10);

async function bench(store: string, env: Record<string, string>) {
  mkdirSync(env.ASSENT_DATA_DIR!, { recursive: true });
  const config = loadConfig({ ...TEST_ENV, ...env });
  const services = await startServices(config, { logger: silentLogger, workers: false });
  const { deps } = services;
  const lines: string[] = [];
  try {
    const user = await createTestUser(deps, 'bench.queries@example.com');
    const app = await buildApp(deps, { logger: false });
    const properties: string[] = [];
    for (let i = 0; i < PROPERTIES; i += 1) {
      const res = await app.inject({
        method: 'POST',
        url: `/customization/v2/site?pCode=${user.pcode}`,
        headers: { authorization: `Bearer ${user.token}` },
        payload: { url: `site${i}.bench.example`, themeId: '1' },
      });
      properties.push((res.json() as { uuid: string }).uuid);
    }
    await app.close();

    const today = new Date(`${day(new Date())}T00:00:00Z`);
    const writeStart = performance.now();
    let batch: VisitRecord[] = [];
    for (const v of visits(user.pcode, properties, today)) {
      batch.push(v);
      if (batch.length === BATCH) {
        await writeVisitBatch(deps.db, batch);
        batch = [];
      }
    }
    if (batch.length) await writeVisitBatch(deps.db, batch);
    const writeSeconds = (performance.now() - writeStart) / 1000;
    const [rollup] = await deps.db.query<{ n: number }>(
      'select count(*)::int as n from visit_rollup_daily',
    );
    lines.push(
      `${store}: ${EVENTS.toLocaleString('en')} events written in ${writeSeconds.toFixed(0)} s ` +
        `(${(EVENTS / writeSeconds).toFixed(0)} events/s through the batch writer); ` +
        `${rollup!.n.toLocaleString('en')} rollup rows`,
    );

    const scope: AnalyticsScope = { db: deps.db, pcode: user.pcode };
    const yesterday = new Date(today.getTime() - 86_400_000);
    const range = (days: number, endDaysAgo = 1) => ({
      startDate: day(new Date(today.getTime() - (days + endDaysAgo - 1) * 86_400_000)),
      endDate: day(new Date(today.getTime() - endDaysAgo * 86_400_000)),
    });
    const reference = await time(RUNS, () => deps.db.query('select 1'));
    lines.push(
      `  reference select 1: p50 ${reference.p50.toFixed(2)} ms, p95 ${reference.p95.toFixed(2)} ms`,
    );
    const row = (name: string, t: { p50: number; p95: number }) =>
      `  ${name.padEnd(48)} p50 ${t.p50.toFixed(1).padStart(7)} ms  p95 ${t.p95.toFixed(1).padStart(7)} ms  ×${(t.p95 / reference.p95).toFixed(0)}`;
    const metrics = [
      'totalTraffic',
      'totalSessions',
      'optInPercent',
      'optOutPercent',
      'partialOptInPercent',
      'bouncePercent',
    ];
    const dashboard: Array<[string, () => Promise<unknown>]> = [
      [
        'summary (7 days, all properties)',
        () =>
          summary(scope, {
            filters: [
              { key: 'startDate', operator: 'gteq', values: [range(7).startDate] },
              { key: 'endDate', operator: 'lteq', values: [range(7).endDate] },
              { key: 'propertyId', operator: 'in', values: properties },
            ],
            metrics,
          }),
      ],
      [
        'summary comparison (7 + 7 days)',
        () =>
          summaryComparison(scope, {
            summaryDateRange: range(7),
            comparisonDateRange: range(7, 8),
            propertyId: properties,
            metricFields: metrics,
          }),
      ],
      [
        'insights: six charts (30 days)',
        () => insights(scope, { range: range(30), propertyIds: properties, filters: {} }),
      ],
      [
        'country table (30 + 30 days)',
        () =>
          countryTable(scope, {
            currentRange: range(30),
            comparisonRange: range(30, 31),
            propertyIds: properties,
            filters: {},
          }),
      ],
      [
        'property analytics (30 days, 20 properties)',
        () => propertyAnalytics(scope, properties, range(30).startDate, day(yesterday)),
      ],
    ];
    lines.push('  dashboard');
    for (const [name, fn] of dashboard) lines.push(row(name, await time(RUNS, fn)));
    lines.push('  report builder (30 days, the six Sessions metrics)');
    const combos: ReportDimension[][] = Dimensions.options.flatMap((d) =>
      d === 'period' ? [[d]] : [[d], ['period', d]],
    );
    for (const dimensions of combos) {
      const t = await time(RUNS, () =>
        runReport(scope, {
          filters: [
            { key: 'startDate', operator: 'gteq', values: [range(30).startDate] },
            { key: 'endDate', operator: 'lteq', values: [range(30).endDate] },
            { key: 'propertyId', operator: 'in', values: properties },
          ],
          queries: [{ id: 'q', dimensions, metrics, granularity: 'day' }],
        }),
      );
      lines.push(row(dimensions.join(' × '), t));
    }
    lines.push(
      row(
        'country table, all properties, 90 days',
        await time(RUNS, () =>
          countryTable(scope, {
            currentRange: range(90),
            comparisonRange: range(90, 91),
            propertyIds: properties,
            filters: {},
          }),
        ),
      ),
    );
  } finally {
    await services.close();
  }
  return lines;
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'assent-bench-queries-'));
const out: string[] = [];
try {
  if (STORE !== 'postgres') {
    out.push(
      ...(await bench('PGlite (on disk)', {
        ASSENT_DATA_DIR: path.join(dir, 'pglite'),
        DATABASE_URL: '',
      })),
    );
  }
  const bin = STORE !== 'pglite' ? findPostgresBin() : undefined;
  if (bin) {
    const cluster = await startCluster(bin);
    try {
      out.push(
        ...(await bench('PostgreSQL', {
          ASSENT_DATA_DIR: path.join(dir, 'pg'),
          DATABASE_URL: cluster.url,
        })),
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
