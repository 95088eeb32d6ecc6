import type { AssentClient } from '../api';
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

/** One saved report (the reports page's `report_id`): its query, name, schedule and recipients. */
export const reportJobKeys = {
  all: ['reportJob'] as const,
  detail: (pCode: string, jobId: string) => [...reportJobKeys.all, pCode, jobId] as const,
};
export const reportJobQuery = (client: AssentClient, pCode: string, jobId: string) =>
  queryOptionsOf(reportJobKeys.detail(pCode, jobId), ({ signal }) =>
    client.analytics.getJob({ params: { pCode, jobId } }, { signal }),
  );
