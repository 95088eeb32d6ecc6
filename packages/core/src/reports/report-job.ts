import { z } from 'zod';
import {
  LIST_LIMITS,
  TEXT_LIMITS,
  listLimitIssues,
  listLimitsIssues,
  textLimitIssues,
} from '../limits';
import { REQUIRED } from '../messages';
import { oneLineIssues } from '../text';
import { consolePaths } from '../paths';
import type { Issue, Validation } from '../validation';
import { collect, invalid, isBlank, isValidEmail, issue, required } from '../validation';
import {
  REPORT_NAME_REQUIRED,
  RUN_REPORT_INCOMPLETE,
  SCHEDULE_END_BEFORE_START,
  SCHEDULE_END_DATE_REQUIRED,
  SCHEDULE_FREQUENCY_REQUIRED,
  SCHEDULE_RECIPIENT_INVALID,
  SCHEDULE_START_DATE_REQUIRED,
  SCHEDULE_TIME_INVALID,
  SCHEDULE_TIME_REQUIRED,
} from './messages';
import { SavedReportQuery } from './query';
import { ReportDay } from './time-period';

/**
 * Saved reports (report jobs): on-demand and scheduled, their statuses, the schedule form and the
 * rules of the report list (reports-and-account §2, §3, §4, §5).
 */

export const ReportType = z.enum(['scheduled', 'on_demand']);
export type ReportType = z.infer<typeof ReportType>;

/** Statuses of report jobs: run statuses of on-demand reports and states of scheduled ones. */
export const ReportStatus = z.enum([
  'PENDING',
  'RUNNING',
  'COMPLETED',
  'FAILED',
  'ACTIVE',
  'PAUSED',
]);
export type ReportStatus = z.infer<typeof ReportStatus>;

export type ReportStatusColor = 'orange' | 'blue' | 'green' | 'red';

const STATUS_COLORS: Partial<Record<string, ReportStatusColor>> = {
  PENDING: 'orange',
  RUNNING: 'blue',
  COMPLETED: 'green',
  FAILED: 'red',
};

/** How a status shows in lists: PENDING orange, RUNNING blue, COMPLETED green, FAILED red, else '-'. */
export function reportStatusDisplay(status: string | null | undefined): {
  label: string;
  color: ReportStatusColor | null;
} {
  const color = status ? STATUS_COLORS[status] : undefined;
  return color && status ? { label: status, color } : { label: '-', color: null };
}

/** The next-run cell of a paused scheduled report: it does not run again until resumed. */
export const NEXT_RUN_PAUSED = 'Paused';

/**
 * What a scheduled report's next-run cell shows: 'Paused' for a paused report (its status shows
 * '-', the spec's "anything else", so this cell is where the list says it is paused), else its
 * next run's instant as `formatInstant` writes it, else '-' (it will not run again).
 */
export function reportNextRunText(
  job: {
    status: string | null;
    active?: boolean | undefined;
    nextRunAt?: string | null | undefined;
  },
  formatInstant: (iso: string) => string,
): string {
  if (job.status === 'PAUSED' || job.active === false) return NEXT_RUN_PAUSED;
  return job.nextRunAt ? formatInstant(job.nextRunAt) : '-';
}

export const ScheduleFrequency = z.enum(['daily', 'weekly', 'monthly']);
export type ScheduleFrequency = z.infer<typeof ScheduleFrequency>;

export const DEFAULT_SCHEDULE_FREQUENCY: ScheduleFrequency = 'daily';

export const SCHEDULE_FREQUENCY_LABELS: Record<ScheduleFrequency, string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
};

/** Hours (UTC) a report cannot be scheduled at: 0 to 7, while the previous day's data completes. */
export const SCHEDULE_DISABLED_HOURS: readonly number[] = [0, 1, 2, 3, 4, 5, 6, 7];

export const isScheduleHourDisabled = (hour: number): boolean =>
  SCHEDULE_DISABLED_HOURS.includes(hour);

const TIME = /^([01]?\d|2[0-3]):([0-5]\d)$/;

/** Reads a 'H:mm' time (a leading zero is accepted); undefined when it is not one. */
export function parseScheduleTime(value: string): { hours: number; minutes: number } | undefined {
  const match = TIME.exec(value.trim());
  if (!match) return undefined;
  return { hours: Number(match[1]), minutes: Number(match[2]) };
}

