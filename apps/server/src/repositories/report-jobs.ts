import type {
  ReportJobInput,
  ReportRunStatus,
  ReportType,
  SavedReportQuery,
  ScheduleInfo,
} from '@assent/core/reports';
import type { Queryable } from '../db';
import { isoOrNull } from '../db';

type Row = Record<string, unknown>;

/** A saved report as stored, with its latest run and its latest file. */
export interface StoredReportJob {
  id: string;
  pcode: string;
  name: string;
  type: ReportType;
  active: boolean;
  query: SavedReportQuery;
  scheduleInfo: ScheduleInfo | null;
  recipients: string[];
  nextRunAt: string | null;
  createdAt: string;
  latestRun: {
    status: ReportRunStatus;
    error: string | null;
    finishedAt: string | null;
    startDate: string | null;
    endDate: string | null;
  } | null;
  latestFile: { runId: string; size: number } | null;
}

/** One run of a report: its period (the instant it was due) and, once done, its file. */
export interface StoredReportRun {
  id: string;
  jobId: string;
  pcode: string;
  periodAt: Date;
  status: ReportRunStatus;
  attempts: number;
  claimedAt: Date | null;
  mailedAt: Date | null;
}

/** A finished run with its outcome (for its mail). */
export interface FinishedReportRun extends StoredReportRun {
  startDate: string | null;
  endDate: string | null;
  fileName: string | null;
  csv: string | null;
  size: number | null;
  rows: number | null;
  error: string | null;
}

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

const scheduleOf = (r: Row): ScheduleInfo | null =>
  r.frequency
    ? {
        frequency: r.frequency as ScheduleInfo['frequency'],
        startDate: String(r.start_date),
        endDate: String(r.end_date),
        time: String(r.run_time),
      }
    : null;

const toJob = (r: Row): StoredReportJob => ({
  id: String(r.id),
  pcode: String(r.pcode),
  name: String(r.name),
  type: r.type as ReportType,
  active: Boolean(r.active),
  query: json<SavedReportQuery>(r.query),
  scheduleInfo: scheduleOf(r),
  recipients: json<string[]>(r.recipients),
  nextRunAt: isoOrNull(r.next_run_at),
  createdAt: isoOrNull(r.created_at) ?? '',
  latestRun: r.run_status
    ? {
        status: r.run_status as ReportRunStatus,
        error: (r.run_error as string | null) ?? null,
        finishedAt: isoOrNull(r.run_finished_at),
        startDate: (r.run_start_date as string | null) ?? null,
        endDate: (r.run_end_date as string | null) ?? null,
      }
    : null,
  latestFile: r.file_run_id ? { runId: String(r.file_run_id), size: Number(r.file_size) } : null,
});

const toRun = (r: Row): StoredReportRun => ({
  id: String(r.id),
  jobId: String(r.job_id),
  pcode: String(r.pcode),
  periodAt: new Date(r.period_at as string | Date),
  status: r.status as ReportRunStatus,
  attempts: Number(r.attempts),
  claimedAt: r.claimed_at ? new Date(r.claimed_at as string | Date) : null,
  mailedAt: r.mailed_at ? new Date(r.mailed_at as string | Date) : null,
});

const SELECT_JOBS = `
  select j.*, lr.status as run_status, lr.error as run_error, lr.finished_at as run_finished_at,
         lr.start_date as run_start_date, lr.end_date as run_end_date,
         lf.id as file_run_id, lf.size as file_size
  from report_jobs j
  left join lateral (
    select status, error, finished_at, start_date, end_date from report_runs r
    where r.job_id = j.id order by r.period_at desc, r.created_at desc limit 1
  ) lr on true
  left join lateral (
    select id, size from report_runs r
    where r.job_id = j.id and r.status = 'COMPLETED' order by r.period_at desc limit 1
  ) lf on true`;

/** Like-pattern text matched literally. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Saved reports and their runs; every statement is scoped to an account code. */
/** A report's stored columns in table order: name, type, query, frequency, start and end dates, run time, recipients. */
function jobColumns(job: ReportJobInput): unknown[] {
  const s = job.type === 'scheduled' ? job.scheduleInfo : undefined;
  return [
    job.name.trim(),
    job.type,
    JSON.stringify(job.query),
    s?.frequency ?? null,
    s?.startDate ?? null,
    s?.endDate ?? null,
    s?.time ?? null,
    JSON.stringify(job.recipients),
  ];
}

