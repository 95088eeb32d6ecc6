import { z } from 'zod';
import type { Validation } from '../validation';
import { collect, issue } from '../validation';
import { ReportGranularity } from './granularity';
import {
  GATEWAY_TIMEOUT_MARKER,
  REPORT_TOO_LARGE,
  RUN_REPORT_INCOMPLETE,
  TIME_FILTER_REQUIRED,
} from './messages';
import type { ReportDateRange } from './time-period';
import { ReportTimePeriod, timePeriodRange } from './time-period';

/**
 * Analytics queries (reports-and-account §3, §7): the payload of the graph, report and insights
 * calls, the saved query of a report job, and the rows that come back.
 */

export const ReportFilterOperator = z.enum(['gteq', 'lteq', 'in']);
export type ReportFilterOperator = z.infer<typeof ReportFilterOperator>;

/**
 * Keys of a filter in a query payload. The builder's `time` filter becomes startDate (gteq) and
 * endDate (lteq), `property` becomes propertyId (in); `granularity` is the query's own field.
 */
export const ReportFilterKey = z.enum([
  'startDate',
  'endDate',
  'propertyId',
  'regulation',
  'deviceType',
  'os',
  'pageFormat',
  'country',
  'browser',
  'copApplicable',
  'advancedApplicable',
  'gbcApplicable',
  'themeUuid',
  'themeLanguage',
]);
export type ReportFilterKey = z.infer<typeof ReportFilterKey>;

export const ReportFilterValue = z.union([z.string(), z.number(), z.boolean()]);
export type ReportFilterValue = z.infer<typeof ReportFilterValue>;

export const ReportFilter = z.object({
  key: ReportFilterKey,
  operator: ReportFilterOperator,
  values: z.array(ReportFilterValue),
});
export type ReportFilter = z.infer<typeof ReportFilter>;

/** One query of a payload; `id` names its result. */
export const AnalyticsQuery = z.object({
  id: z.string().min(1),
  dimensions: z.array(z.string()),
  metrics: z.array(z.string()),
  granularity: ReportGranularity,
});
export type AnalyticsQuery = z.infer<typeof AnalyticsQuery>;

/** The body of the graph and run-report calls: several queries sharing one set of filters. */
export const AnalyticsQueryBody = z.object({
  queries: z.array(AnalyticsQuery).min(1),
  filters: z.array(ReportFilter),
});
export type AnalyticsQueryBody = z.infer<typeof AnalyticsQueryBody>;

/** The report query payload of the spec: the body plus the account code. */
export const ReportQueryPayload = AnalyticsQueryBody.extend({ pCode: z.string().min(1) });
export type ReportQueryPayload = z.infer<typeof ReportQueryPayload>;

/** The query saved with a report job. */
export const SavedReportQuery = z.object({
  filters: z.array(ReportFilter).default([]),
  dimensions: z.array(z.string()).default([]),
  metrics: z.array(z.string()).default([]),
  granularity: ReportGranularity,
  timePeriod: ReportTimePeriod,
});
export type SavedReportQuery = z.infer<typeof SavedReportQuery>;

/** A result row: dimension values (period, country, pageFormat, ...) and metric values by field. */
export const AnalyticsResultRow = z.record(
  z.string(),
  z.union([z.string(), z.number(), z.boolean(), z.null()]),
);
export type AnalyticsResultRow = z.infer<typeof AnalyticsResultRow>;

export const AnalyticsQueryResult = z.object({
  id: z.string(),
  results: z.array(AnalyticsResultRow),
});
export type AnalyticsQueryResult = z.infer<typeof AnalyticsQueryResult>;

/** The response of the graph, run-report and insights calls: one result per query id. */
export const AnalyticsQueryResponse = z.array(AnalyticsQueryResult);
export type AnalyticsQueryResponse = z.infer<typeof AnalyticsQueryResponse>;

/** The id of the single query a custom report runs. */
export const CUSTOM_REPORT_QUERY_ID = 'report';

/** The time filters of a range: startDate gteq and endDate lteq. */
export const timeFilters = (r: ReportDateRange): ReportFilter[] => [
  { key: 'startDate', operator: 'gteq', values: [r.startDate] },
  { key: 'endDate', operator: 'lteq', values: [r.endDate] },
];

export const propertyFilter = (propertyIds: readonly string[]): ReportFilter => ({
  key: 'propertyId',
  operator: 'in',
  values: [...propertyIds],
});

