import type { Queryable } from '../db';
import { randomToken, sha256 } from '../services/secrets';

export interface TwoFactorRow {
  /** The encrypted secret once two-factor sign-in is on. */
  secret: string | null;
  /** The encrypted secret of an enrolment not yet confirmed. */
  pendingSecret: string | null;
  lastStep: number | null;
}

export type ChallengePurpose = 'verify' | 'enrol';

export interface ChallengeRow {
  userId: number;
  purpose: ChallengePurpose;
  attempts: number;
  expiresAt: Date;
}

/** A user's second factor: the TOTP secret, recovery codes and sign-ins waiting for a code. */
export const twoFactor = {
  async get(q: Queryable, userId: number): Promise<TwoFactorRow> {
    const rows = await q.query<{
      totp_secret: string | null;
      totp_pending_secret: string | null;
      totp_last_step: string | number | null;
    }>(`select totp_secret, totp_pending_secret, totp_last_step from users where id = $1`, [
      userId,
    ]);
    const r = rows[0];
    return {
      secret: r?.totp_secret ?? null,
      pendingSecret: r?.totp_pending_secret ?? null,
      lastStep:
        r?.totp_last_step === null || r?.totp_last_step === undefined
          ? null
          : Number(r.totp_last_step),
    };
  },

  async setPending(q: Queryable, userId: number, encrypted: string): Promise<void> {
    await q.query(`update users set totp_pending_secret = $2 where id = $1`, [userId, encrypted]);
  },

  /** Turns two-factor sign-in on with the pending secret and replaces the recovery codes. */
  async enable(
    q: Queryable,
    userId: number,
    input: { step: number; recoveryHashes: readonly string[]; now: Date },
  ): Promise<void> {
    await q.query(
      `update users set totp_secret = totp_pending_secret, totp_pending_secret = null, totp_enabled_at = $2, totp_last_step = $3 where id = $1`,
      [userId, input.now, input.step],
    );
    await twoFactor.replaceRecoveryCodes(q, userId, input.recoveryHashes, input.now);
  },

  /** The user's recovery codes become these (the old ones, used or not, stop working). */
  async replaceRecoveryCodes(
    q: Queryable,
    userId: number,
    hashes: readonly string[],
    now: Date,
  ): Promise<void> {
    await q.query(`delete from recovery_codes where user_id = $1`, [userId]);
    await q.query(
      `insert into recovery_codes (user_id, code_hash, created_at) select $1, h, $3 from unnest($2::text[]) as h`,
      [userId, hashes, now],
    );
  },

  async disable(q: Queryable, userId: number): Promise<void> {
    await q.query(
      `update users set totp_secret = null, totp_pending_secret = null, totp_enabled_at = null, totp_last_step = null where id = $1`,
      [userId],
    );
    await q.query(`delete from recovery_codes where user_id = $1`, [userId]);
  },

  /** Records the step of a code just used (a code works once). */
  async useStep(q: Queryable, userId: number, step: number): Promise<void> {
    await q.query(`update users set totp_last_step = $2 where id = $1`, [userId, step]);
  },

  /** Uses up a recovery code: true when it was one of the user's unused ones. */
  async useRecoveryCode(q: Queryable, userId: number, hash: string, now: Date): Promise<boolean> {
    const rows = await q.query(
      `update recovery_codes set used_at = $3 where user_id = $1 and code_hash = $2 and used_at is null returning id`,
      [userId, hash, now],
    );
    return rows.length > 0;
  },

  async recoveryCodesLeft(q: Queryable, userId: number): Promise<number> {
    const rows = await q.query<{ n: number }>(
      `select count(*)::int as n from recovery_codes where user_id = $1 and used_at is null`,
      [userId],
    );
    return Number(rows[0]?.n ?? 0);
  },

  /** Names of the user's accounts that require two-factor sign-in. */
  async requiredBy(q: Queryable, userId: number): Promise<string[]> {
    const rows = await q.query<{ name: string }>(
      `select o.name from organisations o join memberships m on m.organisation_id = o.id
       where m.user_id = $1 and o.require_two_factor order by o.created_at, o.id`,
      [userId],
    );
    return rows.map((r) => r.name);
  },

  async accountRequires(q: Queryable, pcode: string): Promise<boolean> {
    const rows = await q.query<{ r: boolean }>(
      `select require_two_factor as r from organisations where pcode = $1`,
      [pcode],
    );
    return rows[0]?.r === true;
  },

  async setAccountRequires(q: Queryable, pcode: string, required: boolean): Promise<void> {
    await q.query(`update organisations set require_two_factor = $2 where pcode = $1`, [
      pcode,
      required,
    ]);
  },
};

/** Sign-ins whose password was right, waiting for the second factor (or for enrolment). */
export const twoFactorChallenges = {
  /** Opens one and returns its token (only the hash is stored); the user's older ones end. */
  async create(
    q: Queryable,
    input: { userId: number; purpose: ChallengePurpose; now: Date; ttlMs: number },
  ): Promise<string> {
    const token = randomToken();
    await q.query(`delete from two_factor_challenges where user_id = $1`, [input.userId]);
    await q.query(
      `insert into two_factor_challenges (token_hash, user_id, purpose, created_at, expires_at) values ($1, $2, $3, $4, $5)`,
      [
        sha256(token),
        input.userId,
        input.purpose,
        input.now,
        new Date(input.now.getTime() + input.ttlMs),
      ],
    );
    return token;
  },

  async find(q: Queryable, token: string): Promise<ChallengeRow | undefined> {
    const rows = await q.query<{
      user_id: number;
      purpose: ChallengePurpose;
      attempts: number;
      expires_at: Date | string;
    }>(
      `select user_id, purpose, attempts, expires_at from two_factor_challenges where token_hash = $1`,
      [sha256(token)],
    );
    const r = rows[0];
    return (
      r && {
        userId: Number(r.user_id),
        purpose: r.purpose,
        attempts: Number(r.attempts),
        expiresAt: new Date(r.expires_at),
      }
    );
  },

  /** Counts a wrong code; returns the attempts so far. */
  async failed(q: Queryable, token: string): Promise<number> {
    const rows = await q.query<{ attempts: number }>(
      `update two_factor_challenges set attempts = attempts + 1 where token_hash = $1 returning attempts`,
      [sha256(token)],
    );
    return Number(rows[0]?.attempts ?? 0);
  },

  async end(q: Queryable, token: string): Promise<void> {
    await q.query(`delete from two_factor_challenges where token_hash = $1`, [sha256(token)]);
  },
};
