import { mkdtempSync, rmSync } from 'node:fs';
import { mailedCode, readOutbox } from '@assent/testing';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import type { RunReportQuery } from '../src/jobs/report-run';
import { loadConfig } from '../src/config';
import type { ServerConfig } from '../src/config';
import { MEMORY_DATABASE_URL } from '../src/db';
import type { Services } from '../src/index';
import { startServices } from '../src/index';
import { sessions } from '../src/repositories/sessions';
import type { AppDeps } from '../src/routes/context';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from '../src/services/auth';
import type { TestUser, UserOptions } from './live-server';
import { TEST_ENV, createTestUser, gvlFixture, silentLogger } from './live-server';

export { gvlFixture } from './live-server';

export type Store = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when the suite's throwaway cluster is running. */
export function stores(): Store[] {
  return inject('postgresUrl') ? ['pglite', 'postgres'] : ['pglite'];
}

/** A fresh database on the given store: PGlite in memory, or a new database in the test cluster. */
async function freshDatabaseUrl(
  store: Store,
  persistent = false,
): Promise<{ url: string; drop: () => Promise<void> }> {
  // An empty DATABASE_URL is PGlite on disk under the data directory (it survives a restart).
  if (store === 'pglite')
    return { url: persistent ? '' : MEMORY_DATABASE_URL, drop: async () => {} };
  const admin = inject('postgresUrl');
  const name = `assent_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  return {
    url: admin.replace(/\/postgres$/, `/${name}`),
    async drop() {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface TestServer {
  store: Store;
  app: FastifyInstance;
  deps: AppDeps;
  services: Services;
  config: ServerConfig;
  dataDir: string;
  /** Sends a request as `as` (a signed-in user) or anonymously; JSON bodies are serialised. */
  request(options: InjectOptions & { as?: TestUser }): Promise<LightMyRequestResponse>;
  /** A confirmed user with an account of their own, signed in with a session cookie. */
  user(email?: string, options?: UserOptions): Promise<TestUser>;
  /** A fresh session for a user (after the clock moved past the old one's expiry). */
  refresh(user: TestUser): Promise<TestUser>;
  /** The e-mails written to the outbox, newest last. */
  outbox(): Array<{ to: string; subject: string; text: string }>;
  /** The six-digit code of the newest mail to `to`. */
  mailedCode(to: string): string;
  /**
   * Stops the server (HTTP, workers, database) and starts it again on the same database, as a
   * process restart would (needs `persistent` on PGlite); `whileDown` runs in between (move the
   * clock, say). `app`, `deps` and `services` change.
   */
  restart(whileDown?: () => void | Promise<void>): Promise<void>;
  close(): Promise<void>;
}

export type { TestUser } from './live-server';

export const ORIGIN = 'http://assent.test';

export async function createTestServer(
  store: Store,
  options: {
    env?: Record<string, string>;
    now?: () => Date;
    workers?: boolean;
    /** PGlite on disk instead of in memory, so that `restart` keeps the data. */
    persistent?: boolean;
    reportQuery?: RunReportQuery;
  } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'assent-test-'));
  const database = await freshDatabaseUrl(store, options.persistent);
  const config = loadConfig({
    ...TEST_ENV,
    ASSENT_DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    ASSENT_ALLOW_PRIVATE_FETCH: '1',
    ASSENT_PUBLIC_URL: ORIGIN,
    ...options.env,
  });
  const start = () =>
    startServices(config, {
      logger: silentLogger,
      pollingIntervalSeconds: 0.5,
      ...(options.now ? { now: options.now } : {}),
      ...(options.workers === false ? { workers: false } : {}),
      ...(options.reportQuery ? { reportQuery: options.reportQuery } : {}),
    });
  const services = await start();
  const { deps } = services;
  await deps.lists.importVendorList(gvlFixture('gvl3-vendor-list.json'), 'fixture');
  await deps.lists.importVendorList(gvlFixture('gvl2-vendor-list.json'), 'fixture');
  const app = await buildApp(deps, { validateResponses: true, logger: false });
  let counter = 0;
  // Over https only the `__Host-` cookie is read (as a browser would send it there).
  const cookieName = config.publicUrl?.startsWith('https://')
    ? SECURE_SESSION_COOKIE
    : SESSION_COOKIE;

  const server: TestServer = {
    store,
    app,
    deps,
    services,
    config,
    dataDir,
    request({ as, headers, ...rest }) {
      const writes = rest.method && rest.method !== 'GET' && rest.method !== 'HEAD';
      return server.app.inject({
        ...rest,
        headers: {
          ...(writes ? { origin: ORIGIN } : {}),
          ...(as ? { cookie: `${cookieName}=${as.cookie}` } : {}),
          ...headers,
        },
      });
    },
    user(email, userOptions = {}) {
      counter += 1;
      return createTestUser(server.deps, email ?? `user${counter}@example.com`, userOptions);
    },
    async refresh(user) {
      const cookie = await sessions.create(server.deps.db, {
        userId: user.id,
        maxAgeMs: config.sessionMaxMs,
        now: deps.now(),
      });
      return { ...user, cookie };
    },
    outbox: () => readOutbox(dataDir),
    mailedCode: (to) => mailedCode(dataDir, to),
    async restart(whileDown) {
      await server.app.close();
      await server.services.close();
      await whileDown?.();
      server.services = await start();
      server.deps = server.services.deps;
      server.app = await buildApp(server.deps, { validateResponses: true, logger: false });
    },
    async close() {
      await server.app.close();
      await server.services.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

/** Parses a JSON response body. */
export const json = <T = unknown>(response: LightMyRequestResponse): T =>
  JSON.parse(response.body) as T;