/** Writes a time as 'H:mm' (8:05, 13:30). */
export const formatScheduleTime = (hours: number, minutes: number): string =>
  `${hours}:${String(minutes).padStart(2, '0')}`;

export const ScheduleTime = z.string().refine(
  (v) => {
    const t = parseScheduleTime(v);
    return t !== undefined && !isScheduleHourDisabled(t.hours);
  },
  { message: SCHEDULE_TIME_INVALID },
);

export const ScheduleInfo = z.object({
  startDate: ReportDay,
  endDate: ReportDay,
  frequency: ScheduleFrequency,
  /** UTC, 'H:mm', never in hours 0 to 7. */
  time: ScheduleTime,
});
export type ScheduleInfo = z.infer<typeof ScheduleInfo>;

/** A saved report as the analytics API returns it. */
export const ReportJob = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  name: z.string(),
  type: ReportType,
  /** A ReportStatus; kept a string because any other value shows '-'. */
  status: z.string().nullable().default(null),
  active: z.boolean().optional(),
  /** Size of the generated file in bytes. */
  size: z.number().nullable().optional(),
  fileUrl: z.string().nullable().optional(),
  startDate: z.string().nullable().optional(),
  endDate: z.string().nullable().optional(),
  frequency: ScheduleFrequency.nullable().optional(),
  recipients: z.array(z.string()).default([]),
  scheduleInfo: ScheduleInfo.nullable().optional(),
  query: SavedReportQuery,
  createdAt: z.string().optional(),
  /** Why the latest run failed; a report too large for the time limit carries GATEWAY_TIMEOUT_MARKER. */
  error: z.string().nullable().optional(),
  /** When the latest run finished (ISO instant). */
  lastRunAt: z.string().nullable().optional(),
  /** When an active scheduled report runs next (ISO instant); null when it will not run again. */
  nextRunAt: z.string().nullable().optional(),
});
export type ReportJob = z.infer<typeof ReportJob>;

/** Statuses of one run of a report: queued, running, done with a file, or failed with an error. */
export const ReportRunStatus = ReportStatus.extract(['PENDING', 'RUNNING', 'COMPLETED', 'FAILED']);
export type ReportRunStatus = z.infer<typeof ReportRunStatus>;

/**
 * The status a report shows. An on-demand report shows its latest run's status (PENDING until it
 * first runs). A scheduled report shows RUNNING while a run runs, PAUSED when paused, COMPLETED
 * once its schedule is over and nothing is left to run, and ACTIVE otherwise.
 */
export function reportJobStatus(
  job: { type: ReportType; active: boolean },
  latestRun: { status: ReportRunStatus } | undefined,
  scheduleOver: boolean,
): ReportStatus {
  if (job.type === 'on_demand') return latestRun?.status ?? 'PENDING';
  if (latestRun?.status === 'RUNNING') return 'RUNNING';
  if (!job.active) return 'PAUSED';
  if (scheduleOver && latestRun?.status !== 'PENDING') return 'COMPLETED';
  return 'ACTIVE';
}

/** The body that creates or updates a report job: {name, query, optional scheduleInfo, recipients}. */
export const ReportJobInput = z.object({
  name: z.string(),
  type: ReportType,
  query: SavedReportQuery,
  scheduleInfo: ScheduleInfo.optional(),
  recipients: z.array(z.string()).default([]),
});
export type ReportJobInput = z.infer<typeof ReportJobInput>;

/** A job write's answer; the console shows `message` in its success banner. */
export const ReportJobWriteResponse = z.object({
  message: z.string(),
  id: z.string().optional(),
});
export type ReportJobWriteResponse = z.infer<typeof ReportJobWriteResponse>;

/** Report save: a name is required. */
export function validateReportName(name: string | undefined): Issue | undefined {
  return required('name', name, REPORT_NAME_REQUIRED);
}

/** Refused in a saved report's propertyId filter: a property of another account (or none). */
export const REPORT_PROPERTY_NOT_IN_ACCOUNT = 'This property does not belong to this account';

/**
 * The saved query's propertyId filter may name only the account's own properties: each other value
 * is an issue on `query.filters.{i}.values.{j}` (refused, never silently dropped).
 */
