import { AssentError } from '@assent/core';
import type { Issue } from '@assent/core';
import {
  CODE_EXPIRED_MESSAGE,
  CODE_MISMATCH_MESSAGE,
  INCORRECT_PASSWORD,
  INCORRECT_USERNAME_OR_PASSWORD,
  NAME_TOO_SHORT,
  PASSWORD_CHANGED,
  PASSWORD_RESET_SUCCESS,
  RESEND_CONFIRMATION_SUCCESS,
  RESET_CODE_SENT,
  SIGNED_OUT,
  SIGN_UP_CONFIRMED,
  SIGN_UP_SUCCESS,
  USER_IS_NOT_CONFIRMED,
  validateChangePasswordRequest,
  validateConfirmCodeRequest,
  validateEmailOnlyRequest,
  validateSignInRequest,
  validateSignUpRequest,
  termsAcceptanceFlags,
  validateTermsAcceptance,
  validateTokenName,
} from '@assent/core/account';
import type { AccountUser, Organisation } from '@assent/core/account';
import type { Routes } from '@assent/core/api';
import type { Queryable } from '../db';
import type { OrganisationRow, UserRow } from '../repositories/accounts';
import { organisations, users } from '../repositories/accounts';
import type { CodePurpose } from '../repositories/codes';
import { verificationCodes } from '../repositories/codes';
import { termsAcceptances } from '../repositories/feedback';
import { accessTokens, sessions } from '../repositories/sessions';
import { endSession, loadAuthUser, startSession } from '../services/auth';
import { hashPassword, verifyPassword, verifyPasswordInConstantTime } from '../services/secrets';
import type { AppDeps, AuthUser, GroupHandlers } from './context';
import { rateLimitedError } from './errors';
import { requireSecondFactor, twoFactorHandlers } from './two-factor';

function check<T>(result: { ok: true; value: T } | { ok: false; issues: Issue[] }): T {
  if (!result.ok) throw AssentError.fromIssues(result.issues);
  return result.value;
}

export const toAccountUser = (user: AuthUser): AccountUser => ({
  username: user.email,
  email: user.email,
  givenName: user.givenName,
  familyName: user.familyName,
  name: `${user.givenName} ${user.familyName}`.trim(),
  pcodes: user.pcodes,
  isAdmin: user.isAdmin,
});

export const toOrganisation = (org: OrganisationRow): Organisation => ({
  pcode: org.pcode,
  name: org.name,
  sspTosAccepted: org.sspTosAccepted,
  cmpTosAccepted: org.cmpTosAccepted,
  premiumEligible: org.premiumEligible,
  consentOrPayEnabled: org.copEnabled,
});

/**
 * Tells the owner of an address that already has a confirmed account that someone signed up or
 * asked for an activation mail with it: the form answered as for a new address (no enumeration).
 */
async function sendAlreadyRegistered(deps: AppDeps, user: UserRow): Promise<void> {
  const origin = deps.config.publicUrl ?? `http://${deps.config.host}:${deps.config.port}`;
  await deps.mailer.send({
    to: user.email,
    subject: 'You already have an Assent account',
    text: `Hello ${user.givenName},\n\nSomeone, probably you, asked to sign up to Assent with this e-mail address, which already has an account.\nSign in at ${origin}/login, or reset your password at ${origin}/reset-password.\n\nIf it was not you, ignore this e-mail: nothing has changed.\n`,
  });
}

async function sendCode(
  deps: AppDeps,
  q: Queryable,
  user: UserRow,
  purpose: CodePurpose,
): Promise<void> {
  const code = await verificationCodes.issue(q, deps.codeKey, user.id, purpose, deps.now());
  const origin = deps.config.publicUrl ?? `http://${deps.config.host}:${deps.config.port}`;
  const mail =
    purpose === 'confirm-sign-up'
      ? {
          subject: 'Confirm your Assent account',
          text: `Hello ${user.givenName},\n\nYour Assent confirmation code is ${code}.\nEnter it with your new password at ${origin}/login to finish signing up. The code expires in 24 hours.\n\nIf you did not sign up, ignore this e-mail.\n`,
        }
      : {
          subject: 'Reset your Assent password',
          text: `Hello ${user.givenName},\n\nYour Assent password reset code is ${code}.\nEnter it with a new password at ${origin}/reset-password. The code expires in 24 hours.\n\nIf you did not ask for this, ignore this e-mail: your password is unchanged.\n`,
        };
  await deps.mailer.send({ to: user.email, ...mail });
}

