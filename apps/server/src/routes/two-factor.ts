import { AssentError } from '@assent/core';
import type { Issue } from '@assent/core';
import {
  ENABLE_TWO_FACTOR_FIRST,
  INVALID_TWO_FACTOR_CODE,
  TWO_FACTOR_ALREADY_ON,
  TWO_FACTOR_CHALLENGE_MINUTES,
  TWO_FACTOR_CODE_NEEDED,
  TWO_FACTOR_MAX_ATTEMPTS,
  TWO_FACTOR_NOT_ON,
  TWO_FACTOR_REQUIRED_BY_ACCOUNT,
  TWO_FACTOR_SETUP_NEEDED,
  TWO_FACTOR_SIGN_IN_EXPIRED,
  validateTwoFactorCode,
} from '@assent/core/account';
import type { AccountUser, TwoFactorCodeKind, TwoFactorStatus } from '@assent/core/account';
import type { Routes } from '@assent/core/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../db';
import type { UserRow } from '../repositories/accounts';
import { users } from '../repositories/accounts';
import { twoFactor, twoFactorChallenges } from '../repositories/two-factor';
import type { ChallengePurpose } from '../repositories/two-factor';
import { isSecureRequest, loadAuthUser, startSession } from '../services/auth';
import {
  decryptTotpSecret,
  encryptTotpSecret,
  matchTotp,
  newRecoveryCodes,
  newTotpEnrolment,
  recoveryCodeHash,
} from '../services/two-factor';
import type { AppDeps, GroupHandlers, HandlerContext } from './context';
import { UNAUTHORIZED_MESSAGE, rateLimitedError } from './errors';

/** The sign-in waiting for its second factor: an httpOnly cookie, `__Host-` over https. */
export const CHALLENGE_COOKIE = 'assent_2fa';
export const SECURE_CHALLENGE_COOKIE = '__Host-assent_2fa';
const CHALLENGE_TTL_MS = TWO_FACTOR_CHALLENGE_MINUTES * 60_000;

const challengeCookieName = (request: FastifyRequest, deps: AppDeps) =>
  isSecureRequest(request, deps) ? SECURE_CHALLENGE_COOKIE : CHALLENGE_COOKIE;

const cookieOptions = (request: FastifyRequest, deps: AppDeps) => ({
  httpOnly: true,
  sameSite: 'strict' as const,
  secure: isSecureRequest(request, deps),
  path: '/',
});

const codeError = (message = INVALID_TWO_FACTOR_CODE) =>
  new AssentError('CODE_MISMATCH', message, { code: message });

function check<T>(result: { ok: true; value: T } | { ok: false; issues: Issue[] }): T {
  if (!result.ok) throw AssentError.fromIssues(result.issues);
  return result.value;
}

/**
 * After a right password: a user with two-factor sign-in on, or a member of an account that
 * requires it, gets no session yet but a challenge (cookie) and 401 TWO_FACTOR_REQUIRED or
 * TWO_FACTOR_SETUP_REQUIRED. Returns normally when the password is enough.
 */
export async function requireSecondFactor(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
): Promise<void> {
  const stored = await twoFactor.get(deps.db, user.id);
  let purpose: ChallengePurpose;
  if (stored.secret) purpose = 'verify';
  else if ((await twoFactor.requiredBy(deps.db, user.id)).length > 0) purpose = 'enrol';
  else return;
  const token = await twoFactorChallenges.create(deps.db, {
    userId: user.id,
    purpose,
    now: deps.now(),
    ttlMs: CHALLENGE_TTL_MS,
  });
  reply.setCookie(challengeCookieName(request, deps), token, {
    ...cookieOptions(request, deps),
    maxAge: CHALLENGE_TTL_MS / 1000,
  });
  throw purpose === 'verify'
    ? new AssentError('TWO_FACTOR_REQUIRED', TWO_FACTOR_CODE_NEEDED)
    : new AssentError('TWO_FACTOR_SETUP_REQUIRED', TWO_FACTOR_SETUP_NEEDED);
}

/** The sign-in's open challenge of this purpose, with its user; the sign-in expired otherwise. */
async function openChallenge(
  ctx: HandlerContext,
  purpose: ChallengePurpose,
): Promise<{ token: string; user: UserRow } | undefined> {
  const { deps, request } = ctx;
  const token = request.cookies[challengeCookieName(request, deps)];
  if (!token) return undefined;
  const challenge = await twoFactorChallenges.find(deps.db, token);
  if (!challenge || challenge.purpose !== purpose || challenge.expiresAt <= deps.now())
    return undefined;
  const user = await users.findById(deps.db, challenge.userId);
  return user && { token, user };
}

