import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { AssentClient } from '@assent/core/api';
import { PNG_1X1 } from '@assent/core/testing';
import type { LiveServer, TestUser } from '@assent/server/testing';
import { startLiveServer } from '@assent/server/testing';

export const REPO_ROOT = path.resolve(__dirname, '../../..');
const BIN = path.join(REPO_ROOT, 'bin', 'assent');

export type { TestUser } from '@assent/server/testing';

export interface CliServer {
  url: string;
  services: LiveServer['services'];
  /** The server's database and clock, for records a test stores directly (past page views). */
  deps: LiveServer['deps'];
  /** A confirmed user with an account of their own and a personal access token. */
  user(email: string, options?: { copEnabled?: boolean }): Promise<TestUser>;
  /** Adds the user to a new account (with the given code, for a known sort order); returns its code. */
  addAccount(user: TestUser, name: string, pcode?: string): Promise<string>;
  /** The typed client signed in as `user` (by token), to arrange what a test needs. */
  api(user: TestUser): AssentClient;
  close(): Promise<void>;
}

/**
 * A real Assent server on 127.0.0.1 (random port) over an in-memory PGlite store. It may load
 * logos from loopback (ASSENT_ALLOW_PRIVATE_FETCH), where the tests serve them.
 */
export async function startCliServer(): Promise<CliServer> {
  const server = await startLiveServer({ env: { ASSENT_ALLOW_PRIVATE_FETCH: '1' } });
  return {
    url: server.url,
    services: server.services,
    deps: server.deps,
    user: (email, options = {}) =>
      server.user(email, { organisation: { copEnabled: options.copEnabled ?? false } }),
    addAccount: (user, name, pcode) => server.addAccount(user, name, pcode),
    api: (user) => server.api(user),
    close: () => server.close(),
  };
}

export interface CliWorkspace {
  dir: string;
  /** A path inside the scratch folder. */
  file(name: string): string;
  /** Points the CLI at `server` as `user` (when given), with a config folder of its own. */
  env: Record<string, string>;
  remove(): void;
}

