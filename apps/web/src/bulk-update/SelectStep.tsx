import {
  BULK_LEGAL_BASIS_LABELS,
  BULK_REGULATION_LABELS,
  BulkLegalBasis as BulkLegalBasisEnum,
  BulkPropertyType as BulkPropertyTypeEnum,
  BulkRegulation as BulkRegulationEnum,
  bulkRegulationOf,
  bulkTypeOf,
  emptyBulkFilters,
  filterBulkProperties,
  setLegalBasisFilter,
} from '@assent/core/bulk-update';
import type { BulkFilters, BulkLegalBasis } from '@assent/core/bulk-update';
import { COUNTRIES } from '@assent/core';
import {
  CONSENT_LOCATION_LABELS,
  ConsentLocation as ConsentLocationEnum,
  FALLBACK_PURPOSES,
  SITE_CONSENT_SCOPE_LABELS,
  ConsentScope as ConsentScopeEnum,
  cmpVersionLabel,
  pageOfProperties,
  propertyIdentifier,
} from '@assent/core/property';
import type { CmpVersion, PropertyListItem } from '@assent/core/property';
import { Button, Card, Checkbox, H2, HTMLTable, NonIdealState } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../app/paths';
import { TextField } from '../components/FormField';
import { Pager } from '../components/Pager';
import { CheckboxGroupField, RadioField } from '../property-form/fields';
import { useBulkUpdateFlow } from './context';
import { FILTERS, TABLE } from './copy';
import { MultipleVersionsDialog } from './MultipleVersionsDialog';
import { StepFooter } from './StepFooter';

/** Rows per page of the selection table (1,000 properties are 20 pages). */
export const BULK_PAGE_SIZE = 50;

type TriState = 'any' | 'yes' | 'no';
const triStateOf = (value: boolean | undefined): TriState =>
  value === undefined ? 'any' : value ? 'yes' : 'no';
const booleanOf = (value: TriState): boolean | undefined =>
  value === 'any' ? undefined : value === 'yes';
const TRI_STATE_OPTIONS = [
  { value: 'any', label: FILTERS.any },
  { value: 'yes', label: FILTERS.yes },
  { value: 'no', label: FILTERS.no },
] as const;

const countryName = (code: string) => COUNTRIES.find((c) => c.code === code)?.name ?? code;
const versionKey = (version: CmpVersion) => String(version);

/**
 * Step 1: filters (every bulk filter field of the spec) applied with APPLY FILTERS, which clears
 * the selection; a paged table whose rows, page or every match can be selected; NEXT.
 */
export function SelectStep() {
  const { pCode, state, dispatch, properties } = useBulkUpdateFlow();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  if (state.step !== 'select') return null;
  const { filters, selected, modal } = state;

  return (
    <>
      <FiltersCard
        applied={filters}
        properties={properties}
        onApply={(next) => {
          dispatch({ type: 'applyFilters', filters: next });
          setPage(1);
        }}
      />
      <SelectionTable
        properties={properties}
        filters={filters}
        selected={selected}
        page={page}
        onPage={setPage}
        onSelect={(next) => dispatch({ type: 'select', selected: next })}
      />
      <StepFooter
        onCancel={() => navigate(paths.properties(pCode))}
        onNext={() => dispatch({ type: 'next' })}
        nextDisabled={selected.length === 0}
      />
      {modal === 'multipleVersions' ? (
        <MultipleVersionsDialog
          selected={selected}
          onCancel={() => dispatch({ type: 'cancelVersions' })}
          onNext={() => dispatch({ type: 'confirmVersions' })}
        />
      ) : null}
    </>
  );
}

