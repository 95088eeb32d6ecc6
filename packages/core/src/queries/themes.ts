import type { AssentClient } from '../api';
import type { ThemeType } from '../theme/schema';
import { queryOptionsOf } from './query-options';

/** The account's themes sorted by name, optionally of one type (SITE or APP). */
export const themeKeys = {
  all: ['themes'] as const,
  account: (pCode: string) => [...themeKeys.all, pCode] as const,
  list: (pCode: string, themeType?: ThemeType) =>
    [...themeKeys.account(pCode), themeType ?? 'ALL'] as const,
  detail: (pCode: string, themeId: string) =>
    [...themeKeys.account(pCode), 'detail', themeId] as const,
};
export const themesQuery = (client: AssentClient, pCode: string, themeType?: ThemeType) =>
  queryOptionsOf(themeKeys.list(pCode, themeType), ({ signal }) =>
    client.themes.list(
      { query: { pCode, sort: 'themeName,ASC', ...(themeType ? { themeType } : {}) } },
      { signal },
    ),
  );

/** One theme of the account (the theme editor). */
export const themeQuery = (client: AssentClient, pCode: string, themeId: string) =>
  queryOptionsOf(themeKeys.detail(pCode, themeId), ({ signal }) =>
    client.themes.get({ params: { id: themeId }, query: { pCode } }, { signal }),
  );

/** The text change requests of one theme (GET /text-customization-request/{themeId}). */
export const textRequestKeys = {
  all: ['textRequests'] as const,
  theme: (themeId: string) => [...textRequestKeys.all, themeId] as const,
};
export const textRequestsQuery = (client: AssentClient, themeId: string) =>
  queryOptionsOf(textRequestKeys.theme(themeId), ({ signal }) =>
    client.textRequests.listForTheme({ params: { id: themeId } }, { signal }),
  );
