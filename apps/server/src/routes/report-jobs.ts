import { AssentError } from '@assent/core';
import { buildPath, routes } from '@assent/core/api';
import type { Routes } from '@assent/core/api';
import {
  REPORT_DELETED,
  REPORT_FILE_CONTENT_TYPE,
  REPORT_NOT_FOUND,
  REPORT_NOT_SCHEDULED,
  REPORT_PAUSED,
  REPORT_RESUMED,
  REPORT_SAVED,
  REPORT_SCHEDULED,
  REPORT_UPDATED,
  foreignPropertyIssues,
  propertyIdsFromFilters,
  reportJobStatus,
  validateReportJobInput,
} from '@assent/core/reports';
import type { ReportJob, ReportJobInput } from '@assent/core/reports';
import type { z } from 'zod';
import type { Queryable } from '../db';
import { queueReportRun } from '../jobs/report-scheduler';
import { nextOccurrence } from '../jobs/report-schedule';
import type { StoredReportJob } from '../repositories/report-jobs';
import { reportJobs, reportRuns } from '../repositories/report-jobs';
import type { AppDeps, GroupHandlers } from './context';

type JobRoutes = Pick<
  Routes['analytics'],
  | 'createJob'
  | 'updateJob'
  | 'deleteJob'
  | 'setJobActive'
  | 'listJobs'
  | 'getJob'
  | 'downloadJobFile'
>;

/** A saved report as the API returns it: its latest run's status, file, size and error. */
export function reportJobBody(job: StoredReportJob): z.input<typeof ReportJob> {
  const run = job.latestRun;
  const file = job.latestFile;
  const scheduled = job.type === 'scheduled';
  return {
    id: job.id,
    name: job.name,
    type: job.type,
    status: reportJobStatus(job, run ?? undefined, scheduled && job.nextRunAt === null),
    active: job.active,
    size: file?.size ?? null,
    fileUrl: file
      ? buildPath(routes.analytics.downloadJobFile.path, {
          pCode: job.pcode,
          jobId: job.id,
          runId: file.runId,
        })
      : null,
    startDate: scheduled ? (job.scheduleInfo?.startDate ?? null) : (run?.startDate ?? null),
    endDate: scheduled ? (job.scheduleInfo?.endDate ?? null) : (run?.endDate ?? null),
    frequency: job.scheduleInfo?.frequency ?? null,
    recipients: job.recipients,
    scheduleInfo: job.scheduleInfo,
    query: job.query,
    createdAt: job.createdAt,
    error: run?.status === 'FAILED' ? run.error : null,
    lastRunAt: run?.finishedAt ?? null,
    nextRunAt: scheduled && job.active ? job.nextRunAt : null,
  };
}

/**
 * Checks a report before it is stored: the core rules (name, a query that can run, the schedule)
 * and that its property filter names only the account's properties. Throws a 400 naming each field.
 */
async function checkReportJob(q: Queryable, pcode: string, job: ReportJobInput): Promise<void> {
  const checked = validateReportJobInput(job);
  if (!checked.ok) throw AssentError.fromIssues(checked.issues);
  const ids = (propertyIdsFromFilters(job.query.filters) ?? []).map(String);
  const own = await reportJobs.ownPropertyIds(q, pcode, ids);
  const foreign = foreignPropertyIssues(job.query, own);
  if (foreign.length) throw AssentError.fromIssues(foreign);
}

const firstRunFrom = (job: ReportJobInput, now: Date) =>
  job.type === 'scheduled' && job.scheduleInfo ? nextOccurrence(job.scheduleInfo, now) : null;

/** Queues a run of an on-demand report now (its file is made in the background). */
async function runOnDemand(deps: AppDeps, pcode: string, jobId: string): Promise<void> {
  const runId = await reportRuns.add(deps.db, {
    jobId,
    pcode,
    periodAt: deps.now(),
    now: deps.now(),
  });
  if (runId) await queueReportRun(deps.jobs, runId);
}

async function existing(deps: AppDeps, pcode: string, id: string): Promise<StoredReportJob> {
  const job = await reportJobs.get(deps.db, pcode, id);
  if (!job) throw new AssentError('NOT_FOUND', REPORT_NOT_FOUND);
  return job;
}

const sameSchedule = (job: StoredReportJob, input: ReportJobInput) =>
  job.type === input.type &&
  JSON.stringify(job.scheduleInfo ?? null) ===
    JSON.stringify(input.type === 'scheduled' ? (input.scheduleInfo ?? null) : null);

/**
 * Saved and scheduled reports (reports-and-account §3, §4, §7). Saving an on-demand report runs it
 * in the background; a scheduled report runs at each of its periods (jobs/report-scheduler).
 */
export const reportJobHandlers: GroupHandlers<JobRoutes> = {
  async createJob({ body }, { deps, pCode, user }) {
    await checkReportJob(deps.db, pCode, body);
    const now = deps.now();
    const id = await reportJobs.create(deps.db, {
      pcode: pCode,
      job: body,
      nextRunAt: firstRunFrom(body, now),
      userId: user().id,
      now,
    });
    if (body.type === 'on_demand') await runOnDemand(deps, pCode, id);
    return { message: body.type === 'scheduled' ? REPORT_SCHEDULED : REPORT_SAVED, id };
  },

  async updateJob({ params, body }, { deps, pCode }) {
    const job = await existing(deps, pCode, params.jobId);
    await checkReportJob(deps.db, pCode, body);
    const now = deps.now();
    await reportJobs.update(deps.db, {
      pcode: pCode,
      id: job.id,
      job: body,
      reschedule: sameSchedule(job, body) ? null : { nextRunAt: firstRunFrom(body, now), now },
      now,
    });
    if (body.type === 'on_demand') await runOnDemand(deps, pCode, job.id);
    return { message: REPORT_UPDATED, id: job.id };
  },

  async deleteJob({ params }, { deps, pCode }) {
    if (!(await reportJobs.remove(deps.db, pCode, params.jobId)))
      throw new AssentError('NOT_FOUND', REPORT_NOT_FOUND);
    return { message: REPORT_DELETED, id: params.jobId };
  },

  async setJobActive({ params, query }, { deps, pCode }) {
    const job = await existing(deps, pCode, params.jobId);
    if (job.type !== 'scheduled' || !job.scheduleInfo)
      throw new AssentError('CONFLICT', REPORT_NOT_SCHEDULED);
    const now = deps.now();
    await reportJobs.setActive(deps.db, {
      pcode: pCode,
      id: job.id,
      active: query.active,
      nextRunAt: nextOccurrence(job.scheduleInfo, now),
      now,
    });
    return { message: query.active ? REPORT_RESUMED : REPORT_PAUSED, id: job.id };
  },

  async listJobs({ params, query }, { deps }) {
    const jobs = await reportJobs.list(deps.db, params.pCode, query);
    return jobs.map(reportJobBody);
  },

  async getJob({ params }, { deps, pCode }) {
    return reportJobBody(await existing(deps, pCode, params.jobId));
  },

  async downloadJobFile({ params }, { deps, pCode }) {
    const file = await reportRuns.file(deps.db, {
      pcode: pCode,
      jobId: params.jobId,
      runId: params.runId,
    });
    if (!file) throw new AssentError('NOT_FOUND', REPORT_NOT_FOUND);
    return { body: file.csv, contentType: REPORT_FILE_CONTENT_TYPE, filename: file.fileName };
  },
};