/** A wrong code at sign-in: counted for the address (delays) and the challenge (at most five). */
async function challengeFailed(ctx: HandlerContext, token: string, user: UserRow): Promise<never> {
  const { deps, request, reply } = ctx;
  await deps.throttle.signInFailed(user.email, request.ip);
  if ((await twoFactorChallenges.failed(deps.db, token)) >= TWO_FACTOR_MAX_ATTEMPTS) {
    await twoFactorChallenges.end(deps.db, token);
    reply.clearCookie(challengeCookieName(request, deps), cookieOptions(request, deps));
    throw new AssentError('NOT_AUTHORIZED', TWO_FACTOR_SIGN_IN_EXPIRED);
  }
  throw codeError();
}

/** The second factor passed at sign-in: the challenge ends and the session starts. */
async function finishSignIn(
  ctx: HandlerContext,
  token: string,
  user: UserRow,
): Promise<AccountUser> {
  const { deps, request, reply } = ctx;
  await twoFactorChallenges.end(deps.db, token);
  reply.clearCookie(challengeCookieName(request, deps), cookieOptions(request, deps));
  await deps.throttle.signInSucceeded(user.email, request.ip);
  await startSession(request, reply, deps, user.id);
  const authUser = (await loadAuthUser(deps.db, user.id, deps.config.adminEmails))!;
  return {
    username: authUser.email,
    email: authUser.email,
    givenName: authUser.givenName,
    familyName: authUser.familyName,
    name: `${authUser.givenName} ${authUser.familyName}`.trim(),
    pcodes: authUser.pcodes,
    isAdmin: authUser.isAdmin,
  };
}

/** Checks a code against the user's secret (a step used once) or uses up a recovery code. */
async function secondFactorMatches(
  q: Queryable,
  deps: AppDeps,
  userId: number,
  code: string,
  kind: TwoFactorCodeKind,
): Promise<boolean> {
  const stored = await twoFactor.get(q, userId);
  if (!stored.secret) return false;
  if (kind === 'recovery')
    return twoFactor.useRecoveryCode(q, userId, recoveryCodeHash(deps.codeKey, code), deps.now());
  const secret = decryptTotpSecret(deps.codeKey, stored.secret);
  const step = await matchTotp(secret, code, deps.now(), stored.lastStep);
  if (step === undefined) return false;
  await twoFactor.useStep(q, userId, step);
  return true;
}

/** Who is enrolling: the signed-in user, or a sign-in an account requires to enrol. */
async function enrolling(
  ctx: HandlerContext,
): Promise<{ user: { id: number; email: string }; challenge?: { token: string; user: UserRow } }> {
  if (ctx.auth) return { user: ctx.auth.user };
  const challenge = await openChallenge(ctx, 'enrol');
  if (!challenge) throw new AssentError('UNAUTHORIZED', UNAUTHORIZED_MESSAGE);
  return { user: challenge.user, challenge };
}

async function statusOf(deps: AppDeps, userId: number): Promise<TwoFactorStatus> {
  const stored = await twoFactor.get(deps.db, userId);
  return {
    enabled: stored.secret !== null,
    recoveryCodesLeft: stored.secret ? await twoFactor.recoveryCodesLeft(deps.db, userId) : 0,
    requiredBy: await twoFactor.requiredBy(deps.db, userId),
  };
}

/**
 * A signed-in change confirmed with the caller's own second factor (a current code, or a recovery
 * code that is then used up): refused when they have none, or when the code does not match.
 */
async function confirmWithOwnCode(
  deps: AppDeps,
  userId: number,
  body: { code?: string },
  notOn: () => AssentError,
): Promise<void> {
  const { code, kind } = check(validateTwoFactorCode(body));
  if (!(await twoFactor.get(deps.db, userId)).secret) throw notOn();
  const ok = await deps.db.transaction((tx) => secondFactorMatches(tx, deps, userId, code, kind));
  if (!ok) throw codeError();
}

const notOn = () => new AssentError('CONFLICT', TWO_FACTOR_NOT_ON);

/** Ten new recovery codes, shown once, and their keyed hashes to store. */
function freshRecoveryCodes(deps: AppDeps): { codes: string[]; hashes: string[] } {
  const codes = newRecoveryCodes();
  return {
    codes,
    hashes: codes.map((c) => recoveryCodeHash(deps.codeKey, c.replace('-', ''))),
  };
}

type TwoFactorRoutes = Pick<
  Routes['auth'],
  | 'twoFactorVerify'
  | 'twoFactorStatus'
  | 'twoFactorSetup'
  | 'twoFactorEnable'
  | 'twoFactorDisable'
  | 'twoFactorRecoveryCodes'
>;

