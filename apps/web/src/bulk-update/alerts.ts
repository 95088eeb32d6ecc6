import type { ConsoleStorage } from '@assent/core/account';
import type { BulkUpdateJob } from '@assent/core/bulk-update';
import { alertsOnBulkEntry } from '@assent/core/bulk-update';
import { bulkUpdateProgressStatus } from '@assent/core/reports';

/**
 * The properties list's bulk-update alert: info while the account's latest job runs, then success
 * or error. A finished job's alert stays until it is dismissed, or until the user enters the bulk
 * update flow (core's `alertsOnBulkEntry` removes success and error alerts there).
 */
interface BulkUpdateAlert {
  type: 'info' | 'success' | 'error';
  job: BulkUpdateJob;
}

function bulkUpdateAlertOf(job: BulkUpdateJob): BulkUpdateAlert {
  if (bulkUpdateProgressStatus(job.status) === 'RUNNING') return { type: 'info', job };
  return { type: job.status === 'SUCCESSFUL' ? 'success' : 'error', job };
}

/** Per account: the start time of the job whose alert was dismissed. */
const dismissedKey = (pCode: string) => `assent.bulkUpdateAlertDismissed.${pCode}`;

/** The alert to show for the account's latest job, unless it was dismissed. */
export function visibleBulkUpdateAlert(
  storage: ConsoleStorage,
  pCode: string,
  job: BulkUpdateJob | null | undefined,
): BulkUpdateAlert | undefined {
  if (!job) return undefined;
  const alert = bulkUpdateAlertOf(job);
  if (alert.type !== 'info' && storage.getItem(dismissedKey(pCode)) === job.startedAt) {
    return undefined;
  }
  return alert;
}

export const dismissBulkUpdateAlert = (
  storage: ConsoleStorage,
  pCode: string,
  job: BulkUpdateJob,
) => storage.setItem(dismissedKey(pCode), job.startedAt);

/** Entering the flow removes the success and error alert of the latest job. */
export function removeBulkAlertsOnEntry(
  storage: ConsoleStorage,
  pCode: string,
  job: BulkUpdateJob | null | undefined,
): void {
  const alert = visibleBulkUpdateAlert(storage, pCode, job);
  if (alert && alertsOnBulkEntry([alert]).length === 0) {
    dismissBulkUpdateAlert(storage, pCode, alert.job);
  }
}
