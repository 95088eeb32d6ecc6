import type { Issue } from '../validation';
import type { ReportCatalogue } from './catalogue';
import { DEFAULT_REPORT_CATALOGUE, keepOfferedMetrics } from './catalogue';
import type { ReportGranularity } from './granularity';
import { builderGranularity } from './granularity';
import { EDIT_REPORT, SAVE_REPORT } from './messages';
import type {
  AnalyticsResultRow,
  ReportFilter,
  ReportQueryPayload,
  SavedReportQuery,
} from './query';
import {
  buildCustomReportPayload,
  describeReportError,
  propertyFilter,
  reportRunErrorMessage,
  validateRunReport,
  withFilters,
} from './query';
import type {
  ReportJob,
  ReportJobInput,
  ReportType,
  ScheduleForm,
  ScheduleInfo,
} from './report-job';
import {
  scheduleFormFor,
  validateReportName,
  validateScheduleForm,
  viewReportsPagePath,
} from './report-job';
import type { ReportTimePeriod } from './time-period';
import { DEFAULT_SCHEDULED_TIME_PERIOD } from './time-period';

/**
 * The 'Create your Custom Report' builder (reports-and-account §2, §4) as a discriminated union
 * changed by a pure reducer. The console runs the calls a state asks for (`running`, `saving`)
 * and dispatches their outcome.
 */

/** What the user has picked. Time and property filters are added when a query is built. */
export interface ReportDraft {
  dimensions: string[];
  metrics: string[];
  filters: ReportFilter[];
  timePeriod: ReportTimePeriod | undefined;
  granularity: ReportGranularity | undefined;
  /** The user's own granularity choice; week or month survives a change of period. */
  manualGranularity: ReportGranularity | undefined;
}

/** The saved report being edited (loaded from report_id). */
export interface EditedReport {
  id: string;
  name: string;
  type: ReportType;
  scheduleInfo: ScheduleInfo | undefined;
  recipients: string[];
}

/** The last successful run, kept while the draft changes and reports are saved. */
export interface ReportRun {
  payload: ReportQueryPayload;
  rows: AnalyticsResultRow[];
}

/** A job write to send: PUT when `jobId` is set (editing), else POST. */
export interface SaveReportRequest {
  jobId: string | undefined;
  body: ReportJobInput;
}

interface Base {
  draft: ReportDraft;
  editing: EditedReport | undefined;
  lastRun: ReportRun | undefined;
}

export type ReportBuilderState =
  | (Base & { status: 'idle'; issues: Issue[] })
  | (Base & { status: 'running'; payload: ReportQueryPayload })
  | (Base & { status: 'runFailed'; message: string })
  | (Base & { status: 'scheduling'; form: ScheduleForm; issues: Issue[] })
  | (Base & { status: 'saving'; reportType: ReportType; request: SaveReportRequest })
  | (Base & { status: 'saved'; reportType: ReportType; message: string })
  | (Base & { status: 'saveFailed'; reportType: ReportType; message: string });

/** Where the builder's queries run: the account and the selected properties. */
export interface ReportScope {
  pCode: string;
  propertyIds: readonly string[];
}

export type ReportBuilderAction =
  | { type: 'loadReport'; job: ReportJob }
  | { type: 'setDimensions'; dimensions: string[]; catalogue?: ReportCatalogue }
  | { type: 'setMetrics'; metrics: string[] }
  | { type: 'setFilters'; filters: ReportFilter[] }
  | { type: 'setTimePeriod'; timePeriod: ReportTimePeriod | undefined }
  | { type: 'setGranularity'; granularity: ReportGranularity }
  | ({ type: 'run'; now: Date } & ReportScope)
  | { type: 'runSucceeded'; rows: AnalyticsResultRow[] }
  | { type: 'runFailed'; error: unknown }
  | ({ type: 'save'; name: string } & ReportScope)
  | { type: 'openSchedule' }
  | { type: 'editSchedule'; form: ScheduleForm }
  | { type: 'closeSchedule' }
  | ({ type: 'submitSchedule' } & ReportScope)
  | { type: 'saveSucceeded'; message: string }
  | { type: 'saveFailed'; error: unknown }
  | { type: 'dismissNotice' };

export const emptyReportDraft = (): ReportDraft => ({
  dimensions: [],
  metrics: [],
  filters: [],
  timePeriod: undefined,
  granularity: 'day',
  manualGranularity: undefined,
});

