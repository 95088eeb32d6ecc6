import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db';
import { iso, isoOrNull } from '../db';
import { randomToken, sha256 } from '../services/secrets';

export interface InvitationRow {
  id: string;
  pcode: string;
  email: string;
  /** The inviting member's e-mail (null once that user is deleted). */
  invitedBy: string | null;
  createdAt: string;
  expiresAt: string;
  acceptedAt: string | null;
  revokedAt: string | null;
}

const COLUMNS = `i.id, i.pcode, i.email, u.email as invited_by, i.created_at, i.expires_at, i.accepted_at, i.revoked_at`;
const FROM = `from invitations i left join users u on u.id = i.invited_by`;

const toInvitation = (r: Record<string, unknown>): InvitationRow => ({
  id: String(r.id),
  pcode: String(r.pcode),
  email: String(r.email),
  invitedBy: (r.invited_by as string | null) ?? null,
  createdAt: iso(r.created_at),
  expiresAt: iso(r.expires_at),
  acceptedAt: isoOrNull(r.accepted_at),
  revokedAt: isoOrNull(r.revoked_at),
});

/** Invitations to accounts; every call but the token's lookup is scoped to an account code. */
export const invitations = {
  /** The account's pending invitations at `now`, newest first. */
  async pending(q: Queryable, pcode: string, now: Date): Promise<InvitationRow[]> {
    const rows = await q.query(
      `select ${COLUMNS} ${FROM} where i.pcode = $1 and i.accepted_at is null
         and i.revoked_at is null and i.expires_at > $2 order by i.created_at desc, i.id`,
      [pcode, now],
    );
    return rows.map(toInvitation);
  },

  /**
   * Creates an invitation and returns it with its token (only the token's hash is stored). A
   * pending invitation of the account to the same e-mail is revoked in its place.
   */
  async create(
    q: Queryable,
    input: { pcode: string; email: string; invitedBy: number; now: Date; expiresAt: Date },
  ): Promise<{ invitation: InvitationRow; token: string }> {
    await q.query(
      `update invitations set revoked_at = $3 where pcode = $1 and lower(email) = lower($2)
         and accepted_at is null and revoked_at is null`,
      [input.pcode, input.email, input.now],
    );
    const token = randomToken();
    const id = randomUUID();
    await q.query(
      `insert into invitations (id, pcode, email, invited_by, token_hash, created_at, expires_at)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [id, input.pcode, input.email, input.invitedBy, sha256(token), input.now, input.expiresAt],
    );
    const rows = await q.query(`select ${COLUMNS} ${FROM} where i.id = $1`, [id]);
    return { invitation: toInvitation(rows[0]!), token };
  },

  /** Withdraws a pending invitation of the account; false when there is none with that id. */
  async revoke(q: Queryable, pcode: string, id: string, now: Date): Promise<boolean> {
    const rows = await q.query(
      `update invitations set revoked_at = $3 where id = $1 and pcode = $2
         and accepted_at is null and revoked_at is null returning id`,
      [id, pcode, now],
    );
    return rows.length > 0;
  },

  /** The invitation a mailed token stands for (locked for update inside a transaction). */
  async findByToken(
    q: Queryable,
    token: string,
    forUpdate = false,
  ): Promise<InvitationRow | undefined> {
    const rows = await q.query(
      `select ${COLUMNS} ${FROM} where i.token_hash = $1${forUpdate ? ' for update of i' : ''}`,
      [sha256(token)],
    );
    return rows[0] && toInvitation(rows[0]);
  },

  async markAccepted(q: Queryable, id: string, userId: number, now: Date): Promise<void> {
    await q.query(`update invitations set accepted_at = $2, accepted_by = $3 where id = $1`, [
      id,
      now,
      userId,
    ]);
  },
};
