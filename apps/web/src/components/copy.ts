/** Words of the shared components, as constants the tests assert. */

/** The question asked before unsaved changes are left (our wording, docs/decisions.md). */
export const UNSAVED_CHANGES = {
  title: 'Leave without saving?',
  message: 'You have unsaved changes. If you leave this page now, they will be lost.',
  leave: 'LEAVE WITHOUT SAVING',
  stay: 'STAY ON THIS PAGE',
} as const;
