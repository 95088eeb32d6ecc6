import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/repositories/accounts';
import { sessions } from '../src/repositories/sessions';
import { RATE_LIMITED_MESSAGE } from '../src/routes/errors';
import { THROTTLE } from '../src/services/throttle';
import { SESSION_COOKIE } from '../src/services/auth';
import type { TestServer } from './harness';
import { createTestServer, json, stores } from './harness';

const PASSWORD = 'sturdy password 9';

/** Who an attempt is made for: an e-mail in the body, or a signed-in user (change password). */
interface Account {
  email: string;
  cookie?: string;
}

interface RateLimitedRoute {
  name: string;
  /** A new account for this route (a signed-in user where the route needs one). */
  account(server: TestServer, email: string): Promise<Account>;
  /** One attempt, well-formed so that it reaches the limiter. */
  send(server: TestServer, account: Account, ip: string): Promise<LightMyRequestResponse>;
}

const byEmail = (name: string, url: string, body: (email: string) => object): RateLimitedRoute => ({
  name,
  account: async (_server, email) => ({ email }),
  send: (server, account, ip) =>
    server.request({ method: 'POST', url, payload: body(account.email), remoteAddress: ip }),
});

const ROUTES: RateLimitedRoute[] = [
  byEmail('sign-up', '/auth/sign-up', (email) => ({
    email,
    firstName: 'Ada',
    lastName: 'Lovelace',
    company: 'Analytical Ltd',
  })),
  byEmail('confirm sign-up', '/auth/confirm-sign-up', (email) => ({
    email,
    code: '000000',
    password: PASSWORD,
  })),
  byEmail('forgot password', '/auth/forgot-password', (email) => ({ email })),
  byEmail('confirm forgot password', '/auth/confirm-forgot-password', (email) => ({
    email,
    code: '000000',
    password: PASSWORD,
  })),
  byEmail('resend confirmation', '/auth/resend-confirmation', (email) => ({ email })),
  {
    name: 'change password',
    // A signed-in user without a password: every attempt is a wrong old password, cheaply.
    async account(server, email) {
      const user = await users.create(server.deps.db, {
        email,
        givenName: 'Rate',
        familyName: 'Limited',
        company: 'Co',
        confirmed: true,
      });
      const cookie = await sessions.create(server.deps.db, {
        userId: user.id,
        maxAgeMs: server.config.sessionMaxMs,
        now: server.deps.now(),
      });
      return { email, cookie };
    },
    send: (server, account, ip) =>
      server.request({
        method: 'POST',
        url: '/auth/change-password',
        payload: { oldPassword: 'not my password 1', newPassword: 'another pass 3' },
        headers: { cookie: `${SESSION_COOKIE}=${account.cookie}` },
        remoteAddress: ip,
      }),
  },
];

function expectRateLimited(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(429);
  expect(json(res)).toEqual({ status: 'RATE_LIMITED', message: RATE_LIMITED_MESSAGE });
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(THROTTLE.windowSeconds);
}

describe.each(stores())('rate limits of the identity routes (%s)', (store) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(store, { workers: false });
  });
  afterAll(() => server?.close());

  it.each(ROUTES.map((route, i) => [route.name, route, i] as const))(
    '%s: answers 429 once one account had its attempts, from any IP; other accounts go on',
    async (_name, route, i) => {
      const slug = route.name.replace(/ /g, '-');
      const account = await route.account(server, `${slug}@example.com`);
      // Each attempt from another address: the per-account limit is not a per-IP one.
      for (let n = 1; n <= THROTTLE.perAccount; n++) {
        const res = await route.send(server, account, `10.${i}.1.${n}`);
        expect(res.statusCode, `attempt ${n}`).not.toBe(429);
      }
      expectRateLimited(await route.send(server, account, `10.${i}.2.1`));
      if (!account.cookie) {
        // The same account written differently is the same account.
        const padded = { email: `  ${account.email.toUpperCase()} ` };
        expectRateLimited(await route.send(server, padded, `10.${i}.2.2`));
      }
      const other = await route.account(server, `other-${slug}@example.com`);
      expect((await route.send(server, other, `10.${i}.2.1`)).statusCode).not.toBe(429);
    },
  );

  it.each(ROUTES.map((route, i) => [route.name, route, i] as const))(
    '%s: answers 429 once one IP had its attempts, whatever the account; other IPs go on',
    async (_name, route, i) => {
      const slug = route.name.replace(/ /g, '-');
      const ip = `172.16.${i}.1`;
      for (let n = 1; n <= THROTTLE.perIp; n++) {
        const account = await route.account(server, `ip-${slug}-${n}@example.com`);
        const res = await route.send(server, account, ip);
        expect(res.statusCode, `attempt ${n}`).not.toBe(429);
      }
      const next = await route.account(server, `ip-${slug}-next@example.com`);
      expectRateLimited(await route.send(server, next, ip));
      expect((await route.send(server, next, `172.16.${i}.2`)).statusCode).not.toBe(429);
    },
  );
});
