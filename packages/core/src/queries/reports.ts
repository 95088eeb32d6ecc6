import type { AssentClient } from '../api';
import type { ReportType } from '../reports/report-job';
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
