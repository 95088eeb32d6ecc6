import { z } from 'zod';
import type { Issue } from '../validation';

/**
 * A bulk update job and its status call (themes-and-bulk-update §7; properties-and-tags §3
 * "Bulk-update status for alerts"). The job runs property by property on the server, which
 * derives this state from its records; how the status page shows it is reports/bulk-update-progress.ts.
 */

export const BulkUpdateJobStatus = z.enum(['RUNNING', 'SUCCESSFUL', 'FAILED']);
export type BulkUpdateJobStatus = z.infer<typeof BulkUpdateJobStatus>;

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

/** How many properties failed: `failed` lists one reason per broken rule, so properties count once. */
export const failedPropertyCount = (failed: readonly Pick<BulkUpdateFailure, 'siteId'>[]): number =>
  new Set(failed.map((f) => f.siteId)).size;

/** A property's broken rules as the job's failure reasons. */
export const bulkFailuresOf = (
  property: { siteId: number; identifier: string },
  issues: readonly Pick<Issue, 'field' | 'message'>[],
): BulkUpdateFailure[] => issues.map(({ field, message }) => ({ ...property, field, message }));
