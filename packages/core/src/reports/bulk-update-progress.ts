import type { BulkUpdateJob } from '../bulk-update/status';
import { failedPropertyCount } from '../bulk-update/status';
import { errorMessageOf } from '../errors';
import { BULK_UPDATE_STATUS_ERROR_TITLE } from '../account/messages';

/**
 * The bulk update status page (reports-and-account §2, §4, §8): how the backend status is displayed.
 * The status call and its schema belong to the bulk update module.
 */

export type BulkUpdateProgressStatus = 'RUNNING' | 'COMPLETED';

/** Backend statuses after which a bulk update is over. */
export const BULK_UPDATE_FINAL_STATUSES: readonly string[] = ['SUCCESSFUL', 'FAILED'];

/** Displayed as RUNNING until the backend status is SUCCESSFUL or FAILED, then COMPLETED. */
export const bulkUpdateProgressStatus = (
  backendStatus: string | null | undefined,
): BulkUpdateProgressStatus =>
  backendStatus && BULK_UPDATE_FINAL_STATUSES.includes(backendStatus.toUpperCase())
    ? 'COMPLETED'
    : 'RUNNING';

/** Refresh is disabled once the update is completed. */
export const isBulkUpdateRefreshDisabled = (backendStatus: string | null | undefined): boolean =>
  bulkUpdateProgressStatus(backendStatus) === 'COMPLETED';

/** The spinner shows while the backend has not marked the update done. */
export const showBulkUpdateSpinner = (done: boolean | null | undefined): boolean => done !== true;

/** 'updated / total' style counts for the status page; a failed property counts once. */
export function bulkUpdateCounts(
  job: Pick<BulkUpdateJob, 'successful' | 'failed' | 'pending' | 'total'>,
): Array<{ label: string; count: number; total: number }> {
  return [
    { label: 'Updated', count: job.successful, total: job.total },
    { label: 'Failed', count: failedPropertyCount(job.failed), total: job.total },
    { label: 'Pending', count: job.pending, total: job.total },
  ];
}

/**
 * A failed status call (reports-and-account §8): an error result with the status-error title and
 * the server's message.
 */
export const bulkUpdateStatusFailure = (error: unknown): { title: string; message: string } => ({
  title: BULK_UPDATE_STATUS_ERROR_TITLE,
  message: errorMessageOf(error),
});
