import type { AssentClient } from '../api';
import type { AnalyticsResultRow } from '../reports/query';
import {
  customReportRows,
  reportRunErrorMessage,
  savedReportRunBody,
  validateRunReport,
} from '../reports/query';
import type { ReportJob, ReportType } from '../reports/report-job';
import type { ReportDateRange } from '../reports/time-period';
import { queryOptionsOf } from './query-options';

/** The account's properties for the reports page's selector (siteUuid, url, isDisabled). */
export const reportPropertiesKeys = {
  all: ['reportProperties'] as const,
  account: (pCode: string) => [...reportPropertiesKeys.all, pCode] as const,
};
export const reportPropertiesQuery = (client: AssentClient, pCode: string) =>
  queryOptionsOf(reportPropertiesKeys.account(pCode), ({ signal }) =>
    client.analytics.properties({ params: { pCode } }, { signal }),
  );

/** The account's themes for the builder's theme filter (uuid, themeName). */
export const reportThemesKeys = {
  all: ['reportThemes'] as const,
  account: (pCode: string) => [...reportThemesKeys.all, pCode] as const,
};
export const reportThemesQuery = (client: AssentClient, pCode: string) =>
  queryOptionsOf(reportThemesKeys.account(pCode), ({ signal }) =>
    client.analytics.themes({ params: { pCode } }, { signal }),
  );

/**
 * The account's saved reports (reports-and-account §2, §7): one report (the reports page's
 * `report_id`: its query, name, schedule and recipients) and the list of one type. Invalidating
 * `account(pCode)` refreshes both after a save, pause, resume or delete.
 */
export const reportJobKeys = {
  all: ['reportJob'] as const,
  account: (pCode: string) => [...reportJobKeys.all, pCode] as const,
  detail: (pCode: string, jobId: string) => [...reportJobKeys.account(pCode), jobId] as const,
  list: (pCode: string, type: ReportType, name = '') =>
    [...reportJobKeys.account(pCode), 'list', type, name.trim()] as const,
};
export const reportJobQuery = (client: AssentClient, pCode: string, jobId: string) =>
  queryOptionsOf(reportJobKeys.detail(pCode, jobId), ({ signal }) =>
    client.analytics.getJob({ params: { pCode, jobId } }, { signal }),
  );
export const reportJobsQuery = (client: AssentClient, pCode: string, type: ReportType, name = '') =>
  queryOptionsOf(reportJobKeys.list(pCode, type, name), ({ signal }) =>
    client.analytics.listJobs(
      { params: { pCode }, query: { type, ...(name.trim() ? { name: name.trim() } : {}) } },
      { signal },
    ),
  );

/** The catalogue of report dimensions and metrics (GET /analytics/v1/metadata). */
export const reportCatalogueKeys = { all: ['reportCatalogue'] as const };
export const reportCatalogueQuery = (client: AssentClient) =>
  queryOptionsOf(reportCatalogueKeys.all, ({ signal }) =>
    client.analytics.metadata({}, { signal }),
  );

/**
 * A run of a saved report: in flight, its rows and the days it covered (YYYY-MM-DD, both
 * included; undefined for a period without dates), or why it failed.
 */
export type ReportRunState =
  | { jobId: string; status: 'running' }
  | {
      jobId: string;
      status: 'done';
      rows: AnalyticsResultRow[];
      period: ReportDateRange | undefined;
    }
  | { jobId: string; status: 'failed'; message: string };

/**
 * Runs a saved report now, as the server runs it (`savedReportRunBody`: its saved filters, its
 * period as of `now`), for the terminal UI's x and `assent reports run`: the same rows as the
 * file of a server run over the same days. Never throws: a report that cannot run, or a refused
 * call, is a failed state with the console's message.
 */
export async function runSavedReport(
  client: AssentClient,
  pCode: string,
  job: ReportJob,
  now: Date,
): Promise<Exclude<ReportRunState, { status: 'running' }>> {
  const checked = validateRunReport(job.query);
  if (!checked.ok)
    return {
      jobId: job.id,
      status: 'failed',
      message: checked.issues.map((i) => i.message).join(' '),
    };
  const { body, range } = savedReportRunBody(job.query, now);
  try {
    const response = await client.analytics.runReport({ params: { pCode }, body });
    return { jobId: job.id, status: 'done', rows: customReportRows(response), period: range };
  } catch (error) {
    return { jobId: job.id, status: 'failed', message: reportRunErrorMessage(error) };
  }
}
