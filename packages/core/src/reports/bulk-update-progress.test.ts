import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors';
import { bulkFailuresOf } from '../bulk-update/status';
import {
  bulkUpdateCounts,
  bulkUpdateProgressStatus,
  bulkUpdateStatusFailure,
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

  it('counts updated, failed and pending sites out of the total, a failed site once', () => {
    // The job lists one failure per broken rule: site 4 broke two rules, site 9 one.
    const failed = [
      ...bulkFailuresOf({ siteId: 4, identifier: 'a.example' }, [
        { field: 'themeId', message: 'Gone' },
        { field: 'consentScope', message: 'No' },
      ]),
      ...bulkFailuresOf({ siteId: 9, identifier: 'b.example' }, [{ field: 'url', message: 'Bad' }]),
    ];
    expect(bulkUpdateCounts({ successful: 3, failed, pending: 1, total: 6 })).toEqual([
      { label: 'Updated', count: 3, total: 6 },
      { label: 'Failed', count: 2, total: 6 },
      { label: 'Pending', count: 1, total: 6 },
    ]);
  });

  it("shows a failed status call with the status-error title and the server's message", () => {
    const error = new ApiError(500, { status: 'INTERNAL_ERROR', message: 'Database unavailable' });
    expect(bulkUpdateStatusFailure(error)).toEqual({
      title: 'The bulk update status could not be loaded',
      message: 'Database unavailable',
    });
  });
});
