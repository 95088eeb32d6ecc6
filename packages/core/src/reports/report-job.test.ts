import { describe, expect, it } from 'vitest';
import { buildReportJob, buildScheduledReportJob } from '../testing/reports';
import {
  DEFAULT_SCHEDULE_FREQUENCY,
  REPORT_PROPERTY_NOT_IN_ACCOUNT,
  foreignPropertyIssues,
  ReportJob,
  ReportStatus,
  ReportType,
  SCHEDULE_DISABLED_HOURS,
  ScheduleFrequency,
  addRecipient,
  filterReportsByName,
  formatScheduleTime,
  parseScheduleTime,
  pauseResumeRequest,
  removeRecipient,
  reportJobStatus,
  reportRowActions,
  reportStatusDisplay,
  reportTypeFromQuery,
  reportsPagePath,
  scheduleFormFor,
  validateReportJobInput,
  validateReportName,
  validateScheduleForm,
  viewReportsPagePath,
  NEXT_RUN_PAUSED,
  reportNextRunText,
} from './report-job';
import type { ScheduleForm } from './report-job';
import { RUN_REPORT_INCOMPLETE } from './messages';

describe('report statuses', () => {
  it('colours PENDING orange, RUNNING blue, COMPLETED green and FAILED red', () => {
    expect(reportStatusDisplay('PENDING')).toEqual({ label: 'PENDING', color: 'orange' });
    expect(reportStatusDisplay('RUNNING')).toEqual({ label: 'RUNNING', color: 'blue' });
    expect(reportStatusDisplay('COMPLETED')).toEqual({ label: 'COMPLETED', color: 'green' });
    expect(reportStatusDisplay('FAILED')).toEqual({ label: 'FAILED', color: 'red' });
  });
  it("shows '-' for anything else", () => {
    expect(reportStatusDisplay('ACTIVE')).toEqual({ label: '-', color: null });
    expect(reportStatusDisplay(null)).toEqual({ label: '-', color: null });
    expect(reportStatusDisplay('whatever')).toEqual({ label: '-', color: null });
  });
  it("a paused scheduled report's next run reads 'Paused', an active one its next instant, else '-'", () => {
    const at = (iso: string) => `at ${iso}`;
    expect(NEXT_RUN_PAUSED).toBe('Paused');
    expect(reportNextRunText({ status: 'PAUSED', active: false, nextRunAt: null }, at)).toBe(
      'Paused',
    );
    // A paused report whose status is a run's (RUNNING while its last run ends) is still paused.
    expect(reportNextRunText({ status: 'RUNNING', active: false, nextRunAt: null }, at)).toBe(
      'Paused',
    );
    expect(
      reportNextRunText({ status: 'ACTIVE', active: true, nextRunAt: '2026-01-02T08:00:00Z' }, at),
    ).toBe('at 2026-01-02T08:00:00Z');
    expect(reportNextRunText({ status: 'COMPLETED', active: true, nextRunAt: null }, at)).toBe('-');
  });
  it('knows the job statuses, types and frequencies (daily by default)', () => {
    expect(ReportStatus.options).toEqual([
      'PENDING',
      'RUNNING',
      'COMPLETED',
      'FAILED',
      'ACTIVE',
      'PAUSED',
    ]);
    expect(ReportType.options).toEqual(['scheduled', 'on_demand']);
    expect(ScheduleFrequency.options).toEqual(['daily', 'weekly', 'monthly']);
    expect(DEFAULT_SCHEDULE_FREQUENCY).toBe('daily');
  });
});

