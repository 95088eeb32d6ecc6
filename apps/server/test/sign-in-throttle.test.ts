import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITED_MESSAGE } from '../src/routes/errors';
import { THROTTLE, failureDelaySeconds } from '../src/services/throttle';
import type { TestServer } from './harness';
import { createTestServer, json, stores } from './harness';

const WRONG = 'not the password 1';

describe('sign-in delays (issue 19 item 7)', () => {
  it('grow with each failure past the free ones, up to the cap', () => {
    const free = THROTTLE.freeFailures;
    expect([...Array(free + 5).keys()].map((n) => failureDelaySeconds(n + 1, free))).toEqual([
      ...Array<number>(free).fill(0),
      1,
      2,
      4,
      8,
      16,
    ]);
    expect(failureDelaySeconds(free + 40, free)).toBe(THROTTLE.maxDelaySeconds);
  });
});

describe.each(stores())('sign-in throttling (%s) — issue 19 item 7', (store) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(store, { workers: false });
  });
  afterAll(() => server?.close());

  const signIn = (email: string, password: string, ip: string) =>
    server.request({
      method: 'POST',
      url: '/auth/sign-in',
      payload: { email, password },
      remoteAddress: ip,
    });

  const retryAfter = (res: LightMyRequestResponse) => Number(res.headers['retry-after']);

  function expectWait(res: LightMyRequestResponse) {
    expect(res.statusCode).toBe(429);
    expect(json(res)).toEqual({ status: 'RATE_LIMITED', message: RATE_LIMITED_MESSAGE });
    expect(retryAfter(res)).toBeGreaterThan(0);
  }

  /** Tries until the answer is not 429 (the delay passed), at most for `seconds`. */
  async function afterTheDelay(attempt: () => Promise<LightMyRequestResponse>, seconds: number) {
    const until = Date.now() + seconds * 1000;
    for (;;) {
      const res = await attempt();
      if (res.statusCode !== 429 || Date.now() > until) return res;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it("an attacker's address waits longer after each failure; the owner signs in from another address meanwhile", async () => {
    const owner = await server.user('owner@example.com');
    const attacker = '198.51.100.7';
    for (let n = 1; n <= THROTTLE.freeFailures; n++) {
      expect((await signIn(owner.email, WRONG, attacker)).statusCode, `failure ${n}`).toBe(401);
    }
    // The next failure is answered, and from then on the address must wait: 1 s, then 2 s.
    expect((await signIn(owner.email, WRONG, attacker)).statusCode).toBe(401);
    const first = await signIn(owner.email, owner.password, attacker);
    expectWait(first);
    expect(retryAfter(first)).toBe(1);

    // The owner, elsewhere, is not held by the attacker's failures.
    expect((await signIn(owner.email, owner.password, '203.0.113.20')).statusCode).toBe(200);

    const again = await afterTheDelay(() => signIn(owner.email, WRONG, attacker), 5);
    expect(again.statusCode).toBe(401);
    const second = await signIn(owner.email, WRONG, attacker);
    expectWait(second);
    expect(retryAfter(second)).toBe(2);
    // Written another way, the address is the same account.
    expectWait(await signIn(`  ${owner.email.toUpperCase()} `, WRONG, attacker));
  });

  it('failures spread over many addresses slow down new addresses, not one the owner signed in from', async () => {
    const owner = await server.user('spread@example.com');
    const home = '203.0.113.50';
    expect((await signIn(owner.email, owner.password, home)).statusCode).toBe(200);
    // Each attacker address stays under its own free failures; together they pass the account's.
    const addresses = Math.ceil((THROTTLE.accountWideFreeFailures + 1) / THROTTLE.freeFailures);
    let failures = 0;
    for (let a = 0; a < addresses; a++) {
      for (
        let n = 0;
        n < THROTTLE.freeFailures && failures <= THROTTLE.accountWideFreeFailures;
        n++
      ) {
        expect((await signIn(owner.email, WRONG, `198.51.100.${100 + a}`)).statusCode).toBe(401);
        failures += 1;
      }
    }
    expectWait(await signIn(owner.email, owner.password, '198.51.100.200'));
    expect((await signIn(owner.email, owner.password, home)).statusCode).toBe(200);
  });

  it('one address has a budget of attempts, whatever the accounts; other addresses go on', async () => {
    const ip = '192.0.2.77';
    for (let n = 1; n <= THROTTLE.perIp; n++) {
      expect((await signIn(`nobody${n}@example.com`, WRONG, ip)).statusCode, `attempt ${n}`).toBe(
        401,
      );
    }
    const refused = await signIn('nobody-next@example.com', WRONG, ip);
    expectWait(refused);
    expect(retryAfter(refused)).toBeLessThanOrEqual(THROTTLE.windowSeconds);
    expect((await signIn('nobody-next@example.com', WRONG, '192.0.2.78')).statusCode).toBe(401);
  });
});
