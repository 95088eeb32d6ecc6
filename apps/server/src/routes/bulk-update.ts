import { AssentError } from '@assent/core';
import type { Routes } from '@assent/core/api';
import {
  bulkRequestLimitIssues,
  failedPropertyCount,
  validateBulkFields,
} from '@assent/core/bulk-update';
import type { BulkUpdateJob } from '@assent/core/bulk-update';
import { propertyIdentifier, validateThemeOfAccount } from '@assent/core/property';
import type { Queryable } from '../db';
import { QUEUES } from '../jobs/queue';
import type { BulkUpdateRow } from '../repositories/bulk-updates';
import { bulkUpdates } from '../repositories/bulk-updates';
import { properties, themeRefs } from '../repositories/properties';
import type { GroupHandlers } from './context';

export const BULK_ALREADY_RUNNING =
  'A bulk update is already running for this account. Wait for it to finish, then try again.';
export const BULK_STARTED = 'The bulk update has started.';
export const NO_BULK_UPDATE = 'There has been no bulk update on this account.';
export const unknownProperties = (ids: readonly number[]) =>
  `These properties do not exist in this account: ${ids.join(', ')}`;

async function jobStatus(
  q: Queryable,
  row: BulkUpdateRow,
  withSites: boolean,
): Promise<BulkUpdateJob> {
  const progress = await bulkUpdates.progress(q, row.id);
  const pendingSites = withSites
    ? (
        await q.query<{ property_id: number }>(
          `select property_id from bulk_update_items where bulk_update_id = $1 and status = 'pending' order by position`,
          [row.id],
        )
      ).map((r) => Number(r.property_id))
    : undefined;
  return {
    status: row.status,
    done: row.status !== 'RUNNING',
    initiatedBy: row.initiatedBy,
    startedAt: row.startedAt,
    lastUpdatedOn: row.finishedAt ?? progress.lastUpdatedOn ?? row.startedAt,
    successful: progress.successful,
    failed: progress.failures,
    pending: progress.pending,
    total: row.total,
    ...(pendingSites ? { sites: pendingSites } : {}),
  };
}

export const bulkUpdateHandlers: GroupHandlers<Routes['bulkUpdate']> = {
  /**
   * Starts a durable bulk update: the properties are marked as having pending updates and one job
   * applies the fields to each, with the rules of a single save.
   */
  async submit({ body }, { deps, pCode, user }) {
    // A theme change (for all, or one property's in `items`) must name one of the account's themes.
    const themeChanges = body.items.flatMap((item, i) =>
      typeof item.changes.themeId === 'string'
        ? [{ themeId: item.changes.themeId, field: `items.${i}.changes.themeId` }]
        : [],
    );
    const themes =
      body.fields.themeId !== undefined || themeChanges.length
        ? await themeRefs(deps.db, pCode)
        : undefined;
    const checked = validateBulkFields(body.fields, themes ? { themes } : {});
    const issues = [
      ...bulkRequestLimitIssues(body),
      ...(checked.ok ? [] : checked.issues),
      ...themeChanges.flatMap((c) => validateThemeOfAccount(c.themeId, themes ?? [], c.field)),
    ];
    if (issues.length) throw AssentError.fromIssues(issues);
    const row = await deps.db.transaction(async (tx) => {
      if (await bulkUpdates.hasRunning(tx, pCode))
        throw new AssentError('CONFLICT', BULK_ALREADY_RUNNING);
      const changes = new Map(body.items.map((i) => [i.siteId, i.changes]));
      const ids = [...new Set([...body.sites, ...changes.keys()])];
      const found = await properties.byIds(tx, pCode, ids);
      const missing = ids.filter((id) => !found.some((p) => p.siteId === id));
      if (missing.length)
        throw new AssentError('NOT_FOUND', unknownProperties(missing), {
          sites: unknownProperties(missing),
        });
      return bulkUpdates.create(tx, {
        pcode: pCode,
        initiatedBy: user().email,
        fields: body.fields,
        items: found.map((p) => ({
          propertyId: p.siteId,
          identifier: propertyIdentifier(p),
          changes: changes.get(p.siteId),
        })),
        now: deps.now(),
      });
    });
    // The answer is read before the job is queued: on the embedded database the worker's
    // transactions would otherwise hold the connection and delay the 202 until the job is done.
    const job = await jobStatus(deps.db, row, false);
    await deps.jobs.send(QUEUES.bulkUpdate, { bulkUpdateId: row.id });
    return { code: 'BULK_UPDATE_STARTED', message: BULK_STARTED, job };
  },

  async status({ query }, { deps, pCode }) {
    const row = await bulkUpdates.latest(deps.db, pCode);
    if (!row) return { code: 'NO_BULK_UPDATE', message: NO_BULK_UPDATE, job: null };
    const job = await jobStatus(deps.db, row, query.page === 'sites');
    return {
      code: 'BULK_UPDATE_STATUS',
      message: `${job.successful + failedPropertyCount(job.failed)} of ${job.total} properties processed`,
      job,
    };
  },
};