export const reportJobs = {
  async create(
    q: Queryable,
    input: {
      pcode: string;
      job: ReportJobInput;
      nextRunAt: Date | null;
      userId: number;
      now: Date;
    },
  ): Promise<string> {
    const id = crypto.randomUUID();
    await q.query(
      `insert into report_jobs (id, pcode, name, type, active, query, frequency, start_date, end_date,
         run_time, recipients, schedule_from, next_run_at, created_by, created_at, updated_at)
       values ($1, $2, $3, $4, true, $5, $6, $7, $8, $9, $10, $11, $12, $13, $11, $11)`,
      [id, input.pcode, ...jobColumns(input.job), input.now, input.nextRunAt, input.userId],
    );
    return id;
  },

  /** Rewrites a report; false when the account has no such report. */
  async update(
    q: Queryable,
    input: {
      pcode: string;
      id: string;
      job: ReportJobInput;
      /** Set when the schedule changed: the schedule restarts now. */
      reschedule: { nextRunAt: Date | null; now: Date } | null;
      now: Date;
    },
  ): Promise<boolean> {
    const rows = await q.query(
      `update report_jobs set name = $3, type = $4, query = $5, frequency = $6, start_date = $7,
         end_date = $8, run_time = $9, recipients = $10, updated_at = $11,
         schedule_from = case when $12::boolean then $11 else schedule_from end,
         next_run_at = case when $12::boolean then $13::timestamptz else next_run_at end
       where pcode = $1 and id = $2 returning id`,
      [
        input.pcode,
        input.id,
        ...jobColumns(input.job),
        input.now,
        input.reschedule !== null,
        input.reschedule?.nextRunAt ?? null,
      ],
    );
    return rows.length > 0;
  },

  async remove(q: Queryable, pcode: string, id: string): Promise<boolean> {
    const rows = await q.query(
      `delete from report_jobs where pcode = $1 and id = $2 returning id`,
      [pcode, id],
    );
    return rows.length > 0;
  },

  /**
   * Pauses or resumes a report; a resumed schedule restarts at `now` (the periods it missed while
   * paused are not owed). False when the account has no such report.
   */
  async setActive(
    q: Queryable,
    input: { pcode: string; id: string; active: boolean; nextRunAt: Date | null; now: Date },
  ): Promise<boolean> {
    const rows = await q.query(
      `update report_jobs set active = $3, updated_at = $4,
         schedule_from = case when $3 and not active then $4 else schedule_from end,
         next_run_at = case when $3 and not active then $5::timestamptz else next_run_at end
       where pcode = $1 and id = $2 returning id`,
      [input.pcode, input.id, input.active, input.now, input.nextRunAt],
    );
    return rows.length > 0;
  },

  async get(q: Queryable, pcode: string, id: string): Promise<StoredReportJob | undefined> {
    const rows = await q.query(`${SELECT_JOBS} where j.pcode = $1 and j.id = $2`, [pcode, id]);
    return rows[0] && toJob(rows[0]);
  },

  /** The account's reports, newest first, optionally of one type and containing a name text. */
  async list(
    q: Queryable,
    pcode: string,
    filter: { type?: ReportType | undefined; name?: string | undefined },
  ): Promise<StoredReportJob[]> {
    const name = filter.name?.trim();
    const rows = await q.query(
      `${SELECT_JOBS} where j.pcode = $1 and ($2::text is null or j.type = $2)
         and ($3::text is null or j.name ilike '%' || $3 || '%')
       order by j.created_at desc, j.id`,
      [pcode, filter.type ?? null, name ? likeLiteral(name) : null],
    );
    return rows.map(toJob);
  },

  /** Active scheduled reports whose next run is due (a period's unique run key keeps doubles out). */
  async due(q: Queryable, now: Date): Promise<StoredReportJob[]> {
    const rows = await q.query(
      `${SELECT_JOBS} where j.type = 'scheduled' and j.active and j.next_run_at <= $1
       order by j.next_run_at limit 100`,
      [now],
    );
    return rows.map(toJob);
  },

  async setNextRun(q: Queryable, id: string, nextRunAt: Date | null): Promise<void> {
    await q.query(`update report_jobs set next_run_at = $2 where id = $1`, [id, nextRunAt]);
  },

  /** The account's properties among some ids (to refuse another account's in a filter). */
  async ownPropertyIds(q: Queryable, pcode: string, ids: readonly string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const rows = await q.query<{ uuid: string }>(
      `select uuid from properties where pcode = $1 and uuid = any($2::text[])`,
      [pcode, [...ids]],
    );
    return new Set(rows.map((r) => r.uuid));
  },
};

