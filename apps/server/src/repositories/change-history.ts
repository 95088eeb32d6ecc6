import { diffChanges } from '@assent/core/history';
import type {
  ChangeEntry,
  HistoryAction,
  HistoryEntityType,
  HistoryPage,
  HistoryVia,
} from '@assent/core/history';
import type { Queryable } from '../db';
import { iso } from '../db';

/** Who makes a change: the signed-in user (and how), or the user who started a bulk update. */
export interface ChangeActor {
  email: string;
  via: HistoryVia;
  tokenName?: string | null;
  bulkUpdateId?: string | null;
}

export interface RecordedChange {
  entityType: HistoryEntityType;
  entityId: string;
  entityName: string;
  action: HistoryAction;
  /** The stored configuration before the change (null for a creation). */
  before: Record<string, unknown> | null;
  /** The stored configuration after it (null for a deletion). */
  after: Record<string, unknown> | null;
}

type Row = Record<string, unknown>;

const toEntry = (r: Row): ChangeEntry => ({
  id: String(r.id),
  at: iso(r.created_at),
  actor: String(r.actor),
  tokenName: (r.token_name as string | null) ?? null,
  via: r.via as HistoryVia,
  bulkUpdateId: (r.bulk_update_id as string | null) ?? null,
  entityType: r.entity_type as HistoryEntityType,
  entityId: String(r.entity_id),
  entityName: String(r.entity_name),
  action: r.action as HistoryAction,
  changes: r.changes as ChangeEntry['changes'],
});

const INSERT_COLUMNS = `id, pcode, entity_type, entity_id, entity_name, action, actor, token_name, via, bulk_update_id, changes, created_at`;

/** A change's values in INSERT_COLUMNS order; none when an update changed no field (it records nothing). */
function changeValues(
  pcode: string,
  actor: ChangeActor,
  change: RecordedChange,
  now: Date,
): unknown[] | undefined {
  const changes = diffChanges(change.before, change.after);
  if (change.action === 'UPDATE' && changes.length === 0) return undefined;
  return [
    crypto.randomUUID(),
    pcode,
    change.entityType,
    change.entityId,
    change.entityName,
    change.action,
    actor.email,
    actor.tokenName ?? null,
    actor.via,
    actor.bulkUpdateId ?? null,
    JSON.stringify(changes),
    now,
  ];
}

export const changeHistory = {
  /**
   * Records a change in the caller's transaction (so a failed save records nothing): the fields
   * that differ (core's diffChanges). An update that changes no field records nothing.
   */
  async record(
    q: Queryable,
    pcode: string,
    actor: ChangeActor,
    change: RecordedChange,
    now: Date,
  ): Promise<void> {
    const values = changeValues(pcode, actor, change, now);
    if (!values) return;
    await q.query(
      `insert into change_history (${INSERT_COLUMNS})
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      values,
    );
  },

  /**
   * A change's history row as one JSON object (migration 025's property_write writes it in the
   * save's statement, so one commits exactly when the other does; its time is the save's):
   * undefined when an update changed no field, which records nothing (as `record`).
   */
  recordValues(actor: ChangeActor, change: RecordedChange): Record<string, unknown> | undefined {
    const changes = diffChanges(change.before, change.after);
    if (change.action === 'UPDATE' && changes.length === 0) return undefined;
    return {
      id: crypto.randomUUID(),
      entityType: change.entityType,
      entityId: change.entityId,
      entityName: change.entityName,
      action: change.action,
      actor: actor.email,
      tokenName: actor.tokenName ?? null,
      via: actor.via,
      bulkUpdateId: actor.bulkUpdateId ?? null,
      changes,
    };
  },

  /**
   * Records several changes by one actor in one statement (a bulk update's batch), in the caller's
   * transaction, with the same rule as `record`: an update that changes no field records nothing.
   */
  async recordMany(
    q: Queryable,
    pcode: string,
    actor: ChangeActor,
    changes: readonly RecordedChange[],
    now: Date,
  ): Promise<void> {
    const rows = changes.flatMap((change) => {
      const diff = diffChanges(change.before, change.after);
      if (change.action === 'UPDATE' && diff.length === 0) return [];
      return [
        {
          id: crypto.randomUUID(),
          entityType: change.entityType,
          entityId: change.entityId,
          entityName: change.entityName,
          action: change.action,
          changes: diff,
        },
      ];
    });
    if (!rows.length) return;
    // In the given order (the history's order among equal times follows its insertion sequence).
    await q.query(
      `insert into change_history (${INSERT_COLUMNS})
       select e.r->>'id', $1::text, e.r->>'entityType', e.r->>'entityId', e.r->>'entityName',
         e.r->>'action', $3::text, $4::text, $5::text, $6::text, e.r->'changes', $7::timestamptz
       from jsonb_array_elements($2::jsonb) with ordinality as e(r, n)
       order by e.n`,
      [
        pcode,
        JSON.stringify(rows),
        actor.email,
        actor.tokenName ?? null,
        actor.via,
        actor.bulkUpdateId ?? null,
        now,
      ],
    );
  },

  /**
   * One page of an account's history (or of one entity's), newest first. Its items and its total
   * are read by one statement, so they come from one snapshot: a change committed while the page
   * is read is in both or in neither (two statements once gave total 2 with one item listed).
   * The count is the left side of the join, so a page past the end still carries the total.
   */
  async page(
    q: Queryable,
    pcode: string,
    filter: { entityType?: HistoryEntityType; entityId?: string; page: number; size: number },
  ): Promise<HistoryPage> {
    const where = `pcode = $1 and ($2::text is null or entity_type = $2) and ($3::text is null or entity_id = $3)`;
    const rows = await q.query(
      `select t.total, p.* from (select count(*)::int as total from change_history where ${where}) t
       left join lateral (
         select * from change_history where ${where}
         order by created_at desc, seq desc limit $4 offset $5
       ) p on true
       order by p.created_at desc, p.seq desc`,
      [
        pcode,
        filter.entityType ?? null,
        filter.entityId ?? null,
        filter.size,
        filter.page * filter.size,
      ],
    );
    return {
      items: rows.filter((r) => r.id !== null && r.id !== undefined).map(toEntry),
      total: Number(rows[0]?.total ?? 0),
      page: filter.page,
      size: filter.size,
    };
  },
};