export const twoFactorHandlers: GroupHandlers<TwoFactorRoutes> = {
  async twoFactorVerify({ body }, ctx) {
    const { deps, request } = ctx;
    const { code, kind } = check(validateTwoFactorCode(body));
    const challenge = await openChallenge(ctx, 'verify');
    if (!challenge) throw new AssentError('NOT_AUTHORIZED', TWO_FACTOR_SIGN_IN_EXPIRED);
    const { token, user } = challenge;
    const waiting = await deps.throttle.signInAllowed(user.email, request.ip);
    if (!waiting.allowed) throw rateLimitedError(waiting.retryAfterSeconds);
    const ok = await deps.db.transaction((tx) =>
      secondFactorMatches(tx, deps, user.id, code, kind),
    );
    if (!ok) return challengeFailed(ctx, token, user);
    return finishSignIn(ctx, token, user);
  },

  twoFactorStatus: async (_input, { deps, user }) => statusOf(deps, user().id),

  async twoFactorSetup(_input, ctx) {
    const { deps } = ctx;
    const { user } = await enrolling(ctx);
    if ((await twoFactor.get(deps.db, user.id)).secret)
      throw new AssentError('CONFLICT', TWO_FACTOR_ALREADY_ON);
    const enrolment = await newTotpEnrolment(user.email);
    await twoFactor.setPending(deps.db, user.id, encryptTotpSecret(deps.codeKey, enrolment.secret));
    return enrolment;
  },

  async twoFactorEnable({ body }, ctx) {
    const { deps, request } = ctx;
    const { code, kind } = check(validateTwoFactorCode(body));
    if (kind !== 'totp') throw codeError(TWO_FACTOR_CODE_NEEDED);
    const { user, challenge } = await enrolling(ctx);
    const stored = await twoFactor.get(deps.db, user.id);
    if (stored.secret) throw new AssentError('CONFLICT', TWO_FACTOR_ALREADY_ON);
    if (!stored.pendingSecret) throw new AssentError('CONFLICT', TWO_FACTOR_NOT_ON);
    if (challenge) {
      const waiting = await deps.throttle.signInAllowed(user.email, request.ip);
      if (!waiting.allowed) throw rateLimitedError(waiting.retryAfterSeconds);
    }
    const secret = decryptTotpSecret(deps.codeKey, stored.pendingSecret);
    const step = await matchTotp(secret, code, deps.now(), null);
    if (step === undefined) {
      if (challenge) return challengeFailed(ctx, challenge.token, challenge.user);
      throw codeError();
    }
    const recovery = freshRecoveryCodes(deps);
    await deps.db.transaction((tx) =>
      twoFactor.enable(tx, user.id, { step, recoveryHashes: recovery.hashes, now: deps.now() }),
    );
    if (challenge) await finishSignIn(ctx, challenge.token, challenge.user);
    return { recoveryCodes: recovery.codes };
  },

  async twoFactorDisable({ body }, { deps, user }) {
    const me = user();
    check(validateTwoFactorCode(body));
    if ((await twoFactor.requiredBy(deps.db, me.id)).length > 0)
      throw new AssentError('FORBIDDEN', TWO_FACTOR_REQUIRED_BY_ACCOUNT);
    await confirmWithOwnCode(deps, me.id, body, notOn);
    await twoFactor.disable(deps.db, me.id);
    return statusOf(deps, me.id);
  },

  async twoFactorRecoveryCodes({ body }, { deps, user }) {
    const me = user();
    await confirmWithOwnCode(deps, me.id, body, notOn);
    const recovery = freshRecoveryCodes(deps);
    await deps.db.transaction((tx) =>
      twoFactor.replaceRecoveryCodes(tx, me.id, recovery.hashes, deps.now()),
    );
    return { recoveryCodes: recovery.codes };
  },
};

type RequirementRoutes = Pick<
  Routes['organisation'],
  'twoFactorRequirement' | 'setTwoFactorRequirement'
>;

/**
 * The account setting: any member may change it (Assent has no roles), but only one who uses
 * two-factor sign-in, and only with a current code of their own (either way, so a stolen session
 * or a personal access token cannot lift it); members who do not use it enrol at their next
 * sign-in.
 */
export const twoFactorRequirementHandlers: GroupHandlers<RequirementRoutes> = {
  twoFactorRequirement: async (_input, { deps, pCode }) => ({
    required: await twoFactor.accountRequires(deps.db, pCode),
  }),

  async setTwoFactorRequirement({ body }, { deps, pCode, user }) {
    check(validateTwoFactorCode(body));
    await confirmWithOwnCode(
      deps,
      user().id,
      body,
      () =>
        new AssentError('CONFLICT', ENABLE_TWO_FACTOR_FIRST, {
          required: ENABLE_TWO_FACTOR_FIRST,
        }),
    );
    await twoFactor.setAccountRequires(deps.db, pCode, body.required);
    return { required: body.required };
  },
};