describe('report list', () => {
  it('offers Edit always, Pause when ACTIVE and Resume when PENDING or PAUSED', () => {
    expect(reportRowActions('scheduled', 'ACTIVE')).toEqual(['edit', 'pause']);
    expect(reportRowActions('scheduled', 'PAUSED')).toEqual(['edit', 'resume']);
    expect(reportRowActions('scheduled', 'PENDING')).toEqual(['edit', 'resume']);
    expect(reportRowActions('scheduled', 'RUNNING')).toEqual(['edit']);
  });
  it('lets on-demand reports be deleted', () => {
    expect(reportRowActions('on_demand', 'COMPLETED')).toEqual(['delete']);
  });
  it('pauses an active report and resumes any other', () => {
    expect(pauseResumeRequest({ id: 'j', status: 'ACTIVE' })).toEqual({
      jobId: 'j',
      active: false,
    });
    expect(pauseResumeRequest({ id: 'j', status: 'PAUSED' })).toEqual({ jobId: 'j', active: true });
  });
  it('shows on-demand reports unless the query says scheduled', () => {
    expect(reportTypeFromQuery(null)).toBe('on_demand');
    expect(reportTypeFromQuery('on_demand')).toBe('on_demand');
    expect(reportTypeFromQuery('bogus')).toBe('on_demand');
    expect(reportTypeFromQuery('scheduled')).toBe('scheduled');
  });
  it('links the list, the dashboard and each report', () => {
    expect(viewReportsPagePath('AB12', 'scheduled')).toBe(
      '/protect/p-AB12/reports/view-reports?report_type=scheduled',
    );
    expect(reportsPagePath('AB12')).toBe('/protect/p-AB12/reports');
    expect(reportsPagePath('AB12', 'job-1')).toBe('/protect/p-AB12/reports?report_id=job-1');
  });
  it('searches report names case-insensitively', () => {
    const jobs = [buildReportJob(), buildScheduledReportJob()];
    expect(filterReportsByName(jobs, ' daily ').map((j) => j.id)).toEqual(['job-2']);
    expect(filterReportsByName(jobs, '')).toHaveLength(2);
  });
  it('reads jobs with numeric ids', () => {
    const parsed = ReportJob.parse({ ...buildReportJob(), id: 42 });
    expect(parsed.id).toBe('42');
  });
});

describe('schedule time', () => {
  it('reads H:mm and refuses hours 0 to 7', () => {
    expect(parseScheduleTime('8:05')).toEqual({ hours: 8, minutes: 5 });
    expect(parseScheduleTime('08:05')).toEqual({ hours: 8, minutes: 5 });
    expect(parseScheduleTime('24:00')).toBeUndefined();
    expect(parseScheduleTime('8:5')).toBeUndefined();
    expect(SCHEDULE_DISABLED_HOURS).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(formatScheduleTime(9, 5)).toBe('9:05');
  });
});

describe('validateScheduleForm', () => {
  const blank: ScheduleForm = {
    name: '',
    frequency: undefined,
    startDate: undefined,
    endDate: undefined,
    time: undefined,
    recipients: [],
  };
  const filled: ScheduleForm = {
    name: ' Daily consent ',
    frequency: 'weekly',
    startDate: '2024-03-16',
    endDate: '2024-04-16',
    time: '8:00',
    recipients: ['ops@example.com'],
  };
  const messages = (form: ScheduleForm) => {
    const result = validateScheduleForm(form);
    return result.ok ? [] : result.issues.map((i) => [i.field, i.message]);
  };

  it('requires every field with the spec messages', () => {
    expect(messages(blank)).toEqual([
      ['name', 'Please enter report name'],
      ['frequency', 'Frequency is required'],
      ['startDate', 'Please enter start date'],
      ['endDate', 'Please enter end date'],
      ['time', 'Please enter time'],
    ]);
  });

  it.each(['0:00', '7:59', '07:30'])('refuses %s (hours 0 to 7 UTC)', (time) => {
    expect(messages({ ...filled, time })).toEqual([
      ['time', 'Please choose a time between 8:00 and 23:59 UTC'],
    ]);
  });

  it('refuses a recipient that is not an e-mail and an end before the start', () => {
    expect(
      messages({ ...filled, recipients: ['ops@example.com', 'nobody'], endDate: '2024-03-15' }),
    ).toEqual([
      ['endDate', 'End date must be on or after the start date'],
      ['recipients.1', 'Please enter a valid email address'],
    ]);
  });

  it('returns the schedule info when valid', () => {
    expect(validateScheduleForm(filled)).toEqual({
      ok: true,
      value: {
        name: 'Daily consent',
        scheduleInfo: {
          startDate: '2024-03-16',
          endDate: '2024-04-16',
          frequency: 'weekly',
          time: '8:00',
        },
        recipients: ['ops@example.com'],
      },
    });
  });

  it('opens blank with frequency daily, or with the edited report', () => {
    expect(scheduleFormFor()).toEqual({ ...blank, frequency: 'daily' });
    expect(scheduleFormFor(buildScheduledReportJob())).toEqual({
      name: 'Daily consent',
      frequency: 'daily',
      startDate: '2024-03-16',
      endDate: '2024-06-30',
      time: '9:30',
      recipients: ['ops@example.com'],
    });
  });

  it('adds recipients once and removes them', () => {
    const list = addRecipient(['a@example.com'], ' A@example.com ');
    expect(list).toEqual(['a@example.com']);
    expect(addRecipient(list, 'b@example.com')).toEqual(['a@example.com', 'b@example.com']);
    expect(removeRecipient(['a@example.com', 'b@example.com'], 'a@example.com')).toEqual([
      'b@example.com',
    ]);
  });
});

