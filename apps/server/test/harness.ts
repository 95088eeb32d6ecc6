import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { readOutbox } from '@assent/testing';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { ServerConfig } from '../src/config';
import { MEMORY_DATABASE_URL } from '../src/db';
import type { Services } from '../src/index';
import { startServices } from '../src/index';
import { organisations, users } from '../src/repositories/accounts';
import { sessions } from '../src/repositories/sessions';
import type { AppDeps } from '../src/routes/context';
import { hashPassword } from '../src/services/secrets';
import { SESSION_COOKIE } from '../src/services/auth';

export type Store = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when the suite's throwaway cluster is running. */
export function stores(): Store[] {
  return inject('postgresUrl') ? ['pglite', 'postgres'] : ['pglite'];
}

export const GVL_FIXTURES = path.resolve(__dirname, '../../../../shared/fixtures/gvl');
export const gvlFixture = (
  name: 'gvl2-vendor-list.json' | 'gvl3-vendor-list.json' | 'gvl3-vendor-list-v17.json',
) => readFileSync(path.join(GVL_FIXTURES, name), 'utf8');

const silent = { info() {}, warn() {}, error() {} };

/** A fresh database on the given store: PGlite in memory, or a new database in the test cluster. */
async function freshDatabaseUrl(store: Store): Promise<{ url: string; drop: () => Promise<void> }> {
  if (store === 'pglite') return { url: MEMORY_DATABASE_URL, drop: async () => {} };
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
  user(
    email?: string,
    options?: {
      admin?: boolean;
      organisation?: { premiumEligible?: boolean; copEnabled?: boolean };
    },
  ): Promise<TestUser>;
  /** A fresh session for a user (after the clock moved past the old one's expiry). */
  refresh(user: TestUser): Promise<TestUser>;
  /** The e-mails written to the outbox, newest last. */
  outbox(): Array<{ to: string; subject: string; text: string }>;
  close(): Promise<void>;
}

export interface TestUser {
  id: number;
  email: string;
  password: string;
  pcode: string;
  cookie: string;
}

export const ORIGIN = 'http://assent.test';

export async function createTestServer(
  store: Store,
  options: { env?: Record<string, string>; now?: () => Date; workers?: boolean } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'assent-test-'));
  const database = await freshDatabaseUrl(store);
  const config = loadConfig({
    ASSENT_DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    ASSENT_DEMO: '0',
    ASSENT_LOG_LEVEL: 'silent',
    ASSENT_ALLOW_PRIVATE_FETCH: '1',
    ASSENT_PUBLIC_URL: ORIGIN,
    ASSENT_GVL_URL: 'http://127.0.0.1:9/unreachable',
    ASSENT_GOOGLE_ATP_URL: 'http://127.0.0.1:9/unreachable.csv',
    ...options.env,
  });
  const services = await startServices(config, {
    logger: silent,
    pollingIntervalSeconds: 0.5,
    ...(options.now ? { now: options.now } : {}),
    ...(options.workers === false ? { workers: false } : {}),
  });
  const { deps } = services;
  await deps.lists.importVendorList(gvlFixture('gvl3-vendor-list.json'), 'fixture');
  await deps.lists.importVendorList(gvlFixture('gvl2-vendor-list.json'), 'fixture');
  const app = await buildApp(deps, { validateResponses: true, logger: false });
  let counter = 0;

  const server: TestServer = {
    store,
    app,
    deps,
    services,
    config,
    dataDir,
    request({ as, headers, ...rest }) {
      const writes = rest.method && rest.method !== 'GET' && rest.method !== 'HEAD';
      return app.inject({
        ...rest,
        headers: {
          ...(writes ? { origin: ORIGIN } : {}),
          ...(as ? { cookie: `${SESSION_COOKIE}=${as.cookie}` } : {}),
          ...headers,
        },
      });
    },
    async user(email, userOptions = {}) {
      counter += 1;
      const address = email ?? `user${counter}@example.com`;
      const password = 'correct horse 42';
      const now = deps.now();
      const row = await users.create(deps.db, {
        email: address,
        givenName: 'Test',
        familyName: `User${counter}`,
        company: 'Example Ltd',
        passwordHash: await hashPassword(password),
        confirmed: true,
      });
      if (userOptions.admin) await users.setAdmin(deps.db, address, true);
      const org = await organisations.create(
        deps.db,
        `Example ${counter}`,
        userOptions.organisation ?? {},
      );
      await organisations.addMember(deps.db, row.id, org.id);
      const cookie = await sessions.create(deps.db, {
        userId: row.id,
        maxAgeMs: config.sessionMaxMs,
        now,
      });
      return { id: row.id, email: address, password, pcode: org.pcode, cookie };
    },
    async refresh(user) {
      const cookie = await sessions.create(deps.db, {
        userId: user.id,
        maxAgeMs: config.sessionMaxMs,
        now: deps.now(),
      });
      return { ...user, cookie };
    },
    outbox: () => readOutbox(dataDir),
    async close() {
      await app.close();
      await services.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

/** Parses a JSON response body. */
export const json = <T = unknown>(response: LightMyRequestResponse): T =>
  JSON.parse(response.body) as T;
