import type { ReportProperty, ReportPropertyOption } from '@assent/core/reports';
import {
  ALL_REPORT_PROPERTIES,
  reportPropertyOptions,
  selectReportProperties,
  toggleReportProperty,
} from '@assent/core/reports';

/**
 * The Reports dashboard's property set, chosen as in the console's multi-select: All, or any set
 * of properties; disabled properties are listed but cannot be chosen. P opens the list, j/k move,
 * space chooses or drops the option under the cursor (core's `toggleReportProperty`), Enter
 * applies the set and Esc leaves it as it was.
 */
export interface PropertyPicker {
  /** The option under the cursor (an index into core's options, All first). */
  cursor: number;
  /** The siteUuids chosen so far (applied by Enter). */
  draft: string[];
}

export const PICKER_KEYS = 'j/k move  space choose  Enter apply  Esc cancel';

/** The set when none was chosen yet: All (every enabled property). */
export const allReportProperties = (properties: readonly ReportProperty[]): string[] =>
  selectReportProperties(properties, [ALL_REPORT_PROPERTIES]);

/** Whether the set is every enabled property (the console's All). */
const isAll = (properties: readonly ReportProperty[], selected: readonly string[]) => {
  const all = allReportProperties(properties);
  return all.length > 0 && all.every((id) => selected.includes(id));
};

/** The set as the dashboard names it: 'All', 'none', or the properties' urls. */
export function propertySetLabel(
  properties: readonly ReportProperty[],
  selected: readonly string[],
): string {
  if (selected.length === 0) return 'none';
  if (isAll(properties, selected)) return 'All';
  return properties
    .filter((p) => selected.includes(p.siteUuid))
    .map((p) => p.url)
    .join(', ');
}

/** One line of the list: '[x] All', '[ ] shop.example.org', '[-] old.example.com (disabled)'. */
export function pickerLine(
  properties: readonly ReportProperty[],
  draft: readonly string[],
  option: ReportPropertyOption,
): string {
  if (option.disabled) return `[-] ${option.label} (disabled)`;
  const chosen =
    option.value === ALL_REPORT_PROPERTIES
      ? isAll(properties, draft)
      : draft.includes(option.value);
  return `${chosen ? '[x]' : '[ ]'} ${option.label}`;
}

/** The picker after a key; `apply` is the set to show once Enter is pressed, `close` for Esc. */
export function pickerKey(
  properties: readonly ReportProperty[],
  picker: PropertyPicker,
  input: string,
  key: { upArrow: boolean; downArrow: boolean; return: boolean; escape: boolean },
): { picker: PropertyPicker } | { apply: string[] } | { close: true } {
  const options = reportPropertyOptions(properties);
  const last = options.length - 1;
  const at = (cursor: number) => ({
    picker: { ...picker, cursor: Math.max(0, Math.min(last, cursor)) },
  });
  if (key.escape) return { close: true };
  if (key.return) return { apply: picker.draft };
  if (input === 'j' || key.downArrow) return at(picker.cursor + 1);
  if (input === 'k' || key.upArrow) return at(picker.cursor - 1);
  if (input === 'g') return at(0);
  if (input === 'G') return at(last);
  if (input === ' ') {
    const option = options[picker.cursor];
    if (!option) return { picker };
    return {
      picker: { ...picker, draft: toggleReportProperty(properties, picker.draft, option.value) },
    };
  }
  return { picker };
}
