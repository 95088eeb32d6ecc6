import { describe, expect, it } from 'vitest';
import {
  REPORTS_NOW,
  REPORTS_PCODE,
  buildReportJob,
  buildScheduledReportJob,
} from '../testing/reports';
import type { ReportBuilderAction, ReportBuilderState } from './report-builder';
import {
  goToReportsPath,
  initialReportBuilderState,
  reportBuilderReducer,
  saveButtonLabel,
} from './report-builder';

const scope = { pCode: REPORTS_PCODE, propertyIds: ['site-1'] };
const apply = (actions: ReportBuilderAction[], from = initialReportBuilderState()) =>
  actions.reduce<ReportBuilderState>(reportBuilderReducer, from);

const ready: ReportBuilderAction[] = [
  { type: 'setDimensions', dimensions: ['country'] },
  { type: 'setMetrics', metrics: ['totalSessions'] },
  { type: 'setTimePeriod', timePeriod: { type: 'last7Days' } },
];

describe('draft edits', () => {
  it('auto-selects week for a preset and keeps a manual month choice', () => {
    expect(apply(ready).draft.granularity).toBe('week');
    const manual = apply([
      { type: 'setGranularity', granularity: 'month' },
      {
        type: 'setTimePeriod',
        timePeriod: { type: 'custom', range: ['2024-03-01', '2024-03-03'] },
      },
    ]);
    expect(manual.draft.granularity).toBe('month');
  });

  it('drops GBC metrics when the gbc-applicable dimension is removed', () => {
    const s = apply([
      { type: 'setDimensions', dimensions: ['gbcApplicable'] },
      { type: 'setMetrics', metrics: ['gbcAdStorageGrantedPercent', 'optInPercent'] },
      { type: 'setDimensions', dimensions: ['country'] },
    ]);
    expect(s.draft.metrics).toEqual(['optInPercent']);
  });
});

describe('Run Report', () => {
  it("refuses an incomplete draft with 'Please select atleast Metric, Time and Granularity'", () => {
    const s = apply([{ type: 'run', now: REPORTS_NOW, ...scope }]);
    expect(s.status).toBe('idle');
    expect(s.status === 'idle' && s.issues.map((i) => i.message)).toEqual([
      'Please select atleast Metric, Time and Granularity',
    ]);
  });

  it('sets the query, then keeps the rows of a successful run', () => {
    const running = apply([...ready, { type: 'run', now: REPORTS_NOW, ...scope }]);
    expect(running.status).toBe('running');
    if (running.status !== 'running') return;
    expect(running.payload.filters).toContainEqual({
      key: 'startDate',
      operator: 'gteq',
      values: ['2024-03-08'],
    });
    const done = reportBuilderReducer(running, { type: 'runSucceeded', rows: [{ country: 'FR' }] });
    expect(done.status).toBe('idle');
    expect(done.lastRun?.rows).toEqual([{ country: 'FR' }]);
  });

  it("maps a gateway timeout to 'Please try with few dimensions and metrics.'", () => {
    const failed = apply([
      ...ready,
      { type: 'run', now: REPORTS_NOW, ...scope },
      { type: 'runFailed', error: new Error('HTTP 504 Gateway Timeout ERROR') },
    ]);
    expect(failed).toMatchObject({
      status: 'runFailed',
      message: 'Please try with few dimensions and metrics.',
    });
  });

  it('ignores outcomes when nothing is running', () => {
    const idle = apply(ready);
    expect(reportBuilderReducer(idle, { type: 'runSucceeded', rows: [] })).toBe(idle);
  });
});

describe('Save Report', () => {
  it("requires a name: 'Please enter report name'", () => {
    const s = apply([...ready, { type: 'save', name: ' ', ...scope }]);
    expect(s.status === 'idle' && s.issues.map((i) => i.message)).toEqual([
      'Please enter report name',
    ]);
  });

  it('builds an on-demand report, and the report type is on_demand after save', () => {
    const saving = apply([...ready, { type: 'save', name: 'Mine', ...scope }]);
    expect(saving).toMatchObject({
      status: 'saving',
      reportType: 'on_demand',
      request: {
        jobId: undefined,
        body: {
          name: 'Mine',
          type: 'on_demand',
          recipients: [],
          query: {
            dimensions: ['country'],
            metrics: ['totalSessions'],
            granularity: 'week',
            timePeriod: { type: 'last7Days' },
            filters: [{ key: 'propertyId', operator: 'in', values: ['site-1'] }],
          },
        },
      },
    });
    const saved = reportBuilderReducer(saving, { type: 'saveSucceeded', message: 'Report saved' });
    expect(saved).toMatchObject({
      status: 'saved',
      reportType: 'on_demand',
      message: 'Report saved',
    });
    expect(goToReportsPath(saved, 'AB12CD')).toBe(
      '/protect/p-AB12CD/reports/view-reports?report_type=on_demand',
    );
  });

  it('shows the failure message', () => {
    const failed = apply([
      ...ready,
      { type: 'save', name: 'Mine', ...scope },
      { type: 'saveFailed', error: { status: 'CONFLICT', message: 'Name taken' } },
    ]);
    expect(failed).toMatchObject({ status: 'saveFailed', message: 'Name taken' });
  });
});

