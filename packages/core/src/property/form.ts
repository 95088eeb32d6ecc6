import { sameValue } from '../equal';

/**
 * The site and app forms' save rule (properties-and-tags §4): Save is disabled until the form has
 * changed, while a save is pending, and while the property has pending updates (editable false).
 * Theme forms have theirs in theme/form.ts (`themeSaveEnabled`, `hasThemeChanged`).
 */

/** The top-level fields whose values differ. */
export function changedFields(before: object, after: object): Set<string> {
  const left = before as Record<string, unknown>;
  const right = after as Record<string, unknown>;
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  return new Set([...keys].filter((key) => !sameValue(left[key], right[key])));
}

/**
 * The user's edits carried onto newer stored values (a bulk update finished while the form was
 * open): each top-level field the user changed from `initial` keeps the user's value, every other
 * field takes the stored one, so saving neither loses the edits nor undoes the bulk change.
 */
export function rebaseEdits<T extends object>(initial: T, edited: T, latest: T): T {
  const mine = changedFields(initial, edited);
  const out = { ...latest } as Record<string, unknown>;
  for (const key of mine) out[key] = (edited as Record<string, unknown>)[key];
  return out as T;
}

/** Whether the form's values differ from those it opened with. */
export const hasPropertyChanged = (initial: object, current: object): boolean =>
  changedFields(initial, current).size > 0;

/**
 * Save is enabled only when the form has changed, no save is pending and the property can be
 * saved (no pending updates).
 */
export const propertySaveEnabled = (form: {
  changed: boolean;
  pending: boolean;
  /** @default true */
  editable?: boolean;
}): boolean => form.changed && !form.pending && form.editable !== false;
