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
