import { describe, expect, it } from 'vitest';
import { storedSiteTheme } from '../testing/theme';
import {
  THEME_LIST_COLUMNS,
  THEME_LIST_SORT,
  THEME_ROW_ACTIONS,
  filterThemes,
  sortThemes,
  toThemeListItem,
} from './list';

const row = (themeId: string, themeName: string) => ({ themeId, themeName });

describe('themes list', () => {
  it('has the theme, regulation, Type and actions columns', () => {
    expect(THEME_LIST_COLUMNS.map((c) => c.title)).toEqual([
      'theme',
      'regulation',
      'Type',
      'actions',
    ]);
    expect(THEME_ROW_ACTIONS).toEqual(['Edit', 'Delete']);
  });

  it('maps a theme to a row with its regulation label, type and vendor-list version', () => {
    expect(toThemeListItem(storedSiteTheme({ privacyModes: ['GDPR', 'USP'] }))).toEqual({
      themeId: '42',
      themeName: 'News site theme',
      themeType: 'SITE',
      privacyModes: ['GDPR', 'USP'],
      regulation: 'GDPR & US',
      gvlVersion: 3,
      updatedAt: '2026-01-06T10:00:00.000Z',
    });
  });

  it('sorts by name ascending', () => {
    expect(THEME_LIST_SORT).toBe('themeName,ASC');
    expect(
      sortThemes([row('2', 'beta'), row('3', 'Alpha'), row('1', 'alpha')]).map((t) => t.themeId),
    ).toEqual(['1', '3', '2']);
  });

  it('filters by theme name, case-insensitively', () => {
    const rows = [row('1', 'News'), row('2', 'Sports'), row('3', 'newsletter')];
    expect(filterThemes(rows, 'NEWS').map((t) => t.themeId)).toEqual(['1', '3']);
    expect(filterThemes(rows, '  ')).toHaveLength(3);
    expect(filterThemes(rows, 'weather')).toEqual([]);
  });
});