/** The filter fields, edited as a draft until APPLY FILTERS. */
function FiltersCard({
  applied,
  properties,
  onApply,
}: {
  applied: BulkFilters;
  properties: readonly PropertyListItem[];
  onApply: (filters: BulkFilters) => void;
}) {
  const [draft, setDraft] = useState<BulkFilters>(applied);
  const patch = (change: Partial<BulkFilters>) => setDraft((d) => ({ ...d, ...change }));
  // The versions, themes and countries the account's properties use.
  const options = useMemo(() => {
    const versions = new Map<string, CmpVersion>();
    const themes = new Map<string, string>();
    const countries = new Set<string>();
    for (const p of properties) {
      versions.set(versionKey(p.cmpVersion), p.cmpVersion);
      themes.set(p.themeId, p.themeName ?? p.themeId);
      countries.add(p.publisherCC.toUpperCase());
    }
    return {
      versions: [...versions.values()]
        .sort((a, b) => (a === 'latest' ? -1 : b === 'latest' ? 1 : Number(b) - Number(a)))
        .map((v) => ({ value: versionKey(v), label: cmpVersionLabel(v) })),
      themes: [...themes].map(([value, label]) => ({ value, label })),
      countries: [...countries].sort().map((code) => ({ value: code, label: countryName(code) })),
    };
  }, [properties]);

  return (
    <section aria-labelledby="bulk-filters-title">
      <Card className="assent-bulk-filters">
        <H2 id="bulk-filters-title" className="assent-form-card-title">
          {FILTERS.title}
        </H2>
        <form
          aria-label={FILTERS.title}
          onSubmit={(event) => {
            event.preventDefault();
            onApply(draft);
          }}
        >
          <div className="assent-bulk-filter-grid">
            <TextField
              label={FILTERS.name}
              type="search"
              value={draft.name}
              placeholder={FILTERS.namePlaceholder}
              onChange={(name) => patch({ name })}
            />
            <CheckboxGroupField
              legend={FILTERS.type}
              options={BulkPropertyTypeEnum.options.map((value) => ({ value, label: value }))}
              selected={draft.type}
              onChange={(type) => patch({ type })}
            />
            <CheckboxGroupField
              legend={FILTERS.regulation}
              options={BulkRegulationEnum.options.map((value) => ({
                value,
                label: BULK_REGULATION_LABELS[value],
              }))}
              selected={draft.regulation}
              onChange={(regulation) => patch({ regulation })}
            />
            <CheckboxGroupField
              legend={FILTERS.cmpVersion}
              options={options.versions}
              selected={draft.cmpVersion.map(versionKey)}
              onChange={(keys) =>
                patch({
                  cmpVersion: keys.map((k) => (k === 'latest' ? 'latest' : Number(k))),
                })
              }
            />
            <CheckboxGroupField
              legend={FILTERS.theme}
              options={options.themes}
              selected={draft.themeId}
              onChange={(themeId) => patch({ themeId })}
            />
            <CheckboxGroupField
              legend={FILTERS.publisherCountry}
              options={options.countries}
              selected={draft.publisherCC}
              onChange={(publisherCC) => patch({ publisherCC })}
            />
            <CheckboxGroupField
              legend={FILTERS.consentLocations}
              options={ConsentLocationEnum.options.map((value) => ({
                value,
                label: CONSENT_LOCATION_LABELS[value],
              }))}
              selected={draft.consentLocations}
              onChange={(consentLocations) => patch({ consentLocations })}
            />
            <CheckboxGroupField
              legend={FILTERS.consentScope}
              options={ConsentScopeEnum.options.map((value) => ({
                value,
                label: SITE_CONSENT_SCOPE_LABELS[value],
              }))}
              selected={draft.consentScope}
              onChange={(consentScope) => patch({ consentScope })}
            />
            <RadioField<TriState>
              label={FILTERS.gbc}
              value={triStateOf(draft.gbcEnabled)}
              options={TRI_STATE_OPTIONS}
              onChange={(v) => patch({ gbcEnabled: booleanOf(v) })}
            />
            <RadioField<TriState>
              label={FILTERS.googleVendors}
              value={triStateOf(draft.googleEnabled)}
              options={TRI_STATE_OPTIONS}
              onChange={(v) => patch({ googleEnabled: booleanOf(v) })}
            />
            <div>
              <RadioField<BulkLegalBasis | 'any'>
                label={FILTERS.legalBasis}
                value={draft.legalBasis ?? 'any'}
                options={[
                  { value: 'any', label: FILTERS.any },
                  ...BulkLegalBasisEnum.options.map((value) => ({
                    value,
                    label: BULK_LEGAL_BASIS_LABELS[value],
                  })),
                ]}
                onChange={(v) =>
                  setDraft((d) => setLegalBasisFilter(d, v === 'any' ? undefined : v))
                }
              />
              {draft.legalBasis === 'customized' ? (
                <CheckboxGroupField<number>
                  legend={FILTERS.customizedPurposes}
                  options={FALLBACK_PURPOSES.map((p) => ({ value: p.id, label: String(p.id) }))}
                  selected={draft.customizedPurposes}
                  onChange={(customizedPurposes) =>
                    patch({ customizedPurposes: [...customizedPurposes].sort((a, b) => a - b) })
                  }
                />
              ) : null}
            </div>
          </div>
          <div className="assent-bulk-filter-actions">
            <Button
              text={FILTERS.reset}
              onClick={() => {
                const empty = emptyBulkFilters();
                setDraft(empty);
                onApply(empty);
              }}
            />
            <Button type="submit" intent="primary" text={FILTERS.apply} />
          </div>
        </form>
      </Card>
    </section>
  );
}

