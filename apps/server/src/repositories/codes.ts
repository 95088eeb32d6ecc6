import type { Queryable } from '../db';
import { codeHmac, randomCode, safeEqual } from '../services/secrets';

export type CodePurpose = 'confirm-sign-up' | 'reset-password';

/** Codes expire after 24 hours and lock after five wrong attempts. */
export const CODE_TTL_MS = 24 * 3_600_000;
export const CODE_MAX_ATTEMPTS = 5;

export const verificationCodes = {
  /** Issues a new code, invalidating the previous ones of that purpose; stores its HMAC under `key`. */
  async issue(
    q: Queryable,
    key: Buffer,
    userId: number,
    purpose: CodePurpose,
    now: Date,
  ): Promise<string> {
    const code = randomCode();
    await q.query(
      `update verification_codes set used_at = $3 where user_id = $1 and purpose = $2 and used_at is null`,
      [userId, purpose, now],
    );
    await q.query(
      `insert into verification_codes (user_id, purpose, code_hash, expires_at, created_at) values ($1, $2, $3, $4, $5)`,
      [userId, purpose, codeHmac(key, code), new Date(now.getTime() + CODE_TTL_MS), now],
    );
    return code;
  },

  /** Checks and consumes a code. */
  async consume(
    q: Queryable,
    key: Buffer,
    userId: number,
    purpose: CodePurpose,
    code: string,
    now: Date,
  ): Promise<'ok' | 'mismatch' | 'expired'> {
    const rows = await q.query(
      `select id, code_hash, attempts, expires_at from verification_codes
       where user_id = $1 and purpose = $2 and used_at is null order by id desc limit 1`,
      [userId, purpose],
    );
    const r = rows[0];
    if (!r) return 'expired';
    const expiresAt = r.expires_at instanceof Date ? r.expires_at : new Date(String(r.expires_at));
    if (expiresAt <= now || Number(r.attempts) >= CODE_MAX_ATTEMPTS) return 'expired';
    if (!safeEqual(String(r.code_hash), codeHmac(key, code.trim()))) {
      await q.query(`update verification_codes set attempts = attempts + 1 where id = $1`, [r.id]);
      return 'mismatch';
    }
    await q.query(`update verification_codes set used_at = $2 where id = $1`, [r.id, now]);
    return 'ok';
  },
};
