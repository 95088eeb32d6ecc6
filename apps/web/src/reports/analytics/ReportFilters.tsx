import type { ReportFilter, ReportFilterChoice, ReportFilterOption } from '@assent/core/reports';
import { countryName } from '@assent/core';
import { Button, Checkbox, Tag } from '@blueprintjs/core';
import { CrossIcon } from '@blueprintjs/icons';
import { CountrySuggest } from '../../components/CountrySuggest';

export const FILTERS_LABEL = 'Filters';
export const COUNTRY_FILTER_LABEL = 'Country';

export interface ReportFiltersProps {
  /** The categories and their values (core's REPORT_FILTER_CHOICES and themeFilterChoices). */
  choices: readonly ReportFilterChoice[];
  /** The draft's filters (time and property filters are not among them). */
  filters: readonly ReportFilter[];
  onChange: (filters: ReportFilter[]) => void;
}

const same = (a: ReportFilterOption['value'], b: unknown) => String(a) === String(b);

/**
 * The builder's filters besides Time: a value list per category, each checked value kept in one
 * 'in' filter; nothing checked means every value. A category without values (an account without
 * themes of its own) is not shown.
 */
export function ReportFilters({ choices, filters, onChange }: ReportFiltersProps) {
  const valuesOf = (key: ReportFilter['key']) => filters.find((f) => f.key === key)?.values ?? [];
  const toggle = (key: ReportFilter['key'], value: ReportFilterOption['value'], on: boolean) => {
    const current = valuesOf(key).filter((v) => !same(value, v));
    const values = on ? [...current, value] : current;
    const others = filters.filter((f) => f.key !== key);
    onChange(values.length ? [...others, { key, operator: 'in', values }] : others);
  };
  return (
    <div role="group" aria-label={FILTERS_LABEL} className="assent-report-filters">
      {choices
        .filter((choice) => choice.options.length > 0)
        .map((choice) => (
          <fieldset
            key={choice.key}
            className={`assent-field-category assent-filter-${choice.key}`}
          >
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
      <fieldset className="assent-field-category">
        <legend>{COUNTRY_FILTER_LABEL}</legend>
        <CountrySuggest
          aria-label={COUNTRY_FILTER_LABEL}
          exclude={valuesOf('country').map(String)}
          onChange={(code) => toggle('country', code, true)}
        />
        <ul aria-label="Chosen countries" className="assent-chip-list">
          {valuesOf('country').map((code) => (
            <li key={String(code)}>
              <Tag>{countryName(String(code))}</Tag>
              <Button
                variant="minimal"
                size="small"
                icon={<CrossIcon />}
                aria-label={`Remove ${countryName(String(code))}`}
                onClick={() => toggle('country', String(code), false)}
              />
            </li>
          ))}
        </ul>
      </fieldset>
    </div>
  );
}