export const reportRuns = {
  /** Adds the run of one period; null when that period already has one (exactly once). */
  async add(
    q: Queryable,
    input: { jobId: string; pcode: string; periodAt: Date; now: Date },
  ): Promise<string | null> {
    const rows = await q.query<{ id: string }>(
      `insert into report_runs (id, job_id, pcode, period_at, status, created_at)
       values ($1, $2, $3, $4, 'PENDING', $5)
       on conflict (job_id, period_at) do nothing returning id`,
      [crypto.randomUUID(), input.jobId, input.pcode, input.periodAt, input.now],
    );
    return rows[0]?.id ?? null;
  },

  /**
   * Runs waiting for a worker: queued ones, running ones whose worker stopped answering (its claim
   * is older than the lease), and finished ones whose mail was never sent, so a crash at any point
   * leaves nothing stuck.
   */
  async waiting(q: Queryable, now: Date, leaseMs: number): Promise<string[]> {
    const rows = await q.query<{ id: string }>(
      `select id from report_runs
       where status = 'PENDING' or (status = 'RUNNING' and claimed_at < $1)
          or (mailed_at is null and status in ('COMPLETED', 'FAILED') and finished_at < $1)
       order by period_at limit 500`,
      [new Date(now.getTime() - leaseMs)],
    );
    return rows.map((r) => r.id);
  },

  /**
   * Takes a run for this worker: a queued run, or a running one whose claim is older than the
   * lease. Undefined when another worker holds it or it is finished.
   */
  async claim(
    q: Queryable,
    id: string,
    now: Date,
    leaseMs: number,
  ): Promise<StoredReportRun | undefined> {
    const rows = await q.query(
      `update report_runs set status = 'RUNNING', claimed_at = $2, attempts = attempts + 1
       where id = $1 and (status = 'PENDING' or (status = 'RUNNING' and claimed_at < $3))
       returning *`,
      [id, now, new Date(now.getTime() - leaseMs)],
    );
    return rows[0] && toRun(rows[0]);
  },

  /** Stores the outcome of a claimed run; false when the claim was lost meanwhile. */
  async finish(
    q: Queryable,
    run: StoredReportRun,
    outcome:
      | {
          status: 'COMPLETED';
          startDate: string | null;
          endDate: string | null;
          fileName: string;
          csv: string;
          size: number;
          rows: number;
        }
      | { status: 'FAILED'; startDate: string | null; endDate: string | null; error: string },
    now: Date,
  ): Promise<boolean> {
    const done = outcome.status === 'COMPLETED' ? outcome : undefined;
    const rows = await q.query(
      `update report_runs set status = $3, start_date = $4, end_date = $5, file_name = $6, csv = $7,
         size = $8, rows = $9, error = $10, finished_at = $11
       where id = $1 and status = 'RUNNING' and claimed_at = $2 returning id`,
      [
        run.id,
        run.claimedAt,
        outcome.status,
        outcome.startDate,
        outcome.endDate,
        done?.fileName ?? null,
        done?.csv ?? null,
        done?.size ?? null,
        done?.rows ?? null,
        outcome.status === 'FAILED' ? outcome.error : null,
        now,
      ],
    );
    return rows.length > 0;
  },

  /** Marks a finished run delivered (its recipients were mailed, or it had none). */
  async markMailed(q: Queryable, id: string, now: Date): Promise<void> {
    await q.query(`update report_runs set mailed_at = $2 where id = $1`, [id, now]);
  },

  /** A finished run not yet delivered, with what its mail needs. */
  async undelivered(q: Queryable, id: string): Promise<FinishedReportRun | undefined> {
    const rows = await q.query(
      `select * from report_runs
       where id = $1 and status in ('COMPLETED', 'FAILED') and mailed_at is null`,
      [id],
    );
    const r = rows[0];
    return (
      r && {
        ...toRun(r),
        startDate: (r.start_date as string | null) ?? null,
        endDate: (r.end_date as string | null) ?? null,
        fileName: (r.file_name as string | null) ?? null,
        csv: (r.csv as string | null) ?? null,
        size: r.size === null ? null : Number(r.size),
        rows: r.rows === null ? null : Number(r.rows),
        error: (r.error as string | null) ?? null,
      }
    );
  },

  /** A finished run's file, only through its own account and report. */
  async file(
    q: Queryable,
    input: { pcode: string; jobId: string; runId: string },
  ): Promise<{ fileName: string; csv: string } | undefined> {
    const rows = await q.query<{ file_name: string; csv: string }>(
      `select file_name, csv from report_runs
       where pcode = $1 and job_id = $2 and id = $3 and status = 'COMPLETED'`,
      [input.pcode, input.jobId, input.runId],
    );
    const r = rows[0];
    return r && { fileName: r.file_name, csv: r.csv };
  },
};
