/**
 * Visit ingestion benchmark (issue 10): concurrent connections posting visit beacons to
 * POST /banner/visit of a real server process for a while, on PGlite (on disk) and on PostgreSQL
 * when installed; events/s answered 204, latency p50/p99, and lost events (answered 204 but not
 * stored, counted in the database afterwards). The reference, measured in the same run with the
 * same load: a bare Fastify route that parses the same body and answers 204 without storing it.
 *
 *   npx tsx scripts/bench/visits.ts [--seconds 10] [--connections 50]
 *
 * The goal (issue 10) is 8,000 events/s for 60 s at 50 connections with p99 at most 25 ms and
 * none lost: `--seconds 60`. The servers run in their own processes (the server's esbuild bundle,
 * rebuilt first, as `npm start` runs it); this one only sends.
 */
import type { ChildProcess } from 'node:child_process';
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';
import { findPostgresBin, startCluster } from '@assent/testing';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db';
import { startServices } from '../../apps/server/src/index';
import {
  GEO_HEADER_ENV,
  TEST_ENV,
  createTestUser,
  silentLogger,
} from '../../apps/server/test/live-server';
import { numberArg } from './support';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SECONDS = numberArg('seconds', 10);
const CONNECTIONS = numberArg('connections', 50);
const option = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
/** `--store pglite|postgres|both` (default both). */
const STORE = option('store') ?? 'both';
/** `--cpu-prof DIR`: the server processes write a V8 CPU profile there (node --cpu-prof). */
const CPU_PROF = option('cpu-prof');
/**
 * `--distinct`: every visit carries its own A/B variant name (a marker), so each is its own rollup
 * row and each answered visit is looked up by name afterwards (the rollup's worst case). Without
 * it, visits vary over a realistic set of outcomes, devices, OS, browsers, countries and two
 * variants (a few hundred rollup rows), and lost is answered minus stored.
 */
const DISTINCT = process.argv.includes('--distinct');

/** CPU time (user + system) a process has used, in ms (Linux /proc; undefined elsewhere). */
function cpuMs(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks of 10 ms
  } catch {
    return undefined;
  }
}

interface Running {
  child: ChildProcess;
  url: string;
}

/** Starts a process and waits for the line carrying its URL. */
function run(args: string[], env: Record<string, string>, pattern: RegExp): Promise<Running> {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  let found = false;
  return new Promise((resolve, reject) => {
    // Read to the end (the server's log goes there), keeping only what precedes the URL.
    child.stdout!.on('data', (d) => {
      if (found) return;
      out += d;
      const m = pattern.exec(out);
      if (m) {
        found = true;
        resolve({ child, url: m[1]! });
      }
    });
    child.once('exit', (code) => reject(new Error(`exited (${code}): ${out}`)));
  });
}

const stop = (running: Running) =>
  new Promise<void>((resolve) => {
    running.child.once('exit', () => resolve());
    running.child.kill('SIGTERM');
  });

/** The reference: Fastify alone, one route that parses the beacon's JSON and answers 204. */
function startBareFastify(): Promise<Running> {
  const fastify = createRequire(path.join(root, 'apps/server/package.json')).resolve('fastify');
  const source = `
    const Fastify = (await import(${JSON.stringify(fastify)})).default;
    const app = Fastify({ logger: false });
    app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, body, done) => {
      try { done(null, JSON.parse(body)); } catch (err) { done(err); }
    });
    app.post('/banner/visit', async (_req, reply) => reply.code(204).send());
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    console.log('listening ' + address);`;
  return run(['--input-type=module', '-e', source], {}, /listening (http:\/\/\S+)/);
}

interface Beacon {
  body: string;
  headers: Record<string, string>;
}

/**
 * Runs CONNECTIONS loops for SECONDS against the server process `pid`; returns answered-204
 * markers, latency percentiles and the server's CPU time per 1,000 answered visits, taken after
 * `settle` (the server's remaining work for those visits: counting them into the rollups).
 */
