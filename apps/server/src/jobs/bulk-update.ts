import { AssentError, issuesFromZod } from '@assent/core';
import { BulkUpdateFields, applyBulkFields } from '@assent/core/bulk-update';
import { PropertySettings, identifierChanged, propertyIdentifier } from '@assent/core/property';
import type { Property, PropertyValues } from '@assent/core/property';
import { bulkUpdates } from '../repositories/bulk-updates';
import { changeHistory } from '../repositories/change-history';
import {
  properties,
  propertySettingsOf,
  saveRuleContext,
  themeRefs,
} from '../repositories/properties';
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
  /**
   * Properties per transaction.
   * @default BATCH_SIZE
   */
  batchSize?: number;
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
 * Properties a batch applies in one transaction. Small enough that a batch holds the embedded
 * database for a few tens of milliseconds (requests wait for it: jobs/interactive-first.ts), large
 * enough that its statements (claim, read, rule context, update, history, marks: about eight)
 * cost little per property.
 */
const BATCH_SIZE = 25;

type ItemMark = Parameters<typeof bulkUpdates.markItems>[2][number];

/** A refused property's mark: each broken field with its message, or the error's own message. */
function failedMark(propertyId: number, error: AssentError): ItemMark {
  const issues = Object.entries(error.fields ?? {}).map(([field, message]) => ({
    field,
    message,
  }));
  return {
    propertyId,
    status: 'failed',
    issues: issues.length ? issues : [{ field: '', message: error.message }],
  };
}

/**
 * Applies a bulk update in batches of up to BATCH_SIZE properties, each batch in one transaction,
 * with the same rules as a single save for each property (applyBulkFields or its own changes, then
 * validation and the save-payload transform). A batch's items are marked in the transaction that
 * writes their properties and history, so a crash at any moment neither repeats nor skips a
 * property: a rerun picks up exactly the items still pending. A property whose identifier changes
 * (`assent apply` renaming a site) is applied alone, so its duplicate check sees every property
 * before it written, as one at a time would. Between batches the job gives interactive requests
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
  const actor = { email: job.initiatedBy, via: 'bulk-update' as const, bulkUpdateId: id };
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
      const batchSize = options.batchSize ?? BATCH_SIZE;
      const limit =
        options.stopAfter === undefined
          ? batchSize
          : Math.min(batchSize, options.stopAfter - processed);
      if (limit <= 0) return;
      const done = await db.transaction(async (tx) => {
        const claimed = await bulkUpdates.claimBatch(tx, id, limit);
        if (!claimed.length) return 0;
        const stored = new Map(
          (
            await properties.byIds(
              tx,
              job.pcode,
              claimed.map((item) => item.propertyId),
              { forUpdate: true },
            )
          ).map((p) => [p.siteId, p]),
        );
        const context = await saveRuleContext(tx, job.pcode);
        const marks: ItemMark[] = [];
        const writes: Array<{ property: Property; values: PropertyValues }> = [];
        for (const [index, item] of claimed.entries()) {
          const property = stored.get(item.propertyId);
          if (!property) {
            marks.push({
              propertyId: item.propertyId,
              status: 'failed',
              issues: [{ field: '', message: PROPERTY_GONE }],
            });
            continue;
          }
          const identifier = propertyIdentifier(property);
          try {
            const next = item.changes
              ? mergeChanges(propertySettingsOf(property), item.changes)
              : applyBulkFields(propertySettingsOf(property), fields, { themes });
            if (identifierChanged(identifier, propertyIdentifier(next)) && index > 0) break;
            const values = await checkPropertyForSave(tx, deps, job.pcode, next, {
              existing: {
                uuid: property.uuid,
                identifier,
                publisherLogoUrl: property.publisherLogoUrl,
              },
              context,
            });
            writes.push({ property, values });
            marks.push({ propertyId: item.propertyId, status: 'updated', issues: null });
            if (identifierChanged(identifier, propertyIdentifier(values))) break;
          } catch (error) {
            if (!(error instanceof AssentError)) throw error;
            marks.push(failedMark(item.propertyId, error));
          }
        }
        const at = now();
        const updated = await properties.updateMany(
          tx,
          job.pcode,
          writes.map(({ property, values }) => ({ uuid: property.uuid, values })),
          at,
          { editable: true },
        );
        const byUuid = new Map(updated.map((p) => [p.uuid, p]));
        await changeHistory.recordMany(
          tx,
          job.pcode,
          actor,
          writes.flatMap(({ property }) => {
            const after = byUuid.get(property.uuid);
            return after
              ? [
                  {
                    entityType: property.propertyType,
                    entityId: property.uuid,
                    entityName: propertyIdentifier(after),
                    action: 'UPDATE' as const,
                    before: propertySettingsOf(property),
                    after: propertySettingsOf(after),
                  },
                ]
              : [];
          }),
          at,
        );
        await bulkUpdates.markItems(tx, id, marks, at);
        const refused = marks.filter((m) => m.status === 'failed').map((m) => m.propertyId);
        if (refused.length) await properties.setEditable(tx, job.pcode, refused, true);
        return marks.length;
      });
      if (!done) break;
      processed += done;
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
