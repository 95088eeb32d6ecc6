import { z } from 'zod';
import { APP_REPORT_PERCENT_DECIMALS, formatCompactNumber, formatPercent } from '../format';
import type { AnalyticsRegulationKey, VisitOutcome } from './segments';
import { ANALYTICS_REGULATION_LABELS, usStateAnalyticsLabel } from './segments';

/**
 * Consent analytics of one property, as shown on the properties list, the site detail and the app
 * report (properties-and-tags §3 "Analytics report fields per property").
 */

const count = z.number().nullable().default(null);
const percent = z.number().nullable().default(null);

export const PropertyAnalyticsReport = z.object({
  prefix: z.string().nullable().default(null),
  startDate: z.string().nullable().default(null),
  endDate: z.string().nullable().default(null),
  totalShown: count,
  consentRatePercentage: percent,
  cookiesConsentRatePercentage: percent,
  bounceRatePercentage: percent,
  acceptAll: count,
  rejectAll: count,
  partialAll: count,
  acceptedRatePercentage: percent,
  rejectedRatePercentage: percent,
  partialRatePercentage: percent,
  doNotSellRequestReceived: count,
  doNotSellRequestFulfilled: count,
  medianTimeFulfillmentMillis: count,
  idProperty: z.string().nullable().default(null),
});
export type PropertyAnalyticsReport = z.infer<typeof PropertyAnalyticsReport>;

/** A US-states entry: a report for one state code; a null state is the national one. */
export const UsStateAnalyticsReport = PropertyAnalyticsReport.extend({
  state: z.string().nullable().default(null),
});
export type UsStateAnalyticsReport = z.infer<typeof UsStateAnalyticsReport>;

/** Analytics keyed by regulation: 1 GDPR, 2 CCPA, 10 Google basic consent, 3 the US state list. */
export const PropertyAnalytics = z.object({
  '1': PropertyAnalyticsReport.optional(),
  '2': PropertyAnalyticsReport.optional(),
  '3': z.array(UsStateAnalyticsReport).optional(),
  '10': PropertyAnalyticsReport.optional(),
});
export type PropertyAnalytics = z.infer<typeof PropertyAnalytics>;

/** The sections of a property's analytics that have data, labelled, in key order 1, 2, 10, 3. */
export function propertyAnalyticsSections(
  analytics: PropertyAnalytics,
): Array<{ key: AnalyticsRegulationKey; label: string; report: PropertyAnalyticsReport }> {
  const sections: Array<{
    key: AnalyticsRegulationKey;
    label: string;
    report: PropertyAnalyticsReport;
  }> = [];
  for (const key of ['1', '2', '10'] as const) {
    const report = analytics[key];
    if (report) sections.push({ key, label: ANALYTICS_REGULATION_LABELS[key], report });
  }
  for (const report of analytics['3'] ?? []) {
    sections.push({
      key: '3',
      label: `${ANALYTICS_REGULATION_LABELS['3']}: ${usStateAnalyticsLabel(report.state)}`,
      report,
    });
  }
  return sections;
}

/**
 * The rows of a property's report section (the site and app detail's report card, the terminal
 * UI), keyed by the analytics fields, each shown when the field has a value. The outcome rows
 * show their count with its share of the banners shown, e.g. '40 (40.0%)'.
 */
export const PROPERTY_REPORT_ROWS = [
  { key: 'totalShown', label: 'Banners shown', kind: 'count' },
  { key: 'consentRatePercentage', label: 'Consent rate', kind: 'percent' },
  { key: 'acceptAll', rate: 'acceptedRatePercentage', label: 'Accepted all', kind: 'share' },
  { key: 'rejectAll', rate: 'rejectedRatePercentage', label: 'Rejected all', kind: 'share' },
  { key: 'partialAll', rate: 'partialRatePercentage', label: 'Partial consent', kind: 'share' },
  { key: 'bounceRatePercentage', label: 'Bounce rate', kind: 'percent' },
  { key: 'cookiesConsentRatePercentage', label: 'Cookies consent rate', kind: 'percent' },
  { key: 'doNotSellRequestReceived', label: 'Do-not-sell requests received', kind: 'count' },
  { key: 'doNotSellRequestFulfilled', label: 'Do-not-sell requests fulfilled', kind: 'count' },
  { key: 'medianTimeFulfillmentMillis', label: 'Median fulfilment time (ms)', kind: 'count' },
] as const satisfies ReadonlyArray<{
  key: keyof PropertyAnalyticsReport;
  rate?: keyof PropertyAnalyticsReport;
  label: string;
  kind: 'count' | 'percent' | 'share';
}>;

type PropertyReportRow = (typeof PROPERTY_REPORT_ROWS)[number];

/**
 * A row's value as shown: a percentage through `formatPercentage` (the site report shows one
 * decimal, the app report two), a compact count, or a count with its share.
 */
export function propertyReportCell(
  row: PropertyReportRow,
  report: PropertyAnalyticsReport,
  formatPercentage: (value: number | null) => string,
): string {
  const value = report[row.key] as number | null;
  if (row.kind === 'percent') return formatPercentage(value);
  if (row.kind === 'count') return formatCompactNumber(value);
  const rate = report[row.rate];
  return rate === null
    ? formatCompactNumber(value)
    : `${formatCompactNumber(value)} (${formatPercentage(rate)})`;
}

/** Visit outcomes of a report; bounces are the shown banners with no choice. */
export function visitOutcomeCounts(report: PropertyAnalyticsReport): Record<VisitOutcome, number> {
  const acceptAll = report.acceptAll ?? 0;
  const rejectAll = report.rejectAll ?? 0;
  const partial = report.partialAll ?? 0;
  const bounce = Math.max(0, (report.totalShown ?? 0) - acceptAll - rejectAll - partial);
  return { acceptAll, rejectAll, partial, bounce };
}

/** A percentage on the app report: two decimals, 'N/A' when missing. */
export const formatAppReportPercent = (value: number | null | undefined): string =>
  formatPercent(value, APP_REPORT_PERCENT_DECIMALS);