/**
 * Checks a code and, when it matches, runs `onMatch` in the same transaction. A wrong code is
 * refused only after the transaction commits, so its attempt counts towards the lock.
 */
async function withCode(
  deps: AppDeps,
  email: string,
  purpose: CodePurpose,
  code: string,
  onMatch: (tx: Queryable, user: UserRow) => Promise<void>,
): Promise<UserRow> {
  const outcome = await deps.db.transaction(async (tx) => {
    const user = await users.findByEmail(tx, email);
    // An unknown e-mail, or a sign-up already confirmed, answers as a wrong code would: the
    // answer never tells whether an address has an account.
    if (!user || (purpose === 'confirm-sign-up' && user.confirmed)) return 'mismatch' as const;
    const result = await verificationCodes.consume(
      tx,
      deps.codeKey,
      user.id,
      purpose,
      code,
      deps.now(),
    );
    if (result !== 'ok') return result;
    await onMatch(tx, user);
    return user;
  });
  if (outcome === 'mismatch') throw new AssentError('CODE_MISMATCH', CODE_MISMATCH_MESSAGE);
  if (outcome === 'expired') throw new AssentError('EXPIRED_CODE', CODE_EXPIRED_MESSAGE);
  return outcome;
}

export const authHandlers: GroupHandlers<Routes['auth']> = {
  ...twoFactorHandlers,
  /**
   * Creates the user (unconfirmed) and their organisation with a fresh account code, and mails a
   * code. A taken address answers the same; its owner gets a mail saying they have an account.
   */
  async signUp({ body }, { deps }) {
    const result = validateSignUpRequest(body);
    if (!result.ok) {
      const short = result.issues.find((i) => i.rule === 'minLength');
      if (short && result.issues.every((i) => i.rule === 'minLength'))
        throw new AssentError('INVALID_PARAMETER', NAME_TOO_SHORT);
      throw AssentError.fromIssues(result.issues);
    }
    const { email, firstName, lastName, company } = result.value;
    await deps.db.transaction(async (tx) => {
      const existing = await users.findByEmail(tx, email);
      if (existing?.confirmed) return sendAlreadyRegistered(deps, existing);
      const user =
        existing ??
        (await users.create(tx, {
          email: email.trim(),
          givenName: firstName.trim(),
          familyName: lastName.trim(),
          company: company.trim(),
        }));
      if (!existing) {
        const org = await organisations.create(tx, company.trim());
        await organisations.addMember(tx, user.id, org.id);
      }
      await sendCode(deps, tx, user, 'confirm-sign-up');
    });
    return { message: SIGN_UP_SUCCESS };
  },

  async confirmSignUp({ body }, { deps }) {
    const { email, code, password } = check(validateConfirmCodeRequest(body));
    await withCode(deps, email, 'confirm-sign-up', code, async (tx, user) =>
      users.setPassword(tx, user.id, await hashPassword(password), true),
    );
    return { message: SIGN_UP_CONFIRMED };
  },

  /**
   * Failures slow down the address they come from (and, together, addresses new to the account),
   * never an address the owner signed in from (services/throttle.ts).
   * An unknown e-mail and a wrong password both answer NOT_AUTHORIZED 'Incorrect username or
   * password.' after one argon2id verification each, so neither the answer nor its time tells
   * which e-mails have usable accounts. An address whose sign-up is not confirmed (it has no
   * password yet) answers USER_NOT_CONFIRMED after the same verification: the spec's sign-in then
   * resends the activation mail, which only the address's owner receives (decisions.md).
   */
  async signIn({ body }, { deps, request, reply }) {
    const { email, password } = check(validateSignInRequest(body));
    const waiting = await deps.throttle.signInAllowed(email, request.ip);
    if (!waiting.allowed) throw rateLimitedError(waiting.retryAfterSeconds);
    const user = await users.findByEmail(deps.db, email);
    const usable = user?.confirmed ? user.passwordHash : null;
    if (!(await verifyPasswordInConstantTime(usable, password)) || !user) {
      await deps.throttle.signInFailed(email, request.ip);
      if (user && !user.confirmed)
        throw new AssentError('USER_NOT_CONFIRMED', USER_IS_NOT_CONFIRMED);
      throw new AssentError('NOT_AUTHORIZED', INCORRECT_USERNAME_OR_PASSWORD);
    }
    // Two-factor users get the session only after their code (routes/two-factor.ts).
    await requireSecondFactor(deps, request, reply, user);
    await deps.throttle.signInSucceeded(email, request.ip);
    await startSession(request, reply, deps, user.id);
    const authUser = await loadAuthUser(deps.db, user.id, deps.config.adminEmails);
    return toAccountUser(authUser!);
  },

  async signOut(_input, { deps, request, reply, auth }) {
    await endSession(request, reply, deps, auth);
    return { message: SIGNED_OUT };
  },

  /** Always answers the same, so the form does not reveal which e-mails have accounts. */
  async forgotPassword({ body }, { deps }) {
    const { email } = check(validateEmailOnlyRequest(body));
    await deps.db.transaction(async (tx) => {
      const user = await users.findByEmail(tx, email);
      if (user?.confirmed) await sendCode(deps, tx, user, 'reset-password');
    });
    return { message: RESET_CODE_SENT };
  },

  async confirmForgotPassword({ body }, { deps }) {
    const { email, code, password } = check(validateConfirmCodeRequest(body));
    const user = await withCode(deps, email, 'reset-password', code, async (tx, user) => {
      await users.setPassword(tx, user.id, await hashPassword(password));
      await sessions.revokeAllForUser(tx, user.id, deps.now());
      await accessTokens.revokeAllForUser(tx, user.id, deps.now());
    });
    deps.callers.forgetUser(user.id);
    return { message: PASSWORD_RESET_SUCCESS };
  },

  /**
   * Answers the same for any address: an unconfirmed one gets a new code, a confirmed one a mail
   * saying it already has an account, an unknown one nothing.
   */
  async resendConfirmation({ body }, { deps }) {
    const { email } = check(validateEmailOnlyRequest(body));
    await deps.db.transaction(async (tx) => {
      const user = await users.findByEmail(tx, email);
      if (!user) return;
      if (user.confirmed) await sendAlreadyRegistered(deps, user);
      else await sendCode(deps, tx, user, 'confirm-sign-up');
    });
    return { message: RESEND_CONFIRMATION_SUCCESS };
  },

  /**
   * Changes the password, signs out every other session of the user and revokes their personal
   * access tokens (whoever had the old password may have made one).
   */
  async changePassword({ body }, { deps, auth, user }) {
    const { oldPassword, newPassword } = check(validateChangePasswordRequest(body));
    const row = await users.findById(deps.db, user().id);
    if (!row || !(await verifyPassword(row.passwordHash, oldPassword))) {
      throw new AssentError('NOT_AUTHORIZED', INCORRECT_PASSWORD, {
        oldPassword: INCORRECT_PASSWORD,
      });
    }
    await deps.db.transaction(async (tx) => {
      await users.setPassword(tx, row.id, await hashPassword(newPassword));
      await sessions.revokeAllForUser(tx, row.id, deps.now(), auth?.sessionId);
      await accessTokens.revokeAllForUser(tx, row.id, deps.now());
    });
    deps.callers.forgetUser(row.id);
    return { message: PASSWORD_CHANGED };
  },

  me: async (_input, { user }) => toAccountUser(user()),

  async organisations(_input, { deps, user }) {
    return (await organisations.forUser(deps.db, user().id)).map(toOrganisation);
  },

  async acceptTerms({ body }, { deps, user }) {
    const acceptance = check(validateTermsAcceptance(body, user().email));
    return deps.db.transaction(async (tx) => {
      await termsAcceptances.record(tx, acceptance, deps.now());
      const org = await organisations.setFlags(
        tx,
        acceptance.pcode,
        termsAcceptanceFlags(acceptance),
      );
      return toOrganisation(org!);
    });
  },

  async listTokens(_input, { deps, user }) {
    return (await accessTokens.list(deps.db, user().id)).map((t) => ({
      id: t.id,
      name: t.name,
      prefix: t.prefix,
      createdAt: t.createdAt.toISOString(),
      lastUsedAt: t.lastUsedAt?.toISOString() ?? null,
    }));
  },

  async createToken({ body }, { deps, user }) {
    const { name } = check(validateTokenName(body));
    const { row, token } = await accessTokens.create(deps.db, {
      userId: user().id,
      name,
      now: deps.now(),
    });
    return {
      id: row.id,
      name: row.name,
      prefix: row.prefix,
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: null,
      secret: token,
    };
  },

  async deleteToken({ params }, { deps, user }) {
    if (!(await accessTokens.revoke(deps.db, user().id, params.id, deps.now()))) {
      throw new AssentError('NOT_FOUND', 'No such token');
    }
    deps.callers.forgetUser(user().id);
    return { deleted: true as const };
  },
};
