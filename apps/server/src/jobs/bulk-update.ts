import { AssentError, issuesFromZod } from '@assent/core';
import { BulkUpdateFields, applyBulkFields } from '@assent/core/bulk-update';
import { PropertySettings, propertyIdentifier } from '@assent/core/property';
import type { PropertyValues } from '@assent/core/property';
import { bulkUpdates } from '../repositories/bulk-updates';
import { changeHistory } from '../repositories/change-history';
import { properties, propertySettingsOf, themeRefs } from '../repositories/properties';
import { checkPropertyForSave } from '../services/property-rules';
import type { AppDeps } from '../routes/context';
import { QUEUES } from './queue';

/**
 * A running job's worker reports this often (a timer, whatever one property takes). A job silent for
 * STALE_AFTER_MS is resumed by a server's watcher, which looks every WATCH_INTERVAL_MS: a job whose
 * server crashed resumes within 10 s (issue 19, item 18). Two workers on one job are harmless (each
 * property is claimed with SKIP LOCKED and marked in its own transaction).
 */
export const HEARTBEAT_MS = 2_000;
export const STALE_AFTER_MS = 6_000;
export const WATCH_INTERVAL_MS = 2_000;

export const PROPERTY_GONE = 'The property was deleted before the update reached it';

export interface RunOptions {
  /** Stop after this many properties, as if the process died (tests of resumption). */
  stopAfter?: number;
}

/** A property's own changes (assent apply) over its stored settings; its type never changes. */
function mergeChanges(current: PropertyValues, changes: Record<string, unknown>): PropertyValues {
  const parsed = PropertySettings.safeParse({
    ...current,
    ...changes,
    propertyType: current.propertyType,
  });
  if (!parsed.success) throw AssentError.fromIssues(issuesFromZod(parsed.error));
  return parsed.data;
}

/**
 * Applies a bulk update: each property in its own transaction, with the same rules as a single save
 * (applyBulkFields, then validation and the save-payload transform). The item row is marked in the
 * same transaction as the property, so a crash at any moment neither repeats nor skips a property:
 * a rerun picks up exactly the items still pending. Between items the job gives interactive requests
 * their turn (jobs/interactive-first.ts).
 */
export async function runBulkUpdate(
  deps: AppDeps,
  id: string,
  options: RunOptions = {},
): Promise<void> {
  const { db, now } = deps;
  const job = await bulkUpdates.get(db, id);
  if (!job || job.status !== 'RUNNING') return;
  const fields = BulkUpdateFields.parse(job.fields);
  const themes = await themeRefs(db, job.pcode);
  let processed = 0;
  const heartbeat = setInterval(() => {
    bulkUpdates
      .heartbeat(db, id, now())
      .catch((error: unknown) =>
        deps.logger.warn({ bulkUpdateId: id, err: (error as Error).message }, 'heartbeat failed'),
      );
  }, HEARTBEAT_MS);
  heartbeat.unref();
  try {
    for (;;) {
      if (options.stopAfter !== undefined && processed >= options.stopAfter) return;
      const more = await db.transaction(async (tx) => {
        const item = await bulkUpdates.claimNext(tx, id);
        if (!item) return false;
        const property = await properties.getById(tx, job.pcode, item.propertyId, {
          forUpdate: true,
        });
        if (!property) {
          await bulkUpdates.markItem(
            tx,
            id,
            item.propertyId,
            'failed',
            [{ field: '', message: PROPERTY_GONE }],
            now(),
          );
          return true;
        }
        try {
          const next = item.changes
            ? mergeChanges(propertySettingsOf(property), item.changes)
            : applyBulkFields(propertySettingsOf(property), fields, { themes });
          const payload = await checkPropertyForSave(tx, deps, job.pcode, next, {
            existing: {
              uuid: property.uuid,
              identifier: propertyIdentifier(property),
              publisherLogoUrl: property.publisherLogoUrl,
            },
          });
          const updated = await properties.update(tx, job.pcode, property.uuid, payload, now(), {
            editable: true,
          });
          await changeHistory.record(
            tx,
            job.pcode,
            { email: job.initiatedBy, via: 'bulk-update', bulkUpdateId: id },
            {
              entityType: property.propertyType,
              entityId: property.uuid,
              entityName: propertyIdentifier(updated),
              action: 'UPDATE',
              before: propertySettingsOf(property),
              after: propertySettingsOf(updated),
            },
            now(),
          );
          await bulkUpdates.markItem(tx, id, item.propertyId, 'updated', null, now());
        } catch (error) {
          if (!(error instanceof AssentError)) throw error;
          const issues = Object.entries(error.fields ?? {}).map(([field, message]) => ({
            field,
            message,
          }));
          await bulkUpdates.markItem(
            tx,
            id,
            item.propertyId,
            'failed',
            issues.length ? issues : [{ field: '', message: error.message }],
            now(),
          );
          await properties.setEditable(tx, job.pcode, [item.propertyId], true);
        }
        return true;
      });
      if (!more) break;
      processed += 1;
      // Requests first: the embedded database would otherwise answer none until the job ends.
      await deps.interactive.turn();
    }
  } finally {
    clearInterval(heartbeat);
  }
  await bulkUpdates.finish(db, id, now());
}

/**
 * Resumes bulk updates whose worker died. With the embedded database this process is the only
 * one, so every running job is orphaned; on PostgreSQL only those whose heartbeat went stale.
 */
export async function recoverBulkUpdates(
  deps: AppDeps,
  options: { exclusive: boolean },
): Promise<number> {
  const staleBefore = options.exclusive ? null : new Date(deps.now().getTime() - STALE_AFTER_MS);
  const orphaned = await bulkUpdates.orphaned(deps.db, staleBefore);
  for (const job of orphaned) {
    await bulkUpdates.heartbeat(deps.db, job.id, deps.now());
    await deps.jobs.send(QUEUES.bulkUpdate, { bulkUpdateId: job.id });
    deps.logger.info({ bulkUpdateId: job.id }, 'resuming an interrupted bulk update');
  }
  return orphaned.length;
}

/** Periodically resumes bulk updates orphaned by another server (PostgreSQL with several servers). */
export function watchBulkUpdates(deps: AppDeps, intervalMs = WATCH_INTERVAL_MS): () => void {
  if (deps.db.kind === 'pglite') return () => {};
  const timer = setInterval(() => {
    recoverBulkUpdates(deps, { exclusive: false }).catch((error: unknown) =>
      deps.logger.error({ err: (error as Error).message }, 'bulk-update recovery failed'),
    );
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
