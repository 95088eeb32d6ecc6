import { AssentError } from '@assent/core';
import type { Routes } from '@assent/core/api';
import {
  TEXT_REQUEST_REVIEWING,
  decideTextRequest,
  textRequestDecisionMail,
  textRequestState,
  validateTextChangeRequest,
} from '@assent/core/theme';
import { textRequests } from '../repositories/text-requests';
import { themes } from '../repositories/themes';
import type { Queryable } from '../db';
import type { AuthUser, GroupHandlers } from './context';
import { NOT_FOUND_MESSAGE } from './errors';

/** The account of a theme the caller may see: a theme of another account is simply not found. */
async function themeAccount(q: Queryable, themeId: string, user: AuthUser): Promise<string> {
  const owner = await themes.owner(q, themeId);
  if (owner === undefined || owner === null || !user.pcodes.includes(owner))
    throw new AssentError('NOT_FOUND', NOT_FOUND_MESSAGE);
  return owner;
}

/** The message shown when a request is not allowed now (in review, or within 15 days of approval). */
function notYet(state: ReturnType<typeof textRequestState>): string {
  if (state.locked) return TEXT_REQUEST_REVIEWING;
  return state.nextRequestAt
    ? `${state.message ?? ''} A new request can be made from ${state.nextRequestAt.toISOString().slice(0, 10)}.`.trim()
    : (state.message ?? 'A new request cannot be made now.');
}

export const textRequestHandlers: GroupHandlers<Routes['textRequests']> = {
  async listForTheme({ params }, ctx) {
    await themeAccount(ctx.deps.db, params.id, ctx.user());
    return textRequests.forTheme(ctx.deps.db, Number(params.id));
  },

  /** Admins approve or reject an in-progress request; the requester is told by e-mail. */
  async updateStatus({ params, query }, { deps, user }) {
    const decided = await deps.db.transaction(async (tx) => {
      const request = await textRequests.get(tx, params.id);
      if (!request) throw new AssentError('NOT_FOUND', NOT_FOUND_MESSAGE);
      const decision = decideTextRequest(request, query.status, user(), deps.now());
      if (!decision.ok) throw AssentError.fromIssues(decision.issues, 'CONFLICT');
      return textRequests.decide(tx, params.id, query.status, user().id, deps.now());
    });
    // After the commit: a failed e-mail is logged, the decision stands.
    try {
      const requester = await textRequests.requester(deps.db, decided.id);
      if (requester) {
        await deps.mailer.send({
          to: requester.email,
          ...textRequestDecisionMail(decided, query.status, requester.themeName),
        });
      }
    } catch (error) {
      deps.logger.error(
        { err: error, requestId: decided.id },
        'text change decision e-mail failed',
      );
    }
    return decided;
  },

  /** One request per language and type; refused while one is in review or within 15 days of approval. */
  async create({ body }, ctx) {
    const { deps } = ctx;
    const user = ctx.user();
    return deps.db.transaction(async (tx) => {
      const created = [];
      for (const draft of body) {
        const pcode = await themeAccount(tx, draft.themeId, user);
        const checked = validateTextChangeRequest(draft);
        if (!checked.ok)
          throw AssentError.fromIssues(
            checked.issues,
            checked.issues.some((i) => i.rule === 'unsafe') ? 'XSS_ERROR' : 'VALIDATION_ERROR',
          );
        const state = textRequestState(
          await textRequests.forTheme(tx, Number(draft.themeId)),
          draft,
          deps.now(),
        );
        if (!state.canRequest) throw new AssentError('CONFLICT', notYet(state));
        created.push(await textRequests.insert(tx, pcode, draft, user.id, deps.now()));
      }
      return created;
    });
  },
};
