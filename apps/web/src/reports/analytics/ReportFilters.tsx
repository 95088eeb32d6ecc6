import type { ReportFilter, ReportFilterOption } from '@assent/core/reports';
import { REPORT_FILTER_CHOICES } from '@assent/core/reports';
import { Checkbox } from '@blueprintjs/core';

export const FILTERS_LABEL = 'Filters';

export interface ReportFiltersProps {
  /** The draft's filters (time and property filters are not among them). */
  filters: readonly ReportFilter[];
  onChange: (filters: ReportFilter[]) => void;
}

const same = (a: ReportFilterOption['value'], b: unknown) => String(a) === String(b);

/**
 * The builder's filters besides Time (core's REPORT_FILTER_CHOICES): a value list per category,
 * each checked value kept in one 'in' filter; nothing checked means every value.
 */
export function ReportFilters({ filters, onChange }: ReportFiltersProps) {
  const valuesOf = (key: ReportFilter['key']) => filters.find((f) => f.key === key)?.values ?? [];
  const toggle = (key: ReportFilter['key'], value: ReportFilterOption['value'], on: boolean) => {
    const current = valuesOf(key).filter((v) => !same(value, v));
    const values = on ? [...current, value] : current;
    const others = filters.filter((f) => f.key !== key);
    onChange(values.length ? [...others, { key, operator: 'in', values }] : others);
  };
  return (
    <div role="group" aria-label={FILTERS_LABEL} className="assent-report-filters">
      {REPORT_FILTER_CHOICES.map((choice) => (
        <fieldset key={choice.key} className="assent-field-category">
          <legend>{choice.label}</legend>
          {choice.options.map((option) => (
            <Checkbox
              key={String(option.value)}
              inline
              label={option.label}
              aria-label={`${choice.label}: ${option.label}`}
              checked={valuesOf(choice.key).some((v) => same(option.value, v))}
              onChange={(e) => toggle(choice.key, option.value, e.currentTarget.checked)}
            />
          ))}
        </fieldset>
      ))}
    </div>
  );
}
