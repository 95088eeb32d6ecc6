/**
 * API benchmark: requests per second and latency percentiles for the properties list (1,000
 * properties: the spec's full list and the table's rows, as a browser gets them, brotli, with the
 * bytes on the wire), a property save at 8 connections and at 50 (time-outs: no answer within
 * 10 s), and the wall time of a 1,000-property bulk update, on the embedded database (PGlite on
 * disk) and on PostgreSQL when it is installed.
 *
 * Reference, measured in the same run with the same load: a bare Fastify process that sends the
 * same list bytes from memory and parses and echoes the same save body (no auth, no database).
 * Each figure is printed with its ratio to it.
 *
 *   npx tsx scripts/bench/api.ts [--seconds 10] [--properties 1000] [--store pglite|postgres]
 *     [--cpu-prof DIR] [--only list,save,bulk] [--baseline DIR]
 *
 * `--only` runs the named loads alone. `--baseline DIR` measures a second checkout's server (an
 * older commit, built) interleaved with this one: baseline, this, baseline, this, each on its own
 * fresh data, and prints each save load's ratio of this checkout to the baseline. Every load also
 * prints, per request, the server's CPU time (user + system of its process, from /proc), on
 * PostgreSQL its cluster's (the postmaster and its children: backends, WAL writer…), this load
 * generator's own, and the server's read and write system calls (/proc/PID/io): on a 2-core
 * machine the three processes share the cores, and each database round trip costs a write, a
 * read and a wake-up on both sides.
 *
 * `--cpu-prof DIR` writes the Assent server's CPU profile (node --cpu-prof) into DIR at its exit,
 * for a flame graph of the loads (open the .cpuprofile in Chromium's DevTools).
 *
 * Goals (issue 16): the list of 1,000 at most 60 KB on the wire and p99 at most 50 ms at 8
 * connections; saves at least 500/s with p99 at most 50 ms at 8 connections, no time-out at 50.
 * The servers run in their own processes; this process only sends requests.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';
import { findPostgresBin, startCluster } from '@assent/testing';
import {
  BENCH_PASSWORD,
  assentLaunch,
  demoToken,
  numberArg,
  percentile,
  siteSettings,
  stringArg,
} from './support';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SECONDS = numberArg('seconds', 10);
const PROPERTIES = numberArg('properties', 1000);
const STORE = process.argv.includes('--store')
  ? process.argv[process.argv.indexOf('--store') + 1]
  : undefined;
/** A request unanswered this long counts as a time-out. */
const TIMEOUT_MS = 10_000;
const BROWSER_ENCODING = 'gzip, deflate, br, zstd';
const ONLY = new Set(stringArg('only', 'list,save,bulk').split(','));
const BASELINE = process.argv.includes('--baseline')
  ? path.resolve(stringArg('baseline', ''))
  : undefined;
const CPU_PROF = process.argv.includes('--cpu-prof')
  ? path.resolve(process.argv[process.argv.indexOf('--cpu-prof') + 1]!)
  : undefined;

function startServer(
  env: Record<string, string>,
  checkout = root,
): Promise<{ child: ChildProcess; url: string }> {
  const profile = CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', CPU_PROF] : [];
  // The memory settings bin/assent starts the server with (each checkout its own).
  const launch = assentLaunch(checkout);
  const child = spawn(
    process.execPath,
    [...launch.execArgv, ...profile, '--import', 'tsx', 'apps/server/src/main.ts'],
    {
      cwd: checkout,
      env: {
        ...process.env,
        ...launch.env,
        HOST: '127.0.0.1',
        PORT: '0',
        ASSENT_LOG_LEVEL: 'warn',
        ASSENT_DEMO_PASSWORD: BENCH_PASSWORD,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return waitForUrl(child);
}

function waitForUrl(child: ChildProcess): Promise<{ child: ChildProcess; url: string }> {
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /Assent is running: (http:\/\/\S+)/.exec(out);
      if (m) resolve({ child, url: m[1]! });
    });
    child.on('exit', (code) => reject(new Error(`server exited (${code}): ${out}`)));
  });
}

const dispatcher = new Agent({
  connections: 64,
  pipelining: 1,
  headersTimeout: TIMEOUT_MS,
  bodyTimeout: TIMEOUT_MS,
});

