import type { AssentClient } from '@assent/core/api';
import type { PropertyListItem } from '@assent/core/property';
import {
  PROPERTY_STATUS_LABELS,
  filterProperties,
  listConsentRate,
  propertyIdentifier,
  propertyStatus,
} from '@assent/core/property';
import {
  applyCacheEffects,
  bulkUpdateStatusQuery,
  meQuery,
  propertiesQuery,
  listedPropertiesAnalyticsQuery,
  propertyAnalyticsRange,
  reportActiveMutation,
  reportPropertiesQuery,
  reportJobsQuery,
  runSavedReport,
  tagQuery,
  themesQuery,
  vendorSelectionQuery,
  vendorsQuery,
} from '@assent/core/queries';
import type { QueryCacheLike, ReportRunState } from '@assent/core/queries';
import type { ReportJob } from '@assent/core/reports';
import type { TagType } from '@assent/core/tags';
import type { ThemeListItem } from '@assent/core/theme';
import { QueryClientProvider, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { Box, Text, useApp, useInput, useStdout } from 'ink';
import type { Key } from 'ink';
import type { ReactNode } from 'react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { PreparedEdit, PropertyEditKind } from './edits';
import { prepareEdit, saveEdit } from './edits';
import { Field, describeError } from './parts';
import { JobProgress } from './JobProgress';
import { ReportDetail } from './ReportDetail';
import type { DashboardChoice } from './ReportsDashboard';
import {
  INITIAL_DASHBOARD_CHOICE,
  ReportsDashboard,
  cyclePreset,
  sortCountryTableBy,
} from './ReportsDashboard';
import { ThemeDetail } from './ThemeDetail';
import type { PropertyPicker } from './picker';
import { allReportProperties, pickerKey } from './picker';
import { PropertyDetail, TAG_LABELS, TAG_TYPES, tagInput, tagText } from './PropertyDetail';
import type { ScrollRange } from './ScrollPane';
import { ScrollPane } from './ScrollPane';
import type { Palette } from './terminal';
import { fit, fitPrompt, splitKeys, visibleWindow } from './terminal';

/** Seconds between refreshes of a running bulk update. */
export const JOB_POLL_MS = 3000;

/** How long a message of the status line stays (it also goes at the next key). */
export const STATUS_MS = 5000;

type Mode = 'list' | 'filter' | 'account' | 'help' | 'confirm' | 'pick';

export const SECTIONS = ['Properties', 'Themes', 'Vendors', 'Reports', 'Jobs'] as const;
export type SectionName = (typeof SECTIONS)[number];

/** What a section's rows are, one and many (the Jobs section lists a bulk update's failures). */
const ROW_NOUNS: Record<SectionName, readonly [string, string]> = {
  Properties: ['property', 'properties'],
  Themes: ['theme', 'themes'],
  Vendors: ['vendor', 'vendors'],
  Reports: ['report', 'reports'],
  Jobs: ['failure', 'failures'],
};

/** The status line's count of the rows shown: '1 property', '3 properties'. */
export const rowCount = (section: SectionName, count: number): string =>
  `${count} ${ROW_NOUNS[section][count === 1 ? 0 : 1]}`;

export interface TuiProps {
  client: AssentClient;
  queryClient: QueryClient;
  /** The server's URL, for the header and the messages. */
  url: string;
  account: string;
  palette: Palette;
  /** Puts text on the clipboard (OSC 52 on a real terminal). */
  copy: (text: string) => void;
  now?: () => Date;
  /** How long a status message stays (STATUS_MS). */
  statusMs?: number;
}

/**
 * A message of the status line. A question (y/n) or work under way ('Saving…') is `sticky`: it
 * stays until its answer or outcome replaces it. Any other goes after `statusMs`, or at the next
 * key.
 */
interface Status {
  text: string;
  error: boolean;
  /** A long name in the text, cut first when the line is too long. */
  shrink?: string;
  sticky?: boolean;
}

export const HELP_KEYS: ReadonlyArray<readonly [string, string]> = [
  ['Tab / Shift-Tab, 1-5', 'switch section'],
  ['j / k, ↓ / ↑', 'move'],
  ['g / G, PgDn / PgUp', 'first / last, page'],
  ['Enter', 'open the detail (then j/k, g/G, PgDn/PgUp scroll it)'],
  ['Esc', 'back (close the detail, filter or help)'],
  ['/', 'filter the list'],
  ['t', 'property: show its tag (site, universal, AMP)'],
  ['c', 'property: copy the tag shown (OSC 52)'],
  ['R', 'property: next regulation, GDPR → US → GDPR & US (asks y/n)'],
  ['T', 'property: next theme of its type (asks y/n)'],
  ['p', 'report: pause or resume (asks y/n)'],
  ['x', 'report: run it and show the result table'],
  ['d', 'reports: the dashboard (summary cards, country table)'],
  ['[ / ]', 'dashboard: previous / next period'],
  ['P', 'dashboard: choose the properties (space, Enter applies)'],
  ['s / S', 'dashboard: sort the country table by the next column / reverse it'],
  ['r', 'refresh'],
  [':', 'switch account'],
  ['?', 'this help'],
  ['q', 'quit'],
];

interface Column<T> {
  title: string;
  width: number;
  value: (row: T) => string;
}

export function App(props: TuiProps) {
  return (
    <QueryClientProvider client={props.queryClient}>
      <Screen {...props} />
    </QueryClientProvider>
  );
}

function Screen({
  client,
  url,
  account: initialAccount,
  palette,
  copy,
  now = () => new Date(),
  statusMs = STATUS_MS,
}: TuiProps) {
  const { exit } = useApp();
  const { stdout } = useStdout();
  // Drawn again at the terminal's new size when it is resized (Ink only repaints the last frame).
  const [size, setSize] = useState({ columns: stdout.columns, rows: stdout.rows });
  useEffect(() => {
    const resized = () => setSize({ columns: stdout.columns, rows: stdout.rows });
    stdout.on('resize', resized);
    return () => {
      stdout.off('resize', resized);
    };
  }, [stdout]);
  const width = Math.max(60, size.columns || 80);
  // One line short of the terminal: a frame that fills it is redrawn whole by Ink every time
  // (it clears the terminal first), a shorter one only where it changed (TUI_RENDER_OPTIONS).
  const height = Math.max(19, (size.rows || 24) - 1);
  const queryClient = useQueryClient();
  const [account, setAccount] = useState(initialAccount);
  const [section, setSection] = useState<SectionName>('Properties');
  const [selected, setSelected] = useState(0);
  const [detail, setDetail] = useState(false);
  const [filter, setFilter] = useState('');
  const [mode, setModeState] = useState<Mode>('list');
  // Keys after `/` or `:` may arrive before the render that shows the prompt: the mode is read from a ref.
  const modeRef = useRef<Mode>('list');
  const setMode = (next: Mode) => {
    modeRef.current = next;
    setModeState(next);
  };
  const [input, setInput] = useState('');
  const [status, setStatus] = useState<Status | null>(null);
  useEffect(() => {
    if (!status || status.sticky) return;
    const shown = status;
    const timer = setTimeout(() => setStatus((s) => (s === shown ? null : s)), statusMs);
    return () => clearTimeout(timer);
  }, [status, statusMs]);
  const [tagType, setTagType] = useState<TagType | null>(null);
  // Reports: the dashboard in place of the list, its choices, and the last run of a saved report.
  const [dashboard, setDashboard] = useState(false);
  const [dashboardChoice, setDashboardChoice] = useState(INITIAL_DASHBOARD_CHOICE);
  const [reportRun, setReportRun] = useState<ReportRunState | null>(null);
  // The dashboard's property picker (P), while it is open; the properties come from the query
  // the dashboard reads (one request, one cache entry).
  const [picker, setPicker] = useState<PropertyPicker | null>(null);
  const reportProperties = useQuery({
    ...reportPropertiesQuery(client, account),
    enabled: dashboard,
  });
  // The open detail scrolls with j/k when it is longer than the pane (its length is the pane's).
  const [scroll, setScroll] = useState(0);
  const scrollRange = useRef<ScrollRange>({ max: 0 }).current;
  const [helpScroll, setHelpScroll] = useState(0);
  const helpRange = useRef<ScrollRange>({ max: 0 }).current;

  const me = useQuery(meQuery(client));
  const sectionData = useSectionRows(client, account, section, now, palette);
  const rows = useMemo(() => sectionData.filter(filter), [sectionData, filter]);
  const current = rows[Math.min(selected, rows.length - 1)];
  const errorText = sectionData.error
    ? describeError(sectionData.error, url)
    : me.error
      ? describeError(me.error, url)
      : null;

  const activeSpec = reportActiveMutation(client, account);
  const toggleReport = useMutation({
    mutationFn: activeSpec.mutationFn,
    onSuccess: async (data, vars) => {
      await applyCacheEffects(
        queryClient as unknown as QueryCacheLike,
        activeSpec.effects(data, vars),
      );
      setStatus({
        text: vars.active ? 'The report was resumed.' : 'The report was paused.',
        error: false,
      });
    },
    onError: (error) => setStatus({ text: describeError(error, url), error: true }),
  });

  // R and T: the property's change, saved through core's property save (logo check first).
  const saveProperty = useMutation({
    mutationFn: (edit: PreparedEdit) => saveEdit(queryClient, client, account, edit),
    onSuccess: (result) => setStatus(result),
    onError: (error) => setStatus({ text: describeError(error, url), error: true }),
  });
  // What y does in the confirm mode (pause/resume a report, save a property's edit).
  const confirmed = useRef<(() => void) | null>(null);
  const askEdit = (item: PropertyListItem, kind: PropertyEditKind) => {
    setStatus({ text: `Reading ${propertyIdentifier(item)}…`, error: false, sticky: true });
    prepareEdit(queryClient, client, account, item, kind).then(
      (prepared) => {
        if (!prepared.ok) return setStatus({ text: prepared.message, error: true });
        confirmed.current = () => saveProperty.mutate(prepared.edit);
        setStatus({
          text: prepared.edit.prompt,
          error: false,
          shrink: propertyIdentifier(item),
          sticky: true,
        });
        setMode('confirm');
      },
      (error: unknown) => setStatus({ text: describeError(error, url), error: true }),
    );
  };

  useEffect(() => setSelected((s) => Math.min(s, Math.max(0, rows.length - 1))), [rows.length]);

  const wide = width >= 120;
  const bodyHeight = height - 4; // header, tabs, status, keys line
  const listHeight = bodyHeight - 1; // column titles

  const switchSection = (next: SectionName) => {
    setScroll(0);
    setDashboard(false);
    setSection(next);
    setSelected(0);
    setDetail(false);
    setFilter('');
    setTagType(null);
  };

  // Keys are handled one at a time, each after the redraw of the one before, so that each acts on
  // what the screen shows by then (a section switched to, a detail opened): keys that arrive
  // together (one stdin chunk, or chunks before a redraw) wait in a queue. The handler is this
  // render's (onKey), reading this render's state.
  const typed = useRef('');
  const onKey = useRef<(char: string, key: Key) => void>(() => {});
  const queuedKeys = useRef<Array<[string, Key]>>([]);
  const awaitingRedraw = useRef(false);
  const [, setKeysHandled] = useState(0);
  const nextKey = () => {
    if (awaitingRedraw.current) return;
    const next = queuedKeys.current.shift();
    if (!next) return;
    awaitingRedraw.current = true;
    onKey.current(...next);
    // A redraw even for a key that changes nothing, so the next key is never stuck.
    setKeysHandled((n) => n + 1);
  };
  useInput((char, key) => {
    queuedKeys.current.push(...splitKeys(char, key));
    nextKey();
  });
  useEffect(() => {
    awaitingRedraw.current = false;
    nextKey();
  });
  onKey.current = (char, key) => {
    const mode = modeRef.current;
    // A message goes at the next key (a question is answered by it, below).
    if (mode !== 'confirm' && status && !status.sticky) setStatus(null);
    if (mode === 'filter' || mode === 'account') {
      if (key.escape) {
        if (mode === 'filter') setFilter('');
        setMode('list');
        return;
      }
      if (key.return) {
        if (mode === 'account' && typed.current.trim()) {
          const code = typed.current.trim();
          setAccount(code);
          setSelected(0);
          setScroll(0);
          setDetail(false);
          setStatus({ text: `Switched to account ${code}.`, error: false });
        }
        setMode('list');
        return;
      }
      // Several keys may arrive before the next render (a paste, a fast typist): the text so far
      // is kept in a ref, not read from this render's state.
      const next = key.backspace || key.delete ? typed.current.slice(0, -1) : typed.current + char;
      typed.current = next;
      setInput(next);
      if (mode === 'filter') {
        setFilter(next);
        setSelected(0);
      }
      return;
    }
    if (mode === 'help') {
      if (key.escape || char === '?' || char === 'q') return setMode('list');
      // The help scrolls when the terminal is shorter than the list of keys.
      const scrollTo = (to: number) => setHelpScroll(Math.max(0, Math.min(helpRange.max, to)));
      if (char === 'j' || key.downArrow) scrollTo(helpScroll + 1);
      if (char === 'k' || key.upArrow) scrollTo(helpScroll - 1);
      if (char === 'g') scrollTo(0);
      if (char === 'G') scrollTo(helpRange.max);
      return;
    }
    if (mode === 'confirm') {
      const action = confirmed.current;
      confirmed.current = null;
      if (char === 'y' && action) {
        setStatus({ text: 'Saving…', error: false, sticky: true });
        action();
      } else setStatus({ text: 'Nothing was changed.', error: false });
      setMode('list');
      return;
    }
    if (mode === 'pick') {
      const next =
        picker && reportProperties.data && pickerKey(reportProperties.data, picker, char, key);
      if (next && 'picker' in next) return setPicker(next.picker);
      if (next && 'apply' in next) {
        setScroll(0);
        setDashboardChoice({ ...dashboardChoice, properties: next.apply });
      }
      setPicker(null);
      return setMode('list');
    }
    if (char === 'q') return exit();
    if (char === '?') {
      setHelpScroll(0);
      return setMode('help');
    }
    if (char === '/') {
      typed.current = filter;
      setInput(filter);
      return setMode('filter');
    }
    if (char === ':') {
      typed.current = '';
      setInput('');
      return setMode('account');
    }
    if (char === 'r') {
      // Shown while the screen's data is read again; the screen then changes only where it did.
      const refreshing: Status = { text: 'Refreshing…', error: false, sticky: true };
      setStatus(refreshing);
      void queryClient
        .invalidateQueries()
        .then(() => setStatus((s) => (s === refreshing ? null : s)));
      return;
    }
    if (key.tab) {
      const i = SECTIONS.indexOf(section);
      return switchSection(
        SECTIONS[(i + (key.shift ? SECTIONS.length - 1 : 1)) % SECTIONS.length]!,
      );
    }
    if (/^[1-5]$/.test(char)) return switchSection(SECTIONS[Number(char) - 1]!);
    if (dashboard) {
      const choose = (next: DashboardChoice) => {
        setScroll(0);
        setDashboardChoice(next);
      };
      if (key.escape || char === 'd') {
        setScroll(0);
        return setDashboard(false);
      }
      if (char === ']')
        return choose({ ...dashboardChoice, preset: cyclePreset(dashboardChoice.preset, 1) });
      if (char === '[')
        return choose({ ...dashboardChoice, preset: cyclePreset(dashboardChoice.preset, -1) });
      if (char === 'P') {
        if (!reportProperties.data)
          return setStatus({ text: 'The properties have not loaded yet.', error: true });
        setPicker({
          cursor: 0,
          draft: dashboardChoice.properties ?? allReportProperties(reportProperties.data),
        });
        return setMode('pick');
      }
      // The sort changes in place: the table stays where it was scrolled to.
      if (char === 's' || char === 'S')
        return setDashboardChoice({
          ...dashboardChoice,
          sort: sortCountryTableBy(dashboardChoice.sort, width, char),
        });
    }
    if (section === 'Reports' && char === 'd' && !dashboard) {
      setScroll(0);
      return setDashboard(true);
    }
    if (section === 'Reports' && current && char === 'x') {
      const job = current as ReportJob;
      setReportRun({ jobId: job.id, status: 'running' });
      if (!detail) setScroll(0);
      setDetail(true);
      void runSavedReport(client, account, job, now()).then(setReportRun);
      return;
    }
    if (key.escape) {
      if (tagType) return setTagType(null);
      if (detail) {
        setScroll(0);
        return setDetail(false);
      }
      if (filter) return setFilter('');
      return;
    }
    if (key.return) {
      if (!detail) setScroll(0);
      return setDetail(true);
    }
    if ((detail || dashboard) && !tagType) {
      const scrollTo = (to: (s: number) => number) =>
        setScroll((s) => Math.max(0, Math.min(scrollRange.max, to(Math.min(s, scrollRange.max)))));
      if (char === 'j' || key.downArrow) return scrollTo((s) => s + 1);
      if (char === 'k' || key.upArrow) return scrollTo((s) => s - 1);
      if (key.pageDown) return scrollTo((s) => s + bodyHeight - 2);
      if (key.pageUp) return scrollTo((s) => s - bodyHeight + 2);
      if (char === 'g') return scrollTo(() => 0);
      // The end, even while more of the detail is still loading.
      if (char === 'G') return setScroll(Number.MAX_SAFE_INTEGER);
    }
    const move = (to: number) => {
      setScroll(0);
      setSelected(Math.max(0, Math.min(rows.length - 1, to)));
      setTagType(null);
    };
    if (char === 'j' || key.downArrow) return move(selected + 1);
    if (char === 'k' || key.upArrow) return move(selected - 1);
    if (key.pageDown) return move(selected + listHeight);
    if (key.pageUp) return move(selected - listHeight);
    if (char === 'g') return move(0);
    if (char === 'G') return move(rows.length - 1);
    if (section === 'Properties' && current && char === 't') {
      setDetail(true);
      return setTagType((t) => TAG_TYPES[(t ? TAG_TYPES.indexOf(t) + 1 : 0) % TAG_TYPES.length]!);
    }
    if (section === 'Properties' && char === 'c') {
      const text = tagType
        ? queryClient.getQueryData<{ snippet: string; styles?: string | null }>(
            tagQuery(client, tagInput(account, tagType, current as PropertyListItem)).queryKey,
          )
        : undefined;
      if (!tagType)
        return setStatus({ text: 'Press t to show a tag first, then c to copy it.', error: false });
      if (!text) return setStatus({ text: 'The tag has not loaded yet.', error: true });
      copy(tagText(text));
      return setStatus({
        text: `Copied the ${TAG_LABELS[tagType].toLowerCase()} to the clipboard (OSC 52).`,
        error: false,
      });
    }
    if (section === 'Properties' && current && (char === 'R' || char === 'T'))
      return askEdit(current as PropertyListItem, char === 'R' ? 'regulation' : 'theme');
    if (section === 'Reports' && current && char === 'p') {
      const job = current as ReportJob;
      if (job.type !== 'scheduled')
        return setStatus({
          text: 'Only a scheduled report can be paused or resumed.',
          error: true,
        });
      setStatus({
        text: `${job.active === false ? 'Resume' : 'Pause'} the report "${job.name}"? y/n`,
        error: false,
        sticky: true,
      });
      confirmed.current = () =>
        toggleReport.mutate({ jobId: job.id, active: job.active === false });
      return setMode('confirm');
    }
  };

  const muted = palette.muted;
  const header = (
    <Box justifyContent="space-between">
      <Text bold color={palette.accent}>
        Assent
      </Text>
      <Text>
        {fit(`server ${url}  account ${account}  user ${me.data?.email ?? '…'}`, width - 8)}
      </Text>
    </Box>
  );
  const tabs = (
    <Box>
      {SECTIONS.map((name, i) => (
        <Text key={name} {...(name === section ? { inverse: true, bold: true } : { color: muted })}>
          {` ${i + 1} ${name} `}
        </Text>
      ))}
      <Text color={muted}>{filter ? `  filter: ${filter}` : ''}</Text>
    </Box>
  );
  const listWidth = wide ? Math.floor(width * 0.55) : width;
  const list = (
    <ListPane
      rows={rows}
      columns={sectionData.columns as Column<unknown>[]}
      selected={selected}
      height={listHeight}
      width={listWidth}
      palette={palette}
      loading={sectionData.loading}
      empty={filter ? `Nothing matches "${filter}".` : sectionData.empty}
      summary={sectionData.summary}
    />
  );
  const detailPane = current ? (
    <Box
      flexDirection="column"
      width={wide ? width - listWidth - 1 : width}
      paddingLeft={wide ? 1 : 0}
    >
      <Detail
        section={section}
        row={current}
        client={client}
        account={account}
        palette={palette}
        tagType={tagType}
        now={now}
        width={wide ? width - listWidth - 2 : width}
        height={bodyHeight}
        scroll={scroll}
        scrollRange={scrollRange}
        reportRun={reportRun}
      />
    </Box>
  ) : null;

  let body: ReactNode;
  if (mode === 'help')
    body = <Help palette={palette} height={bodyHeight} scroll={helpScroll} range={helpRange} />;
  else if (dashboard)
    body = (
      <ReportsDashboard
        client={client}
        account={account}
        palette={palette}
        now={now}
        choice={dashboardChoice}
        width={width}
        height={bodyHeight}
        scroll={scroll}
        range={scrollRange}
        picker={mode === 'pick' ? picker : null}
      />
    );
  else if (wide)
    body = (
      <Box>
        {list}
        {detailPane}
      </Box>
    );
  else body = detail ? detailPane : list;

  let statusLine: ReactNode;
  if (mode === 'filter')
    statusLine = (
      <Text>
        /{input}
        <Text inverse> </Text>
      </Text>
    );
  else if (mode === 'account')
    statusLine = (
      <Text>
        Switch to account: {input}
        <Text inverse> </Text>
      </Text>
    );
  else if (errorText)
    statusLine = (
      <Text color={palette.error}>
        {palette.color ? '' : 'Error: '}
        {fit(errorText, width - 7)}
      </Text>
    );
  else if (status)
    statusLine = (
      <Text color={status.error ? palette.error : palette.ok}>
        {fitPrompt(status.text, width, status.shrink)}
      </Text>
    );
  else statusLine = <Text color={muted}>{fit(rowCount(section, rows.length), width)}</Text>;

  return (
    <Box flexDirection="column" width={width} height={height}>
      {header}
      {tabs}
      <Box flexDirection="column" height={bodyHeight} overflow="hidden">
        {body}
      </Box>
      {statusLine}
      <Text color={muted}>
        {fit('? help  / filter  Enter open  Esc back  Tab section  : account  q quit', width)}
      </Text>
    </Box>
  );
}

function Help({
  palette,
  height,
  scroll,
  range,
}: {
  palette: Palette;
  height: number;
  scroll: number;
  range: ScrollRange;
}) {
  const lines = [
    <Text bold color={palette.accent}>
      Keys
    </Text>,
    ...HELP_KEYS.map(([keys, what]) => (
      <Text wrap="truncate-end">
        {fit(keys, 24)}
        {what}
      </Text>
    )),
  ];
  return (
    <ScrollPane lines={lines} height={height} scroll={scroll} range={range} palette={palette} />
  );
}

function ListPane<T>({
  rows,
  columns,
  selected,
  height,
  width,
  palette,
  loading,
  empty,
  summary,
}: {
  rows: readonly T[];
  columns: Column<T>[];
  selected: number;
  height: number;
  width: number;
  palette: Palette;
  loading: boolean;
  empty: string;
  summary: ReactNode;
}) {
  const summaryLines = summary ? 3 : 0;
  const { start, end } = visibleWindow(rows.length, selected, height - summaryLines);
  const fixed = columns.slice(1).reduce((sum, c) => sum + c.width + 1, 0);
  const firstWidth = Math.max(12, width - fixed - 2);
  const line = (values: string[]) =>
    values.map((v, i) => fit(v, i === 0 ? firstWidth : columns[i]!.width)).join(' ');
  return (
    <Box flexDirection="column" width={width}>
      {summary}
      <Text bold color={palette.muted}>
        {'  ' + line(columns.map((c) => c.title))}
      </Text>
      {loading ? (
        <Text color={palette.muted}>Loading…</Text>
      ) : rows.length === 0 ? (
        <Text color={palette.muted}>{empty}</Text>
      ) : (
        rows.slice(start, end).map((row, i) => {
          const index = start + i;
          const text = line(columns.map((c) => c.value(row)));
          return index === selected ? (
            <Text key={index} inverse color={palette.accent}>
              {'> ' + text}
            </Text>
          ) : (
            <Text key={index}>{'  ' + text}</Text>
          );
        })
      )}
    </Box>
  );
}

interface SectionRows<T> {
  rows: readonly T[];
  filter: (term: string) => T[];
  columns: Column<T>[];
  loading: boolean;
  error: unknown;
  empty: string;
  summary: ReactNode;
}

const byText =
  <T,>(rows: readonly T[], text: (row: T) => string) =>
  (term: string): T[] => {
    const needle = term.trim().toLowerCase();
    return needle ? rows.filter((r) => text(r).toLowerCase().includes(needle)) : [...rows];
  };

const formatRate = (rate: number | null | undefined) =>
  rate === null || rate === undefined ? '-' : `${rate.toFixed(1)}%`;

/** The rows of the current section, each from core's query factories (the console's keys). */
function useSectionRows(
  client: AssentClient,
  pCode: string,
  section: SectionName,
  now: () => Date,
  palette: Palette,
): SectionRows<unknown> {
  const properties = useQuery({
    ...propertiesQuery(client, pCode),
    enabled: section === 'Properties',
  });
  const range = useMemo(() => propertyAnalyticsRange(now()), [now]);
  const listed = properties.data ?? [];
  const analytics = useQuery({
    ...listedPropertiesAnalyticsQuery(client, pCode, listed, range),
    enabled: section === 'Properties' && listed.length > 0,
  });
  const themes = useQuery({ ...themesQuery(client, pCode), enabled: section === 'Themes' });
  const vendors = useQuery({ ...vendorsQuery(client), enabled: section === 'Vendors' });
  const selection = useQuery({
    ...vendorSelectionQuery(client, pCode),
    enabled: section === 'Vendors',
  });
  const scheduled = useQuery({
    ...reportJobsQuery(client, pCode, 'scheduled'),
    enabled: section === 'Reports',
  });
  const onDemand = useQuery({
    ...reportJobsQuery(client, pCode, 'on_demand'),
    enabled: section === 'Reports',
  });
  const jobs = useQuery({
    ...bulkUpdateStatusQuery(client, pCode, 'status'),
    enabled: section === 'Jobs',
    // A running bulk update is read again every few seconds until it is done.
    refetchInterval: (query) =>
      query.state.data?.job && !query.state.data.job.done ? JOB_POLL_MS : false,
  });

  switch (section) {
    case 'Properties': {
      const rows = properties.data ?? [];
      const rate = (p: PropertyListItem) => formatRate(listConsentRate(analytics.data?.[p.uuid]));
      const columns: Column<PropertyListItem>[] = [
        { title: 'Property', width: 0, value: propertyIdentifier },
        { title: 'Status', width: 15, value: (p) => PROPERTY_STATUS_LABELS[propertyStatus(p)] },
        { title: 'Regulation', width: 10, value: (p) => p.regulation },
        { title: 'Theme', width: 14, value: (p) => p.themeName ?? p.themeId },
        { title: 'Consent', width: 7, value: rate },
        { title: 'Version', width: 7, value: (p) => String(p.cmpVersion) },
      ];
      return {
        rows,
        filter: (term) => filterProperties(rows, term),
        columns: columns as Column<unknown>[],
        loading: properties.isPending,
        error: properties.error ?? analytics.error,
        empty: 'No properties yet. Protect your first site or app to start collecting consent.',
        summary: null,
      } as SectionRows<unknown>;
    }
    case 'Themes': {
      const rows = themes.data ?? [];
      const columns: Column<ThemeListItem>[] = [
        { title: 'Theme', width: 0, value: (t) => t.themeName },
        { title: 'Type', width: 5, value: (t) => t.themeType },
        { title: 'Regulation', width: 10, value: (t) => t.regulation },
        { title: 'GVL', width: 3, value: (t) => String(t.gvlVersion) },
      ];
      return {
        rows,
        filter: byText(rows, (t) => t.themeName),
        columns,
        loading: themes.isPending,
        error: themes.error,
        empty: 'No themes yet.',
        summary: null,
      } as SectionRows<unknown>;
    }
    case 'Vendors': {
      const chosen = new Set<number>(
        (selection.data as { vendorIds?: number[] } | undefined)?.vendorIds ?? [],
      );
      const rows = vendors.data?.vendors ?? [];
      type V = (typeof rows)[number];
      const columns: Column<V>[] = [
        { title: 'Vendor', width: 0, value: (v) => v.name },
        { title: 'Id', width: 5, value: (v) => String(v.id) },
        { title: 'Selected', width: 8, value: (v) => (chosen.has(v.id) ? 'yes' : '') },
      ];
      return {
        rows,
        filter: byText(rows, (v) => `${v.name} ${v.id}`),
        columns,
        loading: vendors.isPending,
        error: vendors.error ?? selection.error,
        empty: 'The vendor list is empty.',
        summary: vendors.data ? (
          <Text>{`GVL v${vendors.data.gvlVersion} list ${vendors.data.vendorListVersion}: ${rows.length} vendors, ${chosen.size} selected`}</Text>
        ) : null,
      } as SectionRows<unknown>;
    }
    case 'Reports': {
      const rows = [...(scheduled.data ?? []), ...(onDemand.data ?? [])];
      const columns: Column<ReportJob>[] = [
        { title: 'Report', width: 0, value: (r) => r.name },
        { title: 'Type', width: 9, value: (r) => r.type },
        { title: 'Status', width: 10, value: (r) => r.status ?? '-' },
        {
          title: 'Active',
          width: 6,
          value: (r) => (r.type === 'scheduled' ? (r.active === false ? 'paused' : 'yes') : ''),
        },
      ];
      return {
        rows,
        filter: byText(rows, (r) => r.name),
        columns,
        loading: scheduled.isPending || onDemand.isPending,
        error: scheduled.error ?? onDemand.error,
        empty: 'No saved reports yet.',
        summary: null,
      } as SectionRows<unknown>;
    }
    case 'Jobs': {
      const job = jobs.data?.job ?? null;
      const rows = job?.failed ?? [];
      type F = (typeof rows)[number];
      const columns: Column<F>[] = [
        { title: 'Property', width: 0, value: (f) => f.identifier },
        { title: 'Field', width: 18, value: (f) => f.field },
        { title: 'Reason', width: 40, value: (f) => f.message },
      ];
      const summary = job ? (
        <Box flexDirection="column">
          <Text
            bold
          >{`Latest bulk update: ${job.status}${job.done ? '' : ' (refreshing every 3 s)'}`}</Text>
          <Box>
            <JobProgress finished={job.total - job.pending} total={job.total} palette={palette} />
            <Text>{`updated ${job.successful}, failed ${new Set(job.failed.map((f) => f.siteId)).size}, pending ${job.pending} of ${job.total}`}</Text>
          </Box>
          <Text>{`by ${job.initiatedBy}, started ${job.startedAt}`}</Text>
        </Box>
      ) : null;
      return {
        rows,
        filter: byText(rows, (f) => `${f.identifier} ${f.field} ${f.message}`),
        columns,
        loading: jobs.isPending,
        error: jobs.error,
        empty: job ? 'No failures.' : 'No bulk update yet.',
        summary,
      } as SectionRows<unknown>;
    }
  }
}

function Detail(props: {
  section: SectionName;
  row: unknown;
  client: AssentClient;
  account: string;
  palette: Palette;
  tagType: TagType | null;
  now: () => Date;
  width: number;
  height: number;
  scroll: number;
  scrollRange: ScrollRange;
  reportRun: ReportRunState | null;
}) {
  switch (props.section) {
    case 'Properties':
      return (
        <PropertyDetail
          {...props}
          property={props.row as PropertyListItem}
          range={props.scrollRange}
        />
      );
    case 'Themes':
      return (
        <ThemeDetail {...props} theme={props.row as ThemeListItem} range={props.scrollRange} />
      );
    case 'Reports':
      return (
        <ReportDetail
          {...props}
          report={props.row as ReportJob}
          run={props.reportRun}
          range={props.scrollRange}
        />
      );
    case 'Vendors': {
      const v = props.row as {
        id: number;
        name: string;
        purposes?: number[];
        legIntPurposes?: number[];
        features?: number[];
      };
      return (
        <Box flexDirection="column">
          <Text bold color={props.palette.accent}>
            {v.name}
          </Text>
          <Field label="Vendor id" value={String(v.id)} />
          <Field label="Purposes" value={(v.purposes ?? []).join(', ') || '-'} />
          <Field label="Legitimate interest" value={(v.legIntPurposes ?? []).join(', ') || '-'} />
          <Field label="Features" value={(v.features ?? []).join(', ') || '-'} />
        </Box>
      );
    }
    case 'Jobs': {
      const f = props.row as { identifier: string; field: string; message: string };
      return (
        <Box flexDirection="column">
          <Text bold color={props.palette.accent}>
            {f.identifier}
          </Text>
          <Field label="Field" value={f.field} />
          <Field label="Reason" value={f.message} />
        </Box>
      );
    }
  }
}
