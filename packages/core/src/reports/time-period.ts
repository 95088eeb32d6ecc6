import { z } from 'zod';
import {
  addUtcDays,
  addUtcMonths,
  formatUtcDay,
  isUtcDay,
  parseUtcDay,
  startOfUtcDay,
  utcDaySpan,
} from '../format';

/**
 * Report date ranges (reports-and-account §4, §5, §9). Every range is a pair of whole UTC days,
 * both included, written 'YYYY-MM-DD'. Rules take `now` so they stay pure.
 */

export const ReportDay = z.string().refine(isUtcDay, { message: 'Expected a day as YYYY-MM-DD' });

export const ReportDateRange = z
  .object({ startDate: ReportDay, endDate: ReportDay })
  .refine((r) => r.startDate <= r.endDate, {
    message: 'The start date must not be after the end date',
    path: ['endDate'],
  });
export type ReportDateRange = z.infer<typeof ReportDateRange>;

/** Data for a day is complete at 07:00 UTC the next day. */
export const DATA_READY_HOUR_UTC = 7;

/** How far back the dashboard pickers reach, in days before the latest selectable day. */
export const DASHBOARD_LOOKBACK_DAYS = 90;

/** How far back the builder's custom date picker reaches, in calendar months. */
export const CUSTOM_DATE_LOOKBACK_MONTHS = 3;

/** The one account code whose custom dates are not limited to the last 3 months. */
export const EXTENDED_HISTORY_ACCOUNT_CODE = 'ASSENTDEMO';

const day = (date: Date): string => formatUtcDay(date);
const range = (start: Date, end: Date): ReportDateRange => ({
  startDate: day(start),
  endDate: day(end),
});

/** The span of a range in days (a single day is 0, a week 6). */
export const rangeSpanDays = (r: ReportDateRange): number =>
  utcDaySpan(parseUtcDay(r.startDate), parseUtcDay(r.endDate));

/** Yesterday (UTC), or the day before yesterday while it is before 07:00 UTC. */
export function latestSelectableDay(now: Date): Date {
  const back = now.getUTCHours() < DATA_READY_HOUR_UTC ? 2 : 1;
  return addUtcDays(startOfUtcDay(now), -back);
}

// --- Dashboard ------------------------------------------------------------------------------

export const DashboardPreset = z.enum(['yesterday', 'last7Days', 'last30Days', 'monthTillDate']);
export type DashboardPreset = z.infer<typeof DashboardPreset>;

export const DASHBOARD_PRESET_LABELS: Record<DashboardPreset, string> = {
  yesterday: 'Yesterday',
  last7Days: 'Last 7 Days',
  last30Days: 'Last 30 Days',
  monthTillDate: 'Month Till Date',
};

/** A dashboard preset, ending on the latest selectable day. */
export function dashboardPresetRange(preset: DashboardPreset, now: Date): ReportDateRange {
  const end = latestSelectableDay(now);
  switch (preset) {
    case 'yesterday':
      return range(end, end);
    case 'last7Days':
      return range(addUtcDays(end, -6), end);
    case 'last30Days':
      return range(addUtcDays(end, -29), end);
    case 'monthTillDate':
      return range(new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth(), 1)), end);
  }
}

/**
 * The dashboard preset `r` is today (the first in the list when two coincide), or undefined for
 * any other range: what the pickers' preset choice shows.
 */
export function dashboardPresetOf(r: ReportDateRange, now: Date): DashboardPreset | undefined {
  return DashboardPreset.options.find((preset) => {
    const p = dashboardPresetRange(preset, now);
    return p.startDate === r.startDate && p.endDate === r.endDate;
  });
}

/** Default summary range: the 7 days ending on the latest selectable day. */
export const defaultSummaryRange = (now: Date): ReportDateRange =>
  dashboardPresetRange('last7Days', now);

/** Default comparison range: the same number of days just before the summary range. */
export function defaultComparisonRange(summary: ReportDateRange): ReportDateRange {
  const start = parseUtcDay(summary.startDate);
  const days = rangeSpanDays(summary) + 1;
  return range(addUtcDays(start, -days), addUtcDays(start, -1));
}

/**
 * The comparison picker's own preset, listed before the dashboard presets (reports-and-account §9
 * lists those four for the dashboard's pickers and makes the comparison default 'the 7 days
 * before'; the spec names no comparison presets): the same number of days just before the summary
 * period, what the comparison is by default and after each summary change. Without it the
 * comparison picker read 'Custom' by default, and its only presets (all ending on the latest day)
 * compared a period with itself (decisions.md).
 */
export const PREVIOUS_PERIOD_LABEL = 'Previous period';

/** Whether `comparison` is the previous period of `summary` (its default). */
export function isPreviousPeriod(comparison: ReportDateRange, summary: ReportDateRange): boolean {
  const previous = defaultComparisonRange(summary);
  return previous.startDate === comparison.startDate && previous.endDate === comparison.endDate;
}

