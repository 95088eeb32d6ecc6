import type {
  CountryTableRow,
  CountryTableSort,
  CountryTableSortField,
} from '@assent/core/reports';
import {
  COUNTRY_TABLE_COLUMNS,
  COUNTRY_TABLE_PAGE_SIZE,
  countryRowsToCsv,
  countryTableShownCell,
  countryTablePage,
  DEFAULT_COUNTRY_TABLE_SORT,
  filterCountryRows,
  NO_DATA_AVAILABLE,
  nextCountryTableSort,
  sortCountryRows,
} from '@assent/core/reports';
import { Button, HTMLTable, InputGroup } from '@blueprintjs/core';
import { DownloadIcon, SearchIcon } from '@blueprintjs/icons';
import { useState } from 'react';
import { saveFile } from '../../components/download';
import { Pager } from '../../components/Pager';

export const COUNTRY_TABLE_TITLE = 'Consent by country';
export const COUNTRY_FILTER_PLACEHOLDER = 'Filter by country';
export const EXPORT_CSV = 'Export CSV';
export const COUNTRY_CSV_FILE = 'country-report.csv';

const shownCell = countryTableShownCell;

/** What the user chose in the table: its sort and its filter text. */
export interface CountryTableView {
  sort: CountryTableSort;
  text: string;
}

/** Display Count descending, no filter. */
export const DEFAULT_COUNTRY_TABLE_VIEW: CountryTableView = {
  sort: DEFAULT_COUNTRY_TABLE_SORT,
  text: '',
};

/**
 * The dashboard's country table (reports-and-account §2, §9): client-side filter and sort (default
 * Display Count descending), 10 rows a page with no size changer, N/A for null, and a CSV export of
 * the filtered, sorted rows made on the client. The sort and filter are the owner's (`view`), so
 * they outlive the table while another period or filter set loads; the page starts again at 1.
 */
export function CountryTable({
  rows,
  view,
  onViewChange,
}: {
  rows: readonly CountryTableRow[];
  view: CountryTableView;
  onViewChange: (view: CountryTableView) => void;
}) {
  const { sort, text } = view;
  const [page, setPage] = useState(1);
  const shown = sortCountryRows(filterCountryRows(rows, text), sort);
  const pageCount = Math.max(1, Math.ceil(shown.length / COUNTRY_TABLE_PAGE_SIZE));
  const current = Math.min(page, pageCount);
  const sortBy = (field: CountryTableSortField) => {
    onViewChange({ ...view, sort: nextCountryTableSort(sort, field) });
    setPage(1);
  };
  return (
    <section className="assent-country-table" aria-label={COUNTRY_TABLE_TITLE}>
      <div className="assent-country-table-tools">
        <InputGroup
          leftIcon={<SearchIcon />}
          placeholder={COUNTRY_FILTER_PLACEHOLDER}
          aria-label={COUNTRY_FILTER_PLACEHOLDER}
          value={text}
          onValueChange={(v) => {
            onViewChange({ ...view, text: v });
            setPage(1);
          }}
        />
        <Button
          icon={<DownloadIcon />}
          text={EXPORT_CSV}
          disabled={shown.length === 0}
          onClick={() =>
            saveFile(
              new Blob([countryRowsToCsv(shown)], { type: 'text/csv;charset=utf-8' }),
              COUNTRY_CSV_FILE,
            )
          }
        />
      </div>
      <HTMLTable compact striped className="assent-country-table-table">
        <thead>
          <tr>
            {COUNTRY_TABLE_COLUMNS.map((column) => {
              const field = column.field as CountryTableSortField;
              const active = sort.field === field;
              return (
                <th
                  key={column.field}
                  scope="col"
                  aria-sort={
                    active ? (sort.order === 'ascend' ? 'ascending' : 'descending') : undefined
                  }
                >
                  <Button variant="minimal" size="small" onClick={() => sortBy(field)}>
                    {column.title}
                    {active ? (sort.order === 'ascend' ? ' ▲' : ' ▼') : ''}
                  </Button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {shown.length === 0 ? (
            <tr>
              <td colSpan={COUNTRY_TABLE_COLUMNS.length} className="assent-country-table-empty">
                {NO_DATA_AVAILABLE}
              </td>
            </tr>
          ) : null}
          {countryTablePage(shown, current).map((row) => (
            <tr key={row.country}>
              {COUNTRY_TABLE_COLUMNS.map((column) => (
                <td key={column.field}>{shownCell(row, column.field)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      {pageCount > 1 ? (
        <Pager
          page={current}
          pageCount={pageCount}
          onPageChange={setPage}
          label="Country table pages"
        />
      ) : null}
    </section>
  );
}
