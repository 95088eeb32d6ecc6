/**
 * The bulk update status page (reports-and-account §2, §4): how the backend status is displayed.
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

/** 'updated / total' style counts for the status page. */
export function bulkUpdateCounts(status: {
  successful: number;
  failed: number;
  pending: number;
  total: number;
}): Array<{ label: string; count: number; total: number }> {
  return [
    { label: 'Updated', count: status.successful, total: status.total },
    { label: 'Failed', count: status.failed, total: status.total },
    { label: 'Pending', count: status.pending, total: status.total },
  ];
}
