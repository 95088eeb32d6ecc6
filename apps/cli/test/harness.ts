import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Services } from '@assent/server';
import { buildApp, loadConfig, startServices } from '@assent/server';
// Test-only: users, accounts and tokens straight through the server's repositories.
import { organisations, users } from '../../server/src/repositories/accounts';
import { accessTokens } from '../../server/src/repositories/sessions';
import { hashPassword } from '../../server/src/services/secrets';

export const REPO_ROOT = path.resolve(__dirname, '../../..');
const BIN = path.join(REPO_ROOT, 'bin', 'assent');

const silent = { info() {}, warn() {}, error() {} };

/** The IAB vendor lists the server tests use (site tags read the GVL; the tests have no internet). */
const GVL_FIXTURES = path.resolve(__dirname, '../../../../shared/fixtures/gvl');

export interface TestUser {
  id: number;
  email: string;
  password: string;
  pcode: string;
  token: string;
}

export interface CliServer {
  url: string;
  services: Services;
  /** A confirmed user with an account of their own and a personal access token. */
  user(email: string, options?: { copEnabled?: boolean }): Promise<TestUser>;
  /** Adds the user to a new account; returns its code. */
  addAccount(user: TestUser, name: string): Promise<string>;
  close(): Promise<void>;
}

/** A real Assent server on 127.0.0.1 (random port) over an in-memory PGlite store. */
export async function startCliServer(): Promise<CliServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'assent-cli-server-'));
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    ASSENT_DATA_DIR: dataDir,
    DATABASE_URL: 'pglite://memory',
    ASSENT_DEMO: '0',
    ASSENT_LOG_LEVEL: 'silent',
    ASSENT_GVL_URL: 'http://127.0.0.1:9/unreachable',
    ASSENT_GOOGLE_ATP_URL: 'http://127.0.0.1:9/unreachable.csv',
  });
  const services = await startServices(config, { logger: silent, pollingIntervalSeconds: 0.5 });
  for (const name of ['gvl3-vendor-list.json', 'gvl2-vendor-list.json'])
    await services.deps.lists.importVendorList(
      readFileSync(path.join(GVL_FIXTURES, name), 'utf8'),
      'fixture',
    );
  const app = await buildApp(services.deps, { logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const { db } = services.deps;
  return {
    url: `http://127.0.0.1:${port}`,
    services,
    async user(email, options = {}) {
      const password = 'correct horse 42';
      const row = await users.create(db, {
        email,
        givenName: 'Test',
        familyName: 'User',
        company: 'Example Ltd',
        passwordHash: await hashPassword(password),
        confirmed: true,
      });
      const org = await organisations.create(db, `Org of ${email}`, {
        copEnabled: options.copEnabled ?? false,
      });
      await organisations.addMember(db, row.id, org.id);
      const { token } = await accessTokens.create(db, {
        userId: row.id,
        name: 'test',
        now: new Date(),
      });
      return { id: row.id, email, password, pcode: org.pcode, token };
    },
    async addAccount(user, name) {
      const org = await organisations.create(db, name, {});
      await organisations.addMember(db, user.id, org.id);
      return org.pcode;
    },
    async close() {
      await app.close();
      await services.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
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
