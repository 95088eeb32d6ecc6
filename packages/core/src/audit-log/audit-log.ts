import { z } from 'zod';
import { TEXT_LIMITS, textLimitIssues } from '../limits';
import { REQUIRED } from '../messages';
import type { Issue, Validation } from '../validation';
import { collect, issue } from '../validation';
import { oneLineText } from '../text';

/** The state of an audit-log (consent log) export. QUEUED and RUNNING are pending. */
export const AuditLogState = z.enum(['QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED']);
export type AuditLogState = z.infer<typeof AuditLogState>;

export const AuditLog = z.object({
  id: z.string(),
  queryId: z.string(),
  url: z.string(),
  queryState: AuditLogState,
  isDownloaded: z.boolean(),
  isDownloading: z.boolean(),
  endDate: z.string(),
  daysBack: z.number().int(),
  rows: z.number().int().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditLog = z.infer<typeof AuditLog>;

/** The download-logs dialog: an end date (YYYY-MM-DD) and how many days back. */
export const DOWNLOAD_LOG_DAYS = [30, 60, 90] as const;
export const DownloadLogsRequest = z.object({
  url: oneLineText(z.string().min(1)),
  endDate: z.string(),
  daysBack: z.number().int(),
});
export type DownloadLogsRequest = z.infer<typeof DownloadLogsRequest>;

/** Messages of the download-logs dialog (wording not shown in the spec). */
export const END_DATE_IN_FUTURE = 'The end date cannot be in the future';
export const END_DATE_TOO_OLD = 'The end date must be within the last 13 months';
export const DAYS_BACK_INVALID = 'Please choose 30, 60 or 90 days';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The first day a log may end on: 13 months before today (UTC). */
export function earliestLogEndDate(now: Date): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 13, now.getUTCDate()));
  return d.toISOString().slice(0, 10);
}

/**
 * Download logs: end date and days back (30, 60 or 90) both required; the end date not in the
 * future and not older than 13 months; the property's url at most 2048 characters (issue 19 item 9).
 */
export function validateDownloadLogs(
  input: { url?: string; endDate?: string; daysBack?: number },
  now: Date,
): Validation<{ endDate: string; daysBack: number }> {
  const issues: Issue[] = textLimitIssues(input, { url: TEXT_LIMITS.url });
  const { endDate, daysBack } = input;
  if (!endDate) issues.push(issue('endDate', 'required', REQUIRED));
  else if (!ISO_DATE.test(endDate)) issues.push(issue('endDate', 'date', REQUIRED));
  else if (endDate > now.toISOString().slice(0, 10))
    issues.push(issue('endDate', 'notFuture', END_DATE_IN_FUTURE));
  else if (endDate < earliestLogEndDate(now))
    issues.push(issue('endDate', 'within13Months', END_DATE_TOO_OLD));
  if (daysBack === undefined) issues.push(issue('daysBack', 'required', REQUIRED));
  else if (!(DOWNLOAD_LOG_DAYS as readonly number[]).includes(daysBack)) {
    issues.push(issue('daysBack', 'oneOf', DAYS_BACK_INVALID));
  }
  return collect({ endDate: endDate ?? '', daysBack: daysBack ?? 0 }, issues);
}

/** The first day covered by a log that ends on `endDate` and goes `daysBack` days back. */
export function logStartDate(endDate: string, daysBack: number): string {
  const end = new Date(`${endDate}T00:00:00Z`);
  return new Date(end.getTime() - (daysBack - 1) * 86_400_000).toISOString().slice(0, 10);
}

/** Audit-log urls are normalised to start with http:// (properties-and-tags §7). */
export const normaliseAuditUrl = (url: string): string =>
  /^https?:\/\//i.test(url.trim()) ? url.trim() : `http://${url.trim()}`;

export const isPendingAuditLog = (log: Pick<AuditLog, 'queryState'>): boolean =>
  log.queryState === 'QUEUED' || log.queryState === 'RUNNING';

/**
 * Which modal lists a log: SUCCEEDED and not downloaded → success; FAILED or CANCELLED → failure;
 * pending logs are polled.
 */
export function partitionAuditLogs<T extends Pick<AuditLog, 'queryState' | 'isDownloaded'>>(
  logs: readonly T[],
): { succeeded: T[]; failed: T[]; pending: T[] } {
  return {
    succeeded: logs.filter((l) => l.queryState === 'SUCCEEDED' && !l.isDownloaded),
    failed: logs.filter((l) => l.queryState === 'FAILED' || l.queryState === 'CANCELLED'),
    pending: logs.filter(isPendingAuditLog),
  };
}

export const AUDIT_SUCCESS_TITLE = 'Your logs are ready';
export const AUDIT_FAILURE_TITLE = 'Some logs could not be prepared';
export const COPY_PROPERTIES = 'Copy Properties';
