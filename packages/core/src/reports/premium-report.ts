import type { AnalyticsQuery, AnalyticsQueryBody } from './query';
import { propertyFilter, timeFilters } from './query';
import type { ReportDateRange } from './time-period';

/**
 * The premium reports of a site (/sites/reports/{id}, properties-and-tags §2): the spec names the
 * route only, so its content is ours (docs/decisions.md). Beyond the detail's per-regulation card,
 * a premium account sees the site's last 30 days day by day and split by device type, page format
 * and country, all in one graph call.
 */

/** The metrics of every premium section. */
export const PREMIUM_REPORT_METRICS = [
  'totalSessions',
  'optInPercent',
  'optOutPercent',
  'partialOptInPercent',
  'bouncePercent',
] as const;

/** The sections, in order: a query id, its title and its one dimension. */
export const PREMIUM_REPORT_SECTIONS = [
  { id: 'daily', title: 'Day by day', dimension: 'period' },
  { id: 'deviceType', title: 'By device type', dimension: 'deviceType' },
  { id: 'pageFormat', title: 'By page format', dimension: 'pageFormat' },
  { id: 'country', title: 'By country', dimension: 'country' },
] as const;

/** Premium reports are for premium-eligible accounts; others are offered CMP Premium. */
export const PREMIUM_REPORTS_LOCKED =
  'Premium reports are part of CMP Premium: day-by-day consent and the split by device, page format and country for each site.';

/** The graph call of a site's premium reports over a range (one query per section, by day). */
export function sitePremiumReportRequest(
  propertyId: string,
  range: ReportDateRange,
): AnalyticsQueryBody {
  return {
    queries: PREMIUM_REPORT_SECTIONS.map((s): AnalyticsQuery => ({
      id: s.id,
      dimensions: [s.dimension],
      metrics: [...PREMIUM_REPORT_METRICS],
      granularity: 'day',
    })),
    filters: [...timeFilters(range), propertyFilter([propertyId])],
  };
}
