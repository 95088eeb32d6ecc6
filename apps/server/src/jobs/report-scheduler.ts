import type { Db } from '../db';
import { reportJobs, reportRuns } from '../repositories/report-jobs';
import type { Logger } from '../services/logger';
import type { JobQueue } from './queue';
import { QUEUES } from './queue';
import { dueOccurrences, nextOccurrence } from './report-schedule';

/** A server that was down catches up on at most this many missed periods of one report. */
export const REPORT_CATCH_UP_PERIODS = 7;

export interface ReportSchedulerDeps {
  db: Db;
  jobs: JobQueue;
  logger: Logger;
  now: () => Date;
  /** How long a run may go unanswered before another worker takes it (reportRunLeaseMs). */
  leaseMs: number;
}

/** Queues a run on the report-run queue; one job per run is queued or active at a time. */
export const queueReportRun = (jobs: JobQueue, runId: string) =>
  jobs.send(QUEUES.reportRun, { runId }, { singletonKey: runId });

/**
 * One pass of the scheduler: gives every due period of every active scheduled report its run (the
 * period's unique key makes that exactly once, across restarts and servers), moves each report's
 * next run on, and queues every run that waits for a worker (new, orphaned by a crash, or finished
 * but not mailed). Returns the runs it added.
 */
export async function scheduleReportRuns(deps: ReportSchedulerDeps): Promise<number> {
  const { db, now: clock } = deps;
  const now = clock();
  let added = 0;
  for (const job of await reportJobs.due(db, now)) {
    if (!job.scheduleInfo || !job.nextRunAt) continue;
    const from = new Date(job.nextRunAt);
    const periods = dueOccurrences(job.scheduleInfo, from, now, REPORT_CATCH_UP_PERIODS);
    for (const periodAt of periods) {
      if (await reportRuns.add(db, { jobId: job.id, pcode: job.pcode, periodAt, now })) added += 1;
    }
    await reportJobs.setNextRun(
      db,
      job.id,
      nextOccurrence(job.scheduleInfo, new Date(now.getTime() + 1)),
    );
  }
  for (const runId of await reportRuns.waiting(db, now, deps.leaseMs)) {
    await queueReportRun(deps.jobs, runId);
  }
  return added;
}

/**
 * Runs the scheduler at start (catching up on periods missed while the server was down) and then
 * every `intervalMs`. Returns a stop function.
 */
export function startReportScheduler(
  deps: ReportSchedulerDeps,
  intervalMs: number,
): { ready: Promise<void>; stop: () => Promise<void> } {
  let stopped = false;
  let pass: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    pass = scheduleReportRuns(deps)
      .catch((error: unknown) =>
        deps.logger.error({ err: (error as Error).message }, 'report scheduler pass failed'),
      )
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
    return pass;
  };
  const ready = tick().then(() => undefined);
  return {
    ready,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await pass;
    },
  };
}
