import type { AssentClient } from '../api';
import { queryOptionsOf } from './query-options';

/** The account's audit-log exports that are pending or not yet acknowledged. */
export const auditLogKeys = {
  all: ['auditLogs'] as const,
  account: (pCode: string) => [...auditLogKeys.all, pCode] as const,
};
export const auditLogsQuery = (client: AssentClient, pCode: string) =>
  queryOptionsOf(auditLogKeys.account(pCode), ({ signal }) =>
    client.auditLogs.status({ query: { pCode } }, { signal }),
  );

/** One consent record of the account by its consent id (the console's Find consent). */
export const consentRecordKeys = {
  all: ['consentRecords'] as const,
  one: (pCode: string, id: string) => [...consentRecordKeys.all, pCode, id] as const,
};
export const consentRecordQuery = (client: AssentClient, pCode: string, id: string) =>
  queryOptionsOf(consentRecordKeys.one(pCode, id), ({ signal }) =>
    client.auditLogs.consentRecord({ params: { id }, query: { pCode } }, { signal }),
  );
