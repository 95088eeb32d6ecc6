import { LRUCache } from 'lru-cache';
import type { AuthUser } from '../routes/context';

/** How long a caller read from the database is trusted without reading it again (decisions.md). */
export const CALLER_CACHE_TTL_MS = 1000;
/** Callers kept at most (the least recently used go first). */
const CALLER_CACHE_MAX = 10_000;

/** A valid caller as the database gave it: a session or a personal access token, with its user. */
export interface CachedCaller {
  kind: 'session' | 'token';
  /** The session's or the token's id. */
  id: string;
  user: AuthUser;
  /** The session's last-seen or the token's last-used time (ms), as this process last wrote or read it. */
  lastSeenMs: number | null;
  /** The session's absolute expiry (ms); tokens have none. */
  expiresMs?: number;
  /** The token's name (the change history names it). */
  tokenName?: string;
}

/**
 * The callers of the last second, keyed by the SHA-256 of their cookie or token: a request of a
 * caller seen within `ttlMs` reads no session, token, user or membership row. This process forgets
 * a user's callers at once when it changes what authenticates them (`forgetUser`: sign-out,
 * sign-in, password change or reset, token revocation, membership change); another server process
 * on the same database sees such a change within `ttlMs`. A lookup that began before a change is
 * never stored after it (`generation`), so a revoked caller cannot come back from a slow read.
 */
export class CallerCache {
  private readonly entries: LRUCache<string, CachedCaller>;
  private readonly enabled: boolean;
  private changes = 0;

  constructor(ttlMs: number = CALLER_CACHE_TTL_MS) {
    this.entries = new LRUCache<string, CachedCaller>({
      max: CALLER_CACHE_MAX,
      // A zero TTL turns the cache off (every request reads the database).
      ttl: Math.max(ttlMs, 1),
      ttlAutopurge: false,
    });
    this.enabled = ttlMs > 0;
  }

  get(hash: string): CachedCaller | undefined {
    return this.enabled ? this.entries.get(hash) : undefined;
  }

  /** Taken before a lookup and passed to `set`: the lookup is kept only if nothing changed since. */
  get generation(): number {
    return this.changes;
  }

  set(hash: string, caller: CachedCaller, generation: number): void {
    if (this.enabled && generation === this.changes) this.entries.set(hash, caller);
  }

  /** Forgets every cached caller of a user (or of everyone): the next request reads the database. */
  forgetUser(userId?: number): void {
    this.changes += 1;
    if (userId === undefined) {
      this.entries.clear();
      return;
    }
    for (const [hash, caller] of this.entries.entries())
      if (caller.user.id === userId) this.entries.delete(hash);
  }
}
