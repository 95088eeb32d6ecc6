import type { Routes } from '@assent/core/api';
import type { ChangeActor } from '../repositories/change-history';
import { changeHistory } from '../repositories/change-history';
import type { GroupHandlers, HandlerContext } from './context';

/** Who makes a change through the API: the signed-in user, and the token's name when via one. */
export function changeActor(ctx: HandlerContext): ChangeActor {
  const user = ctx.user();
  return ctx.auth?.via === 'token'
    ? { email: user.email, via: 'token', tokenName: ctx.auth.tokenName ?? null }
    : { email: user.email, via: 'session' };
}

export const historyHandlers: GroupHandlers<Routes['history']> = {
  list: ({ query }, { deps, pCode }) =>
    changeHistory.page(deps.db, pCode, {
      ...(query.entityType ? { entityType: query.entityType } : {}),
      ...(query.entityId ? { entityId: query.entityId } : {}),
      page: query.page,
      size: query.size,
    }),
};
