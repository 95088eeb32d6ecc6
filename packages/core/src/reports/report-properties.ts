import { z } from 'zod';
import type { ReportFilter } from './query';
import { propertyIdsFromFilters } from './query';

/**
 * The property multi-select at the top of the reports page (reports-and-account §2, §4).
 */

/** A property as the selector lists it. */
export const ReportProperty = z.object({
  siteUuid: z.string(),
  url: z.string(),
  isDisabled: z.boolean().default(false),
  /** The analytics id, when it differs from siteUuid. */
  propertyId: z.string().optional(),
});
export type ReportProperty = z.infer<typeof ReportProperty>;

/** A theme as the report filters list it. */
export const ReportTheme = z.object({ uuid: z.string(), themeName: z.string() });
export type ReportTheme = z.infer<typeof ReportTheme>;

/** The value of the 'All' option. */
export const ALL_REPORT_PROPERTIES = '__all__';

export interface ReportPropertyOption {
  value: string;
  label: string;
  disabled: boolean;
}

/** 'All' plus each property by url; disabled properties are listed but cannot be chosen. */
export const reportPropertyOptions = (
  properties: readonly ReportProperty[],
): ReportPropertyOption[] => [
  { value: ALL_REPORT_PROPERTIES, label: 'All', disabled: false },
  ...properties.map((p) => ({ value: p.siteUuid, label: p.url, disabled: p.isDisabled })),
];

/**
 * The selection after the user picks `chosen`: All selects every non-disabled property; otherwise
 * disabled and unknown ids are dropped. An id may be a siteUuid or an analytics propertyId.
 */
export function selectReportProperties(
  properties: readonly ReportProperty[],
  chosen: readonly string[],
): string[] {
  const selectable = properties.filter((p) => !p.isDisabled);
  if (chosen.includes(ALL_REPORT_PROPERTIES)) return selectable.map((p) => p.siteUuid);
  return selectable
    .filter((p) => chosen.includes(p.siteUuid) || (p.propertyId && chosen.includes(p.propertyId)))
    .map((p) => p.siteUuid);
}

/**
 * The selection after the user picks one option of the selector (the console's menu, the terminal
 * UI's space key): All selects every non-disabled property; a selected property is taken out; any
 * other is added (a disabled one cannot be chosen, so nothing changes).
 */
export function toggleReportProperty(
  properties: readonly ReportProperty[],
  selected: readonly string[],
  value: string,
): string[] {
  if (value === ALL_REPORT_PROPERTIES)
    return selectReportProperties(properties, [ALL_REPORT_PROPERTIES]);
  if (selected.includes(value)) return selected.filter((id) => id !== value);
  return selectReportProperties(properties, [...selected, value]);
}

/**
 * The selection when the page opens: a loaded report's propertyId filter wins, then the route's
 * id, else nothing (the empty state shows).
 */
export function initialReportPropertySelection(input: {
  properties: readonly ReportProperty[];
  routePropertyId?: string | undefined;
  reportFilters?: readonly ReportFilter[] | undefined;
}): string[] {
  const fromReport = input.reportFilters ? propertyIdsFromFilters(input.reportFilters) : undefined;
  if (fromReport) return selectReportProperties(input.properties, fromReport);
  if (input.routePropertyId)
    return selectReportProperties(input.properties, [input.routePropertyId]);
  return [];
}

/** The analytics ids of the selected properties (propertyId when set, else siteUuid). */
export function analyticsPropertyIds(
  properties: readonly ReportProperty[],
  selected: readonly string[],
): string[] {
  return properties
    .filter((p) => selected.includes(p.siteUuid))
    .map((p) => p.propertyId ?? p.siteUuid);
}
