import { describe, expect, it } from 'vitest';
import {
  buildSummaryMetrics,
  comparisonStatus,
  formatComparison,
  isCardMetric,
  percentChange,
  summaryRequestFor,
  summaryCardValue,
} from './summary';

describe('percentChange', () => {
  it('is the relative change in percent', () => {
    expect(percentChange(110, 100)).toBeCloseTo(10);
    expect(percentChange(50, 100)).toBeCloseTo(-50);
  });
  it('is 100 from a zero baseline when the new value is positive, otherwise 0', () => {
    expect(percentChange(5, 0)).toBe(100);
    expect(percentChange(0, 0)).toBe(0);
    expect(percentChange(-3, 0)).toBe(0);
  });
  it('is null when a value is missing', () => {
    expect(percentChange(null, 3)).toBeNull();
    expect(percentChange(3, undefined)).toBeNull();
  });
});

describe('comparisonStatus', () => {
  it("treats zero change as neutral, shown 'No change'", () => {
    expect(comparisonStatus('optInPercent', 0)).toBe('neutral');
    expect(formatComparison(0)).toBe('No change');
  });
  it('treats a rise of bounce or opt-out as negative', () => {
    expect(comparisonStatus('bouncePercent', 4)).toBe('negative');
    expect(comparisonStatus('optOutPercent', 1)).toBe('negative');
    expect(comparisonStatus('optOutPercent', -1)).toBe('positive');
  });
  it('treats a rise of other metrics as positive', () => {
    expect(comparisonStatus('optInPercent', 2)).toBe('positive');
    expect(comparisonStatus('totalSessions', -2)).toBe('negative');
  });
  it('shows the signed change with one decimal', () => {
    expect(formatComparison(12.34)).toBe('+12.3%');
    expect(formatComparison(-4)).toBe('-4.0%');
    expect(formatComparison(null)).toBe('N/A');
  });
});

describe('summary cards', () => {
  it("drop metrics containing 'Visit' and totalTraffic", () => {
    expect(isCardMetric('totalTraffic')).toBe(false);
    expect(isCardMetric('acceptAllVisits')).toBe(false);
    expect(isCardMetric('uniqueVisitors')).toBe(false);
    expect(isCardMetric('totalSessions')).toBe(true);
  });

  it('pair the current value with its change against the comparison range', () => {
    expect(
      buildSummaryMetrics(
        { totalTraffic: 900, totalSessions: 200, optInPercent: 60, bounceVisits: 3 },
        { totalTraffic: 800, totalSessions: 0, optInPercent: 50, bounceVisits: 1 },
      ),
    ).toEqual([
      { fieldName: 'totalSessions', value: 200, comparisonPercentage: 100 },
      { fieldName: 'optInPercent', value: 60, comparisonPercentage: 20 },
    ]);
  });

  it('compute the change from exact values, unrounded, and answer each value to two decimals', () => {
    // 4 of 9 shown against 1 of 1: -55.555…%, not the -55.56 of the rounded 44.44 against 100.
    const [card] = buildSummaryMetrics({ optInPercent: (4 / 9) * 100 }, { optInPercent: 100 }, [
      'optInPercent',
    ]);
    expect(card!.value).toBe(44.44);
    expect(card!.comparisonPercentage).toBeCloseTo(-55.5556, 4);
    expect(card!.comparisonPercentage).not.toBe(-55.56);
  });

  it('ask the summary call with startDate gteq, endDate lteq and propertyId in', () => {
    expect(
      summaryRequestFor(
        { startDate: '2024-03-08', endDate: '2024-03-14' },
        ['s1'],
        ['optInPercent'],
      ),
    ).toEqual({
      filters: [
        { key: 'startDate', operator: 'gteq', values: ['2024-03-08'] },
        { key: 'endDate', operator: 'lteq', values: ['2024-03-14'] },
        { key: 'propertyId', operator: 'in', values: ['s1'] },
      ],
      metrics: ['optInPercent'],
    });
  });
});

describe('summary card values', () => {
  it('shows percentages with one decimal, counts abbreviated, N/A for null', () => {
    const card = (fieldName: string, value: number | null) =>
      summaryCardValue({ fieldName, value, comparisonPercentage: null });
    expect(card('optInPercent', 75)).toBe('75.0%');
    expect(card('totalSessions', 12_345)).toBe('12.3K');
    expect(card('totalSessions', null)).toBe('N/A');
  });
});
