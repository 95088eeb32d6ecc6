import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import type { LiveServer, TestUser } from '@assent/server/testing';
import { startLiveServer } from '@assent/server/testing';

export const REPO_ROOT = path.resolve(__dirname, '../../..');
const BIN = path.join(REPO_ROOT, 'bin', 'assent');

export type { TestUser } from '@assent/server/testing';

export interface CliServer {
  url: string;
  services: LiveServer['services'];
  /** A confirmed user with an account of their own and a personal access token. */
  user(email: string, options?: { copEnabled?: boolean }): Promise<TestUser>;
  /** Adds the user to a new account; returns its code. */
  addAccount(user: TestUser, name: string): Promise<string>;
  close(): Promise<void>;
}

/** A real Assent server on 127.0.0.1 (random port) over an in-memory PGlite store. */
export async function startCliServer(): Promise<CliServer> {
  const server = await startLiveServer();
  return {
    url: server.url,
    services: server.services,
    user: (email, options = {}) =>
      server.user(email, { organisation: { copEnabled: options.copEnabled ?? false } }),
    addAccount: (user, name) => server.addAccount(user, name),
    close: () => server.close(),
  };
}

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `node bin/assent ...args` as a separate process (asynchronously: the server answers from
 * this process's event loop), with a clean environment plus `env`.
 */
export function runCli(
  args: readonly string[],
  options: { env?: Record<string, string>; input?: string; cwd?: string } = {},
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: options.cwd ?? REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), NO_COLOR: '1', ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}
