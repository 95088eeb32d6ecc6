import type { ReportJob } from '../reports/report-job';
import type { ReportProperty } from '../reports/report-properties';

/**
 * Fixed builders for report tests. Times are fixed instants in UTC; nothing reads the clock.
 */

/** Friday 15 March 2024, 10:00 UTC: after the 07:00 UTC data cut-off. */
export const REPORTS_NOW = new Date('2024-03-15T10:00:00.000Z');
/** Friday 15 March 2024, 06:59 UTC: before the 07:00 UTC data cut-off. */
export const REPORTS_EARLY_NOW = new Date('2024-03-15T06:59:00.000Z');

export const REPORTS_PCODE = 'AB12CD';

export function buildReportProperty(overrides: Partial<ReportProperty> = {}): ReportProperty {
  return { siteUuid: 'site-1', url: 'news.example.com', isDisabled: false, ...overrides };
}

/** Three properties: two enabled, the middle one disabled. */
export const REPORT_PROPERTIES: readonly ReportProperty[] = [
  buildReportProperty({ siteUuid: 'site-1', url: 'news.example.com' }),
  buildReportProperty({ siteUuid: 'site-2', url: 'old.example.com', isDisabled: true }),
  buildReportProperty({ siteUuid: 'site-3', url: 'shop.example.com', propertyId: 'prop-3' }),
];

/** An on-demand report on site-1 over the last 7 days. */
export function buildReportJob(overrides: Partial<ReportJob> = {}): ReportJob {
  return {
    id: 'job-1',
    name: 'Weekly consent',
    type: 'on_demand',
    status: 'COMPLETED',
    size: 2048,
    fileUrl: 'https://files.example.com/job-1.csv',
    startDate: '2024-03-07',
    endDate: '2024-03-14',
    frequency: null,
    recipients: [],
    scheduleInfo: null,
    query: {
      filters: [{ key: 'propertyId', operator: 'in', values: ['site-1'] }],
      dimensions: ['period', 'country'],
      metrics: ['totalSessions', 'optInPercent'],
      granularity: 'week',
      timePeriod: { type: 'last7Days' },
    },
    ...overrides,
  };
}

/** A scheduled, active report delivered daily at 9:30 UTC. */
export function buildScheduledReportJob(overrides: Partial<ReportJob> = {}): ReportJob {
  return buildReportJob({
    id: 'job-2',
    name: 'Daily consent',
    type: 'scheduled',
    status: 'ACTIVE',
    active: true,
    frequency: 'daily',
    recipients: ['ops@example.com'],
    scheduleInfo: {
      startDate: '2024-03-16',
      endDate: '2024-06-30',
      frequency: 'daily',
      time: '9:30',
    },
    ...overrides,
  });
}
