import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../db';
import { accessTokens, sessions } from '../repositories/sessions';
import type { CachedCaller } from './caller-cache';
import { sha256 } from './secrets';
import type { AppDeps, Auth, AuthUser } from '../routes/context';

/** The session cookie on plain http (a local or intranet install: no Secure, so no prefix). */
export const SESSION_COOKIE = 'assent_session';
/**
 * The session cookie over https: `__Host-` makes the browser refuse it unless it is Secure, set by
 * this host (no Domain) for path `/`, so a sibling subdomain cannot plant or overwrite it.
 */
export const SECURE_SESSION_COOKIE = '__Host-assent_session';
/** HSTS for answers over https: a year, this host only (publishers' other hosts are not ours). */
export const HSTS = 'max-age=31536000';
/** A session's last-seen time is written at most once a minute. */
const TOUCH_INTERVAL_MS = 60_000;

/** A user's row with their account codes, as the auth queries select it. */
interface AuthUserRow {
  user_id: number;
  email: string;
  given_name: string;
  family_name: string;
  is_admin: boolean;
  confirmed: boolean;
  pcodes: string[] | null;
}

/**
 * A lateral join adding the user `userIdColumn` names, with their account codes (no row when there
 * is no such user): the caller's credential and its user are read in one query on every request.
 */
const authUserJoin = (userIdColumn: string) => `cross join lateral (
    select u.id as user_id, u.email, u.given_name, u.family_name, u.is_admin, u.confirmed,
      array_agg(o.pcode order by o.created_at, o.id) filter (where o.pcode is not null) as pcodes
    from users u
    left join memberships m on m.user_id = u.id
    left join organisations o on o.id = m.organisation_id
    where u.id = ${userIdColumn}
    group by u.id) a`;

function toAuthUser(
  u: AuthUserRow | undefined,
  adminEmails: readonly string[],
): AuthUser | undefined {
  if (!u || !u.confirmed) return undefined;
  return {
    id: Number(u.user_id),
    email: u.email,
    givenName: u.given_name,
    familyName: u.family_name,
    isAdmin: u.is_admin || adminEmails.includes(u.email.toLowerCase()),
    pcodes: u.pcodes ?? [],
  };
}

/** The signed-in user with their account codes, in one query. */
export async function loadAuthUser(
  q: Queryable,
  userId: number,
  adminEmails: readonly string[],
): Promise<AuthUser | undefined> {
  const rows = await q.query<AuthUserRow>(
    `select a.* from (select $1::int as id) caller ${authUserJoin('caller.id')}`,
    [userId],
  );
  return toAuthUser(rows[0], adminEmails);
}

const asMs = (v: unknown): number => (v instanceof Date ? v : new Date(String(v))).getTime();

/** A personal access token that is not revoked, with its user: one query. */
async function tokenCaller(
  q: Queryable,
  hash: string,
  adminEmails: readonly string[],
): Promise<CachedCaller | undefined> {
  const rows = await q.query<
    AuthUserRow & { token_id: string; name: string; last_used_at: unknown }
  >(
    `select t.id as token_id, t.name, t.last_used_at, a.*
     from access_tokens t ${authUserJoin('t.user_id')}
     where t.token_hash = $1 and t.revoked_at is null`,
    [hash],
  );
  const r = rows[0];
  const user = toAuthUser(r, adminEmails);
  return (
    r &&
    user && {
      kind: 'token',
      id: String(r.token_id),
      tokenName: String(r.name),
      lastSeenMs: r.last_used_at == null ? null : asMs(r.last_used_at),
      user,
    }
  );
}

