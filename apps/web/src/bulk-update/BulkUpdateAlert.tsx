import { failedPropertyCount } from '@assent/core/bulk-update';
import { Button, Callout } from '@blueprintjs/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../app/paths';
import { useConsoleStorage } from '../app/ServicesContext';
import { dismissBulkUpdateAlert, visibleBulkUpdateAlert } from './alerts';
import { ALERT } from './copy';
import { useBulkUpdateStatus } from './use-bulk-update-status';

const INTENT = { info: 'primary', success: 'success', error: 'danger' } as const;

/**
 * The properties list's bulk-update alert: the latest job's progress while it runs (polled every
 * 10 s, at most 4 times), then its outcome until dismissed; a link to the status page.
 */
export function BulkUpdateAlert({ pCode }: { pCode: string }) {
  const storage = useConsoleStorage();
  const status = useBulkUpdateStatus(pCode);
  const [, rerender] = useState(0);
  const alert = visibleBulkUpdateAlert(storage, pCode, status.data?.job);
  if (!alert) return null;
  const { job } = alert;
  const failed = failedPropertyCount(job.failed);
  const text =
    alert.type === 'info'
      ? ALERT.running(job.successful + failed, job.total)
      : alert.type === 'success'
        ? ALERT.successful(job.successful)
        : ALERT.failed(failed, job.total);
  return (
    <Callout
      intent={INTENT[alert.type]}
      role="status"
      className="assent-bulk-alert"
      data-testid="bulk-update-alert"
    >
      <span>{text}</span> <Link to={paths.bulkUpdateStatus(pCode)}>{ALERT.viewStatus}</Link>
      {alert.type === 'info' ? null : (
        <Button
          size="small"
          variant="minimal"
          text={ALERT.dismiss}
          onClick={() => {
            dismissBulkUpdateAlert(storage, pCode, job);
            rerender((n) => n + 1);
          }}
        />
      )}
    </Callout>
  );
}
