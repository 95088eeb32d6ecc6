import { describe, expect, it } from 'vitest';
import { builderGranularity, dashboardGranularity, ReportGranularity } from './granularity';
import type { ReportTimePeriod } from './time-period';

const custom = (start: string, end: string): ReportTimePeriod => ({
  type: 'custom',
  range: [start, end],
});

describe('builderGranularity', () => {
  it('uses day with no period', () => {
    expect(builderGranularity(undefined)).toBe('day');
  });

  it.each(['thisWeek', 'monthTillDate', 'last7Days', 'last30Days', 'last3Months'] as const)(
    'uses week for %s',
    (type) => expect(builderGranularity({ type })).toBe('week'),
  );

  it('uses day for custom ranges under 13 days, month over 3 months, week otherwise', () => {
    expect(builderGranularity(custom('2024-03-01', '2024-03-13'))).toBe('day');
    expect(builderGranularity(custom('2024-03-01', '2024-03-14'))).toBe('week');
    expect(builderGranularity(custom('2023-12-01', '2024-03-01'))).toBe('week');
    expect(builderGranularity(custom('2023-12-01', '2024-03-02'))).toBe('month');
  });

  it('keeps a manual week or month choice, but not a manual day', () => {
    expect(builderGranularity(custom('2024-03-01', '2024-03-05'), 'week')).toBe('week');
    expect(builderGranularity({ type: 'last7Days' }, 'month')).toBe('month');
    expect(builderGranularity({ type: 'last7Days' }, 'day')).toBe('week');
  });

  it('uses day for the scheduled default, last day', () => {
    expect(builderGranularity({ type: 'lastDay' })).toBe('day');
  });

  it('has day, week and month', () =>
    expect(ReportGranularity.options).toEqual(['day', 'week', 'month']));
});

describe('dashboardGranularity', () => {
  it('uses week when the range spans over 15 days, else day', () => {
    expect(dashboardGranularity({ startDate: '2024-03-01', endDate: '2024-03-16' })).toBe('day');
    expect(dashboardGranularity({ startDate: '2024-03-01', endDate: '2024-03-17' })).toBe('week');
  });
});
