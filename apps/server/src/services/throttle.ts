import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { LruCache } from './lru';

/**
 * The identity routes' limits (ASVS 5.0 §6.3). An attacker slows down; the owner does not:
 * - each address has a budget of attempts on the identity routes (`perIp`), then waits;
 * - sign-in failures for an account from one address get increasing delays after `freeFailures`
 *   (1 s, 2 s, 4 s… up to `maxDelaySeconds`), forgotten when that address signs in;
 * - failures for an account from addresses that never signed in to it, all together, get the same
 *   increasing delays after `accountWideFreeFailures` — but an address that has signed in to the
 *   account before is not held by them, so the owner's correct password works from there;
 * - the other identity routes (sign-up, codes, mails, change password) have `perAccount` attempts
 *   per account from any address.
 */
export const THROTTLE = {
  windowSeconds: 15 * 60,
  perIp: 30,
  perAccount: 10,
  freeFailures: 5,
  accountWideFreeFailures: 20,
  maxDelaySeconds: 15 * 60,
} as const;

/** The delay after `failures` failures with `free` of them allowed: 0, then 1 s, 2 s, 4 s… */
export function failureDelaySeconds(failures: number, free: number): number {
  if (failures <= free) return 0;
  return Math.min(THROTTLE.maxDelaySeconds, 2 ** Math.min(failures - free - 1, 20));
}

/** Refused for `retryAfterSeconds`, or allowed. */
export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const ALLOWED: ThrottleVerdict = { allowed: true };
const retryAfter = (res: RateLimiterRes): ThrottleVerdict => ({
  allowed: false,
  retryAfterSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
});

/** Counters in this process's memory (rate-limiter-flexible); created once in main and passed down. */
export function createThrottle() {
  const window = { duration: THROTTLE.windowSeconds };
  const perIp = new RateLimiterMemory({ points: THROTTLE.perIp, ...window });
  const perAccount = new RateLimiterMemory({ points: THROTTLE.perAccount, ...window });
  // Failure counts (never refusing by themselves) and the delays they lead to.
  const failures = new RateLimiterMemory({ points: Number.MAX_SAFE_INTEGER, ...window });
  const delays = new RateLimiterMemory({ points: 1, duration: THROTTLE.maxDelaySeconds });
  /** Addresses that signed in to an account (the owner's), by account. */
  const knownAddresses = new LruCache<string, Set<string>>(10_000);

  const account = (email: string) => email.trim().toLowerCase();
  const pairKey = (email: string, ip: string) => `pair:${account(email)}:${ip}`;
  const wideKey = (email: string) => `account:${account(email)}`;
  const isKnown = (email: string, ip: string) =>
    knownAddresses.get(account(email))?.has(ip) ?? false;

  async function consume(limiter: RateLimiterMemory, key: string): Promise<ThrottleVerdict> {
    try {
      await limiter.consume(key);
      return ALLOWED;
    } catch (error) {
      if (error instanceof RateLimiterRes) return retryAfter(error);
      throw error;
    }
  }

  async function delayed(key: string): Promise<ThrottleVerdict> {
    const res = await delays.get(key);
    return res && res.consumedPoints > 1 && res.msBeforeNext > 0 ? retryAfter(res) : ALLOWED;
  }

  async function countFailure(key: string, free: number): Promise<void> {
    const res = await failures.penalty(key, 1);
    const delay = failureDelaySeconds(res.consumedPoints, free);
    if (delay > 0) await delays.block(key, delay);
  }

  return {
    /** One attempt of an address on an identity route. */
    attempt: (ip: string, routeId: string) => consume(perIp, `${routeId}:${ip}`),
    /** One attempt for an account on an identity route other than sign-in. */
    accountAttempt: (email: string, routeId: string) =>
      consume(perAccount, `${routeId}:${account(email)}`),
    /** Whether a sign-in for this account from this address must wait first. */
    async signInAllowed(email: string, ip: string): Promise<ThrottleVerdict> {
      const pair = await delayed(pairKey(email, ip));
      if (!pair.allowed || isKnown(email, ip)) return pair;
      return delayed(wideKey(email));
    },
    async signInFailed(email: string, ip: string): Promise<void> {
      await countFailure(pairKey(email, ip), THROTTLE.freeFailures);
      if (!isKnown(email, ip)) await countFailure(wideKey(email), THROTTLE.accountWideFreeFailures);
    },
    /** A correct password: this address's failures are forgotten and it is known for the account. */
    async signInSucceeded(email: string, ip: string): Promise<void> {
      await Promise.all([failures.delete(pairKey(email, ip)), delays.delete(pairKey(email, ip))]);
      const known = knownAddresses.get(account(email)) ?? new Set<string>();
      known.add(ip);
      // The 20 most recent addresses are enough to recognise the owner's usual places.
      if (known.size > 20) known.delete(known.values().next().value as string);
      knownAddresses.set(account(email), known);
    },
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
