import { addUtcDays, formatUtcDay, parseUtcDay } from '../format';
import type { AnalyticsQueryBody, AnalyticsQueryResponse } from './query';
import { propertyFilter, timeFilters } from './query';
import type { ReportDateRange } from './time-period';
import { rangeSpanDays } from './time-period';
import type { AnalyticsRegulationName } from './vocabulary';
import { ANALYTICS_REGULATIONS, regulationNameOf } from './vocabulary';

/**
 * A property's daily consent trend (the site detail's last 30 days drawn as a line chart in the
 * terminal UI): Display Count per day and per regulation, every day of the range present.
 */

export const PROPERTY_TREND_QUERY_ID = 'propertyTrend';

/** The graph call's body: one daily query of Display Count by period and regulation. */
export const propertyTrendBody = (
  propertyId: string,
  range: ReportDateRange,
): AnalyticsQueryBody => ({
  queries: [
    {
      id: PROPERTY_TREND_QUERY_ID,
      dimensions: ['period', 'regulation'],
      metrics: ['totalSessions'],
      granularity: 'day',
    },
  ],
  filters: [...timeFilters(range), propertyFilter([propertyId])],
});

export interface PropertyTrend {
  /** Every day of the range, 'YYYY-MM-DD', in order. */
  days: string[];
  /** Display Count per day of every regulation with data, in the analytics order (GDPR first). */
  series: Array<{ regulation: AnalyticsRegulationName; values: number[] }>;
  /** Display Count per day, all regulations. */
  total: number[];
}

const regulationOf = (value: unknown): AnalyticsRegulationName | undefined => {
  if (typeof value === 'number') return regulationNameOf(value);
  if (typeof value !== 'string') return undefined;
  return /^\d+$/.test(value)
    ? regulationNameOf(Number(value))
    : ANALYTICS_REGULATIONS.find((name) => name === value.toUpperCase());
};

/** The trend of a graph answer: days without visits count 0; rows outside the range are left out. */
export function propertyTrend(
  response: AnalyticsQueryResponse,
  range: ReportDateRange,
): PropertyTrend {
  const start = parseUtcDay(range.startDate);
  const days = Array.from({ length: rangeSpanDays(range) + 1 }, (_, i) =>
    formatUtcDay(addUtcDays(start, i)),
  );
  const index = new Map(days.map((day, i) => [day, i]));
  const total = days.map(() => 0);
  const byRegulation = new Map<AnalyticsRegulationName, number[]>();
  const rows = response.find((r) => r.id === PROPERTY_TREND_QUERY_ID)?.results ?? [];
  for (const row of rows) {
    const i = index.get(String(row.period ?? '').slice(0, 10));
    const value = typeof row.totalSessions === 'number' ? row.totalSessions : 0;
    if (i === undefined || value === 0) continue;
    total[i]! += value;
    const regulation = regulationOf(row.regulation);
    if (!regulation) continue;
    const values = byRegulation.get(regulation) ?? days.map(() => 0);
    values[i]! += value;
    byRegulation.set(regulation, values);
  }
  const series = ANALYTICS_REGULATIONS.filter((r) => byRegulation.has(r)).map((regulation) => ({
    regulation,
    values: byRegulation.get(regulation)!,
  }));
  return { days, series, total };
}