/** A GET as a browser sends it (brotli accepted); the body is counted, not decoded or parsed. */
async function fetchOnly(url: string, token: string): Promise<{ status: number; bytes: number }> {
  const res = await request(url, {
    method: 'GET',
    dispatcher,
    headers: { authorization: `Bearer ${token}`, 'accept-encoding': BROWSER_ENCODING },
  });
  let bytes = 0;
  for await (const chunk of res.body) bytes += (chunk as Buffer).length;
  return { status: res.statusCode, bytes };
}

/** The reference: Fastify alone, sending the list's bytes from memory and echoing a save body. */
function startBareFastify(listFile: string): Promise<{ child: ChildProcess; url: string }> {
  const fastify = createRequire(path.join(root, 'apps/server/package.json')).resolve('fastify');
  const source = `
    const { readFileSync } = await import('node:fs');
    const Fastify = (await import(${JSON.stringify(fastify)})).default;
    const list = readFileSync(${JSON.stringify(listFile)});
    const app = Fastify({ logger: false });
    app.get('/list', async (_req, reply) =>
      reply.type('application/json; charset=utf-8').header('content-encoding', 'br').send(list));
    app.put('/save', async (req) => req.body);
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    console.log('Assent is running: ' + address);`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', source], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return waitForUrl(child);
}

async function call(
  url: string,
  method: string,
  token: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  const res = await request(url, {
    method: method as 'GET',
    dispatcher,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.body.text();
  return { status: res.statusCode, json: text ? (JSON.parse(text) as unknown) : undefined };
}

/** A process's stat fields after its name (field 3 onwards), from /proc (Linux). */
const statFields = (pid: number | string | undefined): string[] | undefined => {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  } catch {
    return undefined;
  }
};

/** A process's CPU time so far (user + system, ms), from /proc (Linux); 0 elsewhere. */
function cpuMs(pid: number | string | undefined): number {
  const fields = statFields(pid);
  // utime and stime are fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
  return fields ? ((Number(fields[11]) + Number(fields[12])) * 1000) / 100 : 0;
}

/** A process's read and write system calls so far (/proc/PID/io); 0 elsewhere. */
function syscalls(pid: number | undefined): number {
  try {
    const io = readFileSync(`/proc/${pid}/io`, 'utf8');
    return Number(/syscr: (\d+)/.exec(io)?.[1]) + Number(/syscw: (\d+)/.exec(io)?.[1]);
  } catch {
    return 0;
  }
}

/**
 * The CPU time so far (ms) of each process of the PostgreSQL cluster listening on `port`: its
 * postmaster and the postmaster's children (the backends, the WAL writer…), by pid.
 */
function clusterCpu(port: string | undefined): Map<string, number> {
  const cpu = new Map<string, number>();
  if (!port) return cpu;
  const pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  const postmaster = pids.find((pid) => {
    try {
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      return args[0]!.endsWith('/postgres') && args.join(' ').includes(` -p ${port} `);
    } catch {
      return false;
    }
  });
  if (!postmaster) return cpu;
  for (const pid of pids) {
    if (pid === postmaster || statFields(pid)?.[1] === postmaster) cpu.set(pid, cpuMs(pid));
  }
  return cpu;
}

interface Load {
  rps: number;
  /** The server's CPU time per answered request (ms). */
  cpu: number;
  /** PostgreSQL's CPU time per answered request (ms; its processes), when the store is PostgreSQL. */
  dbCpu: number | undefined;
  /** This load generator's CPU time per answered request (ms). */
  clientCpu: number;
  /** The server's read and write system calls per answered request (sockets and files). */
  syscalls: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  /** Mean bytes of a response body on the wire (when the task counts them). */
  bytes: number;
}

/**
 * Runs `task` from `concurrency` loops for `seconds`; returns rps and latency percentiles (ms),
 * error answers (4xx, 5xx) and time-outs (no answer within TIMEOUT_MS).
 */
async function load(
  concurrency: number,
  seconds: number,
  task: (i: number) => Promise<{ status: number; bytes?: number }>,
  server?: ChildProcess,
  dbPort?: string,
): Promise<Load> {
  const cpuStart = cpuMs(server?.pid);
  const dbStart = clusterCpu(dbPort);
  const clientStart = process.cpuUsage();
  const syscallsStart = syscalls(server?.pid);
  const latencies: number[] = [];
  let errors = 0;
  let timeouts = 0;
  let bytes = 0;
  const end = Date.now() + seconds * 1000;
  let n = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < end) {
        const t = performance.now();
        try {
          const result = await task(n++);
          latencies.push(performance.now() - t);
          bytes += result.bytes ?? 0;
          if (result.status >= 400) errors++;
        } catch {
          timeouts++;
        }
      }
    }),
  );
  const cpu = cpuMs(server?.pid) - cpuStart;
  const client = process.cpuUsage(clientStart);
  let dbCpu = 0;
  for (const [pid, ms] of clusterCpu(dbPort)) dbCpu += ms - (dbStart.get(pid) ?? 0);
  const perRequest = (total: number) => (latencies.length ? total / latencies.length : 0);
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / seconds,
    cpu: perRequest(cpu),
    dbCpu: dbPort ? perRequest(dbCpu) : undefined,
    clientCpu: perRequest((client.user + client.system) / 1000),
    syscalls: perRequest(syscalls(server?.pid) - syscallsStart),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
    timeouts,
    bytes: latencies.length ? bytes / latencies.length : 0,
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const show = (l: Load) =>
  `${l.rps.toFixed(0).padStart(5)}/s  p50 ${l.p50.toFixed(1).padStart(6)} ms  p99 ${l.p99
    .toFixed(1)
    .padStart(6)} ms  ${l.errors} errors  ${l.timeouts} time-outs  CPU ${l.cpu.toFixed(2)} ms/req${
    l.dbCpu === undefined ? '' : ` + PostgreSQL ${l.dbCpu.toFixed(2)}`
  } (load generator ${l.clientCpu.toFixed(2)}), ${l.syscalls.toFixed(1)} syscalls/req`;
