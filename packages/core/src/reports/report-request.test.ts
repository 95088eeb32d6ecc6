import { describe, expect, it } from 'vitest';
import { propertyFilter, timeFilters } from './query';
import {
  normalizeReportFilters,
  REPORT_DATES_REQUIRED,
  REPORT_FILTER_OPERATOR,
  REPORT_FILTER_VALUE,
  REPORT_UNKNOWN_DIMENSION,
  REPORT_UNKNOWN_METRIC,
  validateAnalyticsQuery,
} from './report-request';

const range = timeFilters({ startDate: '2026-11-01', endDate: '2026-11-07' });

describe('reading a report request', () => {
  it('normalises filter values to the stored vocabulary', () => {
    const result = normalizeReportFilters([
      ...range,
      propertyFilter(['p1', 'p2']),
      { key: 'regulation', operator: 'in', values: ['GDPR', 3, '10'] },
      { key: 'pageFormat', operator: 'in', values: ['amp'] },
      { key: 'country', operator: 'in', values: ['fr'] },
      { key: 'gbcApplicable', operator: 'in', values: ['true', false] },
      { key: 'deviceType', operator: 'in', values: ['pc'] },
    ]);
    expect(result).toEqual({
      ok: true,
      value: {
        startDate: '2026-11-01',
        endDate: '2026-11-07',
        propertyId: ['p1', 'p2'],
        regulation: [1, 3, 10],
        pageFormat: ['AMP'],
        country: ['FR'],
        gbcApplicable: [true, false],
        deviceType: ['pc'],
      },
    });
  });

  it('refuses a request without its dates, a wrong operator and unknown values, naming the filter', () => {
    expect(normalizeReportFilters([propertyFilter(['p1'])])).toEqual({
      ok: false,
      issues: [{ field: 'filters', rule: 'required', message: REPORT_DATES_REQUIRED }],
    });
    const bad = normalizeReportFilters([
      ...range,
      { key: 'country', operator: 'gteq', values: ['FR'] },
      { key: 'deviceType', operator: 'in', values: ['desktop'] },
    ]);
    expect(bad.ok ? [] : bad.issues).toEqual([
      { field: 'filters.2.country', rule: 'operator', message: `${REPORT_FILTER_OPERATOR} in` },
      { field: 'filters.3.deviceType', rule: 'value', message: `${REPORT_FILTER_VALUE}: desktop` },
    ]);
  });

  it('intersects two filters on one key', () => {
    const r = normalizeReportFilters([
      ...range,
      propertyFilter(['a', 'b']),
      propertyFilter(['b', 'c']),
    ]);
    expect(r.ok && r.value.propertyId).toEqual(['b']);
  });

  it('checks dimensions and metrics against the catalogue', () => {
    const q = {
      id: 'q',
      dimensions: ['country', 'colour'],
      metrics: ['optInPercent', 'x'],
      granularity: 'day' as const,
    };
    const r = validateAnalyticsQuery(q, 2);
    expect(r.ok ? [] : r.issues.map((i) => [i.field, i.message])).toEqual([
      ['queries.2.dimensions', `${REPORT_UNKNOWN_DIMENSION}: colour`],
      ['queries.2.metrics', `${REPORT_UNKNOWN_METRIC}: x`],
    ]);
  });
});
