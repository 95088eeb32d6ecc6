import { describe, expect, it } from 'vitest';
import {
  bulkUpdateCounts,
  bulkUpdateProgressStatus,
  isBulkUpdateRefreshDisabled,
  showBulkUpdateSpinner,
} from './bulk-update-progress';

describe('bulk update status page', () => {
  it('shows RUNNING until the backend says SUCCESSFUL or FAILED, then COMPLETED', () => {
    expect(bulkUpdateProgressStatus('IN_PROGRESS')).toBe('RUNNING');
    expect(bulkUpdateProgressStatus(undefined)).toBe('RUNNING');
    expect(bulkUpdateProgressStatus('SUCCESSFUL')).toBe('COMPLETED');
    expect(bulkUpdateProgressStatus('FAILED')).toBe('COMPLETED');
  });

  it('disables Refresh once completed', () => {
    expect(isBulkUpdateRefreshDisabled('RUNNING')).toBe(false);
    expect(isBulkUpdateRefreshDisabled('SUCCESSFUL')).toBe(true);
  });

  it('spins while not done', () => {
    expect(showBulkUpdateSpinner(false)).toBe(true);
    expect(showBulkUpdateSpinner(true)).toBe(false);
  });

  it('counts updated, failed and pending sites out of the total', () => {
    expect(bulkUpdateCounts({ successful: 3, failed: 1, pending: 2, total: 6 })).toEqual([
      { label: 'Updated', count: 3, total: 6 },
      { label: 'Failed', count: 1, total: 6 },
      { label: 'Pending', count: 2, total: 6 },
    ]);
  });
});
