import type { AssentClient } from '@assent/core/api';
import {
  countryTableQuery,
  reportPropertiesQuery,
  summaryComparisonQuery,
} from '@assent/core/queries';
import type {
  CountryTableSort,
  CountryTableSortField,
  DashboardPreset,
} from '@assent/core/reports';
import {
  COUNTRY_TABLE_COLUMNS,
  DASHBOARD_PRESET_LABELS,
  DASHBOARD_SUMMARY_METRICS,
  DEFAULT_COUNTRY_TABLE_SORT,
  DashboardPreset as Presets,
  NO_DATA_AVAILABLE,
  NO_PROPERTIES_SELECTED_TEXT,
  NO_PROPERTIES_SELECTED_TITLE,
  analyticsPropertyIds,
  catalogueDisplayName,
  comparisonStatus,
  countryTableShownCell,
  dashboardPresetRange,
  defaultComparisonRange,
  formatComparison,
  nextCountryTableSort,
  reportPropertyOptions,
  sortCountryRows,
  summaryCardValue,
} from '@assent/core/reports';
import { useQuery } from '@tanstack/react-query';
import { Text } from 'ink';
import type { ReactNode } from 'react';
import { describeError } from './parts';
import type { PropertyPicker } from './picker';
import { PICKER_KEYS, allReportProperties, pickerLine, propertySetLabel } from './picker';
import type { ScrollRange } from './ScrollPane';
import { ScrollPane } from './ScrollPane';
import type { Palette } from './terminal';
import { fit, visibleWindow } from './terminal';

/** The dashboard's choices: a preset period (the comparison is the one before) and a property set. */
export interface DashboardChoice {
  preset: DashboardPreset;
  /** The chosen properties' siteUuids; null until a set is chosen: All (every enabled one). */
  properties: string[] | null;
  /** The country table's sort (core's default: Display Count, descending). */
  sort: CountryTableSort;
}

export const INITIAL_DASHBOARD_CHOICE: DashboardChoice = {
  preset: 'last7Days',
  properties: null,
  sort: DEFAULT_COUNTRY_TABLE_SORT,
};

export const DASHBOARD_KEYS = '[ ] period  P choose properties  s/S sort  j/k scroll  Esc back';

const CELL = 13;
const COUNTRY_CELLS = 18;

/** The country table's columns that fit `width`: the country, then each metric with its change. */
export const countryTableColumns = (width: number) =>
  COUNTRY_TABLE_COLUMNS.slice(0, 1 + Math.max(2, Math.floor((width - COUNTRY_CELLS) / (CELL + 1))));

/**
 * s: the country table sorted by the next column shown (wrapping to Country); S: the same column
 * reversed. Each as a click on the console's column header (core's `nextCountryTableSort`).
 */
export function sortCountryTableBy(
  sort: CountryTableSort,
  width: number,
  key: 's' | 'S',
): CountryTableSort {
  if (key === 'S') return nextCountryTableSort(sort, sort.field);
  const columns = countryTableColumns(width);
  const at = columns.findIndex((c) => c.field === sort.field);
  return nextCountryTableSort(
    sort,
    columns[(at + 1) % columns.length]!.field as CountryTableSortField,
  );
}

/** The next preset in core's order, forwards or backwards. */
export const cyclePreset = (preset: DashboardPreset, step: 1 | -1): DashboardPreset => {
  const all = Presets.options;
  return all[(all.indexOf(preset) + step + all.length) % all.length]!;
};

/**
 * The Reports dashboard in the terminal: the summary cards (each metric, its change against the
 * period before, coloured by core's status) for a preset period and a property set, then the
 * country table sorted as the console sorts it (Display Count descending; s and S sort by another
 * column or reverse, as its headers). Every call is core's
 * query factory, as the console's dashboard.
 */
