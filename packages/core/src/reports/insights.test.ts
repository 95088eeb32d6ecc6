import { describe, expect, it } from 'vitest';
import {
  DASHBOARD_FILTER_CATEGORIES,
  DashboardInsightsRequest,
  PERCENT_AXIS_MAX,
  chartRows,
  dashboardChartQueries,
  dashboardInsightsQuery,
  selectionFilters,
} from './insights';

describe('More Filters drawer', () => {
  it('has the spec categories in order', () => {
    expect(DASHBOARD_FILTER_CATEGORIES.map((c) => c.label)).toEqual([
      'Regulation',
      'Device Type',
      'OS',
      'Page Format',
      'Browser',
      'GBC Applicable',
      'COP Applicable',
      'Advanced Customizations',
    ]);
  });

  it('turns a selection into in-filters, skipping empty keys', () => {
    expect(selectionFilters({ regulation: [1, 2], os: [], gbcApplicable: [true] })).toEqual([
      { key: 'regulation', operator: 'in', values: [1, 2] },
      { key: 'gbcApplicable', operator: 'in', values: [true] },
    ]);
  });

  it('refuses keys the drawer does not have', () => {
    expect(
      DashboardInsightsRequest.safeParse({
        range: { startDate: '2024-03-01', endDate: '2024-03-07' },
        propertyIds: [],
        filters: { themeUuid: ['x'] },
      }).success,
    ).toBe(false);
  });
});

describe('dashboardInsightsQuery', () => {
  it('asks six charts at the dashboard granularity with the range, property and drawer filters', () => {
    const { granularity, body } = dashboardInsightsQuery(
      DashboardInsightsRequest.parse({
        range: { startDate: '2024-02-01', endDate: '2024-03-01' },
        propertyIds: ['s1'],
        filters: { deviceType: ['mobile'] },
      }),
    );
    expect(granularity).toBe('week');
    expect(body.queries.map((q) => q.id)).toEqual([
      'consentBreakdown',
      'consentTrend',
      'sessionsByRegulation',
      'sessionsByCountry',
      'sessionsByPageFormat',
      'sessionsByDevice',
    ]);
    expect(body.queries.every((q) => q.granularity === 'week')).toBe(true);
    expect(body.filters).toEqual([
      { key: 'startDate', operator: 'gteq', values: ['2024-02-01'] },
      { key: 'endDate', operator: 'lteq', values: ['2024-03-01'] },
      { key: 'propertyId', operator: 'in', values: ['s1'] },
      { key: 'deviceType', operator: 'in', values: ['mobile'] },
    ]);
  });

  it('uses day for short ranges', () => {
    expect(dashboardChartQueries('day')[0]?.granularity).toBe('day');
    const short = dashboardInsightsQuery(
      DashboardInsightsRequest.parse({
        range: { startDate: '2024-03-08', endDate: '2024-03-14' },
        propertyIds: [],
      }),
    );
    expect(short.granularity).toBe('day');
  });

  it('gives an empty list for a chart without data, and caps percent axes at 100', () => {
    expect(chartRows({ granularity: 'day', charts: [] }, 'consentTrend')).toEqual([]);
    expect(PERCENT_AXIS_MAX).toBe(100);
  });
});
