import { z } from 'zod';
import { NOT_AVAILABLE, formatCompactNumber, formatPercent } from '../format';
import { isPercentMetric } from './catalogue';
import { NO_CHANGE } from './messages';
import { roundMetricValue } from './metrics';
import { ReportFilter, propertyFilter, timeFilters } from './query';
import { ReportDateRange } from './time-period';

/**
 * The dashboard's summary cards: the metrics of a period compared with an earlier one
 * (reports-and-account §4 "Dashboard comparison status", §7 summary calls).
 */

/** One card: a metric's value and its change against the comparison period, in percent. */
export const SummaryMetric = z.object({
  fieldName: z.string(),
  value: z.number().nullable(),
  comparisonPercentage: z.number().nullable(),
});
export type SummaryMetric = z.infer<typeof SummaryMetric>;

/** The summary call's answer: metric values keyed by metric field name. */
export const SummaryValues = z.record(z.string(), z.number().nullable());
export type SummaryValues = z.infer<typeof SummaryValues>;

/** The summary call's body: filters (startDate gteq, endDate lteq, propertyId in) and metrics. */
export const SummaryRequest = z.object({
  filters: z.array(ReportFilter),
  metrics: z.array(z.string()).min(1),
});
export type SummaryRequest = z.infer<typeof SummaryRequest>;

/** Metrics the summary asks for. totalTraffic is fetched but not shown as a card. */
export const DASHBOARD_SUMMARY_METRICS: readonly string[] = [
  'totalTraffic',
  'totalSessions',
  'optInPercent',
  'optOutPercent',
  'partialOptInPercent',
  'bouncePercent',
];

/** The body of one summary call: run once for the current range and once for the comparison. */
export const summaryRequestFor = (
  range: ReportDateRange,
  propertyIds: readonly string[],
  metrics: readonly string[] = DASHBOARD_SUMMARY_METRICS,
): SummaryRequest => ({
  filters: [...timeFilters(range), propertyFilter(propertyIds)],
  metrics: [...metrics],
});

/** The summary comparison query: both ranges in one call. */
export const SummaryComparisonQuery = z.object({
  summaryDateRange: ReportDateRange,
  comparisonDateRange: ReportDateRange,
  propertyId: z.array(z.string()),
  metricFields: z.array(z.string()).min(1),
  pCode: z.string().min(1),
});
export type SummaryComparisonQuery = z.infer<typeof SummaryComparisonQuery>;

/**
 * The change from `previous` to `current`, in percent. With a zero baseline it is 100 when the new
 * value is positive, otherwise 0. Null when either value is missing.
 */
export function percentChange(
  current: number | null | undefined,
  previous: number | null | undefined,
): number | null {
  if (current === null || current === undefined || previous === null || previous === undefined) {
    return null;
  }
  if (previous === 0) return current > 0 ? 100 : 0;
  return ((current - previous) / Math.abs(previous)) * 100;
}

export type ComparisonStatus = 'positive' | 'negative' | 'neutral';

/** Metrics for which a rise is bad news: bounce and opt-out. */
export const isIncreaseNegative = (fieldName: string): boolean => /bounce|optOut/i.test(fieldName);

/**
 * The colour of a change: zero (or unknown) is neutral; a rise is negative for bounce and opt-out
 * and positive for every other metric; a fall the reverse.
 */
export function comparisonStatus(fieldName: string, change: number | null): ComparisonStatus {
  if (change === null || change === 0) return 'neutral';
  const rising = change > 0;
  return rising !== isIncreaseNegative(fieldName) ? 'positive' : 'negative';
}

/** The change as shown on a card: 'No change', '+12.3%', '-4.0%', or 'N/A'. */
export function formatComparison(change: number | null): string {
  if (change === null) return NOT_AVAILABLE;
  if (change === 0) return NO_CHANGE;
  return `${change > 0 ? '+' : ''}${formatPercent(change)}`;
}

/** Cards never show metrics whose name contains 'Visit', nor totalTraffic. */
export const isCardMetric = (fieldName: string): boolean =>
  !fieldName.includes('Visit') && fieldName !== 'totalTraffic';

/**
 * The cards from the two summary answers, in the order of `fields` (default: the current answer's
 * keys), dropping the metrics cards never show. The change is computed from the values given
 * (exact ones give an exact change), and each value is answered rounded as the reports' are.
 */
export function buildSummaryMetrics(
  current: SummaryValues,
  comparison: SummaryValues,
  fields: readonly string[] = Object.keys(current),
): SummaryMetric[] {
  return fields.filter(isCardMetric).map((fieldName) => {
    const value = current[fieldName] ?? null;
    return {
      fieldName,
      value: roundMetricValue(fieldName, value),
      comparisonPercentage: percentChange(value, comparison[fieldName] ?? null),
    };
  });
}

/** A card's value: one-decimal percentages, abbreviated counts, 'N/A' for null. */
export const summaryCardValue = (metric: SummaryMetric): string =>
  isPercentMetric(metric.fieldName)
    ? formatPercent(metric.value)
    : formatCompactNumber(metric.value);
