import { describe, expect, it } from 'vitest';
import { formatUtcDay, parseUtcDay } from '../format';
import { REPORTS_EARLY_NOW, REPORTS_NOW } from '../testing/reports';
import {
  DASHBOARD_PRESET_LABELS,
  EXTENDED_HISTORY_ACCOUNT_CODE,
  REPORT_BUILDER_PRESETS,
  ReportDateRange,
  TIME_PERIOD_LABELS,
  ReportTimePeriod,
  classifyRange,
  dashboardPresetOf,
  dashboardPresetRange,
  defaultComparisonRange,
  defaultSummaryRange,
  isChartFullWidth,
  customDayBounds,
  isCustomDayDisabled,
  isDashboardDayDisabled,
  isPreviousPeriod,
  latestSelectableDay,
  timePeriodRange,
} from './time-period';

const r = (startDate: string, endDate: string) => ({ startDate, endDate });
const d = (day: string) => parseUtcDay(day);

describe('latestSelectableDay (07:00 UTC rule)', () => {
  it('is yesterday from 07:00 UTC and the day before yesterday before it', () => {
    expect(formatUtcDay(latestSelectableDay(REPORTS_NOW))).toBe('2024-03-14');
    expect(formatUtcDay(latestSelectableDay(REPORTS_EARLY_NOW))).toBe('2024-03-13');
    expect(formatUtcDay(latestSelectableDay(new Date('2024-03-15T07:00:00Z')))).toBe('2024-03-14');
  });
});

describe('dashboard presets', () => {
  it('labels Yesterday, Last 7 Days, Last 30 Days, Month Till Date', () => {
    expect(Object.values(DASHBOARD_PRESET_LABELS)).toEqual([
      'Yesterday',
      'Last 7 Days',
      'Last 30 Days',
      'Month Till Date',
    ]);
  });

  it('dates each preset in UTC, ending on the latest selectable day', () => {
    expect(dashboardPresetRange('yesterday', REPORTS_NOW)).toEqual(r('2024-03-14', '2024-03-14'));
    expect(dashboardPresetRange('last7Days', REPORTS_NOW)).toEqual(r('2024-03-08', '2024-03-14'));
    expect(dashboardPresetRange('last30Days', REPORTS_NOW)).toEqual(r('2024-02-14', '2024-03-14'));
    expect(dashboardPresetRange('monthTillDate', REPORTS_NOW)).toEqual(
      r('2024-03-01', '2024-03-14'),
    );
    expect(dashboardPresetRange('last7Days', REPORTS_EARLY_NOW)).toEqual(
      r('2024-03-07', '2024-03-13'),
    );
  });

  it('names the preset a range is, or none', () => {
    expect(dashboardPresetOf(r('2024-02-14', '2024-03-14'), REPORTS_NOW)).toBe('last30Days');
    expect(dashboardPresetOf(r('2024-03-08', '2024-03-14'), REPORTS_NOW)).toBe('last7Days');
    expect(dashboardPresetOf(r('2024-03-14', '2024-03-14'), REPORTS_NOW)).toBe('yesterday');
    expect(dashboardPresetOf(r('2024-03-08', '2024-03-13'), REPORTS_NOW)).toBeUndefined();
    // On the 2nd, month till date is yesterday: the first preset of the list is named.
    expect(dashboardPresetOf(r('2024-04-01', '2024-04-01'), new Date('2024-04-02T12:00:00Z'))).toBe(
      'yesterday',
    );
  });

  it('keeps month till date in the month of the latest day on the 1st before 07:00', () => {
    expect(dashboardPresetRange('monthTillDate', new Date('2024-04-01T05:00:00Z'))).toEqual(
      r('2024-03-01', '2024-03-30'),
    );
  });
});

describe('default summary and comparison ranges', () => {
  it('summarises the 7 days ending 1 day ago (2 days ago before 07:00 UTC)', () => {
    expect(defaultSummaryRange(REPORTS_NOW)).toEqual(r('2024-03-08', '2024-03-14'));
    expect(defaultSummaryRange(REPORTS_EARLY_NOW)).toEqual(r('2024-03-07', '2024-03-13'));
  });
  it('compares with the 7 days before that', () => {
    expect(defaultComparisonRange(defaultSummaryRange(REPORTS_NOW))).toEqual(
      r('2024-03-01', '2024-03-07'),
    );
  });
  it("knows the comparison picker's 'Previous period': as many days, just before the summary", () => {
    expect(isPreviousPeriod(r('2024-03-01', '2024-03-07'), r('2024-03-08', '2024-03-14'))).toBe(
      true,
    );
    expect(isPreviousPeriod(r('2024-01-15', '2024-02-13'), r('2024-02-14', '2024-03-14'))).toBe(
      true,
    );
    expect(isPreviousPeriod(r('2024-03-02', '2024-03-07'), r('2024-03-08', '2024-03-14'))).toBe(
      false,
    );
    expect(isPreviousPeriod(r('2024-03-08', '2024-03-14'), r('2024-03-08', '2024-03-14'))).toBe(
      false,
    );
  });
});

