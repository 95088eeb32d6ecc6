import { describe, expect, it } from 'vitest';
import { PROPERTY_TREND_QUERY_ID, propertyTrend } from './property-trend';

const range = { startDate: '2026-03-01', endDate: '2026-03-05' };
const answer = (results: Array<Record<string, string | number | null>>) => [
  { id: PROPERTY_TREND_QUERY_ID, results },
];

describe("a property's daily trend", () => {
  it('has every day of the range, 0 on days without visits, and a series per regulation', () => {
    const trend = propertyTrend(
      answer([
        { period: '2026-03-02', regulation: 'GDPR', totalSessions: 4 },
        { period: '2026-03-02', regulation: 'CCPA', totalSessions: 1 },
        { period: '2026-03-05', regulation: 'GDPR', totalSessions: 2 },
      ]),
      range,
    );
    expect(trend.days).toEqual([
      '2026-03-01',
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
    ]);
    expect(trend.total).toEqual([0, 5, 0, 0, 2]);
    expect(trend.series).toEqual([
      { regulation: 'GDPR', values: [0, 4, 0, 0, 2] },
      { regulation: 'CCPA', values: [0, 1, 0, 0, 0] },
    ]);
  });

  it('reads regulation codes as names, keeps unknown ones in the total only, drops days outside the range', () => {
    const trend = propertyTrend(
      answer([
        { period: '2026-03-01', regulation: 10, totalSessions: 3 },
        { period: '2026-03-01', regulation: '2', totalSessions: 1 },
        { period: '2026-03-01', regulation: null, totalSessions: 2 },
        { period: '2026-02-28', regulation: 'GDPR', totalSessions: 9 },
      ]),
      range,
    );
    expect(trend.total).toEqual([6, 0, 0, 0, 0]);
    expect(trend.series.map((s) => s.regulation)).toEqual(['CCPA', 'GBC']);
  });

  it('an answer without the query (or no rows) is a flat line of zeros with no series', () => {
    const trend = propertyTrend([], range);
    expect(trend.total).toEqual([0, 0, 0, 0, 0]);
    expect(trend.series).toEqual([]);
  });
});
