/**
 * Start-up and idle memory of the server as `npm start` runs it (`bin/assent server start`, run as
 * an executable so that its first line's memory settings apply, the built server, PGlite under a
 * new ASSENT_DATA_DIR, the demo account): the time from spawning the process to the first 200
 * from /healthz with a new data directory, then again after a restart on the same directory, the
 * server's CPU time until then, where the time went (the server's own phase marks,
 * ASSENT_START_PHASES=1), and its resident memory (VmRSS) after `--idle` seconds; then, signed in
 * as the demo user, the properties page fetched until it comes back server-rendered (the first
 * console page loads the render's bundle in the background), and the resident memory after the
 * same idle time again: what a server that has shown the console holds.
 *
 * References, measured in the same run: a bare Fastify process answering /healthz (its start-up
 * time and its RSS after the same idle time), and with `--baseline DIR` another built checkout
 * (the previous commit, say), started interleaved with this one (this, baseline, this, …).
 *
 *   npx tsx scripts/bench/start-up.ts [--runs 3] [--idle 30] [--baseline /path/to/other/checkout]
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
import { BENCH_PASSWORD, median, numberArg, stringArg } from './support';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RUNS = numberArg('runs', 3);
const IDLE_SECONDS = numberArg('idle', 30);
const BASELINE = stringArg('baseline', '');
const PORT_BASE = 47_300 + (process.pid % 500) * 3;
const GOAL_START_MS = 15_000;
const GOAL_RSS_MB = 300;

interface Started {
  child: ChildProcess;
  /** Milliseconds from spawn to the first 200 from /healthz. */
  ms: number;
  /** The server's CPU time (user + system) until then, in milliseconds. */
  cpuMs: number;
  /** The server's phase marks (`name=ms`), when it printed them. */
  phases: Map<string, number>;
}

