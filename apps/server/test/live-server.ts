import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@assent/core/api';
import type { AssentClient, FetchLike } from '@assent/core/api';
import type { OutboxMail } from '@assent/testing';
import { gvlFixture, readOutbox } from '@assent/testing';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import type { ServerConfig } from '../src/config';
import { loadConfig } from '../src/config';
import { MEMORY_DATABASE_URL } from '../src/db';
import type { Services } from '../src/index';
import { startServices } from '../src/index';
import { organisations, users } from '../src/repositories/accounts';
import { externalLists } from '../src/repositories/external-lists';
import { accessTokens, sessions } from '../src/repositories/sessions';
import type { AppDeps } from '../src/routes/context';
import { hashPassword } from '../src/services/secrets';

/**
 * Test support without vitest imports (benchmarks use it too): users straight through the
 * repositories, and a real server listening on loopback.
 */

export { GVL_FIXTURES_DIR as GVL_FIXTURES, gvlFixture } from '@assent/testing';

export const silentLogger = { info() {}, warn() {}, error() {} };
export const TEST_PASSWORD = 'correct horse 42';

/** Environment of a test server: no demo, no network, quiet. */
/** Two providers in the format of Google's additional-consent-providers.csv. */
export const GOOGLE_ATP_CSV =
  'Provider ID,Provider Name,Policy URL,Domains\n' +
  '12,Example Ads,https://ads.example/privacy,ads.example\n' +
  '89,"Analytics, Inc.",https://analytics.example/policy,analytics.example\n';

/** Stores Google's provider list as if fetched (the tests' hosts have no internet access). */
export async function storeGoogleAtpList(deps: Pick<AppDeps, 'db' | 'now'>): Promise<void> {
  await externalLists.put(deps.db, {
    key: 'google-atp',
    body: GOOGLE_ATP_CSV,
    version: null,
    etag: null,
    fetchedAt: deps.now(),
    expiresAt: new Date(deps.now().getTime() + 365 * 24 * 3600_000),
    source: 'test',
  });
}

export const TEST_ENV: Record<string, string> = {
  ASSENT_DEMO: '0',
  ASSENT_LOG_LEVEL: 'silent',
  ASSENT_GVL_URL: 'http://127.0.0.1:9/unreachable',
  ASSENT_GOOGLE_ATP_URL: 'http://127.0.0.1:9/unreachable.csv',
  // Tests post many visits from 127.0.0.1; the limit's own test sets it (banner.test.ts).
  ASSENT_VISIT_RATE_LIMIT: '0',
};

/** The proxy geo headers trusted by a server (none by default): Cloudflare's, as tests send them. */
export const GEO_HEADER_ENV: Record<string, string> = {
  ASSENT_GEO_COUNTRY_HEADER: 'cf-ipcountry',
  ASSENT_GEO_REGION_HEADER: 'cf-region-code',
};

export interface TestUser {
  id: number;
  email: string;
  password: string;
  pcode: string;
  /** A session cookie value (assent_session). */
  cookie: string;
  /** A personal access token (Authorization: Bearer). */
  token: string;
}

export interface UserOptions {
  admin?: boolean;
  organisation?: { name?: string; premiumEligible?: boolean; copEnabled?: boolean };
}

/** A confirmed user with an account of their own, a session and a token. */
export async function createTestUser(
  deps: AppDeps,
  email: string,
  options: UserOptions = {},
): Promise<TestUser> {
  const { db, config } = deps;
  const row = await users.create(db, {
    email,
    givenName: 'Test',
    familyName: 'User',
    company: 'Example Ltd',
    passwordHash: await hashPassword(TEST_PASSWORD),
    confirmed: true,
  });
  if (options.admin) await users.setAdmin(db, email, true);
  const { name, ...flags } = options.organisation ?? {};
  const org = await organisations.create(db, name ?? `Org of ${email}`, flags);
  await organisations.addMember(db, row.id, org.id);
  const now = deps.now();
  const cookie = await sessions.create(db, { userId: row.id, maxAgeMs: config.sessionMaxMs, now });
  const { token } = await accessTokens.create(db, { userId: row.id, name: 'test', now });
  return { id: row.id, email, password: TEST_PASSWORD, pcode: org.pcode, cookie, token };
}

/** Adds a user to a new account (with the given code, when a test needs a known sort order); returns its code. */
export async function addAccount(
  deps: AppDeps,
  userId: number,
  name: string,
  pcode?: string,
): Promise<string> {
  const org = await organisations.create(deps.db, name, {});
  if (pcode)
    await deps.db.query('update organisations set pcode = $1 where id = $2', [pcode, org.id]);
  await organisations.addMember(deps.db, userId, org.id);
  // As the product's own ways of adding a member do (an invitation accepted, the operator's
  // command): forget the user's cached callers, so their next request sees the new account.
  deps.callers.forgetUser(userId);
  return pcode ?? org.pcode;
}

export interface LiveServer {
  url: string;
  app: FastifyInstance;
  services: Services;
  deps: AppDeps;
  config: ServerConfig;
  dataDir: string;
  user(email: string, options?: UserOptions): Promise<TestUser>;
  addAccount(user: Pick<TestUser, 'id'>, name: string, pcode?: string): Promise<string>;
  /** Makes `user` a member of the existing account `pcode` too (as `assent server account add-member`). */
  join(user: Pick<TestUser, 'id'>, pcode: string): Promise<void>;
  /** The typed client of core, signed in as `user` by token: to arrange what a test needs. */
  api(user: Pick<TestUser, 'token'>): AssentClient;
  outbox(): OutboxMail[];
  close(): Promise<void>;
}

/**
 * A real Assent server on 127.0.0.1 (a free port) over an in-memory PGlite store, with the GVL
 * fixtures imported (no network). `env` adds or overrides settings (ASSENT_WEB_DIST, ASSENT_CMP_ID…).
 */
export async function startLiveServer(
  options: { env?: Record<string, string>; pollingIntervalSeconds?: number } = {},
): Promise<LiveServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'assent-live-'));
  const config = loadConfig({
    ...TEST_ENV,
    ASSENT_DATA_DIR: dataDir,
    DATABASE_URL: MEMORY_DATABASE_URL,
    ...options.env,
  });
  const services = await startServices(config, {
    logger: silentLogger,
    pollingIntervalSeconds: options.pollingIntervalSeconds ?? 0.5,
  });
  const { deps } = services;
  for (const name of ['gvl3-vendor-list.json', 'gvl2-vendor-list.json'] as const) {
    await deps.lists.importVendorList(gvlFixture(name), 'fixture');
  }
  const app = await buildApp(deps, { logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    services,
    deps,
    config,
    dataDir,
    user: (email, userOptions) => createTestUser(deps, email, userOptions),
    addAccount: (user, name, pcode) => addAccount(deps, user.id, name, pcode),
    async join(user, pcode) {
      const org = await organisations.get(deps.db, pcode);
      if (!org) throw new Error(`No account ${pcode}`);
      await organisations.addMember(deps.db, user.id, org.id);
      deps.callers.forgetUser(user.id);
    },
    api: (user) =>
      createClient({
        baseUrl: `http://127.0.0.1:${port}`,
        fetch: globalThis.fetch as unknown as FetchLike,
        headers: () => ({ authorization: `Bearer ${user.token}` }),
      }),
    outbox: () => readOutbox(dataDir),
    async close() {
      await app.close();
      await services.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