/** A scratch folder for one test file; the CLI's stored login goes into it, never into $HOME. */
export function cliWorkspace(
  name: string,
  signedIn?: { server: CliServer; user: TestUser },
): CliWorkspace {
  const dir = mkdtempSync(path.join(os.tmpdir(), `assent-${name}-test-`));
  const env: Record<string, string> = { ASSENT_CONFIG_DIR: path.join(dir, 'config') };
  if (signedIn) {
    env.ASSENT_URL = signedIn.server.url;
    env.ASSENT_TOKEN = signedIn.user.token;
    env.ASSENT_ACCOUNT = signedIn.user.pcode;
  }
  return {
    dir,
    file: (file) => path.join(dir, file),
    env,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  env?: Record<string, string>;
  /** Variables of the default environment to leave out (e.g. NO_COLOR). */
  unset?: string[];
  input?: string;
  cwd?: string;
  /**
   * Run on a pseudo-terminal (util-linux `script`): stdin, stdout and stderr are a terminal,
   * and what the terminal shows comes back as stdout. `stderrFile` sends stderr to a file
   * instead (not a terminal).
   */
  terminal?: { stderrFile?: string };
}

/** A running `assent`: its output so far, a way to wait for a line, to answer and to stop it. */
export interface CliProcess {
  child: ChildProcessWithoutNullStreams;
  output(): RunResult;
  /** Resolves once `text` appears on the stream (stdout holds the terminal's output). */
  waitFor(stream: 'stdout' | 'stderr', text: string | RegExp, timeoutMs?: number): Promise<void>;
  send(text: string): void;
  done: Promise<RunResult>;
}

/** Whether util-linux `script` can give a command a pseudo-terminal here. */
export const CAN_USE_TERMINAL =
  spawnSync('script', ['-qec', 'test -t 0 && test -t 1', '/dev/null'], { stdio: 'ignore' })
    .status === 0;

const shellQuote = (s: string) => `'${s.replace(/'/g, "'\\''")}'`;

/**
 * Starts `node bin/assent ...args` as a separate process (the server answers from this process's
 * event loop, so never wait for it synchronously), with a clean environment plus `env`.
 */
export function startCli(args: readonly string[], options: CliOptions = {}): CliProcess {
  const base: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: os.tmpdir(),
    NO_COLOR: '1',
  };
  for (const name of options.unset ?? []) delete base[name];
  const env = { ...base, ...options.env };
  const command = [process.execPath, BIN, ...args];
  const child = options.terminal
    ? spawn(
        'script',
        [
          '-qec',
          `stty cols 80 rows 40; exec ${command.map(shellQuote).join(' ')}${
            options.terminal.stderrFile ? ` 2>${shellQuote(options.terminal.stderrFile)}` : ''
          }`,
          '/dev/null',
        ],
        { cwd: options.cwd ?? REPO_ROOT, env: { ...env, TERM: 'xterm' } },
      )
    : spawn(command[0]!, command.slice(1), { cwd: options.cwd ?? REPO_ROOT, env });
  let stdout = '';
  let stderr = '';
  const waiters: Array<() => void> = [];
  const notify = () => waiters.splice(0).forEach((w) => w());
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    notify();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    notify();
  });
  const done = new Promise<RunResult>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) =>
      resolve({ code: code ?? (signal ? 128 : 1), stdout, stderr }),
    );
  });
  if (options.input !== undefined) child.stdin.end(options.input);
  else if (!options.terminal) child.stdin.end('');
  const output = () => ({ code: child.exitCode ?? -1, stdout, stderr });
  return {
    child,
    output,
    done,
    send: (text) => child.stdin.write(text),
    waitFor(stream, text, timeoutMs = 30_000) {
      const seen = () => {
        const current = stream === 'stdout' ? stdout : stderr;
        return typeof text === 'string' ? current.includes(text) : text.test(current);
      };
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () =>
            reject(
              new Error(
                `timed out waiting for ${String(text)} on ${stream}: ${JSON.stringify(output())}`,
              ),
            ),
          timeoutMs,
        );
        const check = () => {
          if (seen()) {
            clearTimeout(timer);
            resolve();
          } else if (child.exitCode !== null) {
            clearTimeout(timer);
            reject(new Error(`assent ended before ${String(text)}: ${JSON.stringify(output())}`));
          } else waiters.push(check);
        };
        check();
      });
    },
  };
}

/** Runs `node bin/assent ...args` to the end (see startCli). */
export function runCli(args: readonly string[], options: CliOptions = {}): Promise<RunResult> {
  return startCli(args, options).done;
}

/**
 * Holds the bulk updates the server starts (their queue message is kept back), so a test can
 * act while a job is RUNNING; release() sends them on.
 */
export function holdBulkUpdates(server: CliServer): { release(): Promise<void>; held(): number } {
  const jobs = server.services.deps.jobs;
  const send = jobs.send.bind(jobs);
  const held: Array<Parameters<typeof send>> = [];
  jobs.send = async (...args) => {
    held.push(args);
    return null;
  };
  return {
    held: () => held.length,
    async release() {
      jobs.send = send;
      for (const args of held.splice(0)) await send(...args);
    },
  };
}

/**
 * A loopback web server for logos: `/logo.png…` (and any path under `/logos/`) answers a PNG,
 * `/fake.png` an HTML page labelled image/png, anything else 404.
 */
export async function startLogoServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    if (request.url?.startsWith('/logo.png') || request.url?.includes('/logos/'))
      response.writeHead(200, { 'content-type': 'image/png', etag: '"v1"' }).end(PNG_1X1);
    else if (request.url === '/fake.png')
      response.writeHead(200, { 'content-type': 'image/png' }).end('<!doctype html><p>Moved');
    else response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
