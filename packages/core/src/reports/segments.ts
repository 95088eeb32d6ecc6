import { z } from 'zod';
import { OLD_VERSION_LABEL, UNKNOWN_SEGMENT_LABEL } from './messages';
import {
  ANALYTICS_REGULATIONS,
  REPORT_BROWSERS,
  REPORT_DEVICE_TYPES,
  REPORT_OPERATING_SYSTEMS,
  REPORT_PAGE_FORMATS,
  VISIT_OUTCOME_NAMES,
} from './vocabulary';

/**
 * The values reports break traffic down by (reports-and-account §3, properties-and-tags §3), each
 * with its display label.
 */

/** Regulations in report filters: GDPR = 1, CCPA = 2, MSPA = 3. */
export const ReportRegulation = z.enum(['GDPR', 'CCPA', 'MSPA']);
export type ReportRegulation = z.infer<typeof ReportRegulation>;

export const REPORT_REGULATION_IDS: Record<ReportRegulation, number> = {
  GDPR: 1,
  CCPA: 2,
  MSPA: 3,
};

/** The regulation with a report id, or undefined. */
export const reportRegulationFromId = (id: number | string): ReportRegulation | undefined =>
  ReportRegulation.options.find((r) => REPORT_REGULATION_IDS[r] === Number(id));

/**
 * Keys of the per-property analytics map (properties-and-tags §3): 1 GDPR, 2 CCPA, 3 the US state
 * list by state code (a null state means national), 10 Google basic consent.
 */
export const AnalyticsRegulationKey = z.enum(['1', '2', '3', '10']);
export type AnalyticsRegulationKey = z.infer<typeof AnalyticsRegulationKey>;

export const ANALYTICS_REGULATION_LABELS: Record<AnalyticsRegulationKey, string> = {
  '1': 'GDPR',
  '2': 'CCPA',
  '3': 'US States',
  '10': 'Google basic consent',
};

/** The state label of a US-states analytics entry: a null state is the national one. */
export const usStateAnalyticsLabel = (state: string | null | undefined): string =>
  state ? state.toUpperCase() : 'National';

export const ReportPageFormat = z.enum(REPORT_PAGE_FORMATS);
export type ReportPageFormat = z.infer<typeof ReportPageFormat>;

/** Series of the page-format chart. */
export const PAGE_FORMAT_GROUPS = ['Total (All Pages)', 'AMP', 'HTTP'] as const;
export type PageFormatGroup = (typeof PAGE_FORMAT_GROUPS)[number];

/** Device types as stored, with their labels: Desktop (pc), Tablet (tablet), Phone (mobile). */
export const ReportDeviceType = z.enum(REPORT_DEVICE_TYPES);
export type ReportDeviceType = z.infer<typeof ReportDeviceType>;

export const DEVICE_TYPE_LABELS: Record<ReportDeviceType, string> = {
  pc: 'Desktop',
  tablet: 'Tablet',
  mobile: 'Phone',
};

export const ReportOperatingSystem = z.enum(REPORT_OPERATING_SYSTEMS);

export const ReportBrowser = z.enum(REPORT_BROWSERS);
export type ReportBrowser = z.infer<typeof ReportBrowser>;

/** A visit's regulation as the report API names it (filters also take the numeric codes). */
export const AnalyticsRegulation = z.enum(ANALYTICS_REGULATIONS);
export type AnalyticsRegulation = z.infer<typeof AnalyticsRegulation>;
export type ReportOperatingSystem = z.infer<typeof ReportOperatingSystem>;

export const ReportChartType = z.enum(['Bar', 'Line']);
export type ReportChartType = z.infer<typeof ReportChartType>;

/** What a visitor did with the banner. */
export const VisitOutcome = z.enum(VISIT_OUTCOME_NAMES);
export type VisitOutcome = z.infer<typeof VisitOutcome>;

/** Labels of the consent pie, in this order. */
export const VISIT_OUTCOME_LABELS: Record<VisitOutcome, string> = {
  acceptAll: 'Accept all',
  rejectAll: 'Deny all',
  partial: 'Partial opt-in',
  bounce: 'Bounce',
};

/** Series of the regulation chart and groups of the country chart. */
export const REGION_GROUPS = ['EU', 'US', 'Total'] as const;
export type RegionGroup = (typeof REGION_GROUPS)[number];

/** Boolean dimensions (GBC, COP, advanced customisations) as labels. */
export const applicableLabel = (value: boolean | string | null | undefined): string =>
  value === true || value === 'true' ? 'Yes' : value === false || value === 'false' ? 'No' : '-';

function segmentLabel<T extends string>(
  value: string | null | undefined,
  labels: Record<T, string>,
): string {
  if (value === null || value === undefined || value === '') return OLD_VERSION_LABEL;
  return (labels as Record<string, string>)[value] ?? UNKNOWN_SEGMENT_LABEL;
}

/**
 * A page format for a table cell: its name, the old-version label when the banner did not report
 * one, or a dash when unknown.
 */
export const pageFormatLabel = (value: string | null | undefined): string =>
  segmentLabel(value, { HTTP: 'HTTP', AMP: 'AMP' } satisfies Record<ReportPageFormat, string>);

/** A device type for a table cell, as for page formats. */
export const deviceTypeLabel = (value: string | null | undefined): string =>
  segmentLabel(value, DEVICE_TYPE_LABELS);
