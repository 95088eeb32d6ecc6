import { randomBytes } from 'node:crypto';
import { AnnouncementExpireUnit, validateAnnouncement } from '@assent/core/account';
import type { Announcement } from '@assent/core/account';
import { z } from 'zod';
import type { Queryable } from '../db';
import { organisations, users } from '../repositories/accounts';
import { announcements } from '../repositories/feedback';

/**
 * The operators' commands (`assent server admin|account|announce …`), one table for both paths:
 * the admin endpoint of a running server and the direct database of a stopped one. Each operation
 * parses its input with its schema and returns plain data; the CLI formats it.
 */

/** A refusal an operator reads as it is (exit 1), on either path. */
export class OperatorError extends Error {
  override readonly name = 'OperatorError';
}

export interface OperatorContext {
  db: Queryable;
  now: () => Date;
}

const Email = z.string().trim().min(1, 'an e-mail address is required');
/** An account code, with or without its `p-` prefix. */
const AccountCode = z
  .string()
  .trim()
  .min(1, 'an account code is required')
  .transform((code) => code.replace(/^p-/, ''));

interface Operation<S extends z.ZodType, R> {
  input: S;
  run(ctx: OperatorContext, input: z.output<S>): Promise<R>;
}

const operation = <S extends z.ZodType, R>(
  input: S,
  run: (ctx: OperatorContext, input: z.output<S>) => Promise<R>,
): Operation<S, R> => ({ input, run });

const noUser = (email: string) =>
  new OperatorError(`No user with the e-mail ${email}. They must sign up first.`);
const noAccount = (code: string) => new OperatorError(`No account with the code ${code}`);

async function accountAndUser(ctx: OperatorContext, email: string, pcode: string) {
  const account = await organisations.get(ctx.db, pcode);
  if (!account) throw noAccount(pcode);
  const user = await users.findByEmail(ctx.db, email);
  if (!user) throw noUser(email);
  return { account, user };
}

/** What `account list` shows of an account. */
export interface AccountSummary {
  pcode: string;
  name: string;
  premiumEligible: boolean;
  copEnabled: boolean;
  members: string[];
}

const summary = (
  row: Pick<AccountSummary, 'pcode' | 'name' | 'premiumEligible' | 'copEnabled'>,
  members: string[],
): AccountSummary => ({
  pcode: row.pcode,
  name: row.name,
  premiumEligible: row.premiumEligible,
  copEnabled: row.copEnabled,
  members,
});

const membersOf = async (ctx: OperatorContext, organisationId: number) =>
  (await organisations.members(ctx.db, organisationId)).map((m) => m.email);

export const operations = {
  adminGrant: operation(z.object({ email: Email }), async (ctx, { email }) => {
    if (!(await users.setAdmin(ctx.db, email, true))) throw noUser(email);
    return { email };
  }),

  accountFlags: operation(
    z.object({
      pcode: AccountCode,
      premiumEligible: z.boolean().optional(),
      copEnabled: z.boolean().optional(),
    }),
    async (ctx, { pcode, ...flags }) => {
      const account = await organisations.setFlags(ctx.db, pcode, flags);
      if (!account) throw noAccount(pcode);
      return summary(account, await membersOf(ctx, account.id));
    },
  ),

  accountList: operation(z.object({}), async (ctx) =>
    (await organisations.listWithMembers(ctx.db)).map((a) => summary(a, a.members)),
  ),

  accountAddMember: operation(
    z.object({ email: Email, pcode: AccountCode }),
    async (ctx, { email, pcode }) => {
      const { account, user } = await accountAndUser(ctx, email, pcode);
      const already = (await organisations.forUser(ctx.db, user.id)).some(
        (o) => o.id === account.id,
      );
      if (!already) await organisations.addMember(ctx.db, user.id, account.id);
      return { added: !already, account: summary(account, await membersOf(ctx, account.id)) };
    },
  ),

  accountRemoveMember: operation(
    z.object({ email: Email, pcode: AccountCode }),
    async (ctx, { email, pcode }) => {
      const { account, user } = await accountAndUser(ctx, email, pcode);
      const members = await membersOf(ctx, account.id);
      if (!members.some((m) => m.toLowerCase() === user.email.toLowerCase()))
        throw new OperatorError(`${user.email} is not a member of p-${account.pcode}`);
      if (members.length === 1)
        throw new OperatorError(
          `${user.email} is the only member of p-${account.pcode}: add another member first, so the account keeps someone who can sign in to it`,
        );
      await organisations.removeMember(ctx.db, user.id, account.id);
      return summary(account, await membersOf(ctx, account.id));
    },
  ),

  announceCreate: operation(
    z.object({
      id: z.string().trim().min(1).optional(),
      title: z.string(),
      content: z.string(),
      /** ISO instants; the start defaults to now. */
      start: z.string().optional(),
      end: z.string(),
      expire: z.number().int().nonnegative().default(7),
      expireUnits: AnnouncementExpireUnit.default('days'),
      imageUrl: z.string().optional(),
      linkText: z.string().optional(),
      linkUrl: z.string().optional(),
    }),
    async (ctx, input) => {
      const { id, title, content, start, end, expire, expireUnits, ...extras } = input;
      const draft = {
        id: id ?? `a-${randomBytes(4).toString('hex')}`,
        start: start ?? ctx.now().toISOString(),
        end,
        expire,
        expireUnits,
        modal: {
          title,
          content,
          ...Object.fromEntries(Object.entries(extras).filter(([, v]) => v !== undefined)),
        },
      };
      const result = validateAnnouncement(draft);
      if (!result.ok)
        throw new OperatorError(
          `The announcement is not valid:\n${result.issues.map((i) => `  ${i.field}: ${i.message}`).join('\n')}`,
        );
      if (!(await announcements.create(ctx.db, result.value)))
        throw new OperatorError(`An announcement with the id ${result.value.id} exists already`);
      return result.value;
    },
  ),

  announceList: operation(
    z.object({ all: z.boolean().default(false) }),
    async (ctx, { all }): Promise<Announcement[]> => announcements.list(ctx.db, ctx.now(), all),
  ),

  announceEnd: operation(z.object({ id: z.string().trim().min(1) }), async (ctx, { id }) => {
    const ended = await announcements.end(ctx.db, id, ctx.now());
    if (!ended) throw new OperatorError(`No announcement with the id ${id}`);
    return ended;
  }),
};

export type Operations = typeof operations;
export type OperationName = keyof Operations;
export type OperationInput<N extends OperationName> = z.input<Operations[N]['input']>;
export type OperationResult<N extends OperationName> = Awaited<ReturnType<Operations[N]['run']>>;

export const isOperationName = (name: string): name is OperationName =>
  Object.prototype.hasOwnProperty.call(operations, name);

/** Parses the input (a refusal names the field) and runs the operation. */
export async function runOperationOn<N extends OperationName>(
  ctx: OperatorContext,
  name: N,
  input: unknown,
): Promise<OperationResult<N>> {
  const op = operations[name] as unknown as Operation<z.ZodType, OperationResult<N>>;
  const parsed = op.input.safeParse(input);
  if (!parsed.success)
    throw new OperatorError(
      parsed.error.issues.map((i) => `${i.path.join('.') || name}: ${i.message}`).join('\n'),
    );
  return op.run(ctx, parsed.data);
}
