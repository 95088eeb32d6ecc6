import { describe, expect, it } from 'vitest';
import {
  BulkStatusPage,
  BulkUpdateStatusResponse,
  bulkFailuresOf,
  bulkUpdateDisplayStatus,
  recordBulkResult,
  startBulkJob,
} from './status';

const t0 = new Date('2026-01-01T10:00:00.000Z');
const t1 = new Date('2026-01-01T10:00:05.000Z');

describe('bulk update status', () => {
  it('shows RUNNING until SUCCESSFUL or FAILED, then COMPLETED', () => {
    expect(bulkUpdateDisplayStatus('RUNNING')).toBe('RUNNING');
    expect(bulkUpdateDisplayStatus('SUCCESSFUL')).toBe('COMPLETED');
    expect(bulkUpdateDisplayStatus('FAILED')).toBe('COMPLETED');
  });

  it('starts a running job with every property pending', () => {
    expect(startBulkJob([3, 5], 'ann@news.example', t0)).toEqual({
      status: 'RUNNING',
      done: false,
      initiatedBy: 'ann@news.example',
      startedAt: '2026-01-01T10:00:00.000Z',
      lastUpdatedOn: '2026-01-01T10:00:00.000Z',
      successful: 0,
      failed: [],
      pending: 2,
      total: 2,
      sites: [3, 5],
    });
  });

  it('records results and ends SUCCESSFUL, or FAILED with the reasons', () => {
    const job = startBulkJob([3, 5], 'ann@news.example', t0);
    const one = recordBulkResult(job, { siteId: 3, failures: [] }, t1);
    expect(one).toMatchObject({
      status: 'RUNNING',
      done: false,
      successful: 1,
      pending: 1,
      sites: [5],
    });
    expect(recordBulkResult(one, { siteId: 5, failures: [] }, t1)).toMatchObject({
      status: 'SUCCESSFUL',
      done: true,
      successful: 2,
      pending: 0,
      lastUpdatedOn: '2026-01-01T10:00:05.000Z',
    });
    const failures = bulkFailuresOf({ siteId: 5, identifier: 'b.example' }, [
      { field: 'consentScope', rule: 'ampConsentScope', message: 'No' },
    ]);
    expect(failures).toEqual([
      { siteId: 5, identifier: 'b.example', field: 'consentScope', message: 'No' },
    ]);
    expect(recordBulkResult(one, { siteId: 5, failures }, t1)).toMatchObject({
      status: 'FAILED',
      done: true,
      successful: 1,
      failed: failures,
    });
  });

  it('parses the status answer with a code and message, and no job when there was none', () => {
    expect(
      BulkUpdateStatusResponse.parse({ code: 'NO_BULK_UPDATE', message: 'None', job: null }).job,
    ).toBeNull();
    expect(BulkStatusPage.options).toEqual(['sites', 'status']);
  });
});