describe('isDashboardDayDisabled', () => {
  it('disables days after the latest selectable day', () => {
    expect(isDashboardDayDisabled(d('2024-03-15'), REPORTS_NOW)).toBe(true);
    expect(isDashboardDayDisabled(d('2024-03-14'), REPORTS_NOW)).toBe(false);
    expect(isDashboardDayDisabled(d('2024-03-14'), REPORTS_EARLY_NOW)).toBe(true);
  });
  it('disables days more than 90 days before it', () => {
    expect(isDashboardDayDisabled(d('2023-12-15'), REPORTS_NOW)).toBe(false);
    expect(isDashboardDayDisabled(d('2023-12-14'), REPORTS_NOW)).toBe(true);
  });
});

describe('classifyRange', () => {
  it.each([
    [r('2024-03-01', '2024-03-14'), 'monthToDate'],
    [r('2024-03-08', '2024-03-14'), 'last7Days'],
    [r('2024-02-14', '2024-03-14'), 'last30Days'],
    [r('2023-12-15', '2024-03-14'), 'last3Months'],
    [r('2023-12-20', '2024-03-14'), 'last3Months'],
    [r('2023-12-10', '2024-03-14'), 'last3Months'],
    [r('2023-12-09', '2024-03-14'), 'custom'],
    [r('2024-03-02', '2024-03-05'), 'custom'],
    [r('2024-03-01', '2024-03-31'), 'custom'],
  ] as const)('%j is %s', (range, kind) => expect(classifyRange(range)).toBe(kind));
});

describe('isChartFullWidth', () => {
  const span = (days: number) =>
    r('2024-01-01', formatUtcDay(new Date(Date.UTC(2024, 0, 1 + days))));
  it.each([
    [5, false],
    [6, true],
    [15, true],
    [16, false],
    [35, false],
    [36, true],
    [90, true],
    [91, false],
  ])('a span of %i days → %s', (days, full) => expect(isChartFullWidth(span(days))).toBe(full));
});

describe('report builder presets', () => {
  it('offers This Week, Month Till Date, Last 7 Days, Last 30 Days, Last 3 Months, Custom Date', () => {
    expect(REPORT_BUILDER_PRESETS.map((p) => TIME_PERIOD_LABELS[p])).toEqual([
      'This Week',
      'Month Till Date',
      'Last 7 Days',
      'Last 30 Days',
      'Last 3 Months',
      'Custom Date',
    ]);
  });

  it('dates presets in UTC: 7 and 30 days back, 3 calendar months back', () => {
    const at = (type: ReportTimePeriod['type']) => timePeriodRange({ type }, REPORTS_NOW);
    expect(at('thisWeek')).toEqual(r('2024-03-11', '2024-03-15'));
    expect(at('monthTillDate')).toEqual(r('2024-03-01', '2024-03-15'));
    expect(at('last7Days')).toEqual(r('2024-03-08', '2024-03-14'));
    expect(at('last30Days')).toEqual(r('2024-02-14', '2024-03-14'));
    expect(at('last3Months')).toEqual(r('2023-12-15', '2024-03-14'));
    expect(at('lastDay')).toEqual(r('2024-03-14', '2024-03-14'));
  });

  it('starts this week on Monday, also on a Sunday', () => {
    expect(timePeriodRange({ type: 'thisWeek' }, new Date('2024-03-17T12:00:00Z'))).toEqual(
      r('2024-03-11', '2024-03-17'),
    );
  });

  it('uses the custom range as chosen and needs one', () => {
    expect(
      timePeriodRange({ type: 'custom', range: ['2024-02-01', '2024-02-10'] }, REPORTS_NOW),
    ).toEqual(r('2024-02-01', '2024-02-10'));
    expect(ReportTimePeriod.safeParse({ type: 'custom' }).success).toBe(false);
    expect(
      ReportTimePeriod.safeParse({ type: 'custom', range: ['2024-02-10', '2024-02-01'] }).success,
    ).toBe(false);
  });

  it('refuses a range that ends before it starts', () => {
    expect(ReportDateRange.safeParse(r('2024-03-02', '2024-03-01')).success).toBe(false);
    expect(ReportDateRange.safeParse(r('2024-03-01', '2024-03-01')).success).toBe(true);
  });
});

describe('isCustomDayDisabled', () => {
  it('disables future days', () => {
    expect(isCustomDayDisabled(d('2024-03-16'), REPORTS_NOW, 'AB12CD')).toBe(true);
    expect(isCustomDayDisabled(d('2024-03-15'), REPORTS_NOW, 'AB12CD')).toBe(false);
  });
  it('disables days earlier than 3 months ago', () => {
    expect(isCustomDayDisabled(d('2023-12-15'), REPORTS_NOW, 'AB12CD')).toBe(false);
    expect(isCustomDayDisabled(d('2023-12-14'), REPORTS_NOW, 'AB12CD')).toBe(true);
  });
  it('lets the special account code reach further back, but not into the future', () => {
    expect(isCustomDayDisabled(d('2023-01-01'), REPORTS_NOW, EXTENDED_HISTORY_ACCOUNT_CODE)).toBe(
      false,
    );
    expect(isCustomDayDisabled(d('2024-03-16'), REPORTS_NOW, EXTENDED_HISTORY_ACCOUNT_CODE)).toBe(
      true,
    );
  });
  it('names the same first and last day as its bounds', () => {
    expect(customDayBounds(REPORTS_NOW, 'AB12CD')).toEqual({
      minDay: d('2023-12-15'),
      maxDay: d('2024-03-15'),
    });
    expect(customDayBounds(REPORTS_NOW, EXTENDED_HISTORY_ACCOUNT_CODE)).toEqual({
      maxDay: d('2024-03-15'),
    });
  });
});
