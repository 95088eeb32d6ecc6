import type { CatalogueEntry } from '@assent/core/reports';
import { groupByCategory } from '@assent/core/reports';
import { Checkbox } from '@blueprintjs/core';

export interface FieldChecklistProps {
  /** The group's accessible name and heading: 'Dimensions' or 'Metrics'. */
  label: string;
  entries: readonly CatalogueEntry[];
  chosen: readonly string[];
  onChange: (chosen: string[]) => void;
}

/**
 * Catalogue entries as checkboxes grouped by category (one fieldset per category, in catalogue
 * order). The chosen order is kept: a new choice goes last, as columns do in the results.
 */
export function FieldChecklist({ label, entries, chosen, onChange }: FieldChecklistProps) {
  const toggle = (fieldName: string, on: boolean) =>
    onChange(on ? [...chosen, fieldName] : chosen.filter((f) => f !== fieldName));
  return (
    <div role="group" aria-label={label} className="assent-field-checklist">
      <h3 className="assent-builder-heading">{label}</h3>
      {[...groupByCategory(entries)].map(([category, group]) => (
        <fieldset key={category} className="assent-field-category">
          <legend>{category}</legend>
          {group.map((e) => (
            <Checkbox
              key={e.fieldName}
              inline
              label={e.displayName}
              checked={chosen.includes(e.fieldName)}
              onChange={(event) => toggle(e.fieldName, event.currentTarget.checked)}
            />
          ))}
        </fieldset>
      ))}
    </div>
  );
}
