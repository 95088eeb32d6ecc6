import { z } from 'zod';
import { addUtcMonths, parseUtcDay } from '../format';
import type { ReportDateRange, ReportTimePeriod } from './time-period';
import { rangeSpanDays } from './time-period';

/** How report rows are bucketed in time. */
export const ReportGranularity = z.enum(['day', 'week', 'month']);
export type ReportGranularity = z.infer<typeof ReportGranularity>;

export const GRANULARITY_LABELS: Record<ReportGranularity, string> = {
  day: 'Day',
  week: 'Week',
  month: 'Month',
};

/** Presets that always use week granularity in the builder. */
const WEEKLY_PRESETS: ReadonlySet<string> = new Set([
  'thisWeek',
  'monthTillDate',
  'last7Days',
  'last30Days',
  'last3Months',
]);

/** Custom ranges spanning fewer days than this use day granularity. */
export const DAILY_GRANULARITY_UNDER_DAYS = 13;

/**
 * The builder's granularity once a time period is chosen (reports-and-account §4): a manual week or
 * month choice is kept; with no period, day; the weekly presets use week; a custom range uses day
 * under 13 days, month over 3 months, otherwise week; last day uses day.
 */
export function builderGranularity(
  period: ReportTimePeriod | undefined,
  manualChoice?: ReportGranularity,
): ReportGranularity {
  if (manualChoice === 'week' || manualChoice === 'month') return manualChoice;
  if (!period) return 'day';
  if (WEEKLY_PRESETS.has(period.type)) return 'week';
  if (period.type !== 'custom' || !period.range) return 'day';
  const [start, end] = period.range;
  if (rangeSpanDays({ startDate: start, endDate: end }) < DAILY_GRANULARITY_UNDER_DAYS)
    return 'day';
  if (parseUtcDay(end) > addUtcMonths(parseUtcDay(start), 3)) return 'month';
  return 'week';
}

/** Ranges spanning more days than this are charted by week on the dashboard. */
export const DASHBOARD_WEEKLY_OVER_DAYS = 15;

/** Dashboard granularity: week when the range spans over 15 days, else day. */
export const dashboardGranularity = (r: ReportDateRange): ReportGranularity =>
  rangeSpanDays(r) > DASHBOARD_WEEKLY_OVER_DAYS ? 'week' : 'day';
