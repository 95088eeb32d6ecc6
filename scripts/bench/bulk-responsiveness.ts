/**
 * Responsiveness during a bulk update on the embedded database (issue 19, item 1): p50 and p99 of
 * the property list, a property save, a property's cmp.js and the visit beacon, measured while a
 * bulk update of 1,000 properties runs, against the same requests measured without a job in the
 * same run (the reference), and their ratio. Goal: p99 at most 200 ms during the job.
 *
 *   npx tsx scripts/bench/bulk-responsiveness.ts [--properties 1000] [--seconds 10]
 *
 * The server runs in its own process from source (PGlite on disk under a temporary data
 * directory); this process sends one request of each kind at a time, in four loops.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gvlFixturePath } from '@assent/testing';
import { importGvl, loadConfig } from '../../apps/server/src/index';
import { BENCH_PASSWORD, demoToken, numberArg, percentile, siteSettings } from './support';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PROPERTIES = numberArg('properties', 1000);
const SECONDS = numberArg('seconds', 10);
const SAVED = 20;

function startServer(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      ASSENT_LOG_LEVEL: 'warn',
      ASSENT_DATA_DIR: dataDir,
      ASSENT_DEMO_PASSWORD: BENCH_PASSWORD,
      ASSENT_GVL_URL: 'http://127.0.0.1:9/unreachable',
      ASSENT_GOOGLE_ATP_URL: 'http://127.0.0.1:9/unreachable.csv',
      ASSENT_VISIT_RATE_LIMIT: '0',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
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

async function call(url: string, init: RequestInit & { token?: string; json?: unknown } = {}) {
  const { token, json, ...rest } = init;
  const res = await fetch(url, {
    ...rest,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      ...(rest.headers as Record<string, string> | undefined),
    },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  });
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${rest.method ?? 'GET'} ${url}: ${res.status} ${text}`);
  return text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
}

type Kind = 'list' | 'save' | 'cmp.js' | 'visit';
type Task = (i: number) => Promise<unknown>;

/** Runs one loop per kind until `until` resolves; returns each kind's sorted latencies (ms). */
async function measure(tasks: Record<Kind, Task>, until: Promise<unknown>) {
  let done = false;
  void until.then(() => (done = true));
  const latencies = {} as Record<Kind, number[]>;
  await Promise.all(
    (Object.keys(tasks) as Kind[]).map(async (kind) => {
      const runs: number[] = (latencies[kind] = []);
      for (let i = 0; !done; i += 1) {
        const start = performance.now();
        await tasks[kind](i);
        runs.push(performance.now() - start);
      }
      runs.sort((a, b) => a - b);
    }),
  );
  return latencies;
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'assent-bench-responsive-'));
// The host has no internet access: the vendor list the banner needs is imported as an operator would.
await importGvl(gvlFixturePath('gvl3-vendor-list.json'), loadConfig({ ASSENT_DATA_DIR: dir }));
const server = await startServer(dir);
try {
  const { token, pcode } = await demoToken(server.url, 'bench');
  const base = `${server.url}/customization/v2`;
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < PROPERTIES + SAVED) {
        const i = next++;
        await call(`${base}/site?pCode=${pcode}`, {
          method: 'POST',
          token,
          json: { url: `site${String(i).padStart(5, '0')}.bench.example`, themeId: '1' },
        });
      }
    }),
  );
  const listed = (await call(`${base}/site?pCode=${pcode}&sort=url,ASC`, { token })) as Array<{
    uuid: string;
    siteId: number;
    url?: string;
  }>;
  const bench = listed.filter((p) => p.url?.endsWith('.bench.example'));
  const bulk = bench.slice(0, PROPERTIES);
  const saved = await Promise.all(
    bench
      .slice(PROPERTIES)
      .map(
        async (p) =>
          (await call(`${base}/site/${p.uuid}?pCode=${pcode}`, { token })) as Record<
            string,
            unknown
          >,
      ),
  );
  const tasks: Record<Kind, Task> = {
    list: () => call(`${base}/site?pCode=${pcode}&sort=url,ASC`, { token }),
    save: (i) => {
      const p = saved[i % saved.length]!;
      return call(`${base}/site/${String(p.uuid)}?pCode=${pcode}`, {
        method: 'PUT',
        token,
        json: { ...siteSettings(p), publisherName: `Saved ${i}` },
      });
    },
    'cmp.js': (i) => call(`${server.url}/banner/property/${bulk[i % bulk.length]!.uuid}/cmp.js`),
    visit: (i) =>
      call(`${server.url}/banner/visit`, {
        method: 'POST',
        headers: {
          'content-type': 'text/plain;charset=UTF-8',
          origin: `https://${bulk[i % bulk.length]!.url}`,
        },
        body: JSON.stringify({
          p: bulk[i % bulk.length]!.uuid,
          t: '1',
          r: 1,
          o: 'a',
          f: 'H',
          d: 'd',
          os: 'Linux',
          b: 'Chrome',
          ts: Date.now(),
        }),
      }),
  };

  const reference = await measure(
    tasks,
    new Promise((resolve) => setTimeout(resolve, SECONDS * 1000)),
  );

  const jobStart = performance.now();
  await call(`${base}/bulk-update?pCode=${pcode}`, {
    method: 'POST',
    token,
    json: { sites: bulk.map((p) => p.siteId), fields: { repromtDaysAfterGvlUpdate: 45 } },
  });
  type Job = { done: boolean; successful: number; failed: unknown[]; status: string };
  let job: Job | null = null;
  const finished = (async () => {
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      job = ((await call(`${base}/bulk-update/status?pCode=${pcode}`, { token })) as { job: Job })
        .job;
      if (job?.done) return;
    }
  })();
  const during = await measure(tasks, finished);
  const jobMs = performance.now() - jobStart;

  const row = (kind: Kind) => {
    const ref = reference[kind];
    const run = during[kind];
    return {
      requests: run.length,
      p50: `${percentile(run, 50).toFixed(0)} ms`,
      p99: `${percentile(run, 99).toFixed(0)} ms`,
      max: `${(run.at(-1) ?? 0).toFixed(0)} ms`,
      reference: {
        requests: ref.length,
        p50: `${percentile(ref, 50).toFixed(0)} ms`,
        p99: `${percentile(ref, 99).toFixed(0)} ms`,
      },
      p99Ratio: Number((percentile(run, 99) / percentile(ref, 99)).toFixed(2)),
    };
  };
  const finalJob = job as Job | null;
  console.log(
    JSON.stringify(
      {
        store: 'PGlite on disk',
        properties: PROPERTIES,
        job: {
          ms: Math.round(jobMs),
          status: finalJob?.status,
          successful: finalJob?.successful,
          failed: finalJob?.failed.length,
        },
        referenceSeconds: SECONDS,
        goal: 'p99 <= 200 ms during the job',
        list: row('list'),
        save: row('save'),
        'cmp.js': row('cmp.js'),
        visit: row('visit'),
        cores: os.cpus().length,
        node: process.version,
      },
      null,
      2,
    ),
  );
} finally {
  server.child.kill('SIGTERM');
  await new Promise((resolve) => server.child.once('exit', resolve));
  rmSync(dir, { recursive: true, force: true });
}
