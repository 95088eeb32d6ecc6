import { describe, expect, it } from 'vitest';
import { REQUIRED } from '../messages';
import {
  DAYS_BACK_INVALID,
  END_DATE_IN_FUTURE,
  END_DATE_TOO_OLD,
  earliestLogEndDate,
  logStartDate,
  normaliseAuditUrl,
  partitionAuditLogs,
  validateDownloadLogs,
} from './audit-log';

const now = new Date('2026-11-22T10:00:00Z');

describe('download logs', () => {
  it('requires an end date and days back', () => {
    const result = validateDownloadLogs({}, now);
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.issues.map((i) => [i.field, i.message])).toEqual([
        ['endDate', REQUIRED],
        ['daysBack', REQUIRED],
      ]);
  });

  it('accepts 30, 60 or 90 days back only', () => {
    expect(validateDownloadLogs({ endDate: '2026-11-01', daysBack: 60 }, now).ok).toBe(true);
    const r = validateDownloadLogs({ endDate: '2026-11-01', daysBack: 45 }, now);
    expect(r.ok ? [] : r.issues.map((i) => i.message)).toEqual([DAYS_BACK_INVALID]);
  });

  it('refuses a future end date and one older than 13 months', () => {
    const future = validateDownloadLogs({ endDate: '2026-11-23', daysBack: 30 }, now);
    expect(future.ok ? [] : future.issues.map((i) => i.message)).toEqual([END_DATE_IN_FUTURE]);
    expect(validateDownloadLogs({ endDate: '2026-11-22', daysBack: 30 }, now).ok).toBe(true);
    expect(earliestLogEndDate(now)).toBe('2025-10-22');
    expect(validateDownloadLogs({ endDate: '2025-10-22', daysBack: 30 }, now).ok).toBe(true);
    const old = validateDownloadLogs({ endDate: '2025-10-21', daysBack: 30 }, now);
    expect(old.ok ? [] : old.issues.map((i) => i.message)).toEqual([END_DATE_TOO_OLD]);
  });

  it('covers daysBack days ending on the end date', () => {
    expect(logStartDate('2026-11-30', 30)).toBe('2026-11-01');
  });
});

describe('audit logs', () => {
  it('normalises urls to start with http://', () => {
    expect(normaliseAuditUrl('example.com')).toBe('http://example.com');
    expect(normaliseAuditUrl('https://example.com')).toBe('https://example.com');
  });

  it('lists succeeded-not-downloaded in the success modal and failed or cancelled in the failure modal', () => {
    const logs = [
      { id: 'a', queryState: 'SUCCEEDED' as const, isDownloaded: false },
      { id: 'b', queryState: 'SUCCEEDED' as const, isDownloaded: true },
      { id: 'c', queryState: 'FAILED' as const, isDownloaded: false },
      { id: 'd', queryState: 'CANCELLED' as const, isDownloaded: false },
      { id: 'e', queryState: 'RUNNING' as const, isDownloaded: false },
    ];
    const { succeeded, failed, pending } = partitionAuditLogs(logs);
    expect(succeeded.map((l) => l.id)).toEqual(['a']);
    expect(failed.map((l) => l.id)).toEqual(['c', 'd']);
    expect(pending.map((l) => l.id)).toEqual(['e']);
  });
});
