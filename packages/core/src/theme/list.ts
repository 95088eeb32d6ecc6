import { z } from 'zod';
import { PrivacyMode } from '../property/schema';
import { regulationLabel } from '../property/regulations';
import { GvlVersion } from '../vendors/gvl';
import type { Theme } from './schema';
import { ThemeType, themeRegulations } from './schema';

/**
 * One row of the themes list (GET /customization/v2/theme). It also carries what the property
 * form needs to pick a theme: its type and its vendor-list version.
 */
export const ThemeListItem = z.object({
  themeId: z.string(),
  themeName: z.string(),
  themeType: ThemeType,
  privacyModes: z.array(PrivacyMode),
  /** The Regulation column: 'GDPR', 'US', 'GDPR & US' or 'None'. */
  regulation: z.string(),
  gvlVersion: GvlVersion,
  updatedAt: z.string().optional(),
});
export type ThemeListItem = z.infer<typeof ThemeListItem>;

export const toThemeListItem = (theme: Theme): ThemeListItem => ({
  themeId: theme.themeId,
  themeName: theme.themeName,
  themeType: theme.themeType,
  privacyModes: theme.privacyModes,
  regulation: regulationLabel(themeRegulations(theme)),
  gvlVersion: theme.gvlVersion,
  updatedAt: theme.updatedAt,
});

/** The table's columns, keyed by the row's fields (actions: Edit, Delete). */
export const THEME_LIST_COLUMNS = [
  { key: 'themeName', title: 'theme' },
  { key: 'regulation', title: 'regulation' },
  { key: 'themeType', title: 'Type' },
  { key: 'actions', title: 'actions' },
] as const satisfies ReadonlyArray<{ key: keyof ThemeListItem | 'actions'; title: string }>;

export const THEME_ROW_ACTIONS = ['Edit', 'Delete'] as const;

/** The list query's sort: by name, ascending. */
export const THEME_LIST_SORT = 'themeName,ASC';

/** Themes sorted by name ascending (case-insensitive, then by id for equal names). */
export const sortThemes = <T extends Pick<ThemeListItem, 'themeName' | 'themeId'>>(
  items: readonly T[],
): T[] =>
  [...items].sort(
    (a, b) =>
      a.themeName.localeCompare(b.themeName, 'en', { sensitivity: 'base' }) ||
      a.themeId.localeCompare(b.themeId),
  );

/** The name filter: a case-insensitive substring of themeName; an empty filter keeps all. */
export function filterThemes<T extends Pick<ThemeListItem, 'themeName'>>(
  items: readonly T[],
  query: string,
): T[] {
  const q = query.trim().toLowerCase();
  return q ? items.filter((t) => t.themeName.toLowerCase().includes(q)) : [...items];
}