export function foreignPropertyIssues(
  query: Pick<SavedReportQuery, 'filters'>,
  ownPropertyIds: ReadonlySet<string>,
): Issue[] {
  return query.filters.flatMap((filter, i) =>
    filter.key !== 'propertyId'
      ? []
      : filter.values.flatMap((value, j) =>
          ownPropertyIds.has(String(value))
            ? []
            : [
                issue(
                  `query.filters.${i}.values.${j}`,
                  'ownProperty',
                  REPORT_PROPERTY_NOT_IN_ACCOUNT,
                ),
              ],
        ),
  );
}

/**
 * Issue 19 item 9: a report's name is one line of at most 255 characters; at most 50 recipients,
 * each an address of at most 254 characters, listed once (ignoring case); its query at most
 * 32 dimensions, 64 metrics and 32 filters, each listed once, a filter at most 10,000 values.
 */
function reportJobLimitIssues(input: ReportJobInput): Issue[] {
  const { query } = input;
  return [
    // Issue 19 item 10: the name is one line (a recipient is an address, which has no controls).
    ...oneLineIssues(input, ['name']),
    ...textLimitIssues(input, { name: TEXT_LIMITS.oneLine }),
    ...listLimitIssues('recipients', input.recipients, LIST_LIMITS.reportRecipients, (r) =>
      r.trim().toLowerCase(),
    ),
    ...input.recipients.flatMap((r, i) =>
      textLimitIssues({ [i]: r }, { [i]: TEXT_LIMITS.email }, 'recipients.'),
    ),
    ...listLimitsIssues(
      query,
      {
        dimensions: { max: LIST_LIMITS.reportDimensions },
        metrics: { max: LIST_LIMITS.reportMetrics },
        filters: { max: LIST_LIMITS.reportFilters, unique: false },
      },
      'query.',
    ),
    ...query.filters.flatMap((filter, i) =>
      listLimitIssues(`query.filters.${i}.values`, filter.values, LIST_LIMITS.reportFilterValues),
    ),
  ];
}

/**
 * Checks a job before it is written (server and console alike): a name, a query that can run (at
 * least one metric), and for a scheduled report a valid schedule.
 */
export function validateReportJobInput(input: ReportJobInput): Validation<ReportJobInput> {
  const checks: Array<Issue | Issue[] | undefined | false> = [
    reportJobLimitIssues(input),
    validateReportName(input.name),
    input.query.metrics.length === 0 && issue('query.metrics', 'required', RUN_REPORT_INCOMPLETE),
  ];
  if (input.type === 'scheduled') {
    checks.push(
      input.scheduleInfo
        ? scheduleIssues({ ...input.scheduleInfo, name: input.name, recipients: input.recipients })
        : issue('scheduleInfo', 'required', REQUIRED),
    );
  }
  return collect(input, checks);
}

/** The Schedule Report modal's values. */
export interface ScheduleForm {
  name: string;
  frequency: ScheduleFrequency | undefined;
  startDate: string | undefined;
  endDate: string | undefined;
  time: string | undefined;
  recipients: string[];
}

/** A blank schedule form (frequency daily), or the values of the report being edited. */
export function scheduleFormFor(report?: {
  name: string;
  recipients: readonly string[];
  scheduleInfo?: ScheduleInfo | null | undefined;
  frequency?: ScheduleFrequency | null | undefined;
}): ScheduleForm {
  return {
    name: report?.name ?? '',
    frequency: report?.scheduleInfo?.frequency ?? report?.frequency ?? DEFAULT_SCHEDULE_FREQUENCY,
    startDate: report?.scheduleInfo?.startDate,
    endDate: report?.scheduleInfo?.endDate,
    time: report?.scheduleInfo?.time,
    recipients: [...(report?.recipients ?? [])],
  };
}

