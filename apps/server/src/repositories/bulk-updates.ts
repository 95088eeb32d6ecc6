import { bulkFailuresOf, type BulkUpdateFailure } from '@assent/core/bulk-update';
import type { Queryable } from '../db';
import { iso, isoOrNull } from '../db';
import { contentVersions } from './accounts';

export type BulkStatus = 'RUNNING' | 'SUCCESSFUL' | 'FAILED';
export type ItemStatus = 'pending' | 'updated' | 'failed';

export interface BulkUpdateRow {
  id: string;
  pcode: string;
  initiatedBy: string;
  status: BulkStatus;
  fields: Record<string, unknown>;
  total: number;
  startedAt: string;
  finishedAt: string | null;
  heartbeatAt: string;
}

export interface BulkProgress {
  successful: number;
  failed: number;
  pending: number;
  lastUpdatedOn: string | null;
  failures: BulkUpdateFailure[];
}

type Row = Record<string, unknown>;
const toRow = (r: Row): BulkUpdateRow => ({
  id: String(r.id),
  pcode: String(r.pcode),
  initiatedBy: String(r.initiated_by),
  status: r.status as BulkStatus,
  fields: r.fields as Record<string, unknown>,
  total: Number(r.total),
  startedAt: iso(r.started_at),
  finishedAt: isoOrNull(r.finished_at),
  heartbeatAt: iso(r.heartbeat_at),
});

