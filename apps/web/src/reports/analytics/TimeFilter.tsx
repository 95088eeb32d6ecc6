import type { ReportTimePeriod, ReportTimePeriodType } from '@assent/core/reports';
import {
  customDayBounds,
  isCustomDayDisabled,
  REPORT_BUILDER_PRESETS,
  TIME_PERIOD_LABELS,
  validateTimeFilter,
} from '@assent/core/reports';
import { Button, Callout, Collapse, Radio, RadioGroup } from '@blueprintjs/core';
import { CalendarIcon, CaretDownIcon, CaretUpIcon } from '@blueprintjs/icons';
import { useId, useState } from 'react';
import { FormField } from '../../components/FormField';
import { UtcDayInput } from './UtcDayInput';

export const TIME_FILTER_LABEL = 'Time';
export const TIME_FILTER_DONE = 'Done';
export const CUSTOM_START_LABEL = 'Start date';
export const CUSTOM_END_LABEL = 'End date';

/** The button's text: 'Time: Last 7 Days', 'Time: 2024-03-01 – 2024-03-10', or 'Time: not set'. */
export function timeFilterSummary(period: ReportTimePeriod | undefined): string {
  if (!period) return `${TIME_FILTER_LABEL}: not set`;
  if (period.type === 'custom' && period.range) {
    return `${TIME_FILTER_LABEL}: ${period.range[0]} – ${period.range[1]}`;
  }
  return `${TIME_FILTER_LABEL}: ${TIME_PERIOD_LABELS[period.type]}`;
}

export interface TimeFilterProps {
  value: ReportTimePeriod | undefined;
  onChange: (period: ReportTimePeriod) => void;
  pCode: string;
  now: Date;
}

/**
 * The Time filter: a preset (This Week … Last 3 Months) or custom dates (no future day, nothing
 * before 3 months ago). A complete choice applies at once, so the granularity follows it. The
 * panel cannot be closed without a time period: core's 'Please select Time filter' shows instead.
 * It opens by itself while no period is set.
 */
export function TimeFilter({ value, onChange, pCode, now }: TimeFilterProps) {
  const panelId = useId();
  const [open, setOpen] = useState(value === undefined);
  const [type, setType] = useState<ReportTimePeriodType | undefined>(value?.type);
  const [range, setRange] = useState<[string | undefined, string | undefined]>(
    value?.range ?? [undefined, undefined],
  );
  const [error, setError] = useState<string>();
  // A report loaded after the first render brings its own period.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setType(value?.type);
    setRange(value?.range ?? [undefined, undefined]);
    if (value) setError(undefined);
  }

  const pending = (): ReportTimePeriod | undefined => {
    if (!type) return undefined;
    if (type !== 'custom') return { type };
    const [start, end] = range;
    return start && end ? { type, range: [start, end] } : { type };
  };
  const apply = (next: ReportTimePeriod | undefined) => {
    if (next && validateTimeFilter(next).ok) {
      setError(undefined);
      onChange(next);
    }
  };
  const close = () => {
    const check = validateTimeFilter(pending());
    if (!check.ok) {
      setError(check.issues[0]?.message);
      return;
    }
    setError(undefined);
    setOpen(false);
  };
  const chooseType = (next: ReportTimePeriodType) => {
    setType(next);
    if (next !== 'custom') apply({ type: next });
    else {
      const [start, end] = range;
      if (start && end) apply({ type: next, range: [start, end] });
    }
  };
  const chooseDay = (at: 0 | 1, day: string | undefined) => {
    const next: [string | undefined, string | undefined] =
      at === 0 ? [day, range[1]] : [range[0], day];
    setRange(next);
    const [start, end] = next;
    if (start && end && start <= end) apply({ type: 'custom', range: [start, end] });
  };
  const bounds = customDayBounds(now, pCode);
  const disabled = (d: Date) => isCustomDayDisabled(d, now, pCode);

  return (
    <div className="assent-time-filter">
      <Button
        icon={<CalendarIcon />}
        endIcon={open ? <CaretUpIcon /> : <CaretDownIcon />}
        text={timeFilterSummary(value)}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => (open ? close() : setOpen(true))}
      />
      <Collapse isOpen={open} keepChildrenMounted>
        <div
          id={panelId}
          role="group"
          aria-label="Time filter"
          className="assent-time-filter-panel"
        >
          <RadioGroup
            label="Time period"
            inline
            selectedValue={type ?? ''}
            onChange={(e) => chooseType(e.currentTarget.value as ReportTimePeriodType)}
          >
            {REPORT_BUILDER_PRESETS.map((preset) => (
              <Radio key={preset} value={preset} label={TIME_PERIOD_LABELS[preset]} />
            ))}
          </RadioGroup>
          {type === 'custom' ? (
            <div className="assent-time-filter-dates">
              <FormField label={CUSTOM_START_LABEL}>
                {(control) => (
                  <UtcDayInput
                    control={control}
                    value={range[0]}
                    onChange={(day) => chooseDay(0, day)}
                    isDayDisabled={disabled}
                    minDay={bounds.minDay}
                    maxDay={bounds.maxDay}
                  />
                )}
              </FormField>
              <FormField label={CUSTOM_END_LABEL}>
                {(control) => (
                  <UtcDayInput
                    control={control}
                    value={range[1]}
                    onChange={(day) => chooseDay(1, day)}
                    isDayDisabled={disabled}
                    minDay={bounds.minDay}
                    maxDay={bounds.maxDay}
                  />
                )}
              </FormField>
            </div>
          ) : null}
          {error ? (
            <Callout intent="danger" compact role="alert">
              {error}
            </Callout>
          ) : null}
          <Button text={TIME_FILTER_DONE} onClick={close} />
        </div>
      </Collapse>
    </div>
  );
}
