import type { AssentClient } from '../api';
import type { BulkStatusPage } from '../bulk-update/status';
import { queryOptionsOf } from './query-options';

/** The account's latest bulk update; page 'sites' adds the properties still pending. */
export const bulkUpdateStatusKeys = {
  all: ['bulkUpdateStatus'] as const,
  account: (pCode: string, page: BulkStatusPage) =>
    [...bulkUpdateStatusKeys.all, pCode, page] as const,
};
/** @param page @default 'sites' */
export const bulkUpdateStatusQuery = (
  client: AssentClient,
  pCode: string,
  page: BulkStatusPage = 'sites',
) =>
  queryOptionsOf(bulkUpdateStatusKeys.account(pCode, page), ({ signal }) =>
    client.bulkUpdate.status({ query: { pCode, page } }, { signal }),
  );
