import type { Queryable } from '../db';
import { randomToken, sha256 } from '../services/secrets';

export interface SessionRow {
  id: string;
  userId: number;
  lastSeenAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
}

export interface AccessTokenRow {
  id: string;
  userId: number;
  name: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

const date = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));
const dateOrNull = (v: unknown): Date | null => (v === null || v === undefined ? null : date(v));

export const sessions = {
  /** Creates a session and returns the cookie token (only its hash is stored). */
  async create(
    q: Queryable,
    input: { userId: number; maxAgeMs: number; userAgent?: string; ip?: string; now: Date },
  ): Promise<string> {
    const token = randomToken();
    await q.query(
      `insert into sessions (id, user_id, created_at, last_seen_at, expires_at, user_agent, ip) values ($1, $2, $3, $3, $4, $5, $6)`,
      [
        sha256(token),
        input.userId,
        input.now,
        new Date(input.now.getTime() + input.maxAgeMs),
        input.userAgent ?? null,
        input.ip ?? null,
      ],
    );
    return token;
  },

  async find(q: Queryable, token: string): Promise<SessionRow | undefined> {
    const rows = await q.query(
      `select id, user_id, last_seen_at, expires_at, revoked_at from sessions where id = $1`,
      [sha256(token)],
    );
    const r = rows[0];
    return (
      r && {
        id: String(r.id),
        userId: Number(r.user_id),
        lastSeenAt: date(r.last_seen_at),
        expiresAt: date(r.expires_at),
        revokedAt: dateOrNull(r.revoked_at),
      }
    );
  },

  async touch(q: Queryable, id: string, now: Date): Promise<void> {
    await q.query(`update sessions set last_seen_at = $2 where id = $1`, [id, now]);
  },

  async revoke(q: Queryable, id: string, now: Date): Promise<void> {
    await q.query(`update sessions set revoked_at = coalesce(revoked_at, $2) where id = $1`, [
      id,
      now,
    ]);
  },

  /** Revokes every session of a user, except `keepId` (password change keeps the current one). */
  async revokeAllForUser(q: Queryable, userId: number, now: Date, keepId?: string): Promise<void> {
    await q.query(
      `update sessions set revoked_at = $2 where user_id = $1 and revoked_at is null and ($3::text is null or id <> $3)`,
      [userId, now, keepId ?? null],
    );
  },
};

/** Personal access tokens look like `assent_<prefix>_<secret>`; the prefix is shown in listings. */
export const accessTokens = {
  async create(
    q: Queryable,
    input: { userId: number; name: string; now: Date },
  ): Promise<{ row: AccessTokenRow; token: string }> {
    const id = crypto.randomUUID();
    const prefix = randomToken(4).replace(/[-_]/g, 'x').slice(0, 6);
    const token = `assent_${prefix}_${randomToken()}`;
    await q.query(
      `insert into access_tokens (id, user_id, name, token_hash, prefix, created_at) values ($1, $2, $3, $4, $5, $6)`,
      [id, input.userId, input.name, sha256(token), prefix, input.now],
    );
    return {
      row: {
        id,
        userId: input.userId,
        name: input.name,
        prefix,
        createdAt: input.now,
        lastUsedAt: null,
      },
      token,
    };
  },

  async list(q: Queryable, userId: number): Promise<AccessTokenRow[]> {
    const rows = await q.query(
      `select id, user_id, name, prefix, created_at, last_used_at from access_tokens
       where user_id = $1 and revoked_at is null order by created_at desc`,
      [userId],
    );
    return rows.map((r) => ({
      id: String(r.id),
      userId: Number(r.user_id),
      name: String(r.name),
      prefix: String(r.prefix),
      createdAt: date(r.created_at),
      lastUsedAt: dateOrNull(r.last_used_at),
    }));
  },

  async revoke(q: Queryable, userId: number, id: string, now: Date): Promise<boolean> {
    const rows = await q.query(
      `update access_tokens set revoked_at = $3 where id = $1 and user_id = $2 and revoked_at is null returning id`,
      [id, userId, now],
    );
    return rows.length > 0;
  },

  /** Revokes every token of a user (a password change or reset); returns how many. */
  async revokeAllForUser(q: Queryable, userId: number, now: Date): Promise<number> {
    const rows = await q.query(
      `update access_tokens set revoked_at = $2 where user_id = $1 and revoked_at is null returning id`,
      [userId, now],
    );
    return rows.length;
  },

  async touch(q: Queryable, id: string, now: Date): Promise<void> {
    await q.query(`update access_tokens set last_used_at = $2 where id = $1`, [id, now]);
  },
};
