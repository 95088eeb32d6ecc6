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
 * none lost: `--seconds 60`. The servers run in their own processes; this one only sends.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';
import { findPostgresBin, startCluster } from '@assent/testing';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db';
import { startServices } from '../../apps/server/src/index';
import { TEST_ENV, createTestUser, silentLogger } from '../../apps/server/test/live-server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const SECONDS = arg('seconds', 10);
const CONNECTIONS = arg('connections', 50);

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
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d) => {
      out += d;
      const m = pattern.exec(out);
      if (m) resolve({ child, url: m[1]! });
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

/** Runs CONNECTIONS loops for SECONDS; returns answered-204 markers and latency percentiles. */
async function load(url: string, body: (marker: string) => string) {
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
        const t = performance.now();
        try {
          const res = await request(`${url}/banner/visit`, {
            method: 'POST',
            dispatcher,
            headers: { 'content-type': 'text/plain;charset=UTF-8' },
            body: body(marker),
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
  await dispatcher.close();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  return { rate: answered.length / seconds, p50: pct(50), p99: pct(99), errors, answered };
}

const beacon = (property: string) => (marker: string) =>
  JSON.stringify({
    p: property,
    t: '1',
    r: 1,
    o: 'a',
    f: 'H',
    d: 'd',
    os: 'Windows',
    b: 'Chrome',
    v: marker,
    ts: Date.now(),
  });

async function bench(store: string, env: Record<string, string>, bareRate: number) {
  mkdirSync(env.ASSENT_DATA_DIR!, { recursive: true });
  const config = loadConfig({ ...TEST_ENV, ...env });
  const setup = await startServices(config, { logger: silentLogger, workers: false });
  const user = await createTestUser(setup.deps, 'bench@example.com');
  await setup.close();
  const server = await run(
    ['--import', 'tsx', 'apps/server/src/main.ts'],
    { ...TEST_ENV, HOST: '127.0.0.1', PORT: '0', ASSENT_LOG_LEVEL: 'warn', ...env },
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
    const result = await load(server.url, beacon(property));
    await stop(server);
    // Lost: answered 204, not stored. Counted once the server is down (PGlite is single-process).
    const db = await openDatabase(config);
    let stored: Set<string>;
    try {
      const rows = await db.query<{ variant: string }>(
        'select variant from visits where property_uuid = $1',
        [property],
      );
      stored = new Set(rows.map((r) => r.variant));
    } finally {
      await db.close();
    }
    const lost = result.answered.filter((m) => !stored.has(m)).length;
    return { store, ...result, lost, ratio: result.rate / bareRate };
  } catch (error) {
    server.child.kill('SIGKILL');
    throw error;
  }
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'assent-bench-visits-'));
const lines: string[] = [];
const line = (r: {
  store: string;
  rate: number;
  p50: number;
  p99: number;
  errors: number;
  lost?: number;
  ratio?: number;
}) =>
  `${r.store.padEnd(28)} ${r.rate.toFixed(0).padStart(7)} events/s  p50 ${r.p50.toFixed(1).padStart(6)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms  errors ${r.errors}` +
  (r.lost === undefined ? '' : `  lost ${r.lost}  ratio to bare ${r.ratio!.toFixed(2)}`);
try {
  const bare = await startBareFastify();
  const reference = await load(bare.url, beacon('reference'));
  await stop(bare);
  lines.push(line({ store: 'bare Fastify route', ...reference }));
  lines.push(
    line(
      await bench(
        'PGlite (embedded, on disk)',
        { ASSENT_DATA_DIR: path.join(dir, 'pglite'), DATABASE_URL: '' },
        reference.rate,
      ),
    ),
  );
  const bin = findPostgresBin();
  if (bin) {
    const cluster = await startCluster(bin);
    try {
      lines.push(
        line(
          await bench(
            'PostgreSQL',
            { ASSENT_DATA_DIR: path.join(dir, 'pg'), DATABASE_URL: cluster.url },
            reference.rate,
          ),
        ),
      );
    } finally {
      cluster.stop();
    }
  } else {
    lines.push('PostgreSQL is not installed: PGlite only.');
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(
  `\nVisit ingestion (${SECONDS} s at ${CONNECTIONS} connections, ${os.cpus().length} cores, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}, Node ${process.version})\n`,
);
for (const l of lines) console.log(l);
console.log('\nGoal (issue 10): 8,000 events/s for 60 s, p99 at most 25 ms, none lost.');
