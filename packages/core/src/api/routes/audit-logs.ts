import { z } from 'zod';
import { AuditLog, DownloadLogsRequest } from '../../audit-log/audit-log';
import { ConsentId, ConsentRecord } from '../../audit-log/consent-record';
import { ACCOUNT_QUERY, defineRoute } from '../route';

const AccountQuery = z.object({ pCode: z.string().min(1) });

export const auditLogs = {
  create: defineRoute({
    method: 'POST',
    path: '/customization/v2/audit-log',
    summary:
      "Prepare a download of a property's consent logs (url normalised to start with http://)",
    access: ACCOUNT_QUERY,
    query: AccountQuery,
    body: DownloadLogsRequest,
    response: AuditLog,
    status: 202,
  }),
  status: defineRoute({
    method: 'GET',
    path: '/customization/v2/audit-log/status',
    summary: "The account's audit-log exports that are pending or not yet acknowledged",
    access: ACCOUNT_QUERY,
    query: AccountQuery,
    response: z.array(AuditLog),
    cache: 'minute',
  }),
  download: defineRoute({
    method: 'GET',
    path: '/customization/v2/audit-log/download',
    summary: 'Download one log (logId) or all ready logs as CSV; marks them downloaded',
    access: ACCOUNT_QUERY,
    query: z.object({ pCode: z.string().min(1), logId: z.string().optional() }),
    response: z.string(),
    responseKind: 'text',
  }),
  hide: defineRoute({
    method: 'POST',
    path: '/customization/v2/audit-log/hide',
    summary: 'Acknowledge logs so the success and failure modals stop listing them',
    access: ACCOUNT_QUERY,
    query: AccountQuery,
    body: z.object({ ids: z.array(z.string()).min(1) }),
    response: z.object({ hidden: z.number().int() }),
  }),
  consentRecord: defineRoute({
    method: 'GET',
    path: '/customization/v2/consent-record/{id}',
    summary:
      "One consent record of the account by its consent id (as the visitor reads it in the banner's settings), with its choices in words; 404 for an id of another account",
    access: ACCOUNT_QUERY,
    params: z.object({ id: ConsentId }),
    query: AccountQuery,
    response: ConsentRecord,
  }),
};
