import { z } from 'zod';
import type { Issue } from '../validation';

/**
 * A bulk update job and its status call (themes-and-bulk-update §7; properties-and-tags §3
 * "Bulk-update status for alerts"). The job runs property by property on the server.
 */

export const BulkUpdateJobStatus = z.enum(['RUNNING', 'SUCCESSFUL', 'FAILED']);
export type BulkUpdateJobStatus = z.infer<typeof BulkUpdateJobStatus>;

/** How a job's status is shown: RUNNING until it ends, then COMPLETED. */
export type BulkUpdateDisplayStatus = 'RUNNING' | 'COMPLETED';
export const bulkUpdateDisplayStatus = (status: BulkUpdateJobStatus): BulkUpdateDisplayStatus =>
  status === 'RUNNING' ? 'RUNNING' : 'COMPLETED';

/** Why one property was not updated: the broken rule of its save. */
export const BulkUpdateFailure = z.object({
  siteId: z.number().int(),
  /** The property's url or package id. */
  identifier: z.string(),
  field: z.string(),
  message: z.string(),
});
export type BulkUpdateFailure = z.infer<typeof BulkUpdateFailure>;

export const BulkUpdateJob = z.object({
  status: BulkUpdateJobStatus,
  /** True once every property has been processed (SUCCESSFUL or FAILED). */
  done: z.boolean(),
  /** E-mail address of the user who submitted it. */
  initiatedBy: z.string(),
  startedAt: z.string(),
  lastUpdatedOn: z.string(),
  /** Properties updated so far. */
  successful: z.number().int().nonnegative(),
  /** Properties not updated, with the reasons (one entry per broken rule). */
  failed: z.array(BulkUpdateFailure),
  /** Properties still to process. */
  pending: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  /** With page=sites: the siteIds still pending (their properties are not editable meanwhile). */
  sites: z.array(z.number().int()).optional(),
});
export type BulkUpdateJob = z.infer<typeof BulkUpdateJob>;

/** The `page` query of the status call: 'sites' adds the pending siteIds. */
export const BulkStatusPage = z.enum(['sites', 'status']);
export type BulkStatusPage = z.infer<typeof BulkStatusPage>;

/** The codes the bulk update calls answer with (the `code` of their bodies). */
export const BulkUpdateCode = z.enum([
  'BULK_UPDATE_STARTED',
  'BULK_UPDATE_STATUS',
  'NO_BULK_UPDATE',
]);
export type BulkUpdateCode = z.infer<typeof BulkUpdateCode>;

/** The submit call's answer. */
export const BulkUpdateSubmitResponse = z.object({
  code: z.string(),
  message: z.string(),
  job: BulkUpdateJob,
});
export type BulkUpdateSubmitResponse = z.infer<typeof BulkUpdateSubmitResponse>;

/** The status call's answer: the account's latest job, or null when there has been none. */
export const BulkUpdateStatusResponse = z.object({
  code: z.string(),
  message: z.string(),
  job: BulkUpdateJob.nullable(),
});
export type BulkUpdateStatusResponse = z.infer<typeof BulkUpdateStatusResponse>;

/** A property's broken rules as the job's failure reasons. */
export const bulkFailuresOf = (
  property: { siteId: number; identifier: string },
  issues: readonly Issue[],
): BulkUpdateFailure[] => issues.map(({ field, message }) => ({ ...property, field, message }));

/**
 * A job's state after one more property: counts moved from pending, and the status set once none
 * is pending (FAILED if any property failed, else SUCCESSFUL).
 */
export function recordBulkResult(
  job: BulkUpdateJob,
  result: { siteId: number; failures: readonly BulkUpdateFailure[] },
  now: Date,
): BulkUpdateJob {
  const pending = Math.max(0, job.pending - 1);
  const failed = [...job.failed, ...result.failures];
  const successful = job.successful + (result.failures.length === 0 ? 1 : 0);
  const done = pending === 0;
  const anyFailed = failed.length > 0;
  return {
    ...job,
    pending,
    successful,
    failed,
    done,
    status: done ? (anyFailed ? 'FAILED' : 'SUCCESSFUL') : 'RUNNING',
    lastUpdatedOn: now.toISOString(),
    ...(job.sites ? { sites: job.sites.filter((id) => id !== result.siteId) } : {}),
  };
}

/** A new job for the given properties. */
export const startBulkJob = (
  siteIds: readonly number[],
  initiatedBy: string,
  now: Date,
): BulkUpdateJob => ({
  status: siteIds.length === 0 ? 'SUCCESSFUL' : 'RUNNING',
  done: siteIds.length === 0,
  initiatedBy,
  startedAt: now.toISOString(),
  lastUpdatedOn: now.toISOString(),
  successful: 0,
  failed: [],
  pending: siteIds.length,
  total: siteIds.length,
  sites: [...siteIds],
});
