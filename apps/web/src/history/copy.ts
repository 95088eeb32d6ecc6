/** Words of the change-history views (History buttons of the site and app details and the theme editor). */
export const HISTORY_TAB = 'History';
export const HISTORY_TITLE = 'Change history';
export const HISTORY_LOAD_FAILED = 'The change history could not be loaded.';
export const HISTORY_COLUMNS = {
  at: 'When',
  author: 'Who',
  action: 'Change',
  field: 'Field',
  from: 'Old value',
  to: 'New value',
} as const;
export const HISTORY_ACTIONS = { CREATE: 'Created', UPDATE: 'Changed', DELETE: 'Deleted' } as const;
/** The summary of a creation's or deletion's fields, which it folds. */
export const settingsSummary = (count: number, action: 'CREATE' | 'DELETE') =>
  `${count} setting${count === 1 ? '' : 's'} ${action === 'CREATE' ? 'set' : 'removed'}`;
export const SHOW_SETTINGS = 'Show';
export const HIDE_SETTINGS = 'Hide';