async function load(
  url: string,
  pid: number | undefined,
  beacon: (marker: string, n: number) => Beacon,
  settle: () => Promise<void> = async () => {},
) {
  const cpuBefore = cpuMs(pid);
  const dispatcher = new Agent({ connections: CONNECTIONS, pipelining: 1 });
  const latencies: number[] = [];
  const answered: string[] = [];
  let errors = 0;
  const end = Date.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, c) => {
      for (let i = 0; Date.now() < end; i += 1) {
        const marker = `b${c}-${i}`;
        const { body, headers } = beacon(marker, c * 7919 + i);
        const t = performance.now();
        try {
          const res = await request(`${url}/banner/visit`, {
            method: 'POST',
            dispatcher,
            headers: { 'content-type': 'text/plain;charset=UTF-8', ...headers },
            body,
          });
          await res.body.dump();
          latencies.push(performance.now() - t);
          if (res.statusCode === 204) answered.push(marker);
          else errors += 1;
        } catch {
          errors += 1;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await settle();
  const cpuAfter = cpuMs(pid);
  await dispatcher.close();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  const cpuPerThousand =
    cpuBefore === undefined || cpuAfter === undefined || !answered.length
      ? undefined
      : ((cpuAfter - cpuBefore) / answered.length) * 1000;
  return {
    rate: answered.length / seconds,
    p50: pct(50),
    p99: pct(99),
    errors,
    answered,
    cpuPerThousand,
  };
}

const pick = <T>(list: readonly T[], n: number): T => list[n % list.length]!;
const OUTCOMES = ['a', 'a', 'a', 'r', 'p', 'b'] as const;
const DEVICES = ['d', 'm', 'm', 't'] as const;
const SYSTEMS = [
  ['Windows', 'Chrome'],
  ['Android', 'Chrome'],
  ['iOS', 'Safari'],
  ['macOS', 'Safari'],
  ['Windows', 'Edge'],
  ['Linux', 'Firefox'],
] as const;
const COUNTRIES = ['DE', 'FR', 'GB', 'IT', 'ES', 'NL', 'PL', 'SE'] as const;

/** One page view's beacon: varied by `n` (deterministic), or carrying `marker` as its variant. */
const beacon =
  (property: string) =>
  (marker: string, n: number): Beacon => {
    const [os, b] = pick(SYSTEMS, n >> 3);
    return {
      body: JSON.stringify({
        p: property,
        t: '1',
        r: 1,
        o: pick(OUTCOMES, n),
        f: 'H',
        d: pick(DEVICES, n >> 1),
        os,
        b,
        v: DISTINCT ? marker : pick(['A', 'B'], n >> 2),
        ts: Date.now(),
        ...(n % 5 === 0 ? { x: 1 } : {}),
      }),
      headers: { 'cf-ipcountry': pick(COUNTRIES, n >> 4) },
    };
  };

async function bench(store: string, storeEnv: Record<string, string>, bareRate: number) {
  // Country from the proxy's header, as behind Cloudflare: the enrichment is part of the cost.
  const env = { ...GEO_HEADER_ENV, ...storeEnv };
  mkdirSync(env.ASSENT_DATA_DIR!, { recursive: true });
  const config = loadConfig({ ...TEST_ENV, ...env });
  const setup = await startServices(config, { logger: silentLogger, workers: false });
  const user = await createTestUser(setup.deps, 'bench@example.com');
  await setup.close();
  const server = await run(
    [
      ...(CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(CPU_PROF)] : []),
      'apps/server/dist/main.js',
    ],
    // The log at its default level (info), as `npm start` writes it.
    { ...TEST_ENV, HOST: '127.0.0.1', PORT: '0', ASSENT_LOG_LEVEL: 'info', ...env },
    /Assent is running: (http:\/\/\S+)/,
  );
  let property: string;
  try {
    const res = await fetch(`${server.url}/customization/v2/site?pCode=${user.pcode}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'bench.example', themeId: '1' }),
    });
    if (res.status !== 201) throw new Error(`site: ${res.status} ${await res.text()}`);
    property = ((await res.json()) as { uuid: string }).uuid;
    const auth = { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' };
    // A report call counts every visit still pending into the rollups before it answers: the
    // server's CPU per visit then includes its roll-up.
    const settle = async () => {
      const day = new Date().toISOString().slice(0, 10);
      const res = await fetch(`${server.url}/analytics/v1/summary/pcode/${user.pcode}`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({
          filters: [
            { key: 'startDate', operator: 'gteq', values: [day] },
            { key: 'endDate', operator: 'lteq', values: [day] },
          ],
          metrics: ['totalTraffic'],
        }),
      });
      if (res.status !== 200) throw new Error(`summary: ${res.status} ${await res.text()}`);
    };
    const result = await load(server.url, server.child.pid, beacon(property), settle);
    await stop(server);
    // Lost: answered 204, not stored. Counted once the server is down (PGlite is single-process).
    const db = await openDatabase(config);
    let lost: number;
    let rolledUp: number;
    let stored: number;
    try {
      const variants = await db.query<{ variant: string }>(
        'select variant from visits where property_uuid = $1',
        [property],
      );
      stored = variants.length;
      const names = new Set(variants.map((r) => r.variant));
      lost = DISTINCT
        ? result.answered.filter((m) => !names.has(m)).length
        : Math.max(0, result.answered.length - stored);
      const [sum] = await db.query<{ n: number }>(
        'select coalesce(sum(visits), 0)::int as n from visit_rollup_daily where property_uuid = $1',
        [property],
      );
      rolledUp = sum?.n ?? 0;
    } finally {
      await db.close();
    }
    // The rollup must count every stored visit once.
    if (rolledUp !== stored) throw new Error(`${store}: ${stored} stored, ${rolledUp} rolled up`);
    return { store, ...result, lost, ratio: result.rate / bareRate };
  } catch (error) {
    server.child.kill('SIGKILL');
    throw error;
  }
}

// The server as `npm start` runs it: the esbuild bundle, rebuilt from the sources now.
execFileSync(process.execPath, ['apps/server/build.mjs'], { cwd: root, stdio: 'inherit' });
const loadAtStart = os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(' ');
const dir = mkdtempSync(path.join(os.tmpdir(), 'assent-bench-visits-'));
const lines: string[] = [];
const summaries: string[] = [];
/** One line per store for the lead's re-run: goal, figures, the bare reference, ratio, met. */
const summary = (
  r: {
    store: string;
    rate: number;
    p99: number;
    lost: number;
    errors: number;
    cpuPerThousand?: number | undefined;
  },
  bareRate: number,
) => {
  const met = r.rate >= 8_000 && r.p99 <= 25 && r.lost === 0 && r.errors === 0;
  return `SUMMARY visit ingestion ${r.store}, ${SECONDS} s at ${CONNECTIONS} connections: ${r.rate.toFixed(0)} events/s, p99 ${r.p99.toFixed(1)} ms, lost ${r.lost}, errors ${r.errors}, server CPU ${r.cpuPerThousand?.toFixed(0) ?? '?'} ms/1,000 (goal ≥ 8,000/s, p99 ≤ 25 ms, 0 lost; bare Fastify ${bareRate.toFixed(0)}/s in this run, ratio ${(r.rate / bareRate).toFixed(2)}): ${met ? 'met' : 'not met'}${SECONDS < 60 ? ' (the goal is for 60 s: --seconds 60)' : ''}`;
};
const line = (r: {
  store: string;
  rate: number;
  p50: number;
  p99: number;
  errors: number;
  lost?: number;
  ratio?: number;
  cpuPerThousand?: number | undefined;
}) =>
  `${r.store.padEnd(28)} ${r.rate.toFixed(0).padStart(7)} events/s  p50 ${r.p50.toFixed(1).padStart(6)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms  errors ${r.errors}` +
  (r.cpuPerThousand === undefined
    ? ''
    : `  server CPU ${r.cpuPerThousand.toFixed(0).padStart(4)} ms/1,000`) +
  (r.lost === undefined ? '' : `  lost ${r.lost}  ratio to bare ${r.ratio!.toFixed(2)}`);
try {
  const bare = await startBareFastify();
  const reference = await load(bare.url, bare.child.pid, beacon('reference'));
  await stop(bare);
  lines.push(line({ store: 'bare Fastify route', ...reference }));
  if (STORE !== 'postgres') {
    const r = await bench(
      'PGlite (embedded, on disk)',
      { ASSENT_DATA_DIR: path.join(dir, 'pglite'), DATABASE_URL: '' },
      reference.rate,
    );
    lines.push(line(r));
    summaries.push(summary({ ...r, store: 'PGlite' }, reference.rate));
  }
  const bin = STORE === 'pglite' ? undefined : findPostgresBin();
  if (bin) {
    const cluster = await startCluster(bin);
    try {
      const r = await bench(
        'PostgreSQL',
        { ASSENT_DATA_DIR: path.join(dir, 'pg'), DATABASE_URL: cluster.url },
        reference.rate,
      );
      lines.push(line(r));
      summaries.push(summary(r, reference.rate));
    } finally {
      cluster.stop();
    }
  } else if (STORE !== 'pglite') {
    lines.push('PostgreSQL is not installed: PGlite only.');
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(
  `\nVisit ingestion (${SECONDS} s at ${CONNECTIONS} connections, ${DISTINCT ? 'every visit its own rollup row' : 'realistic dimensions'}, ${os.cpus().length} cores, load at start ${loadAtStart}, at end ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}, Node ${process.version})\n`,
);
for (const l of lines) console.log(l);
console.log('\nGoal (issue 10): 8,000 events/s for 60 s, p99 at most 25 ms, none lost.');
for (const l of summaries) console.log(l);
