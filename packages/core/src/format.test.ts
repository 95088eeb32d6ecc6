import { describe, expect, it } from 'vitest';
import {
  APP_REPORT_PERCENT_DECIMALS,
  CUSTOM_REPORT_PERCENT_DECIMALS,
  addUtcDays,
  addUtcMonths,
  formatBytes,
  formatCompactNumber,
  formatMetricValue,
  formatPercent,
  formatUtcDate,
  formatUtcDateTime,
  formatInstant,
  formatUtcDay,
  isUtcDay,
  parseUtcDay,
  startOfUtcDay,
  utcDaySpan,
} from './format';

describe('formatCompactNumber', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [12.34, '12.3'],
    [1000, '1.0K'],
    [1234, '1.2K'],
    [999_949, '999.9K'],
    [999_960, '1.0M'],
    [2_500_000, '2.5M'],
    [7_250_000_000, '7.3B'],
    [3_100_000_000_000, '3.1T'],
    [4_000_000_000_000_000, '4000.0T'],
    [-1500, '-1.5K'],
  ])('%d → %s', (value, text) => expect(formatCompactNumber(value)).toBe(text));

  it("shows 'N/A' for a null metric", () => {
    expect(formatCompactNumber(null)).toBe('N/A');
    expect(formatCompactNumber(undefined)).toBe('N/A');
    expect(formatCompactNumber(Number.NaN)).toBe('N/A');
  });
});

describe('formatPercent', () => {
  it('uses one decimal by default and two in custom report tables and on the app report', () => {
    expect(formatPercent(12.345)).toBe('12.3%');
    expect(formatPercent(12.345, CUSTOM_REPORT_PERCENT_DECIMALS)).toBe('12.35%');
    expect(formatPercent(7, APP_REPORT_PERCENT_DECIMALS)).toBe('7.00%');
    expect(formatPercent(0)).toBe('0.0%');
  });
  it("shows 'N/A' for null", () => expect(formatPercent(null)).toBe('N/A'));
});

describe('formatMetricValue', () => {
  it("shows 'N/A' for null and the number otherwise", () => {
    expect(formatMetricValue(null)).toBe('N/A');
    expect(formatMetricValue(42)).toBe('42');
  });
});

describe('formatBytes', () => {
  it.each([
    [0, '0 Bytes'],
    [512, '512 Bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [5 * 1024 ** 2, '5 MB'],
    [1.25 * 1024 ** 3, '1.25 GB'],
    [2 * 1024 ** 4, '2 TB'],
    [2048 * 1024 ** 4, '2048 TB'],
  ])('%d → %s', (value, text) => expect(formatBytes(value)).toBe(text));

  it("shows 'N/A' for null", () => expect(formatBytes(null)).toBe('N/A'));
});

describe('UTC days', () => {
  const instant = new Date('2024-03-15T23:30:00.000Z');

  it('formats and parses UTC calendar days regardless of time of day', () => {
    expect(formatUtcDay(instant)).toBe('2024-03-15');
    expect(startOfUtcDay(instant).toISOString()).toBe('2024-03-15T00:00:00.000Z');
    expect(parseUtcDay('2024-02-29').toISOString()).toBe('2024-02-29T00:00:00.000Z');
  });

  it('refuses days that do not exist', () => {
    expect(isUtcDay('2023-02-29')).toBe(false);
    expect(isUtcDay('2024-3-1')).toBe(false);
    expect(() => parseUtcDay('2024-13-01')).toThrow('Not a calendar day');
  });

  it('adds days and calendar months, clamping to the end of shorter months', () => {
    expect(formatUtcDay(addUtcDays(instant, -15))).toBe('2024-02-29');
    expect(formatUtcDay(addUtcMonths(parseUtcDay('2024-05-31'), -3))).toBe('2024-02-29');
    expect(formatUtcDay(addUtcMonths(parseUtcDay('2024-01-31'), 1))).toBe('2024-02-29');
    expect(formatUtcDay(addUtcMonths(parseUtcDay('2024-11-15'), 3))).toBe('2025-02-15');
  });

  it('measures the span in whole days, a week being 6', () => {
    expect(utcDaySpan(parseUtcDay('2024-03-08'), parseUtcDay('2024-03-14'))).toBe(6);
    expect(utcDaySpan(new Date('2024-03-14T23:59:00Z'), new Date('2024-03-15T00:01:00Z'))).toBe(1);
  });

  it('shows dates and times in UTC', () => {
    expect(formatUtcDate(instant)).toBe('15 Mar 2024');
    expect(formatUtcDateTime(new Date('2024-03-05T09:05:00Z'))).toBe('05 Mar 2024, 09:05 UTC');
    expect(formatInstant('2024-03-05T09:05:00.000Z')).toBe('05 Mar 2024, 09:05 UTC');
    expect(formatInstant(null)).toBe('-');
  });
});