/** A session by its cookie's hash, with its user, unless revoked: one query. */
async function sessionCaller(
  q: Queryable,
  hash: string,
  adminEmails: readonly string[],
): Promise<CachedCaller | undefined> {
  const rows = await q.query<
    AuthUserRow & {
      session_id: string;
      last_seen_at: unknown;
      expires_at: unknown;
      revoked: boolean;
    }
  >(
    `select s.id as session_id, s.last_seen_at, s.expires_at, s.revoked_at is not null as revoked, a.*
     from sessions s ${authUserJoin('s.user_id')}
     where s.id = $1`,
    [hash],
  );
  const r = rows[0];
  const user = toAuthUser(r, adminEmails);
  if (!r || r.revoked) return undefined;
  return (
    user && {
      kind: 'session',
      id: String(r.session_id),
      lastSeenMs: asMs(r.last_seen_at),
      expiresMs: asMs(r.expires_at),
      user,
    }
  );
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header && /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/**
 * The caller: a personal access token (Authorization: Bearer) or a session cookie that is neither
 * revoked nor past its idle or absolute expiry. Null when there is none or it is no longer valid.
 * A caller seen in the last second comes from `deps.callers` (services/caller-cache.ts) without a
 * query (`fresh` reads the database anyway); the expiries are checked on every request either way.
 */
export async function authenticate(
  request: FastifyRequest,
  deps: AppDeps,
  options: { fresh?: boolean } = {},
): Promise<Auth | null> {
  const { db, config, callers } = deps;
  const token = bearerToken(request);
  const credential = token ?? request.cookies[sessionCookieName(request, deps)];
  if (!credential) return null;
  const kind = token ? 'token' : 'session';
  const hash = sha256(credential);
  let caller = options.fresh ? undefined : callers.get(hash);
  if (caller?.kind !== kind) {
    const generation = callers.generation;
    caller = await (token ? tokenCaller : sessionCaller)(db, hash, config.adminEmails);
    if (!caller) return null;
    callers.set(hash, caller, generation);
  }
  const now = deps.now().getTime();
  if (
    caller.kind === 'session' &&
    (caller.expiresMs! <= now || now - caller.lastSeenMs! > config.sessionIdleMs)
  )
    return null;
  if (caller.lastSeenMs === null || now - caller.lastSeenMs > TOUCH_INTERVAL_MS) {
    caller.lastSeenMs = now;
    await (caller.kind === 'token' ? accessTokens : sessions).touch(db, caller.id, new Date(now));
  }
  return caller.kind === 'token'
    ? { user: caller.user, via: 'token', tokenName: caller.tokenName! }
    : { user: caller.user, via: 'session', sessionId: caller.id };
}

/** Over https: the request's own scheme (X-Forwarded-Proto with a trusted proxy) or an https public URL. */
export function isSecureRequest(request: FastifyRequest, deps: AppDeps): boolean {
  return request.protocol === 'https' || (deps.config.publicUrl?.startsWith('https://') ?? false);
}

/**
 * The session cookie's name for this request: `__Host-assent_session` over https, where only that
 * name is read (a plain-named cookie there could have been planted by a sibling host);
 * `assent_session` on plain http, where browsers would refuse a `__Host-` cookie (it needs Secure).
 */
export const sessionCookieName = (request: FastifyRequest, deps: AppDeps): string =>
  isSecureRequest(request, deps) ? SECURE_SESSION_COOKIE : SESSION_COOKIE;

/**
 * Starts a session at sign-in: any session the browser presented is revoked first (rotation), the
 * new cookie is httpOnly, SameSite=Lax, Secure over HTTPS, and lives until the absolute expiry.
 */
export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: AppDeps,
  userId: number,
): Promise<void> {
  const now = deps.now();
  const name = sessionCookieName(request, deps);
  const previous = request.cookies[name];
  if (previous) {
    const old = await sessions.find(deps.db, previous);
    if (old) {
      await sessions.revoke(deps.db, old.id, now);
      deps.callers.forgetUser(old.userId);
    }
  }
  const token = await sessions.create(deps.db, {
    userId,
    maxAgeMs: deps.config.sessionMaxMs,
    userAgent: request.headers['user-agent']?.slice(0, 300),
    ip: request.ip,
    now,
  });
  reply.setCookie(name, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecureRequest(request, deps),
    path: '/',
    maxAge: Math.floor(deps.config.sessionMaxMs / 1000),
  });
}

export async function endSession(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: AppDeps,
  auth: Auth | null,
): Promise<void> {
  if (auth?.sessionId) {
    await sessions.revoke(deps.db, auth.sessionId, deps.now());
    deps.callers.forgetUser(auth.user.id);
  }
  reply.clearCookie(sessionCookieName(request, deps), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecureRequest(request, deps),
  });
}

/** The origin the console is served from: ASSENT_PUBLIC_URL, else the request's own scheme and host. */
export function expectedOrigin(request: FastifyRequest, deps: AppDeps): string {
  if (deps.config.publicUrl) return new URL(deps.config.publicUrl).origin;
  return `${request.protocol}://${request.headers.host ?? ''}`;
}

/** CSRF: a cookie-authenticated write must come from the console's origin (Origin, else Referer). */
export function originMatches(request: FastifyRequest, deps: AppDeps): boolean {
  const expected = expectedOrigin(request, deps);
  const origin = request.headers.origin;
  if (origin) return origin === expected;
  const referer = request.headers.referer;
  if (!referer) return false;
  try {
    return new URL(referer).origin === expected;
  } catch {
    return false;
  }
}
