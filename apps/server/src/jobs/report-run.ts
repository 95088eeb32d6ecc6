import { buildPath, routes } from '@assent/core/api';
import {
  REPORT_FILE_CONTENT_TYPE,
  customReportRows,
  describeReportError,
  reportFileName,
  reportRowsToCsv,
  reportRunErrorMessage,
  reportTimeoutMessage,
  reportValueNames,
  savedReportRunBody,
} from '@assent/core/reports';
import type {
  AnalyticsQueryBody,
  AnalyticsQueryResponse,
  ReportValueNames,
} from '@assent/core/reports';
import type { Db } from '../db';
import { reportProperties, reportThemes } from '../analytics/report-refs';
import type { StoredReportJob } from '../repositories/report-jobs';
import { reportJobs, reportRuns } from '../repositories/report-jobs';
import type { Logger } from '../services/logger';
import type { Mailer } from '../services/mailer';

/**
 * The analytics query a report runs: the report builder's query (POST /analytics/v1/report/...),
 * scoped to one account. It stops when `signal` aborts (the report's time limit).
 */
export type RunReportQuery = (
  pcode: string,
  body: AnalyticsQueryBody,
  options: { signal: AbortSignal },
) => Promise<AnalyticsQueryResponse>;

export interface ReportRunSettings {
  /** A run taking longer fails with GATEWAY_TIMEOUT_MARKER ('504 Gateway Timeout ERROR'). */
  timeoutMs: number;
  /** Files up to this size are attached to the mail; larger ones are only linked. */
  attachMaxBytes: number;
  /** The origin links in mails point to. */
  publicUrl: string;
}

export interface ReportRunDeps {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  now: () => Date;
  runQuery: RunReportQuery;
  settings: ReportRunSettings;
}

/** A worker that stopped answering loses its claim on a run after this long; then it runs again. */
export const reportRunLeaseMs = (settings: Pick<ReportRunSettings, 'timeoutMs'>) =>
  settings.timeoutMs + 5 * 60_000;

/** The query body of one run: the saved query, its time period dated at the run's period. */
export function reportRunBody(
  job: Pick<StoredReportJob, 'query'>,
  periodAt: Date,
): { body: AnalyticsQueryBody; startDate: string | null; endDate: string | null } {
  const { body, range } = savedReportRunBody(job.query, periodAt);
  return { body, startDate: range?.startDate ?? null, endDate: range?.endDate ?? null };
}

class ReportTimeout extends Error {
  constructor(ms: number) {
    super(reportTimeoutMessage(ms));
  }
}

