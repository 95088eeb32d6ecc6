import { Button, Checkbox, HTMLTable, InputGroup } from '@blueprintjs/core';
import { SearchIcon } from '@blueprintjs/icons';
import type { ReactNode } from 'react';
import { useMemo, useState } from 'react';
import { Pager } from '../components/Pager';
import { VENDORS } from './copy';

/** One selectable entry: an IAB vendor or a Google ad-technology provider. */
export interface SelectableItem {
  id: number;
  name: string;
  /** A short line under the name (e.g. the purposes). */
  detail?: string;
  url?: string | null;
}

const PAGE_SIZE = 50;

export interface SelectableListProps<T extends SelectableItem> {
  /** Names the list for assistive technology. */
  label: string;
  items: readonly T[];
  selected: readonly number[];
  onSelectedChange: (ids: number[]) => void;
  /** The search and any extra filter narrow `items` to what is shown (rules live in core). */
  filter: (items: readonly T[], search: string) => T[];
  /** Select all / none over the shown items (core's selectVendors). */
  select: (selected: readonly number[], shown: readonly number[], on: boolean) => number[];
  /** Extra filters beside the search box. */
  toolbar?: ReactNode;
}

/** A searchable, paged list of checkboxes with select all / none and counts. */
export function SelectableList<T extends SelectableItem>({
  label,
  items,
  selected,
  onSelectedChange,
  filter,
  select,
  toolbar,
}: SelectableListProps<T>) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const shown = useMemo(() => filter(items, search), [filter, items, search]);
  const chosen = useMemo(() => new Set(selected), [selected]);
  const pageCount = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const current = Math.min(page, pageCount);
  const rows = shown.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
  const shownIds = shown.map((item) => item.id);
  const selectedCount = items.filter((item) => chosen.has(item.id)).length;

  const toggle = (id: number, on: boolean) => onSelectedChange(select(selected, [id], on));

  return (
    <div className="assent-selectable">
      <div className="assent-toolbar">
        <InputGroup
          type="search"
          leftIcon={<SearchIcon />}
          placeholder={VENDORS.search}
          aria-label={`${label}: ${VENDORS.search}`}
          value={search}
          onValueChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
        />
        {toolbar}
        <Button
          text={VENDORS.selectAll}
          onClick={() => onSelectedChange(select(selected, shownIds, true))}
          disabled={!shownIds.length}
        />
        <Button
          text={VENDORS.selectNone}
          onClick={() => onSelectedChange(select(selected, shownIds, false))}
          disabled={!shownIds.length}
        />
        <span className="assent-muted" aria-live="polite">
          {VENDORS.counts(selectedCount, items.length)} · {VENDORS.shown(shown.length)}
        </span>
      </div>
      {rows.length === 0 ? (
        <p className="assent-muted">{VENDORS.noMatch}</p>
      ) : (
        <HTMLTable compact striped className="assent-fill" aria-label={label}>
          <thead>
            <tr>
              <th scope="col">
                <span className="assent-visually-hidden">Selected</span>
              </th>
              <th scope="col">Vendor</th>
              <th scope="col">ID</th>
              <th scope="col">{VENDORS.policy}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((item) => (
              <tr key={item.id}>
                <td>
                  <Checkbox
                    className="assent-row-checkbox"
                    checked={chosen.has(item.id)}
                    aria-label={item.name}
                    onChange={(event) => toggle(item.id, event.currentTarget.checked)}
                  />
                </td>
                <td>
                  <div>{item.name}</div>
                  {item.detail ? (
                    <div className="assent-muted assent-small">{item.detail}</div>
                  ) : null}
                </td>
                <td>{item.id}</td>
                <td>
                  {item.url ? (
                    <a href={item.url} target="_blank" rel="noopener noreferrer">
                      {VENDORS.policy}
                      <span className="assent-visually-hidden"> of {item.name}</span>
                    </a>
                  ) : (
                    '—'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {pageCount > 1 ? (
        <Pager
          page={current}
          pageCount={pageCount}
          onPageChange={setPage}
          label={`${label} pages`}
        />
      ) : null}
    </div>
  );
}
