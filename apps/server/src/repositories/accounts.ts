import type { Queryable } from '../db';
import { iso } from '../db';
import { randomAccountCode } from '../services/secrets';

export interface UserRow {
  id: number;
  email: string;
  givenName: string;
  familyName: string;
  company: string;
  passwordHash: string | null;
  confirmed: boolean;
  isAdmin: boolean;
  createdAt: string;
}

export interface OrganisationRow {
  id: number;
  pcode: string;
  name: string;
  premiumEligible: boolean;
  copEnabled: boolean;
  sspTosAccepted: boolean;
  cmpTosAccepted: boolean;
  createdAt: string;
}

export interface MemberRow {
  userId: number;
  email: string;
  givenName: string;
  familyName: string;
  /** When the membership began (ISO). */
  since: string;
}

const USER_COLUMNS = `id, email, given_name, family_name, company, password_hash, confirmed, is_admin, created_at`;
const ORG_COLUMNS = `o.id, o.pcode, o.name, o.premium_eligible, o.cop_enabled, o.ssp_tos_accepted, o.cmp_tos_accepted, o.created_at`;

type Row = Record<string, unknown>;

const toUser = (r: Row): UserRow => ({
  id: Number(r.id),
  email: String(r.email),
  givenName: String(r.given_name),
  familyName: String(r.family_name),
  company: String(r.company),
  passwordHash: (r.password_hash as string | null) ?? null,
  confirmed: Boolean(r.confirmed),
  isAdmin: Boolean(r.is_admin),
  createdAt: iso(r.created_at),
});

const toOrganisation = (r: Row): OrganisationRow => ({
  id: Number(r.id),
  pcode: String(r.pcode),
  name: String(r.name),
  premiumEligible: Boolean(r.premium_eligible),
  copEnabled: Boolean(r.cop_enabled),
  sspTosAccepted: Boolean(r.ssp_tos_accepted),
  cmpTosAccepted: Boolean(r.cmp_tos_accepted),
  createdAt: iso(r.created_at),
});

export const users = {
  async findByEmail(q: Queryable, email: string): Promise<UserRow | undefined> {
    const rows = await q.query(`select ${USER_COLUMNS} from users where lower(email) = lower($1)`, [
      email.trim(),
    ]);
    return rows[0] && toUser(rows[0]);
  },

  async findById(q: Queryable, id: number): Promise<UserRow | undefined> {
    const rows = await q.query(`select ${USER_COLUMNS} from users where id = $1`, [id]);
    return rows[0] && toUser(rows[0]);
  },

  async create(
    q: Queryable,
    input: {
      email: string;
      givenName: string;
      familyName: string;
      company: string;
      passwordHash?: string;
      confirmed?: boolean;
    },
  ): Promise<UserRow> {
    const rows = await q.query(
      `insert into users (email, given_name, family_name, company, password_hash, confirmed)
       values ($1, $2, $3, $4, $5, $6) returning ${USER_COLUMNS}`,
      [
        input.email.trim(),
        input.givenName,
        input.familyName,
        input.company,
        input.passwordHash ?? null,
        input.confirmed ?? false,
      ],
    );
    return toUser(rows[0]!);
  },

  async setPassword(
    q: Queryable,
    id: number,
    passwordHash: string,
    confirm = false,
  ): Promise<void> {
    await q.query(
      `update users set password_hash = $2, confirmed = confirmed or $3, updated_at = now() where id = $1`,
      [id, passwordHash, confirm],
    );
  },

  async setAdmin(q: Queryable, email: string, isAdmin: boolean): Promise<boolean> {
    const rows = await q.query(
      `update users set is_admin = $2 where lower(email) = lower($1) returning id`,
      [email, isAdmin],
    );
    return rows.length > 0;
  },

  async count(q: Queryable): Promise<number> {
    const rows = await q.query<{ n: number }>(`select count(*)::int as n from users`);
    return rows[0]?.n ?? 0;
  },
};