/** Runs the query under the time limit: past it the query is aborted and the run fails. */
async function queryWithin(
  run: RunReportQuery,
  pcode: string,
  body: AnalyticsQueryBody,
  timeoutMs: number,
): Promise<AnalyticsQueryResponse> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new ReportTimeout(timeoutMs);
      controller.abort(error);
      reject(error);
    }, timeoutMs);
  });
  try {
    return await Promise.race([run(pcode, body, { signal: controller.signal }), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The link to a run's file (signed-in members of the account can open it). */
export function reportFileUrl(
  publicUrl: string,
  ids: { pcode: string; jobId: string; runId: string },
): string {
  return `${publicUrl}${buildPath(routes.analytics.downloadJobFile.path, {
    pCode: ids.pcode,
    jobId: ids.jobId,
    runId: ids.runId,
  })}`;
}

const rangeText = (startDate: string | null, endDate: string | null) =>
  startDate && endDate ? (startDate === endDate ? startDate : `${startDate} to ${endDate}`) : '';

/**
 * The names a report file shows for the ids its rows carry, as the console's results and CSV show
 * them (core's reportValueNames): the account's themes (the built-in ones included) and properties.
 */
async function accountReportValueNames(db: Db, pcode: string): Promise<ReportValueNames> {
  const [themes, props] = await Promise.all([reportThemes(db, pcode), reportProperties(db, pcode)]);
  return reportValueNames({ themes, properties: props });
}

/**
 * One run of a saved report, as the report-run queue's worker: claims the run (a run already taken
 * or finished is left alone), runs the report's query under the time limit, stores the CSV and its
 * size, then delivers it. A failed run stores its reason. A run finished but not delivered (its
 * worker died in between) is delivered when it comes back.
 */
export async function runReportJob(deps: ReportRunDeps, runId: string): Promise<void> {
  const { db, logger, settings } = deps;
  const run = await reportRuns.claim(db, runId, deps.now(), reportRunLeaseMs(settings));
  if (!run) {
    await deliverReportRun(deps, runId);
    return;
  }
  const job = await reportJobs.get(db, run.pcode, run.jobId);
  if (!job) return;
  const { body, startDate, endDate } = reportRunBody(job, run.periodAt);

  let outcome: Parameters<typeof reportRuns.finish>[2];
  try {
    const response = await queryWithin(deps.runQuery, job.pcode, body, settings.timeoutMs);
    const rows = customReportRows(response);
    // Themes, properties and theme languages by name, as the console's results show them.
    const names = await accountReportValueNames(db, job.pcode);
    const csv = reportRowsToCsv(job.query, rows, undefined, names);
    const day = (endDate ?? run.periodAt.toISOString()).slice(0, 10);
    outcome = {
      status: 'COMPLETED',
      startDate,
      endDate,
      fileName: reportFileName(job.name, day),
      csv,
      size: Buffer.byteLength(csv, 'utf8'),
      rows: rows.length,
    };
  } catch (error) {
    const message = describeReportError(error);
    logger.warn({ run: run.id, job: job.id, err: message }, 'report run failed');
    outcome = { status: 'FAILED', startDate, endDate, error: message };
  }
  if (await reportRuns.finish(db, run, outcome, deps.now())) await deliverReportRun(deps, runId);
}

/**
 * Mails a finished run to each of its report's recipients, then marks it delivered: the file is
 * linked, and attached when it is small enough; a failure says why (a report too large for the
 * time limit asks for fewer dimensions and metrics).
 */
export async function deliverReportRun(deps: ReportRunDeps, runId: string): Promise<void> {
  const { db, settings } = deps;
  const run = await reportRuns.undelivered(db, runId);
  if (!run) return;
  const job = await reportJobs.get(db, run.pcode, run.jobId);
  if (!job) return;
  const range = rangeText(run.startDate, run.endDate);
  const attach = run.csv !== null && (run.size ?? 0) <= settings.attachMaxBytes;
  const mail =
    run.status === 'COMPLETED'
      ? {
          subject: `Report ready: ${job.name}${range ? ` (${range})` : ''}`,
          text: [
            `Your Assent report "${job.name}" is ready${range ? ` for ${range}` : ''}: ${run.rows ?? 0} rows.`,
            '',
            `Download it (sign-in required): ${reportFileUrl(settings.publicUrl, {
              pcode: job.pcode,
              jobId: job.id,
              runId: run.id,
            })}`,
            attach
              ? `The CSV file ${run.fileName ?? ''} is attached.`
              : `The file is too large to attach (${run.size ?? 0} bytes).`,
          ].join('\n'),
          attachments: attach
            ? [
                {
                  filename: run.fileName ?? 'report.csv',
                  content: run.csv ?? '',
                  contentType: REPORT_FILE_CONTENT_TYPE,
                },
              ]
            : [],
        }
      : {
          subject: `Report failed: ${job.name}`,
          text: [
            `Your Assent report "${job.name}"${range ? ` for ${range}` : ''} could not be produced.`,
            '',
            reportRunErrorMessage(run.error ?? ''),
          ].join('\n'),
          attachments: [],
        };
  for (const to of job.recipients) await deps.mailer.send({ to, ...mail });
  await reportRuns.markMailed(db, run.id, deps.now());
}
