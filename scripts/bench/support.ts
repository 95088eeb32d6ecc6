/// <reference lib="dom" />
/**
 * What several benchmarks share: the demo account's password and token, a site's settings,
 * percentiles, running bin/assent, and the browser benchmarks' readiness checks and lock.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LiveServer } from '../../apps/server/test/live-server';
import type { Page } from '@assent/testing';

const bin = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../bin/assent');

/** One run of bin/assent: its exit code, its output and its wall time. */
export interface AssentRun {
  code: number;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Runs bin/assent as its own process, not at a terminal (asynchronously: the server lives in this one). */
export function runAssent(args: string[], env: Record<string, string> = {}): Promise<AssentRun> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [bin, ...args], {
      cwd: path.dirname(path.dirname(bin)),
      env: { PATH: process.env.PATH ?? '', HOME: tmpdir(), NO_COLOR: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({ code: code ?? 1, stdout, stderr, ms: performance.now() - started }),
    );
  });
}

/** The demo account's password the benchmarks start their servers with (ASSENT_DEMO_PASSWORD). */
export const BENCH_PASSWORD = 'bench password 1';

/** Signs in as the demo user (BENCH_PASSWORD): the session cookie and the account code. */
export async function demoSignIn(
  url: string,
): Promise<{ cookie: { name: string; value: string }; pcode: string }> {
  const res = await fetch(`${url}/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email: 'demo@assent.local', password: BENCH_PASSWORD }),
  });
  const me = (await res.json()) as { pcodes: string[] };
  const [name, value] = res.headers.get('set-cookie')!.split(';')[0]!.split('=');
  return { cookie: { name: name!, value: value! }, pcode: me.pcodes[0]! };
}

/** Signs in as the demo user and makes a personal access token named `name`. */
export async function demoToken(
  url: string,
  name: string,
): Promise<{ token: string; pcode: string }> {
  const { cookie, pcode } = await demoSignIn(url);
  const token = await fetch(`${url}/auth/tokens`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: url,
      cookie: `${cookie.name}=${cookie.value}`,
    },
    body: JSON.stringify({ name }),
  });
  return { token: ((await token.json()) as { secret: string }).secret, pcode };
}

// The API refuses unknown fields: the read-only fields of a GET are not sent back.
const READ_ONLY_SITE_FIELDS = new Set([
  'uuid',
  'siteId',
  'pCode',
  'accountId',
  'themeName',
  'editable',
  'createdAt',
  'updatedAt',
  'abTestingSitesCollection',
]);

/** A site as read from the API, without the fields a save refuses. */
export const siteSettings = (p: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(p).filter(([k]) => !READ_ONLY_SITE_FIELDS.has(k)));

/** The median of `values` (the mean of the middle two when their count is even; 0 when empty). */
export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  if (!sorted.length) return 0;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** The p-th percentile of ascending `sorted` values (0 when empty). */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** The value after `--name` on the command line as a number, or the fallback. */
export const numberArg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};

/** The value after `--name` on the command line, or the fallback. */
export const stringArg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : fallback;
};

/**
 * The process settings `checkout`'s bin/assent starts the server with (its first line,
 * `#!/usr/bin/env -S NAME=value … node --flag …`): for a bench that runs the server from source,
 * so that it measures the server as users run it. An older checkout's plain `#!/usr/bin/env node`
 * gives none.
 */
export function assentLaunch(checkout: string): {
  env: Record<string, string>;
  execArgv: string[];
} {
  const first = readFileSync(path.join(checkout, 'bin', 'assent'), 'utf8').split('\n')[0]!;
  const words = first
    .replace(/^#!\S*env\s+(-S\s+)?/, '')
    .split(/\s+/)
    .filter(Boolean);
  const node = words.indexOf('node');
  const env = Object.fromEntries(
    words.slice(0, Math.max(node, 0)).map((w) => w.split('=', 2) as [string, string]),
  );
  return { env, execArgv: node >= 0 ? words.slice(node + 1) : [] };
}

/** A benchmark's server settings besides its data directory: no demo account, no network, quiet. */
export const BENCH_SERVER_ENV: Record<string, string> = {
  ASSENT_DEMO: '0',
  ASSENT_LOG_LEVEL: 'warn',
  ASSENT_GVL_URL: 'http://127.0.0.1:9/unreachable',
  ASSENT_GOOGLE_ATP_URL: 'http://127.0.0.1:9/unreachable.csv',
};

/** A checkout's server started by `startCheckoutServer`. */
export interface CheckoutServer {
  url: string;
  /** Stops it (SIGTERM) and resolves once it has exited. */
  stop(): Promise<void>;
}

/**
 * `checkout`'s server (its source, as its bin/assent starts it: `assentLaunch`) in a process of its
 * own on a free port, with `env` (HOST, ASSENT_DATA_DIR, …); resolves once it says it is running.
 */
export function startCheckoutServer(
  checkout: string,
  env: Record<string, string>,
): Promise<CheckoutServer> {
  const launch = assentLaunch(checkout);
  const child: ChildProcess = spawn(
    process.execPath,
    [...launch.execArgv, '--import', 'tsx', 'apps/server/src/main.ts'],
    {
      cwd: checkout,
      env: { ...process.env, ...launch.env, PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /Assent is running: (http:\/\/\S+)/.exec(out);
      if (m)
        resolve({
          url: m[1]!,
          stop: async () => {
            child.kill('SIGTERM');
            await exited;
          },
        });
    });
    child.once('exit', (code) =>
      reject(new Error(`${checkout}'s server exited (${code}): ${out}`)),
    );
  });
}

/** The lock every benchmark holds while it measures (common.md: one benchmark at a time). */
export const BENCH_LOCK = '/tmp/assent-bench.lock';

/**
 * Takes `file`'s lock (flock(1) in a child, as `flock FILE command` does) and resolves once it is
 * held, with the function that releases it: a long job can hold the lock step by step and let
 * other benchmarks run between its steps.
 */
export function takeLock(file: string): Promise<() => void> {
  const holder = spawn('flock', [file, '-c', 'echo locked; cat >/dev/null'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    holder.stdout.once('data', () => resolve(() => holder.stdin.end()));
    holder.on('error', reject);
  });
}

// The browser benchmarks' page readiness checks (reports-first-paint.ts, console-trace.ts). Each
// runs in the page (self-contained, polled at every animation frame by `paintedAt`) and answers
// the time since navigation start once the page shows what it waits for, else false.

/** The dashboard is painted: cards with values, six charts drawn (or empty), country rows. */
export const dashboardReadyAt = (): number | false => {
  const cards = document.querySelectorAll('.assent-summary-card-value');
  const charts = Array.from(document.querySelectorAll('.assent-insights-chart'));
  const drawn = charts.filter(
    (c) => c.querySelector('.main-svg') !== null || c.querySelector('.assent-chart-empty') !== null,
  );
  const rows = document.querySelectorAll('.assent-country-table-table tbody tr');
  const ready = cards.length > 0 && charts.length === 6 && drawn.length === 6 && rows.length > 0;
  return ready ? performance.now() : false;
};

/** The dashboard's summary cards show values. */
export const cardsReadyAt = (): number | false =>
  document.querySelectorAll('.assent-summary-card-value').length > 0 ? performance.now() : false;

/** The properties page is painted: its table shows rows. */
export const propertiesReadyAt = (): number | false =>
  document.querySelectorAll('main table tbody tr').length > 0 ? performance.now() : false;

/**
 * Loads `url` and answers the milliseconds from navigation start until `readyAt` (run in the page
 * at every animation frame) answers a time; throws when it has not within `timeout` ms.
 */
export async function paintedAt(
  page: Page,
  url: string,
  readyAt: () => number | false,
  timeout: number,
): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(readyAt, undefined, { polling: 'raf', timeout });
  return (await handle.jsonValue()) as number;
}

/** The shared lock every Chromium test and benchmark holds while its browser runs. */
export const BROWSER_LOCK = '/tmp/assent-browser.lock';

/** Runs `fn` holding the shared browser lock (taken through `takeLock`, freed when it ends). */
export async function withBrowserLock<T>(fn: () => Promise<T>): Promise<T> {
  const release = await takeLock(BROWSER_LOCK);
  try {
    return await fn();
  } finally {
    release();
  }
}

/** Creates `count` sites (`site{i}.bench.example`, the default theme) in `pcode`; their uuids. */
export async function createBenchSites(
  api: ReturnType<LiveServer['api']>,
  pcode: string,
  count: number,
): Promise<string[]> {
  const uuids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const site = await api.sites.create({
      query: { pCode: pcode },
      body: { url: `site${i}.bench.example`, themeId: '1' },
    });
    uuids.push(site.uuid);
  }
  return uuids;
}