/** The matching properties, a page at a time, with their selection. */
function SelectionTable({
  properties,
  filters,
  selected,
  page,
  onPage,
  onSelect,
}: {
  properties: readonly PropertyListItem[];
  filters: BulkFilters;
  selected: PropertyListItem[];
  page: number;
  onPage: (page: number) => void;
  onSelect: (selected: PropertyListItem[]) => void;
}) {
  const matching = useMemo(() => filterBulkProperties(properties, filters), [properties, filters]);
  const selectedIds = useMemo(() => new Set(selected.map((p) => p.siteId)), [selected]);
  const shown = pageOfProperties(matching, page, BULK_PAGE_SIZE);
  const onPageSelected = shown.rows.filter((p) => selectedIds.has(p.siteId)).length;
  const pageChecked = shown.rows.length > 0 && onPageSelected === shown.rows.length;

  const toggle = (items: readonly PropertyListItem[], checked: boolean) => {
    const ids = new Set(items.map((p) => p.siteId));
    const others = selected.filter((p) => !ids.has(p.siteId));
    onSelect(checked ? [...others, ...items] : others);
  };

  return (
    <section aria-label={TABLE.label} className="assent-bulk-table-section">
      <div className="assent-toolbar">
        <strong aria-live="polite" data-testid="bulk-selected-count">
          {TABLE.selected(selected.length, matching.length)}
        </strong>
        <span className="assent-muted">{TABLE.matching(matching.length)}</span>
        <Button
          size="small"
          text={TABLE.selectAll(matching.length)}
          disabled={matching.length === 0 || selected.length === matching.length}
          onClick={() => onSelect([...matching])}
        />
        <Button
          size="small"
          text={TABLE.clear}
          disabled={selected.length === 0}
          onClick={() => onSelect([])}
        />
      </div>
      {matching.length === 0 ? (
        <NonIdealState title={TABLE.noMatch} />
      ) : (
        <div className="assent-table-wrap">
          <HTMLTable className="assent-bulk-table" striped compact aria-label={TABLE.label}>
            <thead>
              <tr>
                <th scope="col">
                  <Checkbox
                    aria-label={TABLE.selectPage}
                    checked={pageChecked}
                    indeterminate={onPageSelected > 0 && !pageChecked}
                    onChange={(event) => toggle(shown.rows, event.currentTarget.checked)}
                  />
                </th>
                <th scope="col">{TABLE.columns.property}</th>
                <th scope="col">{TABLE.columns.type}</th>
                <th scope="col">{TABLE.columns.regulation}</th>
                <th scope="col">{TABLE.columns.cmpVersion}</th>
                <th scope="col">{TABLE.columns.theme}</th>
                <th scope="col">{TABLE.columns.publisherCC}</th>
              </tr>
            </thead>
            <tbody>
              {shown.rows.map((item) => {
                const name = propertyIdentifier(item);
                return (
                  <tr key={item.siteId}>
                    <td>
                      <Checkbox
                        aria-label={TABLE.selectRow(name)}
                        checked={selectedIds.has(item.siteId)}
                        onChange={(event) => toggle([item], event.currentTarget.checked)}
                      />
                    </td>
                    <td>
                      <span className="assent-property-name">
                        <strong>{name}</strong>
                        {item.publisherName ? (
                          <span className="assent-muted">{item.publisherName}</span>
                        ) : null}
                      </span>
                    </td>
                    <td>{bulkTypeOf(item)}</td>
                    <td>{BULK_REGULATION_LABELS[bulkRegulationOf(item)]}</td>
                    <td>{cmpVersionLabel(item.cmpVersion)}</td>
                    <td>{item.themeName ?? item.themeId}</td>
                    <td>{item.publisherCC}</td>
                  </tr>
                );
              })}
            </tbody>
          </HTMLTable>
        </div>
      )}
      {shown.showPager ? (
        <Pager page={shown.page} pageCount={shown.pageCount} onPageChange={onPage} />
      ) : null}
    </section>
  );
}