export function ReportsDashboard({
  client,
  account,
  palette,
  now,
  choice,
  width,
  height,
  scroll,
  range: scrollRange,
  picker,
}: {
  client: AssentClient;
  account: string;
  palette: Palette;
  now: () => Date;
  choice: DashboardChoice;
  width: number;
  height: number;
  scroll: number;
  range?: ScrollRange | undefined;
  /** The property picker, while it is open (P). */
  picker?: PropertyPicker | null;
}) {
  const properties = useQuery(reportPropertiesQuery(client, account));
  const all = properties.data ?? [];
  const selected = choice.properties ?? allReportProperties(all);
  const propertyIds = analyticsPropertyIds(all, selected);
  const summaryRange = dashboardPresetRange(choice.preset, now());
  const comparisonRange = defaultComparisonRange(summaryRange);
  const ready = properties.isSuccess && propertyIds.length > 0;
  const summary = useQuery({
    ...summaryComparisonQuery(client, account, {
      summaryDateRange: summaryRange,
      comparisonDateRange: comparisonRange,
      propertyId: propertyIds,
      metricFields: [...DASHBOARD_SUMMARY_METRICS],
    }),
    enabled: ready,
  });
  const countries = useQuery({
    ...countryTableQuery(client, account, {
      currentRange: summaryRange,
      comparisonRange,
      propertyIds,
      filters: {},
    }),
    enabled: ready,
  });

  const muted = (text: string) => (
    <Text color={palette.muted} wrap="truncate-end">
      {text}
    </Text>
  );
  const failed = (error: unknown) => (
    <Text color={palette.error} wrap="truncate-end">
      {describeError(error, '')}
    </Text>
  );
  const lines: ReactNode[] = [
    <Text bold color={palette.accent} wrap="truncate-end">
      Dashboard
    </Text>,
    <Text wrap="truncate-end">
      {`Period ${DASHBOARD_PRESET_LABELS[choice.preset]} (${summaryRange.startDate} – ${summaryRange.endDate}), compared with ${comparisonRange.startDate} – ${comparisonRange.endDate}`}
    </Text>,
    <Text wrap="truncate-end">{`Properties ${properties.data ? propertySetLabel(all, selected) : '…'}`}</Text>,
  ];
  if (picker && properties.data) {
    // The list in place of the figures, as many options as fit (the cursor's in view).
    const options = reportPropertyOptions(all);
    const room = Math.max(1, height - lines.length - 1);
    const { start, end } = visibleWindow(options.length, picker.cursor, room);
    for (let i = start; i < end; i++) {
      const option = options[i]!;
      const text = `${i === picker.cursor ? '> ' : '  '}${pickerLine(all, picker.draft, option)}`;
      lines.push(
        i === picker.cursor ? (
          <Text inverse color={palette.accent} wrap="truncate-end">
            {text}
          </Text>
        ) : (
          <Text color={option.disabled ? palette.muted : undefined} wrap="truncate-end">
            {text}
          </Text>
        ),
      );
    }
    lines.push(muted(PICKER_KEYS));
    return <ScrollPane lines={lines} height={height} scroll={0} palette={palette} />;
  }
  if (properties.data && selected.length === 0) {
    // As the console's empty state: nothing is asked of the server.
    lines.push(
      <Text bold>{NO_PROPERTIES_SELECTED_TITLE}</Text>,
      muted(NO_PROPERTIES_SELECTED_TEXT),
    );
    lines.push(muted(DASHBOARD_KEYS));
    return (
      <ScrollPane lines={lines} height={height} scroll={0} range={scrollRange} palette={palette} />
    );
  }
  lines.push(<Text bold>Summary</Text>);
  const statusColour = { positive: palette.ok, negative: palette.error, neutral: palette.muted };
  if (properties.error) lines.push(failed(properties.error));
  else if (summary.error) lines.push(failed(summary.error));
  else if (!summary.data) lines.push(muted('Loading…'));
  else
    for (const metric of summary.data) {
      const status = comparisonStatus(metric.fieldName, metric.comparisonPercentage);
      lines.push(
        <Text wrap="truncate-end">
          {fit(`  ${catalogueDisplayName(metric.fieldName)}`, 26)}
          {fit(summaryCardValue(metric), 10)}
          <Text color={statusColour[status]}>
            {`${formatComparison(metric.comparisonPercentage)}${palette.color ? '' : ` (${status})`}`}
          </Text>
        </Text>,
      );
    }

  // The columns that fit: the country, then each metric with its change.
  const cell = CELL;
  const countryCells = COUNTRY_CELLS;
  const columns = countryTableColumns(width);
  const sortedBy = COUNTRY_TABLE_COLUMNS.find((c) => c.field === choice.sort.field)?.title;
  lines.push(
    <Text wrap="truncate-end">
      <Text bold>Consent by country</Text>
      {`, sorted by ${sortedBy ?? choice.sort.field} ${choice.sort.order === 'ascend' ? '▲ ascending' : '▼ descending'}`}
    </Text>,
  );
  lines.push(
    <Text color={palette.muted} wrap="truncate-end">
      {columns.map((c, i) => fit(c.title, i === 0 ? countryCells : cell)).join(' ')}
    </Text>,
  );
  if (countries.error) lines.push(failed(countries.error));
  else if (!countries.data) lines.push(muted('Loading…'));
  else if (countries.data.length === 0) lines.push(muted(NO_DATA_AVAILABLE));
  else
    for (const row of sortCountryRows(countries.data, choice.sort))
      lines.push(
        <Text wrap="truncate-end">
          {columns
            .map((c, i) => fit(countryTableShownCell(row, c.field), i === 0 ? countryCells : cell))
            .join(' ')}
        </Text>,
      );
  lines.push(muted(DASHBOARD_KEYS));
  return (
    <ScrollPane
      lines={lines}
      height={height}
      scroll={scroll}
      range={scrollRange}
      palette={palette}
    />
  );
}