function scheduleIssues(form: ScheduleForm): Issue[] {
  const issues: Issue[] = [];
  const push = (i: Issue | undefined | false) => {
    if (i) issues.push(i);
  };
  push(validateReportName(form.name));
  push(!form.frequency && issue('frequency', 'required', SCHEDULE_FREQUENCY_REQUIRED));
  push(required('startDate', form.startDate, SCHEDULE_START_DATE_REQUIRED));
  push(required('endDate', form.endDate, SCHEDULE_END_DATE_REQUIRED));
  const { startDate, endDate } = form;
  if (startDate && endDate && endDate < startDate) {
    push(issue('endDate', 'afterStart', SCHEDULE_END_BEFORE_START));
  }
  if (isBlank(form.time)) push(issue('time', 'required', SCHEDULE_TIME_REQUIRED));
  else if (!ScheduleTime.safeParse(form.time).success)
    push(issue('time', 'utcHours', SCHEDULE_TIME_INVALID));
  form.recipients.forEach((r, i) =>
    push(!isValidEmail(r) && issue(`recipients.${i}`, 'email', SCHEDULE_RECIPIENT_INVALID)),
  );
  return issues;
}

/**
 * The Schedule Report modal: name, frequency, start date, end date and a time (UTC, H:mm, not in
 * hours 0 to 7) are required; every recipient must be an e-mail address.
 */
export function validateScheduleForm(form: ScheduleForm): Validation<{
  name: string;
  scheduleInfo: ScheduleInfo;
  recipients: string[];
}> {
  const issues = scheduleIssues(form);
  if (issues.length) return invalid(issues);
  return {
    ok: true,
    value: {
      name: form.name.trim(),
      scheduleInfo: ScheduleInfo.parse({
        startDate: form.startDate,
        endDate: form.endDate,
        frequency: form.frequency,
        time: form.time?.trim(),
      }),
      recipients: form.recipients.map((r) => r.trim()),
    },
  };
}

/** Adds a recipient once (case-insensitively); blank input changes nothing. */
export function addRecipient(recipients: readonly string[], email: string): string[] {
  const value = email.trim();
  if (!value || recipients.some((r) => r.toLowerCase() === value.toLowerCase())) {
    return [...recipients];
  }
  return [...recipients, value];
}

export const removeRecipient = (recipients: readonly string[], email: string): string[] =>
  recipients.filter((r) => r !== email);

// --- Report list ----------------------------------------------------------------------------

export type ReportRowAction = 'edit' | 'pause' | 'resume' | 'delete';

/**
 * Row actions: a scheduled report can always be edited, paused when ACTIVE, resumed when PENDING
 * or PAUSED; an on-demand report can be deleted.
 */
export function reportRowActions(type: ReportType, status: string | null): ReportRowAction[] {
  if (type === 'on_demand') return ['delete'];
  if (status === 'ACTIVE') return ['edit', 'pause'];
  if (status === 'PENDING' || status === 'PAUSED') return ['edit', 'resume'];
  return ['edit'];
}

/**
 * The pause/resume call for a job: PATCH …?active={bool} with the state to reach, so an ACTIVE
 * report is sent active=false and any other active=true.
 */
export const pauseResumeRequest = (job: Pick<ReportJob, 'id' | 'status'>) => ({
  jobId: job.id,
  active: job.status !== 'ACTIVE',
});

export const REPORT_TYPE_QUERY_KEY = 'report_type';
export const REPORT_ID_QUERY_KEY = 'report_id';

/** The list shows on-demand reports unless the query says scheduled. */
export const reportTypeFromQuery = (value: string | null | undefined): ReportType =>
  value === 'scheduled' ? 'scheduled' : 'on_demand';

export const REPORT_TYPE_LIST_LABELS: Record<ReportType, string> = {
  scheduled: 'Scheduled Reports',
  on_demand: 'On-demand Reports',
};

/** /protect/p-{pCode}/reports, optionally loading a saved report. */
export const reportsPagePath = (pCode: string, reportId?: string): string =>
  `${consolePaths.reports(pCode)}${
    reportId ? `?${REPORT_ID_QUERY_KEY}=${encodeURIComponent(reportId)}` : ''
  }`;

/** /protect/p-{pCode}/reports/view-reports?report_type=… */
export const viewReportsPagePath = (pCode: string, type: ReportType): string =>
  `${consolePaths.reports(pCode)}/view-reports?${REPORT_TYPE_QUERY_KEY}=${type}`;

/** Client-side name search of the report list (case-insensitive, trimmed). */
export function filterReportsByName<T extends { name: string }>(
  reports: readonly T[],
  text: string,
) {
  const needle = text.trim().toLowerCase();
  return needle ? reports.filter((r) => r.name.toLowerCase().includes(needle)) : [...reports];
}