/** The figure and its ratio to the same load on the bare Fastify reference. */
const versus = (l: Load, ref: Load) =>
  `${show(l)}  | bare Fastify ${ref.rps.toFixed(0)}/s p99 ${ref.p99.toFixed(1)} ms: ratio ${(
    l.rps / ref.rps
  ).toFixed(2)} (rate), ${(l.p99 / ref.p99).toFixed(1)} (p99)`;

interface BenchResult {
  lines: string[];
  save8?: Load;
  save50?: Load;
  /** The bare Fastify reference's save load at 8 connections, in the same run. */
  bare8?: Load;
  /** The 1,000-property bulk update's wall time (s), submit to done. */
  bulkSeconds?: number;
}

async function bench(
  store: string,
  env: Record<string, string>,
  dir: string,
  checkout = root,
): Promise<BenchResult> {
  const server = await startServer(env, checkout);
  const dbPort = env.DATABASE_URL ? new URL(env.DATABASE_URL).port : undefined;
  try {
    const { token, pcode } = await demoToken(server.url, 'bench');
    const base = `${server.url}/customization/v2`;
    const seedStart = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < PROPERTIES) {
          const i = next++;
          const res = await call(`${base}/site?pCode=${pcode}`, 'POST', token, {
            url: `site${String(i).padStart(5, '0')}.bench.example`,
            themeId: '1',
            publisherName: `Bench ${i}`,
          });
          if (res.status !== 201) throw new Error(`seed failed: ${JSON.stringify(res.json)}`);
        }
      }),
    );
    const seedSeconds = (performance.now() - seedStart) / 1000;
    const listUrl = `${base}/site?pCode=${pcode}&sort=url,ASC`;
    const rowsUrl = `${base}/site/rows?pCode=${pcode}&sort=url,ASC`;
    const listed = (await call(listUrl, 'GET', token)).json as Array<{
      uuid: string;
      siteId: number;
      propertyType: string;
    }>;
    const jsonBytes = {
      list: Buffer.byteLength(JSON.stringify(listed)),
      rows: Buffer.byteLength(JSON.stringify((await call(rowsUrl, 'GET', token)).json)),
    };
    const full = await Promise.all(
      listed
        .filter((p) => p.propertyType === 'SITE')
        .slice(0, 50)
        .map(
          async (p) =>
            (await call(`${base}/site/${p.uuid}?pCode=${pcode}`, 'GET', token)).json as Record<
              string,
              unknown
            >,
        ),
    );
    const saveBody = (i: number) => ({
      ...siteSettings(full[i % full.length]!),
      publisherName: `Saved ${i}`,
    });

    // The reference, just before the same loads on the server: the rows' own bytes, from memory.
    const rowsBody = await request(rowsUrl, {
      dispatcher,
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br' },
    });
    const listFile = path.join(dir, 'rows.br');
    writeFileSync(listFile, Buffer.from(await rowsBody.body.arrayBuffer()));
    const bare = await startBareFastify(listFile);
    const echo = async (i: number) => {
      const res = await request(`${bare.url}/save`, {
        method: 'PUT',
        dispatcher,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(saveBody(i)),
      });
      await res.body.dump({ limit: Number.MAX_SAFE_INTEGER });
      return { status: res.statusCode };
    };
    const lines = [`${store}${checkout === root ? '' : ` (baseline ${checkout})`}`];
    const reference = {
      list: ONLY.has('list')
        ? await load(8, SECONDS, () => fetchOnly(`${bare.url}/list`, token), bare.child)
        : undefined,
      save8: ONLY.has('save') ? await load(8, SECONDS, echo, bare.child) : undefined,
      save50: ONLY.has('save') ? await load(50, SECONDS, echo, bare.child) : undefined,
    };
    bare.child.kill('SIGTERM');

    lines.push(
      `  seed             ${PROPERTIES} creates in ${seedSeconds.toFixed(1)} s (${(PROPERTIES / seedSeconds).toFixed(0)}/s)`,
    );
    if (reference.list) {
      const list = await load(8, SECONDS, () => fetchOnly(listUrl, token), server.child, dbPort);
      const rows = await load(8, SECONDS, () => fetchOnly(rowsUrl, token), server.child, dbPort);
      lines.push(
        `  list, full       ${versus(list, reference.list)}  ${kb(list.bytes)} on the wire (${kb(jsonBytes.list)} JSON, ${listed.length} properties)`,
        `  list, rows       ${versus(rows, reference.list)}  ${kb(rows.bytes)} on the wire (${kb(jsonBytes.rows)} JSON)`,
      );
    }
    let firstError: unknown;
    const save = async (i: number) => {
      const p = full[i % full.length]!;
      const res = await call(
        `${base}/site/${String(p.uuid)}?pCode=${pcode}`,
        'PUT',
        token,
        saveBody(i),
      );
      if (res.status >= 400) firstError ??= res.json;
      return { status: res.status };
    };
    let save8: Load | undefined;
    let save50: Load | undefined;
    if (reference.save8 && reference.save50) {
      save8 = await load(8, SECONDS, save, server.child, dbPort);
      save50 = await load(50, SECONDS, save, server.child, dbPort);
      lines.push(
        `  save, 8 conn.    ${versus(save8, reference.save8)}`,
        `  save, 50 conn.   ${versus(save50, reference.save50)}`,
      );
      if (firstError) lines.push(`  first save error: ${JSON.stringify(firstError)}`);
    }
    if (!ONLY.has('bulk')) return { lines, save8, save50, bare8: reference.save8 };

    const bulkStart = performance.now();
    const sites = listed
      .filter((p) => p.propertyType === 'SITE')
      .slice(0, 1000)
      .map((p) => p.siteId);
    const submitted = await call(`${base}/bulk-update?pCode=${pcode}`, 'POST', token, {
      sites,
      fields: { repromtDaysAfterGvlUpdate: 45 },
    });
    if (submitted.status !== 202)
      throw new Error(`bulk submit failed: ${JSON.stringify(submitted.json)}`);
    type Job = { done: boolean; successful: number; failed: unknown[] };
    let job: Job | null = null;
    for (;;) {
      await new Promise((r) => setTimeout(r, 100));
      job = (
        (await call(`${base}/bulk-update/status?pCode=${pcode}`, 'GET', token)).json as {
          job: Job | null;
        }
      ).job;
      if (job?.done) break;
    }
    const bulkSeconds = (performance.now() - bulkStart) / 1000;

    lines.push(
      `  bulk update      ${sites.length} properties in ${bulkSeconds.toFixed(2)} s (${job!.successful} updated, ${job!.failed.length} failed)`,
    );
    return { lines, save8, save50, bare8: reference.save8, bulkSeconds };
  } finally {
    // Waited for: the server writes its CPU profile (--cpu-prof) as it exits.
    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    server.child.kill('SIGTERM');
    await exited;
  }
}

