import type { PropertyListRow } from '@assent/core/property';
import type { TagType } from '@assent/core/tags';

/** Which row dialog is open on the properties list (one at a time). */
export type PropertyDialog =
  | { kind: 'tag'; type: Extract<TagType, 'site' | 'amp'>; item: PropertyListRow }
  | { kind: 'universalTag' }
  | { kind: 'downloadLogs'; item: PropertyListRow }
  | { kind: 'delete'; item: PropertyListRow }
  /** Find consent: a consent record by the id a visitor quotes. */
  | { kind: 'findConsent' }
  | null;