export const initialReportBuilderState = (): ReportBuilderState => ({
  status: 'idle',
  issues: [],
  draft: emptyReportDraft(),
  editing: undefined,
  lastRun: undefined,
});

const base = (s: ReportBuilderState): Base => ({
  draft: s.draft,
  editing: s.editing,
  lastRun: s.lastRun,
});

const idle = (b: Base, issues: Issue[] = []): ReportBuilderState => ({
  status: 'idle',
  issues,
  ...b,
});

/** Draft edits are allowed while nothing is in flight and no modal is open. */
const canEditDraft = (s: ReportBuilderState) =>
  s.status !== 'running' && s.status !== 'saving' && s.status !== 'scheduling';

/** The saved query of a draft; the time period falls back to `defaultPeriod` (scheduled: lastDay). */
function savedQueryOf(
  draft: ReportDraft,
  propertyIds: readonly string[],
  defaultPeriod?: ReportTimePeriod,
): SavedReportQuery | undefined {
  const timePeriod = draft.timePeriod ?? defaultPeriod;
  const granularity =
    draft.timePeriod || !timePeriod
      ? draft.granularity
      : builderGranularity(timePeriod, draft.manualGranularity);
  if (!timePeriod || !granularity) return undefined;
  return {
    dimensions: [...draft.dimensions],
    metrics: [...draft.metrics],
    filters: withFilters(draft.filters, [propertyFilter(propertyIds)]),
    granularity,
    timePeriod,
  };
}

function draftFromJob(job: ReportJob): ReportDraft {
  const { query } = job;
  return {
    dimensions: [...query.dimensions],
    metrics: [...query.metrics],
    // The property selection comes from the propertyId filter; the page owns it.
    filters: query.filters.filter((f) => f.key !== 'propertyId'),
    timePeriod: query.timePeriod,
    granularity: query.granularity,
    manualGranularity: query.granularity === 'day' ? undefined : query.granularity,
  };
}

/**
 * The schedule form's issues that still stand after an edit: a field's message goes once the field
 * changes (an end date before the start goes with either date, a recipient's with the list).
 */
function issuesStillStanding(issues: Issue[], before: ScheduleForm, after: ScheduleForm): Issue[] {
  const changed = (field: keyof ScheduleForm) =>
    field === 'recipients'
      ? before.recipients.join('\n') !== after.recipients.join('\n')
      : before[field] !== after[field];
  return issues.filter((i) => {
    if (i.field.startsWith('recipients.')) return !changed('recipients');
    if (i.field === 'endDate') return !changed('endDate') && !changed('startDate');
    const field = i.field as keyof ScheduleForm;
    return !(field in after) || !changed(field);
  });
}

