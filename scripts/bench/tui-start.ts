/**
 * `assent tui` start-up and a 5,000-property list, in a real pseudo-terminal (util-linux
 * `script`, 100x30), against a real server on an in-memory PGlite store.
 *
 * 1. Start-up on an account of 20 sites: from process start to the first list row drawn
 *    ("> site-00000.example.com" on the terminal), and from the moment the properties list's
 *    response was sent (a pass-through proxy in front of the server notes it) to that row. The
 *    reference, measured in the same run on the same server and proxy: `bin/assent properties
 *    list` from process start to its exit. Medians over --runs; the ratio is TUI / reference.
 * 2. 5,000 sites: the first row as above, then G (to the last row), g (back), and j pressed
 *    --keys times one after another, each timed until the cursor row shows the next site
 *    (windowed rendering: only the rows that fit are drawn).
 *
 * Prints figures only. Run: npx tsx scripts/bench/tui-start.ts [--runs 5] [--size 5000] [--keys 50]
 * Builds apps/server, apps/tui and apps/cli first (node build.mjs in each).
 */
import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PropertySettings, toSavePayload } from '../../packages/core/src/property';
import { properties } from '../../apps/server/src/repositories/properties';
import { startLiveServer } from '../../apps/server/test/live-server';
import { median, runAssent } from './support';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bin = path.join(root, 'bin', 'assent');

function argument(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}
const runs = Number(argument('runs', '5'));
const size = Number(argument('size', '5000'));
const keyPresses = Number(argument('keys', '50'));
const SMALL = 20;
const WAIT_MS = 120_000;

const ms = (value: number) => `${value.toFixed(0)} ms`;
const spread = (values: number[]) =>
  `median ${ms(median(values))} (min ${ms(Math.min(...values))}, max ${ms(Math.max(...values))}, ${values.length} runs)`;
const siteName = (i: number) => `site-${String(i).padStart(5, '0')}.example.com`;

