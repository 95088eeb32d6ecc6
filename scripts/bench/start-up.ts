/**
 * Start-up and idle memory of the server as `npm start` runs it (`bin/assent server start`, the
 * built server, PGlite under a new ASSENT_DATA_DIR, the demo account): the time from spawning the
 * process to the first 200 from /healthz with a new data directory, then again after a restart on
 * the same directory, and the server's resident memory (VmRSS) after `--idle` seconds of idling.
 *
 * Reference, measured in the same run: a bare Fastify process answering /healthz (its start-up
 * time and its RSS after the same idle time). Each figure is printed with its ratio to it.
 *
 *   npx tsx scripts/bench/start-up.ts [--runs 3] [--idle 30]
 *
 * Goals (issue 16): a new data directory healthy in under 15 s; idle RSS under 300 MB.
 * Build first (`node scripts/run.mjs build`): the command runs apps/server/dist.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BENCH_PASSWORD, numberArg } from './support';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RUNS = numberArg('runs', 3);
const IDLE_SECONDS = numberArg('idle', 30);
const PORT_BASE = 47_300 + (process.pid % 500) * 2;

interface Started {
  child: ChildProcess;
  /** Milliseconds from spawn to the first 200 from /healthz. */
  ms: number;
}

/** Polls /healthz every 50 ms until it answers 200 (or the process exits). */
async function healthy(child: ChildProcess, url: string, started: number): Promise<Started> {
  let exited: string | undefined;
  child.once('exit', (code) => (exited = `exited with ${code}`));
  for (;;) {
    if (exited) throw new Error(`server ${exited}`);
    try {
      const res = await fetch(`${url}/healthz`);
      await res.arrayBuffer();
      if (res.status === 200) return { child, ms: performance.now() - started };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

function startAssent(dataDir: string, port: number): Promise<Started> {
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'bin/assent'), 'server', 'start'], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      ASSENT_DATA_DIR: dataDir,
      ASSENT_LOG_LEVEL: 'warn',
      ASSENT_DEMO_PASSWORD: BENCH_PASSWORD,
    },
    stdio: ['ignore', 'ignore', 'ignore'],
  });
  return healthy(child, `http://127.0.0.1:${port}`, started);
}

/** The reference: Fastify alone, answering /healthz. */
function startBareFastify(port: number): Promise<Started> {
  const fastify = createRequire(path.join(root, 'apps/server/package.json')).resolve('fastify');
  const source = `
    const Fastify = (await import(${JSON.stringify(fastify)})).default;
    const app = Fastify({ logger: false });
    app.get('/healthz', async () => ({ status: 'ok' }));
    await app.listen({ host: '127.0.0.1', port: ${port} });`;
  const started = performance.now();
  const child = spawn(process.execPath, ['--input-type=module', '-e', source], {
    cwd: root,
    stdio: 'ignore',
  });
  return healthy(child, `http://127.0.0.1:${port}`, started);
}

/** Resident memory of a process (kB in /proc/PID/status), in MB. */
const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const fresh: number[] = [];
const restart: number[] = [];
const bare: number[] = [];
let rss = 0;
let bareRss = 0;
for (let run = 0; run < RUNS; run++) {
  const reference = await startBareFastify(PORT_BASE + 1);
  bare.push(reference.ms);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'assent-start-up-'));
  try {
    const first = await startAssent(dir, PORT_BASE);
    fresh.push(first.ms);
    if (run === 0) {
      // Both idle side by side for the same time, then their resident memory.
      await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
      rss = rssMb(first.child.pid!);
      bareRss = rssMb(reference.child.pid!);
    }
    await stop(first.child);
    const again = await startAssent(dir, PORT_BASE);
    restart.push(again.ms);
    await stop(again.child);
  } finally {
    await stop(reference.child);
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(
  `\nStart-up (bin/assent server start, PGlite, demo account; median of ${RUNS}; ${os.cpus().length} cores, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}, Node ${process.version})\n`,
);
const ref = median(bare);
console.log(
  `  new data directory, healthy   ${s(median(fresh)).padStart(8)}  (runs ${fresh.map(s).join(', ')})  | bare Fastify ${s(ref)}: ratio ${(median(fresh) / ref).toFixed(1)}`,
);
console.log(
  `  restart, same directory       ${s(median(restart)).padStart(8)}  (runs ${restart.map(s).join(', ')})  | bare Fastify ${s(ref)}: ratio ${(median(restart) / ref).toFixed(1)}`,
);
console.log(
  `  RSS after ${IDLE_SECONDS} s idle           ${rss.toFixed(0).padStart(5)} MB  | bare Fastify ${bareRss.toFixed(0)} MB: ratio ${(rss / bareRss).toFixed(1)}`,
);
console.log(
  '\nGoals (issue 16): a new data directory healthy in under 15 s; idle RSS under 300 MB.',
);