export function reportBuilderReducer(
  state: ReportBuilderState,
  action: ReportBuilderAction,
): ReportBuilderState {
  const b = base(state);
  const withDraft = (draft: Partial<ReportDraft>) =>
    canEditDraft(state) ? idle({ ...b, draft: { ...b.draft, ...draft } }) : state;

  switch (action.type) {
    case 'loadReport':
      return idle({
        draft: draftFromJob(action.job),
        lastRun: undefined,
        editing: {
          id: action.job.id,
          name: action.job.name,
          type: action.job.type,
          scheduleInfo: action.job.scheduleInfo ?? undefined,
          recipients: [...action.job.recipients],
        },
      });

    case 'setDimensions':
      return withDraft({
        dimensions: [...action.dimensions],
        metrics: keepOfferedMetrics(
          action.catalogue ?? DEFAULT_REPORT_CATALOGUE,
          action.dimensions,
          b.draft.metrics,
        ),
      });

    case 'setMetrics':
      return withDraft({ metrics: [...action.metrics] });

    case 'setFilters':
      return withDraft({
        filters: action.filters.filter((f) => f.key !== 'startDate' && f.key !== 'endDate'),
      });

    case 'setTimePeriod':
      return withDraft({
        timePeriod: action.timePeriod,
        granularity: builderGranularity(action.timePeriod, b.draft.manualGranularity),
      });

    case 'setGranularity':
      return withDraft({ granularity: action.granularity, manualGranularity: action.granularity });

    case 'run': {
      if (!canEditDraft(state)) return state;
      const { draft } = b;
      const check = validateRunReport(draft);
      if (!check.ok || !draft.timePeriod || !draft.granularity) {
        return idle(b, check.ok ? [] : check.issues);
      }
      return {
        status: 'running',
        ...b,
        payload: buildCustomReportPayload(
          { ...draft, timePeriod: draft.timePeriod, granularity: draft.granularity },
          action.pCode,
          action.propertyIds,
          action.now,
        ),
      };
    }

    case 'runSucceeded':
      if (state.status !== 'running') return state;
      return idle({ ...b, lastRun: { payload: state.payload, rows: [...action.rows] } });

    case 'runFailed':
      if (state.status !== 'running') return state;
      return { status: 'runFailed', ...b, message: reportRunErrorMessage(action.error) };

    case 'save': {
      if (!canEditDraft(state)) return state;
      const nameIssue = validateReportName(action.name);
      const complete = validateRunReport(b.draft);
      const issues = [...(nameIssue ? [nameIssue] : []), ...(complete.ok ? [] : complete.issues)];
      const query = savedQueryOf(b.draft, action.propertyIds);
      if (issues.length || !query) return idle(b, issues);
      // Editing keeps the report's type and schedule; a new report is saved on demand.
      const reportType: ReportType = b.editing?.type ?? 'on_demand';
      const body: ReportJobInput = {
        name: action.name.trim(),
        type: reportType,
        query,
        recipients: b.editing?.recipients ?? [],
        ...(reportType === 'scheduled' && b.editing?.scheduleInfo
          ? { scheduleInfo: b.editing.scheduleInfo }
          : {}),
      };
      return { status: 'saving', ...b, reportType, request: { jobId: b.editing?.id, body } };
    }

    case 'openSchedule': {
      if (!canEditDraft(state)) return state;
      return { status: 'scheduling', ...b, form: scheduleFormFor(b.editing), issues: [] };
    }

    case 'editSchedule': {
      if (state.status !== 'scheduling') return state;
      const form = { ...action.form, recipients: [...action.form.recipients] };
      return { ...state, form, issues: issuesStillStanding(state.issues, state.form, form) };
    }

    case 'closeSchedule':
      return state.status === 'scheduling' ? idle(b) : state;

    case 'submitSchedule': {
      if (state.status !== 'scheduling') return state;
      const checked = validateScheduleForm(state.form);
      const query = savedQueryOf(b.draft, action.propertyIds, {
        type: DEFAULT_SCHEDULED_TIME_PERIOD,
      });
      const complete = validateRunReport({
        ...b.draft,
        timePeriod: query?.timePeriod,
        granularity: query?.granularity,
      });
      const issues = [
        ...(checked.ok ? [] : checked.issues),
        ...(complete.ok ? [] : complete.issues),
      ];
      if (!checked.ok || !query || issues.length) return { ...state, issues };
      return {
        status: 'saving',
        ...b,
        reportType: 'scheduled',
        request: {
          jobId: b.editing?.id,
          body: {
            name: checked.value.name,
            type: 'scheduled',
            query,
            scheduleInfo: checked.value.scheduleInfo,
            recipients: checked.value.recipients,
          },
        },
      };
    }

    case 'saveSucceeded': {
      if (state.status !== 'saving') return state;
      const { body, jobId } = state.request;
      const editing: EditedReport | undefined = jobId
        ? {
            id: jobId,
            name: body.name,
            type: state.reportType,
            scheduleInfo: body.scheduleInfo,
            recipients: [...body.recipients],
          }
        : b.editing;
      return {
        status: 'saved',
        ...b,
        editing,
        reportType: state.reportType,
        message: action.message,
      };
    }

    case 'saveFailed':
      if (state.status !== 'saving') return state;
      return {
        status: 'saveFailed',
        ...b,
        reportType: state.reportType,
        message: describeReportError(action.error),
      };

    case 'dismissNotice':
      return state.status === 'saved' ||
        state.status === 'saveFailed' ||
        state.status === 'runFailed'
        ? idle(b)
        : state;
  }
}

/** The save button reads 'Edit Report' while a saved report is being edited. */
export const saveButtonLabel = (state: ReportBuilderState): string =>
  state.editing ? EDIT_REPORT : SAVE_REPORT;

/** The 'Go to reports' link of the success banner: the list of the saved report's type. */
export const goToReportsPath = (state: ReportBuilderState, pCode: string): string | undefined =>
  state.status === 'saved' ? viewReportsPagePath(pCode, state.reportType) : undefined;