describe('editing an existing report', () => {
  it("loads the job, reads 'Edit Report' and updates it by job id", () => {
    const loaded = apply([{ type: 'loadReport', job: buildReportJob() }]);
    expect(saveButtonLabel(loaded)).toBe('Edit Report');
    expect(saveButtonLabel(initialReportBuilderState())).toBe('Save Report');
    expect(loaded.draft).toMatchObject({
      dimensions: ['period', 'country'],
      metrics: ['totalSessions', 'optInPercent'],
      filters: [],
      granularity: 'week',
    });
    const saving = reportBuilderReducer(loaded, { type: 'save', name: 'Renamed', ...scope });
    expect(saving).toMatchObject({
      status: 'saving',
      request: { jobId: 'job-1', body: { name: 'Renamed', type: 'on_demand' } },
    });
  });

  it('keeps the schedule of a scheduled report saved with Edit Report', () => {
    const saving = apply([
      { type: 'loadReport', job: buildScheduledReportJob() },
      { type: 'save', name: 'Daily consent', ...scope },
    ]);
    expect(saving).toMatchObject({
      status: 'saving',
      reportType: 'scheduled',
      request: { jobId: 'job-2', body: { type: 'scheduled', scheduleInfo: { time: '9:30' } } },
    });
  });
});

describe('Schedule Report', () => {
  it('opens the modal with frequency daily and validates it on submit', () => {
    const open = apply([...ready, { type: 'openSchedule' }]);
    expect(open).toMatchObject({ status: 'scheduling', form: { frequency: 'daily', name: '' } });
    const refused = reportBuilderReducer(open, { type: 'submitSchedule', ...scope });
    expect(refused.status === 'scheduling' && refused.issues.map((i) => i.message)).toEqual([
      'Please enter report name',
      'Please enter start date',
      'Please enter end date',
      'Please enter time',
    ]);
    // Correcting a field takes its message away; the others stay until they are corrected.
    if (refused.status !== 'scheduling') throw new Error('still scheduling');
    const edited = reportBuilderReducer(refused, {
      type: 'editSchedule',
      form: { ...refused.form, name: 'Daily', time: '9:00' },
    });
    expect(edited.status === 'scheduling' && edited.issues.map((i) => i.message)).toEqual([
      'Please enter start date',
      'Please enter end date',
    ]);
  });

  it('builds a scheduled report with lastDay as the default time period', () => {
    const saving = apply([
      { type: 'setMetrics', metrics: ['optInPercent'] },
      { type: 'openSchedule' },
      {
        type: 'editSchedule',
        form: {
          name: 'Nightly',
          frequency: 'daily',
          startDate: '2024-03-16',
          endDate: '2024-04-16',
          time: '9:00',
          recipients: ['ops@example.com'],
        },
      },
      { type: 'submitSchedule', ...scope },
    ]);
    expect(saving).toMatchObject({
      status: 'saving',
      reportType: 'scheduled',
      request: {
        jobId: undefined,
        body: {
          name: 'Nightly',
          type: 'scheduled',
          recipients: ['ops@example.com'],
          scheduleInfo: { frequency: 'daily', time: '9:00' },
          query: { timePeriod: { type: 'lastDay' }, granularity: 'day' },
        },
      },
    });
    const saved = reportBuilderReducer(saving, { type: 'saveSucceeded', message: 'Scheduled' });
    expect(saved).toMatchObject({ status: 'saved', reportType: 'scheduled' });
    expect(goToReportsPath(saved, 'X1')).toBe(
      '/protect/p-X1/reports/view-reports?report_type=scheduled',
    );
  });

  it('closes without saving and blocks draft edits while open', () => {
    const open = apply([...ready, { type: 'openSchedule' }]);
    expect(reportBuilderReducer(open, { type: 'setMetrics', metrics: [] })).toBe(open);
    expect(reportBuilderReducer(open, { type: 'closeSchedule' }).status).toBe('idle');
  });
});