/** Dashboard pickers disable days after the latest selectable day or over 90 days before it. */
export function isDashboardDayDisabled(value: Date, now: Date): boolean {
  const latest = latestSelectableDay(now);
  const d = startOfUtcDay(value);
  return d > latest || d < addUtcDays(latest, -DASHBOARD_LOOKBACK_DAYS);
}

/** Charts take the full width when the range spans 6 to 15 or 36 to 90 days. */
export function isChartFullWidth(r: ReportDateRange): boolean {
  const span = rangeSpanDays(r);
  return (span >= 6 && span <= 15) || (span >= 36 && span <= 90);
}

export const RangeClass = z.enum([
  'monthToDate',
  'last7Days',
  'last30Days',
  'last3Months',
  'custom',
]);
export type RangeClass = z.infer<typeof RangeClass>;

/**
 * Names a picked range: month-to-date when it starts on the 1st and spans under 30 days, last 7
 * days when it spans 6 days, last 30 days when 29, last 3 months when 85 to 95, else custom.
 */
export function classifyRange(r: ReportDateRange): RangeClass {
  const span = rangeSpanDays(r);
  if (r.startDate.endsWith('-01') && span < 30) return 'monthToDate';
  if (span === 6) return 'last7Days';
  if (span === 29) return 'last30Days';
  if (span >= 85 && span <= 95) return 'last3Months';
  return 'custom';
}

// --- Report builder -------------------------------------------------------------------------

/**
 * Time periods of a saved report. The builder offers all but lastDay, which is the default period
 * of a scheduled report.
 */
export const ReportTimePeriodType = z.enum([
  'thisWeek',
  'monthTillDate',
  'last7Days',
  'last30Days',
  'last3Months',
  'custom',
  'lastDay',
]);
export type ReportTimePeriodType = z.infer<typeof ReportTimePeriodType>;

export const TIME_PERIOD_LABELS: Record<ReportTimePeriodType, string> = {
  thisWeek: 'This Week',
  monthTillDate: 'Month Till Date',
  last7Days: 'Last 7 Days',
  last30Days: 'Last 30 Days',
  last3Months: 'Last 3 Months',
  custom: 'Custom Date',
  lastDay: 'Last Day',
};

/** The report builder's presets, in order. */
export const REPORT_BUILDER_PRESETS: readonly ReportTimePeriodType[] =
  ReportTimePeriodType.options.filter((t) => t !== 'lastDay');

export const DEFAULT_SCHEDULED_TIME_PERIOD: ReportTimePeriodType = 'lastDay';

/** A report's time period; `range` is [start, end] and required for custom dates. */
export const ReportTimePeriod = z
  .object({
    type: ReportTimePeriodType,
    range: z.tuple([ReportDay, ReportDay]).optional(),
  })
  .refine((p) => p.type !== 'custom' || p.range !== undefined, {
    message: 'A custom time period needs a start and an end date',
    path: ['range'],
  })
  .refine((p) => !p.range || p.range[0] <= p.range[1], {
    message: 'The start date must not be after the end date',
    path: ['range'],
  });
export type ReportTimePeriod = z.infer<typeof ReportTimePeriod>;

/**
 * The dates of a builder time period, in UTC. Last 7 days and last 30 days go back 7 and 30 days
 * and end yesterday; last 3 months goes back 3 calendar months and ends yesterday; this week (from
 * Monday) and month till date end today; last day is yesterday; custom is its own range.
 */
export function timePeriodRange(period: ReportTimePeriod, now: Date): ReportDateRange | undefined {
  const today = startOfUtcDay(now);
  const yesterday = addUtcDays(today, -1);
  switch (period.type) {
    case 'thisWeek':
      return range(addUtcDays(today, -((today.getUTCDay() + 6) % 7)), today);
    case 'monthTillDate':
      return range(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1)), today);
    case 'last7Days':
      return range(addUtcDays(today, -7), yesterday);
    case 'last30Days':
      return range(addUtcDays(today, -30), yesterday);
    case 'last3Months':
      return range(addUtcMonths(today, -3), yesterday);
    case 'lastDay':
      return range(yesterday, yesterday);
    case 'custom':
      return period.range ? { startDate: period.range[0], endDate: period.range[1] } : undefined;
  }
}

/**
 * The builder's custom date picker: no future day, and nothing earlier than 3 months ago, except
 * for EXTENDED_HISTORY_ACCOUNT_CODE.
 */
export function isCustomDayDisabled(value: Date, now: Date, pCode: string): boolean {
  const { minDay, maxDay } = customDayBounds(now, pCode);
  const d = startOfUtcDay(value);
  return d > maxDay || (minDay !== undefined && d < minDay);
}

/**
 * The first and last day the custom date picker offers (UTC midnights): today, and 3 months ago
 * (no first day for EXTENDED_HISTORY_ACCOUNT_CODE).
 */
export function customDayBounds(now: Date, pCode: string): { minDay?: Date; maxDay: Date } {
  const today = startOfUtcDay(now);
  if (pCode === EXTENDED_HISTORY_ACCOUNT_CODE) return { maxDay: today };
  return { minDay: addUtcMonths(today, -CUSTOM_DATE_LOOKBACK_MONTHS), maxDay: today };
}