/** A pass-through proxy that notes when each response of the properties list was sent. */
async function startProxy(target: string) {
  const upstream = new URL(target);
  const listSent: number[] = [];
  const server = http.createServer((req, res) => {
    const forward = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: upstream.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
    // GET /customization/v2/site?pCode=…&sort=url,ASC: the list the Properties section shows.
    const { pathname } = new URL(req.url ?? '/', 'http://proxy');
    if (req.method === 'GET' && pathname === '/customization/v2/site')
      res.on('finish', () => listSent.push(performance.now()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    /** The first list response sent after `since`. */
    listSentAfter: (since: number) => listSent.find((t) => t >= since),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// CSI and OSC sequences and charset selections: what is left is the text on the screen.
const ANSI = new RegExp(
  String.raw`\u001b\[[0-9;?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b[()][0-9A-B]|\u001b[=>78]`,
  'g',
);

/** `assent tui` in a pseudo-terminal of 100x30: its output as it comes, and keys to type. */
class Terminal {
  readonly started = performance.now();
  private readonly child: ChildProcessWithoutNullStreams;
  private raw = '';
  private waiters: Array<{ text: string; from: number; resolve: (at: number) => void }> = [];
  readonly closed: Promise<number>;

  constructor(env: Record<string, string>) {
    const command = `stty cols 100 rows 30 && exec ${process.execPath} ${bin} tui`;
    this.child = spawn('script', ['-qfec', command, '/dev/null'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: tmpdir(), TERM: 'xterm-256color', ...env },
    });
    this.child.stdout.on('data', (chunk: Buffer) => {
      this.raw += chunk.toString('utf8');
      const now = performance.now();
      this.waiters = this.waiters.filter((w) => {
        if (!this.raw.slice(w.from).replace(ANSI, '').includes(w.text)) return true;
        w.resolve(now);
        return false;
      });
    });
    this.closed = new Promise((resolve) => this.child.on('close', (code) => resolve(code ?? 1)));
  }

  /** Sends `keys` (or nothing) and resolves with the time `text` is drawn after them. */
  async after(keys: string, text: string): Promise<number> {
    const from = this.raw.length;
    const shown = new Promise<number>((resolve, reject) => {
      this.waiters.push({ text, from, resolve });
      setTimeout(
        () =>
          reject(
            new Error(
              `the terminal never showed "${text}"; its last output:\n${this.raw.slice(-2000).replace(ANSI, '')}`,
            ),
          ),
        WAIT_MS,
      ).unref();
    });
    if (keys) this.child.stdin.write(keys);
    return shown;
  }

  async quit(): Promise<void> {
    this.child.stdin.write('q');
    const code = await this.closed;
    if (code !== 0) throw new Error(`assent tui exited with ${code}`);
  }
}

/** Runs `bin/assent args` (not at a terminal) and resolves with its wall time. */
async function assent(args: string[], env: Record<string, string>): Promise<number> {
  const run = await runAssent(args, env);
  if (run.code !== 0 || !run.stdout.includes(siteName(0)))
    throw new Error(`assent ${args.join(' ')} failed (${run.code}): ${run.stderr.slice(-500)}`);
  return run.ms;
}

for (const app of ['server', 'tui', 'cli'])
  execFileSync(process.execPath, ['build.mjs'], { cwd: path.join(root, 'apps', app) });

const server = await startLiveServer();
const proxy = await startProxy(server.url);
const configDir = mkdtempSync(path.join(tmpdir(), 'assent-bench-tui-'));

async function account(email: string, count: number): Promise<Record<string, string>> {
  const { token, pcode } = await server.user(email);
  await server.deps.db.transaction(async (tx) => {
    for (let i = 0; i < count; i++) {
      const values = toSavePayload(
        PropertySettings.parse({
          url: siteName(i),
          publisherName: `Site ${i}`,
          themeId: '1',
          consentLocations: ['EEA'],
        }),
      );
      await properties.insert(tx, pcode, values, new Date());
    }
  });
  return {
    ASSENT_URL: proxy.url,
    ASSENT_TOKEN: token,
    ASSENT_ACCOUNT: pcode,
    ASSENT_CONFIG_DIR: configDir,
    NO_COLOR: '1',
  };
}

/** One start of the TUI: process start → first row, list response sent → first row. */
async function startUp(env: Record<string, string>) {
  const terminal = new Terminal(env);
  const firstRow = await terminal.after('', `> ${siteName(0)}`);
  const listSent = proxy.listSentAfter(terminal.started);
  if (listSent === undefined) throw new Error('the properties list never went through the proxy');
  return {
    terminal,
    fromStart: firstRow - terminal.started,
    fromData: firstRow - listSent,
  };
}

try {
  const small = await account('bench-tui-small@example.com', SMALL);
  // One start of each first (the server's and the disk's caches), then the measured runs.
  await (await startUp(small)).terminal.quit();
  await assent(['properties', 'list'], small);
  const fromStart: number[] = [];
  const fromData: number[] = [];
  const reference: number[] = [];
  for (let i = 0; i < runs; i++) {
    const run = await startUp(small);
    fromStart.push(run.fromStart);
    fromData.push(run.fromData);
    await run.terminal.quit();
    reference.push(await assent(['properties', 'list'], small));
  }
  process.stdout.write(
    [
      `assent tui start-up, ${SMALL} sites (100x30 pseudo-terminal, NO_COLOR):`,
      `  process start → first list row drawn:    ${spread(fromStart)}`,
      `  list response sent → first list row:     ${spread(fromData)} (goal: under 500 ms)`,
      `  reference, assent properties list (exit): ${spread(reference)}`,
      `  ratio, TUI first row / properties list:  ${(median(fromStart) / median(reference)).toFixed(2)}`,
      '',
    ].join('\n'),
  );

  const large = await account(`bench-tui-${size}@example.com`, size);
  const run = await startUp(large);
  const { terminal } = run;
  const last = siteName(size - 1);
  const before = performance.now();
  const toEnd = (await terminal.after('G', `> ${last}`)) - before;
  const beforeTop = performance.now();
  const toTop = (await terminal.after('g', `> ${siteName(0)}`)) - beforeTop;
  const perKey: number[] = [];
  for (let i = 1; i <= keyPresses; i++) {
    const pressed = performance.now();
    perKey.push((await terminal.after('j', `> ${siteName(i)}`)) - pressed);
  }
  await terminal.quit();
  process.stdout.write(
    [
      `assent tui, ${size} sites:`,
      `  process start → first list row drawn: ${ms(run.fromStart)}`,
      `  list response sent → first list row:  ${ms(run.fromData)}`,
      `  G (to the last row, ${last}): ${ms(toEnd)}; g (back to the first): ${ms(toTop)}`,
      `  j, ${keyPresses} presses one after another: per key ${spread(perKey).replace(' runs', ' presses')}; total ${ms(perKey.reduce((a, b) => a + b, 0))}`,
      '',
    ].join('\n'),
  );
} finally {
  await proxy.close();
  await server.close();
  rmSync(configDir, { recursive: true, force: true });
}
