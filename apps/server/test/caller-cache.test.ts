import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startAdminEndpoint } from '../src/operator/admin-endpoint';
import type { AdminEndpoint } from '../src/operator/admin-endpoint';
import { runOperation } from '../src/operator/run';
import { organisations } from '../src/repositories/accounts';
import { SESSION_COOKIE } from '../src/services/auth';
import { CallerCache } from '../src/services/caller-cache';
import type { TestServer } from './harness';
import { ORIGIN, createTestServer, json, stores } from './harness';
import type { TestUser } from './live-server';
import { silentLogger } from './live-server';

/*
 * The callers cache (services/caller-cache.ts): a session or token seen recently is not read from
 * the database again, yet whatever this process does to end it or to change the user's accounts
 * counts at the next request. The cache here keeps callers for a minute, so a check that passes
 * only because the entry expired cannot pass by accident; each test first shows that its caller
 * is served from the cache (a change made behind the server's back does not show).
 */
describe.each(stores())('the callers cache (%s)', (store) => {
  let server: TestServer;
  let endpoint: AdminEndpoint;
  beforeAll(async () => {
    server = await createTestServer(store);
    endpoint = await startAdminEndpoint({
      db: server.deps.db,
      now: server.deps.now,
      dataDir: server.dataDir,
      logger: silentLogger,
      afterOperation: () => server.deps.callers.forgetUser(),
    });
  });
  afterAll(async () => {
    await endpoint?.close();
    await server?.close();
  });
  beforeEach(() => {
    server.deps.callers = new CallerCache(60_000);
  });

  const me = (headers: Record<string, string>) =>
    server.request({ method: 'GET', url: '/auth/me', headers });
  const withCookie = (cookie: string) => ({ cookie: `${SESSION_COOKIE}=${cookie}` });
  const withToken = (token: string) => ({ authorization: `Bearer ${token}` });
  const sites = (user: TestUser, pcode: string) =>
    server.request({
      method: 'GET',
      url: `/customization/v2/site?pCode=${pcode}`,
      headers: withToken(user.token),
    });
  /** Ends every session and token of a user in the database only, as another server would. */
  const revokeBehindTheServer = async (userId: number) => {
    await server.deps.db.query('update sessions set revoked_at = now() where user_id = $1', [
      userId,
    ]);
    await server.deps.db.query('update access_tokens set revoked_at = now() where user_id = $1', [
      userId,
    ]);
  };

  it('serves a recent caller without the database, and reads it again once it expires', async () => {
    const user = await server.user();
    server.deps.callers = new CallerCache(300);
    expect((await me(withToken(user.token))).statusCode).toBe(200);
    await revokeBehindTheServer(user.id);
    // Within the time to live: still the cached caller (another server's revocation waits for it).
    expect((await me(withToken(user.token))).statusCode).toBe(200);
    await expect
      .poll(async () => (await me(withToken(user.token))).statusCode, { timeout: 10_000 })
      .toBe(401);
  });

  it('signing out ends the session at once', async () => {
    const user = await server.user();
    expect((await me(withCookie(user.cookie))).statusCode).toBe(200);
    const out = await server.request({ method: 'POST', url: '/auth/sign-out', as: user });
    expect(out.statusCode).toBe(200);
    expect((await me(withCookie(user.cookie))).statusCode).toBe(401);
  });

  it('signing in again ends the session the browser presented at once (rotation)', async () => {
    const user = await server.user();
    expect((await me(withCookie(user.cookie))).statusCode).toBe(200);
    const signIn = await server.request({
      method: 'POST',
      url: '/auth/sign-in',
      payload: { email: user.email, password: user.password },
      headers: { ...withCookie(user.cookie), origin: ORIGIN },
    });
    expect(signIn.statusCode).toBe(200);
    const rotated = /assent_session=([^;]+)/.exec(String(signIn.headers['set-cookie']))![1]!;
    expect((await me(withCookie(user.cookie))).statusCode).toBe(401);
    expect((await me(withCookie(rotated))).statusCode).toBe(200);
  });

  it("a password change ends the user's other sessions and tokens at once", async () => {
    const user = await server.user();
    const other = await server.refresh(user);
    expect((await me(withCookie(other.cookie))).statusCode).toBe(200);
    expect((await me(withToken(user.token))).statusCode).toBe(200);
    const changed = await server.request({
      method: 'POST',
      url: '/auth/change-password',
      payload: { oldPassword: user.password, newPassword: 'another pass 3' },
      as: user,
    });
    expect(changed.statusCode).toBe(200);
    expect((await me(withCookie(other.cookie))).statusCode).toBe(401);
    expect((await me(withToken(user.token))).statusCode).toBe(401);
    expect((await me(withCookie(user.cookie))).statusCode).toBe(200);
  });

  it('revoking a token ends it at once', async () => {
    const user = await server.user();
    const created = await server.request({
      method: 'POST',
      url: '/auth/tokens',
      payload: { name: 'CI' },
      as: user,
    });
    const token = json<{ id: string; secret: string }>(created);
    expect((await me(withToken(token.secret))).statusCode).toBe(200);
    const revoked = await server.request({
      method: 'DELETE',
      url: `/auth/tokens/${token.id}`,
      as: user,
    });
    expect(revoked.statusCode).toBe(200);
    expect((await me(withToken(token.secret))).statusCode).toBe(401);
  });

  it("an operator's removal of a member refuses the account at once; a new membership counts at once", async () => {
    const owner = await server.user();
    const member = await server.user();
    const account = (await organisations.get(server.deps.db, owner.pcode))!;
    // Joined behind the server's back (another server, say): the membership check reads again.
    expect((await sites(member, owner.pcode)).statusCode).toBe(403);
    await organisations.addMember(server.deps.db, member.id, account.id);
    expect((await sites(member, owner.pcode)).statusCode).toBe(200);
    expect((await me(withToken(owner.token))).statusCode).toBe(200);
    await revokeBehindTheServer(owner.id);
    expect((await me(withToken(owner.token))).statusCode).toBe(200);

    await runOperation(
      'accountRemoveMember',
      { email: member.email, pcode: owner.pcode },
      server.config,
    );
    expect((await sites(member, owner.pcode)).statusCode).toBe(403);
    // Every caller was forgotten: the owner's revocation behind the server's back shows too.
    expect((await me(withToken(owner.token))).statusCode).toBe(401);
  });
});
