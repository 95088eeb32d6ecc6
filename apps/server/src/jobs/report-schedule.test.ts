import type { ScheduleInfo } from '@assent/core/reports';
import { describe, expect, it } from 'vitest';
import { dueOccurrences, nextOccurrence, occurrence } from './report-schedule';

const iso = (d: Date | null) => d?.toISOString() ?? null;
const daily: ScheduleInfo = {
  frequency: 'daily',
  startDate: '2024-03-16',
  endDate: '2024-03-20',
  time: '9:30',
};

describe('report schedules (UTC)', () => {
  it('runs daily at H:mm UTC from the start date to the end date, inclusive', () => {
    expect(iso(occurrence(daily, 0))).toBe('2024-03-16T09:30:00.000Z');
    expect(iso(nextOccurrence(daily, new Date('2024-03-01T00:00:00Z')))).toBe(
      '2024-03-16T09:30:00.000Z',
    );
    expect(iso(nextOccurrence(daily, new Date('2024-03-17T09:30:00Z')))).toBe(
      '2024-03-17T09:30:00.000Z',
    );
    expect(iso(nextOccurrence(daily, new Date('2024-03-17T09:30:01Z')))).toBe(
      '2024-03-18T09:30:00.000Z',
    );
    expect(iso(nextOccurrence(daily, new Date('2024-03-20T09:30:00Z')))).toBe(
      '2024-03-20T09:30:00.000Z',
    );
    expect(nextOccurrence(daily, new Date('2024-03-20T09:31:00Z'))).toBeNull();
  });

  it("runs weekly on the start date's weekday", () => {
    const weekly: ScheduleInfo = { ...daily, frequency: 'weekly', endDate: '2024-04-30' };
    expect(iso(nextOccurrence(weekly, new Date('2024-03-17T00:00:00Z')))).toBe(
      '2024-03-23T09:30:00.000Z',
    );
    expect(iso(nextOccurrence(weekly, new Date('2024-04-28T00:00:00Z')))).toBeNull();
  });

  it("runs monthly on the start date's day, the month's last day when it is shorter", () => {
    const monthly: ScheduleInfo = {
      frequency: 'monthly',
      startDate: '2024-01-31',
      endDate: '2024-12-31',
      time: '23:05',
    };
    expect([0, 1, 2, 3].map((n) => iso(occurrence(monthly, n)))).toEqual([
      '2024-01-31T23:05:00.000Z',
      '2024-02-29T23:05:00.000Z',
      '2024-03-31T23:05:00.000Z',
      '2024-04-30T23:05:00.000Z',
    ]);
    expect(iso(nextOccurrence(monthly, new Date('2024-05-01T00:00:00Z')))).toBe(
      '2024-05-31T23:05:00.000Z',
    );
  });

  it('lists the runs due between two instants, keeping only the latest ones past the limit', () => {
    const from = new Date('2024-03-16T00:00:00Z');
    expect(dueOccurrences(daily, from, new Date('2024-03-16T09:29:59Z'), 5)).toEqual([]);
    expect(dueOccurrences(daily, from, new Date('2024-03-18T10:00:00Z'), 5).map(iso)).toEqual([
      '2024-03-16T09:30:00.000Z',
      '2024-03-17T09:30:00.000Z',
      '2024-03-18T09:30:00.000Z',
    ]);
    expect(dueOccurrences(daily, from, new Date('2024-04-01T00:00:00Z'), 2).map(iso)).toEqual([
      '2024-03-19T09:30:00.000Z',
      '2024-03-20T09:30:00.000Z',
    ]);
  });
});
