import { AUDIT_STATUS_POLL_MS } from '@assent/core/account';
import {
  AUDIT_FAILURE_TITLE,
  AUDIT_SUCCESS_TITLE,
  COPY_PROPERTIES,
  logStartDate,
  partitionAuditLogs,
} from '@assent/core/audit-log';
import type { AuditLog } from '@assent/core/audit-log';
import { PROPERTY_NAMES_COPIED } from '@assent/core/property';
import { auditLogKeys, auditLogsQuery } from '@assent/core/queries';
import { Button, Callout, DialogBody, DialogFooter, HTMLTable } from '@blueprintjs/core';
import { useAttentionTurn } from '../components/attention';
import { Dialog } from '../components/Dialog';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useClient } from '../app/ServicesContext';
import { useAlerts } from '../components/alerts';
import { copyToClipboard } from '../components/CopyBlock';
import { saveFile } from '../components/download';

export const DOWNLOAD = 'Download';
export const DOWNLOAD_ALL = 'DOWNLOAD ALL';
export const OK_BUTTON = 'OK';

/**
 * The audit-log modals of the properties list: logs that SUCCEEDED and were not downloaded go in
 * the success modal, FAILED or CANCELLED ones in the failure modal (with Copy Properties). Pending
 * logs are polled every 60 seconds. OK acknowledges the listed logs.
 */
export function AuditLogModals({ pCode }: { pCode: string }) {
  const client = useClient();
  const queryClient = useQueryClient();
  const alerts = useAlerts();
  const [copied, setCopied] = useState(false);
  const logs = useQuery({
    ...auditLogsQuery(client, pCode),
    refetchInterval: (query) =>
      partitionAuditLogs(query.state.data ?? []).pending.length ? AUDIT_STATUS_POLL_MS : false,
  });
  const hide = useMutation({
    mutationFn: (ids: string[]) => client.auditLogs.hide({ query: { pCode }, body: { ids } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: auditLogKeys.account(pCode) }),
    onError: (error) => alerts.error(error, 'hiding audit logs failed'),
  });
  const download = useMutation({
    mutationFn: async (log: AuditLog | undefined) => ({
      csv: await client.auditLogs.download({ query: { pCode, ...(log ? { logId: log.id } : {}) } }),
      name: log ? `consent-log-${log.id}.csv` : 'consent-logs.csv',
    }),
    onSuccess: ({ csv, name }) => {
      saveFile(new Blob([csv], { type: 'text/csv' }), name);
      void queryClient.invalidateQueries({ queryKey: auditLogKeys.account(pCode) });
    },
    onError: (error) => alerts.error(error, 'audit log download failed'),
  });

  const { succeeded, failed } = partitionAuditLogs(logs.data ?? []);
  const myTurn = useAttentionTurn('auditLogResults', succeeded.length + failed.length > 0);
  if (!myTurn) return null;
  const period = (log: AuditLog) => `${logStartDate(log.endDate, log.daysBack)} – ${log.endDate}`;

  if (succeeded.length) {
    return (
      <Dialog
        isOpen
        title={AUDIT_SUCCESS_TITLE}
        onClose={() => hide.mutate(succeeded.map((l) => l.id))}
      >
        <DialogBody>
          <HTMLTable compact className="assent-fill">
            <thead>
              <tr>
                <th scope="col">Property</th>
                <th scope="col">Period</th>
                <th scope="col">Rows</th>
                <th scope="col">
                  <span className="assent-visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {succeeded.map((log) => (
                <tr key={log.id}>
                  <td>{log.url}</td>
                  <td>{period(log)}</td>
                  <td>{log.rows ?? '—'}</td>
                  <td>
                    <Button
                      size="small"
                      text={DOWNLOAD}
                      aria-label={`${DOWNLOAD} ${log.url}`}
                      loading={download.isPending && download.variables?.id === log.id}
                      onClick={() => download.mutate(log)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              {succeeded.length > 1 ? (
                <Button text={DOWNLOAD_ALL} onClick={() => download.mutate(undefined)} />
              ) : null}
              <Button
                intent="primary"
                text={OK_BUTTON}
                loading={hide.isPending}
                onClick={() => hide.mutate(succeeded.map((l) => l.id))}
              />
            </>
          }
        />
      </Dialog>
    );
  }

  if (failed.length) {
    const copy = async () => {
      try {
        await copyToClipboard(failed.map((l) => l.url).join('\n'));
        setCopied(true);
      } catch (error) {
        alerts.error(error, 'copying the property names failed');
      }
    };
    return (
      <Dialog
        isOpen
        title={AUDIT_FAILURE_TITLE}
        onClose={() => hide.mutate(failed.map((l) => l.id))}
      >
        <DialogBody>
          <ul>
            {failed.map((log) => (
              <li key={log.id}>
                <strong>{log.url}</strong> ({period(log)}){log.error ? `: ${log.error}` : ''}
              </li>
            ))}
          </ul>
          <div aria-live="polite">
            {copied ? (
              <Callout intent="success" compact>
                {PROPERTY_NAMES_COPIED}
              </Callout>
            ) : null}
          </div>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={COPY_PROPERTIES} onClick={copy} />
              <Button
                intent="primary"
                text={OK_BUTTON}
                loading={hide.isPending}
                onClick={() => hide.mutate(failed.map((l) => l.id))}
              />
            </>
          }
        />
      </Dialog>
    );
  }
  return null;
}
