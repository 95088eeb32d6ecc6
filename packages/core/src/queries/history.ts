import type { AssentClient } from '../api';
import type { HistoryEntityType } from '../history/change-history';
import { queryOptionsOf } from './query-options';

/** Which history a view shows: one entity's (a property, a theme) or the whole account's. */
export interface HistoryInput {
  entityType?: HistoryEntityType;
  entityId?: string;
  /** @default 0 */
  page?: number;
}

/** The change history of an account, of one of its properties or themes, page by page. */
export const historyKeys = {
  all: ['history'] as const,
  account: (pCode: string) => [...historyKeys.all, pCode] as const,
  page: (pCode: string, input: HistoryInput) =>
    [
      ...historyKeys.account(pCode),
      input.entityType ?? null,
      input.entityId ?? null,
      input.page ?? 0,
    ] as const,
};
export const historyQuery = (client: AssentClient, pCode: string, input: HistoryInput = {}) =>
  queryOptionsOf(historyKeys.page(pCode, input), ({ signal }) =>
    client.history.list(
      {
        query: {
          pCode,
          page: input.page ?? 0,
          ...(input.entityType ? { entityType: input.entityType } : {}),
          ...(input.entityId ? { entityId: input.entityId } : {}),
        },
      },
      { signal },
    ),
  );
