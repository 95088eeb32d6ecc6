import { COUNTRIES_BY_NAME, countryMatches } from '@assent/core';
import { MenuItem } from '@blueprintjs/core';
import { Suggest } from '@blueprintjs/select';
import '@blueprintjs/select/lib/css/blueprint-select.css';
import { useMemo } from 'react';

type Country = (typeof COUNTRIES_BY_NAME)[number];

export const NO_COUNTRY_FOUND = 'No country matches';

export interface CountrySuggestProps {
  /** The chosen ISO code; `undefined` for a picker that adds to a list (it then stays empty). */
  value?: string | undefined;
  onChange: (code: string) => void;
  /** Codes not offered (e.g. those already in the list). */
  exclude?: readonly string[];
  placeholder?: string;
  disabled?: boolean;
  /** The input's id (a FormField's), or its accessible name when it has no label of its own. */
  id?: string;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string | undefined;
}

/**
 * A country picker: type to search by name or ISO code (core's `countryMatches`), countries sorted
 * by name (`COUNTRIES_BY_NAME`), arrows and Enter to choose (Blueprint's Suggest).
 */
export function CountrySuggest({
  value,
  onChange,
  exclude = [],
  placeholder = 'Search countries…',
  disabled = false,
  ...inputProps
}: CountrySuggestProps) {
  const items = useMemo(
    () => COUNTRIES_BY_NAME.filter((c) => !exclude.includes(c.code)),
    [exclude],
  );
  const selected = value ? (COUNTRIES_BY_NAME.find((c) => c.code === value) ?? null) : null;
  return (
    <Suggest<Country>
      items={items}
      selectedItem={selected}
      itemPredicate={(query, country) => countryMatches(country, query)}
      itemRenderer={(country, { handleClick, handleFocus, modifiers, ref }) =>
        modifiers.matchesPredicate ? (
          <MenuItem
            key={country.code}
            ref={ref}
            text={country.name}
            label={country.code}
            active={modifiers.active}
            disabled={modifiers.disabled}
            selected={country.code === value}
            roleStructure="listoption"
            onClick={handleClick}
            onFocus={handleFocus}
          />
        ) : null
      }
      itemsEqual={(a, b) => a.code === b.code}
      inputValueRenderer={(country) => country.name}
      onItemSelect={(country) => onChange(country.code)}
      noResults={<MenuItem disabled text={NO_COUNTRY_FOUND} roleStructure="listoption" />}
      resetOnSelect={value === undefined}
      resetOnClose
      closeOnSelect
      disabled={disabled}
      fill
      inputProps={{ placeholder, ...inputProps }}
      popoverProps={{ minimal: true, matchTargetWidth: true }}
      menuProps={{ 'aria-label': inputProps['aria-label'] ?? 'Countries' }}
    />
  );
}