export const bulkUpdates = {
  /**
   * Records a bulk update with one pending item per property, and marks those properties as having
   * pending updates (not editable) until their item is processed.
   */
  async create(
    q: Queryable,
    input: {
      pcode: string;
      initiatedBy: string;
      fields: object;
      items: Array<{
        propertyId: number;
        identifier: string;
        changes?: Record<string, unknown> | undefined;
      }>;
      now: Date;
    },
  ): Promise<BulkUpdateRow> {
    const id = crypto.randomUUID();
    const rows = await q.query(
      `insert into bulk_updates (id, pcode, initiated_by, status, fields, total, started_at, heartbeat_at)
       values ($1, $2, $3, 'RUNNING', $4, $5, $6, $6) returning *`,
      [id, input.pcode, input.initiatedBy, input.fields, input.items.length, input.now],
    );
    const ids = input.items.map((i) => i.propertyId);
    await q.query(
      `insert into bulk_update_items (bulk_update_id, property_id, position, identifier, changes, status)
       select $1, t.property_id, t.position, t.identifier, t.changes::jsonb, 'pending'
       from unnest($2::int[], $3::text[], $4::text[]) with ordinality as t(property_id, identifier, changes, position)`,
      [
        id,
        ids,
        input.items.map((i) => i.identifier),
        input.items.map((i) => (i.changes ? JSON.stringify(i.changes) : null)),
      ],
    );
    await q.query(
      `update properties set editable = false where pcode = $1 and id = any($2::int[])`,
      [input.pcode, ids],
    );
    await contentVersions.bump(q, input.pcode);
    return toRow(rows[0]!);
  },

  async get(q: Queryable, id: string): Promise<BulkUpdateRow | undefined> {
    const rows = await q.query(`select * from bulk_updates where id = $1`, [id]);
    return rows[0] && toRow(rows[0]);
  },

  async latest(q: Queryable, pcode: string): Promise<BulkUpdateRow | undefined> {
    const rows = await q.query(
      `select * from bulk_updates where pcode = $1 order by started_at desc, id desc limit 1`,
      [pcode],
    );
    return rows[0] && toRow(rows[0]);
  },

  async hasRunning(q: Queryable, pcode: string): Promise<boolean> {
    const rows = await q.query(
      `select 1 from bulk_updates where pcode = $1 and status = 'RUNNING' limit 1`,
      [pcode],
    );
    return rows.length > 0;
  },

  async progress(q: Queryable, id: string): Promise<BulkProgress> {
    const counts = await q.query<{ status: ItemStatus; n: number; last: Date | null }>(
      `select status, count(*)::int as n, max(processed_at) as last from bulk_update_items where bulk_update_id = $1 group by status`,
      [id],
    );
    const count = (s: ItemStatus) => counts.find((c) => c.status === s)?.n ?? 0;
    const last = counts
      .map((c) => c.last)
      .filter((d): d is Date => d !== null)
      .sort((a, b) => +new Date(b) - +new Date(a))[0];
    const failed = await q.query<{
      property_id: number;
      identifier: string;
      issues: Array<{ field: string; message: string }> | null;
    }>(
      `select property_id, identifier, issues from bulk_update_items where bulk_update_id = $1 and status = 'failed' order by position`,
      [id],
    );
    return {
      successful: count('updated'),
      failed: count('failed'),
      pending: count('pending'),
      lastUpdatedOn: isoOrNull(last),
      failures: failed.flatMap((f) =>
        bulkFailuresOf(
          { siteId: Number(f.property_id), identifier: f.identifier },
          f.issues?.length ? f.issues : [{ field: '', message: 'Failed' }],
        ),
      ),
    };
  },

  /**
   * Takes up to `limit` pending items in their order, locked so no other worker takes them (SKIP
   * LOCKED on PostgreSQL): a batch that one transaction applies and marks.
   */
  async claimBatch(
    q: Queryable,
    id: string,
    limit: number,
  ): Promise<
    Array<{ propertyId: number; identifier: string; changes: Record<string, unknown> | null }>
  > {
    const rows = await q.query<{
      property_id: number;
      identifier: string;
      changes: Record<string, unknown> | null;
    }>(
      `select property_id, identifier, changes from bulk_update_items where bulk_update_id = $1 and status = 'pending'
       order by position limit $2 for update skip locked`,
      [id, limit],
    );
    return rows.map((r) => ({
      propertyId: Number(r.property_id),
      identifier: r.identifier,
      changes: r.changes ?? null,
    }));
  },

  /** Marks several items of a bulk update in one statement (as `markItem` each). */
  async markItems(
    q: Queryable,
    id: string,
    marks: ReadonlyArray<{
      propertyId: number;
      status: ItemStatus;
      issues: Array<{ field: string; message: string }> | null;
    }>,
    now: Date,
  ): Promise<void> {
    if (!marks.length) return;
    await q.query(
      `update bulk_update_items i set status = m.status, issues = m.issues, processed_at = $3
       from jsonb_to_recordset($2::jsonb) as m("propertyId" int, status text, issues jsonb)
       where i.bulk_update_id = $1 and i.property_id = m."propertyId"`,
      [id, JSON.stringify(marks), now],
    );
  },

  async heartbeat(q: Queryable, id: string, now: Date): Promise<void> {
    await q.query(`update bulk_updates set heartbeat_at = $2 where id = $1`, [id, now]);
  },

  /** Ends a bulk update once no item is pending: SUCCESSFUL, or FAILED when any item failed. */
  async finish(q: Queryable, id: string, now: Date): Promise<BulkStatus | undefined> {
    const rows = await q.query<{ status: BulkStatus }>(
      `update bulk_updates b set status = case when exists (select 1 from bulk_update_items i where i.bulk_update_id = b.id and i.status = 'failed')
         then 'FAILED' else 'SUCCESSFUL' end, finished_at = $2
       where b.id = $1 and b.status = 'RUNNING'
         and not exists (select 1 from bulk_update_items i where i.bulk_update_id = b.id and i.status = 'pending')
       returning b.status`,
      [id, now],
    );
    return rows[0]?.status;
  },

  /** Running bulk updates whose worker has not reported since `staleBefore` (all of them when null). */
  async orphaned(q: Queryable, staleBefore: Date | null): Promise<BulkUpdateRow[]> {
    const rows = await q.query(
      `select * from bulk_updates where status = 'RUNNING' and ($1::timestamptz is null or heartbeat_at < $1) order by started_at`,
      [staleBefore],
    );
    return rows.map(toRow);
  },
};
