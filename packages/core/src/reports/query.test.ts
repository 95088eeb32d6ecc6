import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors';
import { REPORTS_NOW } from '../testing/reports';
import {
  ReportFilter,
  SavedReportQuery,
  buildCustomReportPayload,
  customReportRows,
  propertyIdsFromFilters,
  reportRunErrorMessage,
  reportTimeoutMessage,
  timeFilters,
  validateRunReport,
  validateTimeFilter,
  withFilters,
} from './query';

describe('validateRunReport', () => {
  const complete = {
    metrics: ['optInPercent'],
    timePeriod: { type: 'last7Days' as const },
    granularity: 'week' as const,
  };

  it('passes with a metric, a time period and a granularity', () => {
    expect(validateRunReport(complete).ok).toBe(true);
  });

  it.each([
    ['no metric', { ...complete, metrics: [] }],
    ['no time period', { ...complete, timePeriod: undefined }],
    ['no granularity', { ...complete, granularity: undefined }],
  ])("refuses %s with 'Please select atleast Metric, Time and Granularity'", (_, input) => {
    expect(validateRunReport(input)).toEqual({
      ok: false,
      issues: [
        {
          field: 'query',
          rule: 'incomplete',
          message: 'Please select atleast Metric, Time and Granularity',
        },
      ],
    });
  });
});

describe('validateTimeFilter', () => {
  it("refuses closing the time filter empty with 'Please select Time filter'", () => {
    const result = validateTimeFilter(undefined);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.issues[0]?.message).toBe('Please select Time filter');
    expect(validateTimeFilter({ type: 'custom' } as never).ok).toBe(false);
  });
  it('lets it close with a period', () => {
    expect(validateTimeFilter({ type: 'thisWeek' }).ok).toBe(true);
  });
});

describe('buildCustomReportPayload', () => {
  it('sends one query plus the chosen, time and property filters', () => {
    const payload = buildCustomReportPayload(
      {
        dimensions: ['country'],
        metrics: ['totalSessions'],
        filters: [
          { key: 'regulation', operator: 'in', values: [1] },
          { key: 'propertyId', operator: 'in', values: ['stale'] },
        ],
        timePeriod: { type: 'last7Days' },
        granularity: 'week',
      },
      'AB12CD',
      ['site-1', 'site-3'],
      REPORTS_NOW,
    );
    expect(payload).toEqual({
      pCode: 'AB12CD',
      queries: [
        { id: 'report', dimensions: ['country'], metrics: ['totalSessions'], granularity: 'week' },
      ],
      filters: [
        { key: 'regulation', operator: 'in', values: [1] },
        { key: 'startDate', operator: 'gteq', values: ['2024-03-08'] },
        { key: 'endDate', operator: 'lteq', values: ['2024-03-14'] },
        { key: 'propertyId', operator: 'in', values: ['site-1', 'site-3'] },
      ],
    });
  });

  it('takes the rows from the first item of the response list', () => {
    expect(
      customReportRows([{ id: 'report', results: [{ country: 'FR', totalSessions: 3 }] }]),
    ).toEqual([{ country: 'FR', totalSessions: 3 }]);
    expect(customReportRows([])).toEqual([]);
  });
});

describe('filters', () => {
  it('accepts only the gteq, lteq and in operators', () => {
    expect(ReportFilter.safeParse({ key: 'country', operator: 'eq', values: ['FR'] }).success).toBe(
      false,
    );
    expect(ReportFilter.safeParse({ key: 'country', operator: 'in', values: ['FR'] }).success).toBe(
      true,
    );
  });

  it('writes a range as startDate gteq and endDate lteq', () => {
    expect(timeFilters({ startDate: '2024-03-01', endDate: '2024-03-02' })).toEqual([
      { key: 'startDate', operator: 'gteq', values: ['2024-03-01'] },
      { key: 'endDate', operator: 'lteq', values: ['2024-03-02'] },
    ]);
  });

  it("reads a report's propertyId filter", () => {
    expect(
      propertyIdsFromFilters([{ key: 'propertyId', operator: 'in', values: ['a', 'b'] }]),
    ).toEqual(['a', 'b']);
    expect(propertyIdsFromFilters([])).toBeUndefined();
  });

  it('replaces filters by key', () => {
    expect(
      withFilters(
        [
          { key: 'os', operator: 'in', values: ['iOS'] },
          { key: 'country', operator: 'in', values: ['FR'] },
        ],
        [{ key: 'os', operator: 'in', values: ['Android'] }],
      ),
    ).toEqual([
      { key: 'country', operator: 'in', values: ['FR'] },
      { key: 'os', operator: 'in', values: ['Android'] },
    ]);
  });

  it('defaults the lists of a saved query', () => {
    expect(SavedReportQuery.parse({ granularity: 'day', timePeriod: { type: 'lastDay' } })).toEqual(
      {
        filters: [],
        dimensions: [],
        metrics: [],
        granularity: 'day',
        timePeriod: { type: 'lastDay' },
      },
    );
  });
});

describe('reportRunErrorMessage', () => {
  it("maps an error containing '504 Gateway Timeout ERROR' to 'Please try with few dimensions and metrics.'", () => {
    expect(reportRunErrorMessage('Upstream said: 504 Gateway Timeout ERROR')).toBe(
      'Please try with few dimensions and metrics.',
    );
    expect(
      reportRunErrorMessage(
        new ApiError(504, { status: 'UPSTREAM_ERROR', message: '504 Gateway Timeout ERROR' }),
      ),
    ).toBe('Please try with few dimensions and metrics.');
  });
  it('shows any other error as its message', () => {
    expect(reportRunErrorMessage(new Error('Bad filter'))).toBe('Bad filter');
    expect(reportRunErrorMessage({ status: 'X', message: 'Server says no' })).toBe(
      'Server says no',
    );
    expect(reportRunErrorMessage('504 Gateway Timeout')).toBe('504 Gateway Timeout');
  });
});

describe('reportTimeoutMessage', () => {
  it("names the limit and carries '504 Gateway Timeout ERROR', which the console shows as the spec's advice", () => {
    expect(reportTimeoutMessage(60_000)).toBe(
      '504 Gateway Timeout ERROR: the report did not finish within 60 seconds',
    );
    expect(reportTimeoutMessage(250)).toBe(
      '504 Gateway Timeout ERROR: the report did not finish within 250 ms',
    );
    expect(reportRunErrorMessage(reportTimeoutMessage(250))).toBe(
      'Please try with few dimensions and metrics.',
    );
  });
});