/** The property ids of a filter list (the report's propertyId filter), or undefined without one. */
export function propertyIdsFromFilters(filters: readonly ReportFilter[]): string[] | undefined {
  const found = filters.find((f) => f.key === 'propertyId');
  return found?.values.map(String);
}

/** Replaces the filters of the same keys, keeping the others in place. */
export function withFilters(
  filters: readonly ReportFilter[],
  replacements: readonly ReportFilter[],
): ReportFilter[] {
  const keys = new Set(replacements.map((r) => r.key));
  return [...filters.filter((f) => !keys.has(f.key)), ...replacements];
}

export interface RunReportInput {
  metrics: readonly string[];
  timePeriod: ReportTimePeriod | undefined;
  granularity: ReportGranularity | undefined;
}

/** Run Report needs at least one metric, a time period and a granularity. */
export function validateRunReport(input: RunReportInput): Validation<RunReportInput> {
  const complete = input.metrics.length > 0 && input.timePeriod && input.granularity;
  return collect(input, [!complete && issue('query', 'incomplete', RUN_REPORT_INCOMPLETE)]);
}

/** The time filter cannot be closed without a time period. */
export function validateTimeFilter(
  timePeriod: ReportTimePeriod | undefined,
): Validation<ReportTimePeriod | undefined> {
  const missing = !timePeriod || (timePeriod.type === 'custom' && timePeriod.range === undefined);
  return collect(timePeriod, [missing && issue('timePeriod', 'required', TIME_FILTER_REQUIRED)]);
}

export interface CustomReportDraftQuery {
  dimensions: readonly string[];
  metrics: readonly string[];
  filters: readonly ReportFilter[];
  timePeriod: ReportTimePeriod;
  granularity: ReportGranularity;
}

/**
 * The payload Run Report sends: one query with the chosen dimensions, metrics and granularity,
 * and the chosen filters plus the time and property filters.
 */
export function buildCustomReportPayload(
  draft: CustomReportDraftQuery,
  pCode: string,
  propertyIds: readonly string[],
  now: Date,
): ReportQueryPayload {
  const r = timePeriodRange(draft.timePeriod, now);
  const fixed = [...(r ? timeFilters(r) : []), propertyFilter(propertyIds)];
  return {
    pCode,
    queries: [
      {
        id: CUSTOM_REPORT_QUERY_ID,
        dimensions: [...draft.dimensions],
        metrics: [...draft.metrics],
        granularity: draft.granularity,
      },
    ],
    filters: withFilters(draft.filters, fixed),
  };
}

/**
 * The body a saved report runs with, wherever it runs (the server's scheduled and on-demand runs,
 * `assent reports run`, the terminal UI's x): its query, and its saved filters with the time
 * filters of its period as of `periodAt` (`range`; undefined for a period without dates). Its
 * propertyId filter stays as saved; without one the run covers every property of the account.
 */
export function savedReportRunBody(
  query: SavedReportQuery,
  periodAt: Date,
): { body: AnalyticsQueryBody; range: ReportDateRange | undefined } {
  const range = timePeriodRange(query.timePeriod, periodAt);
  return {
    body: {
      queries: [
        {
          id: CUSTOM_REPORT_QUERY_ID,
          dimensions: [...query.dimensions],
          metrics: [...query.metrics],
          granularity: query.granularity,
        },
      ],
      filters: range ? withFilters(query.filters, timeFilters(range)) : [...query.filters],
    },
    range,
  };
}

/** The rows of a run: the first item of the response list holds them. */
export const customReportRows = (response: AnalyticsQueryResponse): AnalyticsResultRow[] =>
  response[0]?.results ?? [];

/**
 * The message for a failed report run: a gateway timeout asks for fewer dimensions and metrics;
 * any other error shows its own message.
 */
export function reportRunErrorMessage(error: unknown): string {
  const message = describeReportError(error);
  return message.includes(GATEWAY_TIMEOUT_MARKER) ? REPORT_TOO_LARGE : message;
}

/**
 * The error of a report query stopped at its time limit: it carries GATEWAY_TIMEOUT_MARKER, so the
 * console shows REPORT_TOO_LARGE for it.
 */
export const reportTimeoutMessage = (timeoutMs: number): string =>
  `${GATEWAY_TIMEOUT_MARKER}: the report did not finish within ${formatSeconds(timeoutMs)}`;

const formatSeconds = (ms: number): string =>
  ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} seconds`;

/** The message of whatever was thrown: an Error, an API error body, a string. */
export function describeReportError(error: unknown): string {
  if (typeof error === 'string') return error;
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null && 'message' in error) {
    return String((error as { message: unknown }).message);
  }
  return String(error);
}