describe('report save', () => {
  it("requires a name: 'Please enter report name'", () => {
    expect(validateReportName('  ')?.message).toBe('Please enter report name');
    expect(validateReportName('Mine')).toBeUndefined();
  });

  it('checks the schedule of a scheduled job on the server too', () => {
    const job = buildScheduledReportJob();
    const input = {
      name: job.name,
      type: job.type,
      query: job.query,
      recipients: job.recipients,
      scheduleInfo: { ...job.scheduleInfo!, time: '6:00' },
    };
    const result = validateReportJobInput(input);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.issues.map((i) => i.field)).toEqual(['time']);
    expect(validateReportJobInput({ ...input, scheduleInfo: undefined }).ok).toBe(false);
    expect(
      validateReportJobInput({ ...input, type: 'on_demand', scheduleInfo: undefined }).ok,
    ).toBe(true);
  });
  it('refuses a report that cannot run: no metric', () => {
    const { name, type, query, recipients } = buildReportJob();
    const result = validateReportJobInput({
      name,
      type,
      recipients,
      query: { ...query, metrics: [] },
    });
    expect(!result.ok && result.issues).toEqual([
      expect.objectContaining({ field: 'query.metrics', message: RUN_REPORT_INCOMPLETE }),
    ]);
  });
});

describe('foreignPropertyIssues', () => {
  it("names each propertyId value that is not one of the account's properties", () => {
    const query = {
      filters: [
        { key: 'country' as const, operator: 'in' as const, values: ['FR'] },
        {
          key: 'propertyId' as const,
          operator: 'in' as const,
          values: ['site-1', 'other', 'site-3'],
        },
      ],
    };
    expect(foreignPropertyIssues(query, new Set(['site-1', 'site-3']))).toEqual([
      expect.objectContaining({
        field: 'query.filters.1.values.1',
        message: REPORT_PROPERTY_NOT_IN_ACCOUNT,
      }),
    ]);
    expect(foreignPropertyIssues(query, new Set(['site-1', 'other', 'site-3']))).toEqual([]);
  });
});

describe('reportJobStatus', () => {
  const onDemand = { type: 'on_demand', active: true } as const;
  const scheduled = { type: 'scheduled', active: true } as const;

  it("shows an on-demand report's latest run, PENDING before it first runs", () => {
    expect(reportJobStatus(onDemand, undefined, false)).toBe('PENDING');
    expect(reportJobStatus(onDemand, { status: 'RUNNING' }, false)).toBe('RUNNING');
    expect(reportJobStatus(onDemand, { status: 'FAILED' }, false)).toBe('FAILED');
    expect(reportJobStatus(onDemand, { status: 'COMPLETED' }, false)).toBe('COMPLETED');
  });

  it('shows a scheduled report ACTIVE, PAUSED, RUNNING while it runs, COMPLETED when over', () => {
    expect(reportJobStatus(scheduled, undefined, false)).toBe('ACTIVE');
    expect(reportJobStatus(scheduled, { status: 'FAILED' }, false)).toBe('ACTIVE');
    expect(reportJobStatus({ ...scheduled, active: false }, undefined, false)).toBe('PAUSED');
    expect(reportJobStatus({ ...scheduled, active: false }, { status: 'RUNNING' }, false)).toBe(
      'RUNNING',
    );
    expect(reportJobStatus(scheduled, { status: 'COMPLETED' }, true)).toBe('COMPLETED');
    expect(reportJobStatus(scheduled, { status: 'PENDING' }, true)).toBe('ACTIVE');
  });

  it('offers resume on a paused report and pause on an active one', () => {
    expect(reportRowActions('scheduled', reportJobStatus(scheduled, undefined, false))).toContain(
      'pause',
    );
    expect(
      reportRowActions(
        'scheduled',
        reportJobStatus({ ...scheduled, active: false }, undefined, false),
      ),
    ).toContain('resume');
  });
});
