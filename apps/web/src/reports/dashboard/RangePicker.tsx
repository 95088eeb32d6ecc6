import type { DashboardPreset, ReportDateRange } from '@assent/core/reports';
import {
  DASHBOARD_LOOKBACK_DAYS,
  DASHBOARD_PRESET_LABELS,
  DashboardPreset as Presets,
  dashboardPresetOf,
  dashboardPresetRange,
  defaultComparisonRange,
  isDashboardDayDisabled,
  isPreviousPeriod,
  latestSelectableDay,
  PREVIOUS_PERIOD_LABEL,
} from '@assent/core/reports';
import { addUtcDays, formatUtcDay, parseUtcDay } from '@assent/core';
import { HTMLSelect } from '@blueprintjs/core';
import { DateRangeInput } from '@blueprintjs/datetime';
import '@blueprintjs/datetime/lib/css/blueprint-datetime.css';

/**
 * The calendar reads in English with date-fns' built-in en-US: no locale chunk is fetched
 * (Blueprint's default loader imports one by a path Vite does not bundle).
 */
const builtInLocale = () => Promise.resolve(undefined);

/** A UTC day as the local midnight of the same date, for the calendar. */
export const localDayOf = (utc: Date) =>
  new Date(utc.getUTCFullYear(), utc.getUTCMonth(), utc.getUTCDate());
/** A calendar day (local midnight) as the UTC midnight of the same date. */
export const utcDayOf = (local: Date) =>
  new Date(Date.UTC(local.getFullYear(), local.getMonth(), local.getDate()));

const toLocal = (day: string) => localDayOf(parseUtcDay(day));

/** The preset choice's entry for a range that is no preset. */
export const CUSTOM_RANGE = 'Custom';
/** The preset choice's value of the comparison picker's 'Previous period'. */
const PREVIOUS_PERIOD = 'previousPeriod';
const toDay = (local: Date) => formatUtcDay(utcDayOf(local));

/**
 * One of the dashboard's date-range pickers (reports-and-account §5, §9): whole UTC days, the
 * latest selectable day and the look-back window from core, the dashboard presets as shortcuts.
 * Only complete ranges are reported. By keyboard: a date is typed (Enter applies it) or, the
 * field's text being selected on focus, moved with the arrow keys (a day, a week); the presets are
 * also a native select beside the fields, since the calendar's shortcuts are not in the Tab order.
 * The comparison picker (`previousOf`, the summary period) offers 'Previous period' first.
 */
export function RangePicker({
  label,
  value,
  onChange,
  now,
  previousOf,
}: {
  label: string;
  value: ReportDateRange;
  onChange: (range: ReportDateRange) => void;
  now: Date;
  /** The period this one compares with: 'Previous period' is offered, the same days before it. */
  previousOf?: ReportDateRange;
}) {
  const latest = latestSelectableDay(now);
  const shortcut = (text: string, r: ReportDateRange) => ({
    label: text,
    dateRange: [toLocal(r.startDate), toLocal(r.endDate)] as [Date, Date],
  });
  const previous = previousOf ? defaultComparisonRange(previousOf) : undefined;
  const shortcuts = [
    ...(previous ? [shortcut(PREVIOUS_PERIOD_LABEL, previous)] : []),
    ...Presets.options.map((preset: DashboardPreset) =>
      shortcut(DASHBOARD_PRESET_LABELS[preset], dashboardPresetRange(preset, now)),
    ),
  ];
  const preset =
    previousOf && isPreviousPeriod(value, previousOf)
      ? PREVIOUS_PERIOD
      : dashboardPresetOf(value, now);
  return (
    <div className="assent-range-picker" role="group" aria-label={label}>
      <span className="assent-range-picker-label">{label}</span>
      <div className="assent-range-picker-fields">
        <HTMLSelect
          aria-label={`${label}: preset`}
          value={preset ?? ''}
          onChange={(e) => {
            if (previous && e.currentTarget.value === PREVIOUS_PERIOD) return onChange(previous);
            const chosen = Presets.safeParse(e.currentTarget.value);
            if (chosen.success) onChange(dashboardPresetRange(chosen.data, now));
          }}
          options={[
            { value: '', label: CUSTOM_RANGE, disabled: true },
            ...(previous ? [{ value: PREVIOUS_PERIOD, label: PREVIOUS_PERIOD_LABEL }] : []),
            ...Presets.options.map((p) => ({ value: p, label: DASHBOARD_PRESET_LABELS[p] })),
          ]}
        />
        <DateRangeInput
          value={[toLocal(value.startDate), toLocal(value.endDate)]}
          onChange={([start, end]) => {
            if (start && end) onChange({ startDate: toDay(start), endDate: toDay(end) });
          }}
          dateFnsFormat="yyyy-MM-dd"
          dateFnsLocaleLoader={builtInLocale}
          minDate={localDayOf(addUtcDays(latest, -DASHBOARD_LOOKBACK_DAYS))}
          maxDate={localDayOf(latest)}
          dayPickerProps={{ disabled: (d: Date) => isDashboardDayDisabled(utcDayOf(d), now) }}
          shortcuts={shortcuts}
          allowSingleDayRange
          singleMonthOnly
          selectAllOnFocus
          startInputProps={{ 'aria-label': `${label}: start date` }}
          endInputProps={{ 'aria-label': `${label}: end date` }}
          popoverProps={{ placement: 'bottom-start' }}
        />
      </div>
    </div>
  );
}
