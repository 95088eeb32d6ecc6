import { describe, expect, it } from 'vitest';
import {
  BulkStatusPage,
  BulkUpdateJob,
  BulkUpdateStatusResponse,
  bulkFailuresOf,
  failedPropertyCount,
} from './status';

describe('bulk update status', () => {
  it('lists one failure reason per broken rule, naming the property and the field', () => {
    const failures = bulkFailuresOf({ siteId: 5, identifier: 'b.example' }, [
      { field: 'consentScope', message: 'No' },
      { field: 'theme', message: 'Gone' },
    ]);
    expect(failures).toEqual([
      { siteId: 5, identifier: 'b.example', field: 'consentScope', message: 'No' },
      { siteId: 5, identifier: 'b.example', field: 'theme', message: 'Gone' },
    ]);
  });

  it('counts failed properties once, whatever the number of their broken rules', () => {
    const failures = [
      ...bulkFailuresOf({ siteId: 5, identifier: 'b.example' }, [
        { field: 'consentScope', message: 'No' },
        { field: 'theme', message: 'Gone' },
      ]),
      ...bulkFailuresOf({ siteId: 7, identifier: 'c.example' }, [{ field: 'url', message: 'Bad' }]),
    ];
    expect(failedPropertyCount(failures)).toBe(2);
    expect(failedPropertyCount([])).toBe(0);
  });

  it('rejects a job whose counts are negative', () => {
    const job = {
      status: 'RUNNING',
      done: false,
      initiatedBy: 'ann@news.example',
      startedAt: '2026-01-01T10:00:00.000Z',
      lastUpdatedOn: '2026-01-01T10:00:00.000Z',
      successful: 0,
      failed: [],
      pending: 2,
      total: 2,
    };
    expect(BulkUpdateJob.safeParse(job).success).toBe(true);
    expect(BulkUpdateJob.safeParse({ ...job, pending: -1 }).success).toBe(false);
  });

  it('parses the status answer with a code and message, and no job when there was none', () => {
    expect(
      BulkUpdateStatusResponse.parse({ code: 'NO_BULK_UPDATE', message: 'None', job: null }).job,
    ).toBeNull();
    expect(BulkStatusPage.options).toEqual(['sites', 'status']);
  });
});