const results: BenchResult[] = [];
const dir = mkdtempSync(path.join(os.tmpdir(), 'assent-bench-'));
const loadStart = os.loadavg()[0]!;
/** This checkout, or baseline and this interleaved twice (A/B): the checkouts to measure, in order. */
const checkouts = BASELINE ? [BASELINE, root, BASELINE, root] : [root];
let run = 0;
try {
  for (const checkout of checkouts) {
    run += 1;
    if (STORE !== 'postgres')
      results.push(
        await bench(
          'PGlite (embedded, on disk)',
          { ASSENT_DATA_DIR: path.join(dir, `pglite-${run}`) },
          dir,
          checkout,
        ),
      );
    const bin = STORE === 'pglite' ? undefined : findPostgresBin();
    if (bin) {
      const cluster = await startCluster(bin);
      try {
        results.push(
          await bench(
            'PostgreSQL',
            { ASSENT_DATA_DIR: path.join(dir, `pg-${run}`), DATABASE_URL: cluster.url },
            dir,
            checkout,
          ),
        );
      } finally {
        cluster.stop();
      }
    } else if (STORE !== 'pglite' && run === 1) {
      console.log('PostgreSQL is not installed: PGlite only.');
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
  await dispatcher.close();
}
console.log(
  `\nAPI benchmark (${SECONDS} s per load, ${os.cpus().length} cores, load ${loadStart.toFixed(1)} at start, ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} at end, Node ${process.version})\n`,
);
for (const { lines } of results) for (const line of lines) console.log(line);

// One line per store and save load: the goal, the figure, the reference and met or not.
const stores = [...new Set(results.map((r) => r.lines[0]!.replace(/ \(baseline .*\)$/, '')))];
for (const store of stores) {
  const mine = results.filter((r) => r.lines[0] === store && r.save8 && r.save50);
  const base = results.filter((r) => r.lines[0] !== store && r.lines[0]!.startsWith(store));
  if (!mine.length) continue;
  const mean = (rs: BenchResult[], f: (r: BenchResult) => number) =>
    rs.reduce((sum, r) => sum + f(r), 0) / rs.length;
  const rps = mean(mine, (r) => r.save8!.rps);
  const p99 = mean(mine, (r) => r.save8!.p99);
  const cpu = mean(mine, (r) => r.save8!.cpu);
  const timeouts = mine.reduce((sum, r) => sum + r.save50!.timeouts, 0);
  const bare = mean(mine, (r) => r.bare8!.rps);
  const met = rps >= 500 && p99 <= 50 && timeouts === 0;
  const vsBase = base.length
    ? `; baseline ${mean(base, (r) => r.save8!.rps).toFixed(0)}/s p99 ${mean(base, (r) => r.save8!.p99).toFixed(1)} ms CPU ${mean(base, (r) => r.save8!.cpu).toFixed(2)} ms/save: ratio ${(rps / mean(base, (r) => r.save8!.rps)).toFixed(2)} (rate), ${(cpu / mean(base, (r) => r.save8!.cpu)).toFixed(2)} (CPU)`
    : '';
  console.log(
    `SUMMARY saves ${store}: goal >= 500/s, p99 <= 50 ms at 8 conn., 0 time-outs at 50 | ${rps.toFixed(0)}/s p99 ${p99.toFixed(1)} ms, CPU ${cpu.toFixed(2)} ms/save, ${timeouts} time-outs | bare Fastify ${bare.toFixed(0)}/s: ratio ${(rps / bare).toFixed(3)}${vsBase} | ${met ? 'met' : 'not met'}`,
  );
}
for (const store of stores) {
  const mine = results.filter((r) => r.lines[0] === store && r.bulkSeconds !== undefined);
  const base = results.filter(
    (r) => r.lines[0] !== store && r.lines[0]!.startsWith(store) && r.bulkSeconds !== undefined,
  );
  if (!mine.length) continue;
  const mean = (rs: BenchResult[]) => rs.reduce((sum, r) => sum + r.bulkSeconds!, 0) / rs.length;
  const vsBase = base.length
    ? ` | baseline ${mean(base).toFixed(2)} s: ratio ${(mean(mine) / mean(base)).toFixed(2)}`
    : '';
  console.log(
    `SUMMARY bulk update ${store}: goal ${PROPERTIES} properties <= 5 s | ${mean(mine).toFixed(2)} s${vsBase} | ${PROPERTIES >= 1000 && mean(mine) <= 5 ? 'met' : 'not met'}`,
  );
}
console.log(
  '\nGoals (issue 16): list of 1,000 at most 60 KB on the wire, p99 at most 50 ms at 8 connections; saves at least 500/s, p99 at most 50 ms at 8 connections, no time-out at 50.',
);
