/**
 * API benchmark: requests per second and latency percentiles for the property list (1,000
 * properties) and a property save, and the wall time of a 1,000-property bulk update, on the
 * embedded database (PGlite on disk) and on PostgreSQL when it is installed.
 *
 *   npx tsx scripts/bench/api.ts [--seconds 10] [--properties 1000]
 *
 * The server runs in its own process (as in production); this process only sends requests.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';
import { findPostgresBin, startCluster } from '@assent/testing';
import { BENCH_PASSWORD, demoToken, siteSettings } from './support';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const SECONDS = arg('seconds', 10);
const PROPERTIES = arg('properties', 1000);

function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      ASSENT_LOG_LEVEL: 'warn',
      ASSENT_DEMO_PASSWORD: BENCH_PASSWORD,
      ...env,
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

const dispatcher = new Agent({ connections: 16, pipelining: 1 });

/** A GET whose body is read but not parsed (so the load measures the server, not JSON.parse here). */
async function fetchOnly(url: string, token: string): Promise<number> {
  const res = await request(url, {
    method: 'GET',
    dispatcher,
    headers: { authorization: `Bearer ${token}` },
  });
  await res.body.dump({ limit: Number.MAX_SAFE_INTEGER });
  return res.statusCode;
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

/** Runs `task` from `concurrency` loops for `seconds`; returns rps and latency percentiles (ms). */
async function load(concurrency: number, seconds: number, task: (i: number) => Promise<number>) {
  const latencies: number[] = [];
  let errors = 0;
  const end = Date.now() + seconds * 1000;
  let n = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < end) {
        const t = performance.now();
        const status = await task(n++);
        latencies.push(performance.now() - t);
        if (status >= 400) errors++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  return {
    rps: latencies.length / seconds,
    p50: pct(50),
    p99: pct(99),
    errors,
    count: latencies.length,
  };
}

async function bench(store: string, env: Record<string, string>) {
  const server = await startServer(env);
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
    const listed = (await call(`${base}/site?pCode=${pcode}&sort=url,ASC`, 'GET', token))
      .json as Array<{ uuid: string; siteId: number }>;

    const list = await load(8, SECONDS, () =>
      fetchOnly(`${base}/site?pCode=${pcode}&sort=url,ASC`, token),
    );
    const full = await Promise.all(
      listed
        .filter((p) => (p as { propertyType?: string }).propertyType === 'SITE')
        .slice(0, 50)
        .map(
          async (p) =>
            (await call(`${base}/site/${p.uuid}?pCode=${pcode}`, 'GET', token)).json as Record<
              string,
              unknown
            >,
        ),
    );
    let firstError: unknown;
    const save = await load(4, SECONDS, async (i) => {
      const p = full[i % full.length]!;
      const res = await call(`${base}/site/${String(p.uuid)}?pCode=${pcode}`, 'PUT', token, {
        ...siteSettings(p),
        publisherName: `Saved ${i}`,
      });
      if (res.status >= 400) firstError ??= res.json;
      return res.status;
    });
    if (firstError) console.log(`  first save error: ${JSON.stringify(firstError)}`);
    const listOne = await load(1, SECONDS, () =>
      fetchOnly(`${base}/site?pCode=${pcode}&sort=url,ASC`, token),
    );

    const bulkStart = performance.now();
    const sites = listed
      .filter((p) => (p as { propertyType?: string }).propertyType === 'SITE')
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

    return {
      store,
      seed: `${PROPERTIES} creates in ${seedSeconds.toFixed(1)} s (${(PROPERTIES / seedSeconds).toFixed(0)}/s)`,
      list: `${list.rps.toFixed(0)} req/s, p50 ${list.p50.toFixed(1)} ms, p99 ${list.p99.toFixed(1)} ms at 8 concurrent; p99 ${listOne.p99.toFixed(1)} ms one at a time; ${list.errors} errors (${listed.length} properties)`,
      save: `${save.rps.toFixed(0)} req/s, p50 ${save.p50.toFixed(1)} ms, p99 ${save.p99.toFixed(1)} ms, ${save.errors} errors`,
      bulk: `${sites.length} properties in ${bulkSeconds.toFixed(2)} s (${job!.successful} updated, ${job!.failed.length} failed)`,
    };
  } finally {
    server.child.kill('SIGTERM');
  }
}

const results = [];
const dir = mkdtempSync(path.join(os.tmpdir(), 'assent-bench-'));
try {
  results.push(
    await bench('PGlite (embedded, on disk)', { ASSENT_DATA_DIR: path.join(dir, 'pglite') }),
  );
  const bin = findPostgresBin();
  if (bin) {
    const cluster = await startCluster(bin);
    try {
      results.push(
        await bench('PostgreSQL', {
          ASSENT_DATA_DIR: path.join(dir, 'pg'),
          DATABASE_URL: cluster.url,
        }),
      );
    } finally {
      cluster.stop();
    }
  } else {
    console.log('PostgreSQL is not installed: PGlite only.');
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
  await dispatcher.close();
}
console.log(
  `\nAPI benchmark (${SECONDS} s per load, ${os.cpus().length} cores, Node ${process.version})\n`,
);
for (const r of results) {
  console.log(r.store);
  console.log(`  seed           ${r.seed}`);
  console.log(`  list (GET)     ${r.list}`);
  console.log(`  save (PUT)     ${r.save}`);
  console.log(`  bulk update    ${r.bulk}`);
}
