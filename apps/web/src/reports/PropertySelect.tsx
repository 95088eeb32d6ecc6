import type { ReportProperty, ReportPropertyOption } from '@assent/core/reports';
import { reportPropertyOptions, toggleReportProperty } from '@assent/core/reports';
import { MenuItem } from '@blueprintjs/core';
import type { ItemPredicate, ItemRenderer } from '@blueprintjs/select';
import { MultiSelect } from '@blueprintjs/select';

export const PROPERTY_SELECT_LABEL = 'Properties';
export const PROPERTY_SELECT_PLACEHOLDER = 'Select properties';

const filterOption: ItemPredicate<ReportPropertyOption> = (query, option) =>
  option.label.toLowerCase().includes(query.trim().toLowerCase());

/**
 * The property multi-select at the top of the reports page: All plus each property by url;
 * disabled properties are listed but cannot be chosen; All selects every enabled property
 * (core's `toggleReportProperty`).
 */
export function PropertySelect({
  properties,
  selected,
  onChange,
}: {
  properties: readonly ReportProperty[];
  /** Selected siteUuids. */
  selected: readonly string[];
  onChange: (selected: string[]) => void;
}) {
  const options = reportPropertyOptions(properties);
  const chosen = options.filter((o) => selected.includes(o.value));
  const toggle = (option: ReportPropertyOption) =>
    onChange(toggleReportProperty(properties, selected, option.value));
  const renderOption: ItemRenderer<ReportPropertyOption> = (option, { handleClick, modifiers }) =>
    modifiers.matchesPredicate ? (
      <MenuItem
        key={option.value}
        text={option.label}
        roleStructure="listoption"
        selected={selected.includes(option.value)}
        active={modifiers.active}
        disabled={modifiers.disabled}
        onClick={handleClick}
      />
    ) : null;
  return (
    <div className="assent-reports-properties">
      <label className="bp6-label" htmlFor="report-properties">
        {PROPERTY_SELECT_LABEL}
      </label>
      <MultiSelect<ReportPropertyOption>
        items={options}
        selectedItems={chosen}
        itemDisabled={(option) => option.disabled}
        itemPredicate={filterOption}
        itemRenderer={renderOption}
        itemsEqual="value"
        onItemSelect={toggle}
        onRemove={(option) => onChange(selected.filter((id) => id !== option.value))}
        onClear={() => onChange([])}
        tagRenderer={(option) => option.label}
        placeholder={PROPERTY_SELECT_PLACEHOLDER}
        resetOnSelect
        fill
        popoverProps={{ minimal: true, matchTargetWidth: true }}
        tagInputProps={{ inputProps: { id: 'report-properties' } }}
        noResults={<MenuItem disabled text="No properties" roleStructure="listoption" />}
      />
    </div>
  );
}