/** User + system CPU time of a process so far (/proc/PID/stat, in clock ticks of 10 ms). */
function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Polls /healthz every 50 ms until it answers 200 (or the process exits). */
async function healthy(
  child: ChildProcess,
  url: string,
  started: number,
  output: () => string = () => '',
): Promise<Started> {
  let exited: string | undefined;
  child.once('exit', (code) => (exited = `exited with ${code}`));
  for (;;) {
    if (exited) throw new Error(`server ${exited}: ${output()}`);
    try {
      const res = await fetch(`${url}/healthz`);
      await res.arrayBuffer();
      if (res.status === 200) {
        const ms = performance.now() - started;
        const cpuMs = cpuMsOf(child.pid!);
        // The phase line is printed right after listening: wait for it a moment.
        for (let i = 0; i < 40 && !/start-up phases/.test(output()); i++)
          await new Promise((r) => setTimeout(r, 50));
        const line = /start-up phases \(ms\): (.*)/.exec(output())?.[1] ?? '';
        const phases = new Map(
          [...line.matchAll(/([\w-]+)=(\d+)/g)].map((m) => [m[1]!, Number(m[2])] as const),
        );
        return { child, ms, cpuMs, phases };
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

function startAssent(checkout: string, dataDir: string, port: number): Promise<Started> {
  const started = performance.now();
  // bin/assent itself, as `npm start` and a user run it: its first line sets the memory settings.
  const child = spawn(path.join(checkout, 'bin/assent'), ['server', 'start'], {
    cwd: checkout,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      ASSENT_DATA_DIR: dataDir,
      ASSENT_LOG_LEVEL: 'warn',
      ASSENT_DEMO_PASSWORD: BENCH_PASSWORD,
      ASSENT_START_PHASES: '1',
    },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return healthy(child, `http://127.0.0.1:${port}`, started, () => out);
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

/**
 * Signs in as the demo user and asks for the properties page until it comes back server-rendered
 * (its query-cache script), at most 30 times a second apart; false if it never did.
 */
async function serverRenderedPage(port: number): Promise<boolean> {
  const url = `http://127.0.0.1:${port}`;
  const res = await fetch(`${url}/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email: 'demo@assent.local', password: BENCH_PASSWORD }),
  });
  const { pcodes } = (await res.json()) as { pcodes: string[] };
  const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
  for (let i = 0; i < 30; i++) {
    const page = await fetch(`${url}/protect/p-${pcodes[0]}/properties`, { headers: { cookie } });
    if ((await page.text()).includes('id="assent-state"')) return true;
    await new Promise((r) => setTimeout(r, 1000));
  }
  return false;
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

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

interface Figures {
  name: string;
  checkout: string;
  fresh: Started[];
  restart: Started[];
  /** Resident memory after the idle time, in MB, one a run. */
  rss: number[];
  /** The same after a server-rendered console page and another idle time (0: never rendered). */
  rssAfterPage: number[];
}

const subjects: Figures[] = [
  { name: 'this checkout', checkout: root, fresh: [], restart: [], rss: [], rssAfterPage: [] },
  ...(BASELINE
    ? [
        {
          name: `baseline ${BASELINE}`,
          checkout: path.resolve(BASELINE),
          fresh: [],
          restart: [],
          rss: [],
          rssAfterPage: [],
        },
      ]
    : []),
];
const bare: number[] = [];
const bareRss: number[] = [];
const loadAtStart = os.loadavg()[0]!;

for (let run = 0; run < RUNS; run++) {
  const reference = await startBareFastify(PORT_BASE + 2);
  bare.push(reference.ms);
  try {
    // Interleaved: this checkout, then the baseline, in every run.
    for (const [i, subject] of subjects.entries()) {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'assent-start-up-'));
      try {
        const first = await startAssent(subject.checkout, dir, PORT_BASE + i);
        subject.fresh.push(first);
        // Idle beside the bare Fastify for the same time, then their resident memory (every run:
        // what the goal asks is that it holds each time).
        await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
        subject.rss.push(rssMb(first.child.pid!));
        if (i === 0) bareRss.push(rssMb(reference.child.pid!));
        const rendered = await serverRenderedPage(PORT_BASE + i);
        await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
        subject.rssAfterPage.push(rendered ? rssMb(first.child.pid!) : 0);
        await stop(first.child);
        const again = await startAssent(subject.checkout, dir, PORT_BASE + i);
        subject.restart.push(again);
        await stop(again.child);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  } finally {
    await stop(reference.child);
  }
}

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
console.log(
  `\nStart-up (bin/assent server start, PGlite, demo account; median of ${RUNS}; ${os.cpus().length} cores, load at start ${loadAtStart.toFixed(1)}, at end ${load()}, Node ${process.version})\n`,
);
const ref = median(bare);

/** The median of each phase over the runs, in the order the server marked them. */
function phaseLine(runs: Started[]): string {
  const names = [...new Set(runs.flatMap((r) => [...r.phases.keys()]))];
  if (!names.length) return '(no phase marks: an older build)';
  return names
    .map((n) => `${n} ${(median(runs.map((r) => r.phases.get(n) ?? 0)) / 1000).toFixed(2)}`)
    .join(', ');
}

for (const subject of subjects) {
  const fresh = median(subject.fresh.map((r) => r.ms));
  const restart = median(subject.restart.map((r) => r.ms));
  console.log(`  ${subject.name}`);
  console.log(
    `    new data directory, healthy   ${s(fresh).padStart(8)}  (runs ${subject.fresh.map((r) => s(r.ms)).join(', ')}; CPU ${s(median(subject.fresh.map((r) => r.cpuMs)))})  | bare Fastify ${s(ref)}: ratio ${(fresh / ref).toFixed(1)}`,
  );
  console.log(`      phases (s): ${phaseLine(subject.fresh)}`);
  console.log(
    `    restart, same directory       ${s(restart).padStart(8)}  (runs ${subject.restart.map((r) => s(r.ms)).join(', ')}; CPU ${s(median(subject.restart.map((r) => r.cpuMs)))})  | bare Fastify ${s(ref)}: ratio ${(restart / ref).toFixed(1)}`,
  );
  console.log(`      phases (s): ${phaseLine(subject.restart)}`);
  console.log(
    `    RSS after ${IDLE_SECONDS} s idle           ${median(subject.rss).toFixed(0).padStart(5)} MB  (runs ${subject.rss.map((r) => r.toFixed(0)).join(', ')} MB)  | bare Fastify ${median(bareRss).toFixed(0)} MB: ratio ${(median(subject.rss) / median(bareRss)).toFixed(1)}`,
  );
  console.log(
    `    RSS after a rendered page + ${IDLE_SECONDS} s ${median(subject.rssAfterPage).toFixed(0).padStart(5)} MB  (runs ${subject.rssAfterPage.map((r) => (r ? r.toFixed(0) : 'never rendered')).join(', ')} MB)`,
  );
}

const [mine, baseline] = subjects;
const fresh = median(mine!.fresh.map((r) => r.ms));
const startMet = fresh < GOAL_START_MS;
// Met only when every run is under the goal.
const rssMet = Math.max(...mine!.rss) < GOAL_RSS_MB;
const pageRssMet = mine!.rssAfterPage.every((r) => r > 0 && r < GOAL_RSS_MB);
const versus = baseline
  ? `; baseline new dir ${s(median(baseline.fresh.map((r) => r.ms)))}, RSS ${median(baseline.rss).toFixed(0)} MB (max ${Math.max(...baseline.rss).toFixed(0)}), after a rendered page ${median(baseline.rssAfterPage).toFixed(0)} MB`
  : '';
console.log(
  `\nSUMMARY start-up: new data dir healthy ${s(fresh)} (goal < 15 s: ${startMet ? 'met' : 'not met'}), ` +
    `restart ${s(median(mine!.restart.map((r) => r.ms)))}, idle RSS ${median(mine!.rss).toFixed(0)} MB, max ${Math.max(...mine!.rss).toFixed(0)} MB ` +
    `(goal < ${GOAL_RSS_MB} MB: ${rssMet ? 'met' : 'not met'}), after a rendered console page ${median(mine!.rssAfterPage).toFixed(0)} MB, max ${Math.max(...mine!.rssAfterPage).toFixed(0)} MB (${pageRssMet ? 'met' : 'not met'}); bare Fastify ${s(ref)} / ${median(bareRss).toFixed(0)} MB, ` +
    `ratio ${(fresh / ref).toFixed(1)} / ${(median(mine!.rss) / median(bareRss)).toFixed(1)}${versus}; load ${loadAtStart.toFixed(1)} → ${os.loadavg()[0]!.toFixed(1)}`,
);