export const organisations = {
  /** Creates an organisation with a fresh account code (retried on the rare collision). */
  async create(
    q: Queryable,
    name: string,
    flags: { premiumEligible?: boolean; copEnabled?: boolean } = {},
  ): Promise<OrganisationRow> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const rows = await q.query(
        `insert into organisations (pcode, name, premium_eligible, cop_enabled) values ($1, $2, $3, $4)
         on conflict (pcode) do nothing
         returning id, pcode, name, premium_eligible, cop_enabled, ssp_tos_accepted, cmp_tos_accepted, created_at`,
        [randomAccountCode(), name, flags.premiumEligible ?? false, flags.copEnabled ?? false],
      );
      if (rows[0]) return toOrganisation(rows[0]);
    }
    throw new Error('Could not allocate a unique account code');
  },

  async addMember(q: Queryable, userId: number, organisationId: number): Promise<void> {
    await q.query(
      `insert into memberships (user_id, organisation_id) values ($1, $2) on conflict do nothing`,
      [userId, organisationId],
    );
  },

  /** Ends a membership; false when there was none. */
  async removeMember(q: Queryable, userId: number, organisationId: number): Promise<boolean> {
    const rows = await q.query(
      `delete from memberships where user_id = $1 and organisation_id = $2 returning user_id`,
      [userId, organisationId],
    );
    return rows.length > 0;
  },

  /** The account's members, oldest membership first. */
  async members(q: Queryable, organisationId: number): Promise<MemberRow[]> {
    const rows = await q.query(
      `select u.id, u.email, u.given_name, u.family_name, m.created_at from memberships m
       join users u on u.id = m.user_id where m.organisation_id = $1 order by m.created_at, u.id`,
      [organisationId],
    );
    return rows.map((r) => ({
      userId: Number(r.id),
      email: String(r.email),
      givenName: String(r.given_name),
      familyName: String(r.family_name),
      since: iso(r.created_at),
    }));
  },

  /** Every account with its members' e-mails (operators), oldest first. */
  async listWithMembers(q: Queryable): Promise<Array<OrganisationRow & { members: string[] }>> {
    const rows = await q.query(
      `select ${ORG_COLUMNS},
         coalesce((select json_agg(u.email order by m.created_at, u.id) from memberships m
           join users u on u.id = m.user_id where m.organisation_id = o.id), '[]'::json) as members
       from organisations o order by o.created_at, o.id`,
    );
    return rows.map((r) => ({
      ...toOrganisation(r),
      members: (typeof r.members === 'string' ? JSON.parse(r.members) : r.members) as string[],
    }));
  },

  async forUser(q: Queryable, userId: number): Promise<OrganisationRow[]> {
    const rows = await q.query(
      `select ${ORG_COLUMNS} from organisations o join memberships m on m.organisation_id = o.id
       where m.user_id = $1 order by o.created_at, o.id`,
      [userId],
    );
    return rows.map(toOrganisation);
  },

  async get(q: Queryable, pcode: string): Promise<OrganisationRow | undefined> {
    const rows = await q.query(`select ${ORG_COLUMNS} from organisations o where o.pcode = $1`, [
      pcode,
    ]);
    return rows[0] && toOrganisation(rows[0]);
  },

  async setFlags(
    q: Queryable,
    pcode: string,
    flags: Partial<
      Pick<OrganisationRow, 'premiumEligible' | 'copEnabled' | 'sspTosAccepted' | 'cmpTosAccepted'>
    >,
  ): Promise<OrganisationRow | undefined> {
    const rows = await q.query(
      `update organisations o set
         premium_eligible = coalesce($2, premium_eligible),
         cop_enabled = coalesce($3, cop_enabled),
         ssp_tos_accepted = coalesce($4, ssp_tos_accepted),
         cmp_tos_accepted = coalesce($5, cmp_tos_accepted)
       where pcode = $1 returning ${ORG_COLUMNS}`,
      [
        pcode,
        flags.premiumEligible ?? null,
        flags.copEnabled ?? null,
        flags.sspTosAccepted ?? null,
        flags.cmpTosAccepted ?? null,
      ],
    );
    return rows[0] && toOrganisation(rows[0]);
  },
};

/**
 * The account's content version: bumped (last, after the row writes) by every change to its
 * properties or themes, so caches of the properties list and its ETag stay right on every server.
 */
/** The statement that bumps the content version of account `$1` (a CTE of a write may run it too). */
export const BUMP_CONTENT_VERSION = `update organisations set content_version = content_version + 1 where pcode = $1`;

export const contentVersions = {
  async bump(q: Queryable, pcode: string): Promise<void> {
    await q.query(BUMP_CONTENT_VERSION, [pcode]);
  },
  async get(q: Queryable, pcode: string): Promise<number> {
    const rows = await q.query<{ v: number }>(
      `select content_version as v from organisations where pcode = $1`,
      [pcode],
    );
    return Number(rows[0]?.v ?? 0);
  },
};
