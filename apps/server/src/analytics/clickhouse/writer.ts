import { randomUUID } from 'node:crypto';
import { ClickHouseError } from '@clickhouse/client';
import type { ClickHouseClient } from '@clickhouse/client';
import type { Queryable } from '../../db';
import { RAW_COLUMNS, rawVisitRow, visitEnrichments } from '../ingest/write-batch';
import type { VisitRecord } from '../visit-sink';

/** Tries of one batch's insert on a transport failure (the same deduplication token each time). */
const INSERT_TRIES = 3;

/** ClickHouse's DateTime64(3) text of an instant, in UTC. */
const dateTime64 = (d: Date): string => d.toISOString().replace('T', ' ').replace('Z', '');

/**
 * Writes batches of visits into ClickHouse's `visits` (the materialized view rolls them up in the
 * same insert). The configuration columns come from the configuration store, with the same
 * expressions as on PostgreSQL. A batch resolves only once ClickHouse confirmed its insert: a
 * synchronous insert (no async_insert), answered after the end of the query (`wait_end_of_query`),
 * so the visit endpoint's 204 still means stored. A retry after a lost answer carries the batch's
 * deduplication token, so ClickHouse stores the batch (and counts it in every rollup) once. On a
 * cluster (ASSENT_CLICKHOUSE_CLUSTER) the insert into the Distributed table is forwarded to its
 * shard before the answer (`insert_distributed_sync`), and confirmed by a majority of the shard's
 * replicas (`insert_quorum=auto`).
 */
export function clickhouseVisitWriter(
  db: Queryable,
  client: ClickHouseClient,
  options: { cluster?: boolean } = {},
): (batch: readonly VisitRecord[]) => Promise<void> {
  return async (batch) => {
    if (!batch.length) return;
    const pairs = new Map<string, { propertyUuid: string; themeId: string | null }>();
    const raw = batch.map((r) => {
      const values = rawVisitRow(r);
      const row = Object.fromEntries(RAW_COLUMNS.map((c, i) => [c, values[i]]));
      const themeId = (row.theme_id as string | null) ?? null;
      pairs.set(`${r.propertyUuid} ${themeId ?? ''}`, { propertyUuid: r.propertyUuid, themeId });
      return row;
    });
    const enrichments = await visitEnrichments(db, [...pairs.values()]);
    const values = raw.map((row) => {
      const e = enrichments.get(`${String(row.property_uuid)} ${String(row.theme_id ?? '')}`);
      return {
        ...row,
        created_at: dateTime64(row.created_at as Date),
        theme_language: e?.theme_language ?? null,
        gbc_applicable: row.gbc_consent !== null,
        cop_applicable: row.cop_choice !== null,
        advanced_applicable: e?.advanced_applicable ?? false,
      };
    });
    const token = randomUUID();
    for (let attempt = 1; ; attempt += 1) {
      try {
        await client.insert({
          table: 'visits',
          values,
          format: 'JSONEachRow',
          clickhouse_settings: {
            async_insert: 0,
            wait_end_of_query: 1,
            insert_deduplication_token: token,
            deduplicate_blocks_in_dependent_materialized_views: 1,
            ...(options.cluster ? { insert_distributed_sync: 1, insert_quorum: 'auto' } : {}),
          },
        });
        return;
      } catch (error) {
        // ClickHouse refused the batch (it answered): retrying would not help.
        if (error instanceof ClickHouseError || attempt >= INSERT_TRIES) throw error;
      }
    }
  };
}
