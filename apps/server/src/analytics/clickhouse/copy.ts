import { randomUUID } from 'node:crypto';
import type { ClickHouseClient } from '@clickhouse/client';
import type { Queryable } from '../../db';
import { ROLLUP_DIMENSIONS } from '../ingest/write-batch';
import { clickhouseClient } from './client';
import { migrateClickHouse } from './schema';

/**
 * Moves an installation's analytics history from its database (PostgreSQL or PGlite) into
 * ClickHouse (`assent server analytics copy-to-clickhouse`): the raw visits before `until`, in
 * batches ordered by time (the materialized view rolls each batch up as it arrives), then the days
 * whose raw visits are gone (past the retention) as their rollup rows. Every report over the
 * copied range then answers in ClickHouse what it answered in the database. It refuses a
 * ClickHouse that already holds visits before `until` (a second copy would count them twice).
 */

export interface CopyProgress {
  phase: 'visits' | 'rollup';
  done: number;
  total: number;
}

export interface CopyResult {
  visits: number;
  /** Rollup rows copied for the days without raw visits. */
  rollupRows: number;
  /** The days copied from the rollup alone (oldest, newest), or null when none. */
  rollupDays: [string, string] | null;
}

/** ClickHouse's DateTime64(3) text of a time read from PostgreSQL. */
const dateTime64 = (value: unknown): string =>
  new Date(value as string | Date).toISOString().replace('T', ' ').replace('Z', '');

async function insertBatch(
  client: ClickHouseClient,
  table: string,
  values: Array<Record<string, unknown>>,
) {
  await client.insert({
    table,
    values,
    format: 'JSONEachRow',
    clickhouse_settings: {
      async_insert: 0,
      wait_end_of_query: 1,
      insert_deduplication_token: randomUUID(),
    },
  });
}

export async function copyAnalyticsToClickHouse(
  db: Queryable,
  options: {
    url: string;
    retentionDays: number;
    /** ASSENT_CLICKHOUSE_CLUSTER: the tables are the cluster's (schema.ts). */
    cluster?: string | undefined;
    /** Visits received before this time are copied (the time the servers switched). */
    until: Date;
    batchSize?: number;
    onProgress?: (progress: CopyProgress) => void;
  },
): Promise<CopyResult> {
  const batchSize = options.batchSize ?? 50_000;
  const client = clickhouseClient(options.url);
  try {
    await migrateClickHouse(client, options.retentionDays, { cluster: options.cluster });
    const until = options.until.toISOString();
    const untilDay = until.slice(0, 10);
    const held = await client.query({
      query: `SELECT (SELECT count() FROM visits WHERE created_at < {until:DateTime64(3, 'UTC')})
        + (SELECT count() FROM visit_rollup_daily WHERE day < {day:Date}) AS n`,
      query_params: { until: dateTime64(until), day: untilDay },
      format: 'JSONEachRow',
    });
    const [{ n } = { n: 0 }] = await held.json<{ n: number | string }>();
    if (Number(n) > 0) {
      throw new Error(
        `ClickHouse already holds analytics before ${until} (${Number(n)} rows): copy into an empty store, or pass a --until before them`,
      );
    }

    const [{ total } = { total: 0 }] = await db.query<{ total: number }>(
      'select count(*)::int as total from visits where created_at < $1',
      [until],
    );
    let copied = 0;
    let after: { at: string; id: string } | undefined;
    options.onProgress?.({ phase: 'visits', done: 0, total });
    for (;;) {
      const rows = await db.query<Record<string, unknown>>(
        `select id::text as id, ${ROLLUP_DIMENSIONS.join(', ')}, region, created_at
         from visits where created_at < $1 ${after ? 'and (created_at, id) > ($2::timestamptz, $3::bigint)' : ''}
         order by created_at, id limit ${batchSize}`,
        after ? [until, after.at, after.id] : [until],
      );
      if (!rows.length) break;
      const last = rows[rows.length - 1]!;
      after = { at: new Date(last.created_at as string).toISOString(), id: String(last.id) };
      await insertBatch(
        client,
        'visits',
        rows.map(({ id: _id, created_at, ...rest }) => ({
          ...rest,
          created_at: dateTime64(created_at),
        })),
      );
      copied += rows.length;
      options.onProgress?.({ phase: 'visits', done: copied, total });
    }

    // Days older than the oldest raw visit kept: only their rollup rows remain.
    const [oldest] = await db.query<{ day: string | null }>(
      `select to_char(min(created_at) at time zone 'UTC', 'YYYY-MM-DD') as day from visits`,
    );
    const rollupUntil = oldest?.day && oldest.day < untilDay ? oldest.day : untilDay;
    const days = await db.query<{ day: string; n: number }>(
      `select to_char(day, 'YYYY-MM-DD') as day, count(*)::int as n from visit_rollup_daily
       where day < $1::date group by day order by day`,
      [rollupUntil],
    );
    const rollupTotal = days.reduce((s, d) => s + d.n, 0);
    let rollupRows = 0;
    if (days.length) options.onProgress?.({ phase: 'rollup', done: 0, total: rollupTotal });
    for (const { day } of days) {
      const rows = await db.query<Record<string, unknown>>(
        `select to_char(day, 'YYYY-MM-DD') as day, ${ROLLUP_DIMENSIONS.join(', ')}, visits::int8 as visits
         from visit_rollup_daily where day = $1::date`,
        [day],
      );
      for (let i = 0; i < rows.length; i += batchSize) {
        const part = rows.slice(i, i + batchSize).map((r) => ({ ...r, visits: Number(r.visits) }));
        await insertBatch(client, 'visit_rollup_daily', part);
        rollupRows += part.length;
        options.onProgress?.({ phase: 'rollup', done: rollupRows, total: rollupTotal });
      }
    }
    return {
      visits: copied,
      rollupRows,
      rollupDays: days.length ? [days[0]!.day, days[days.length - 1]!.day] : null,
    };
  } finally {
    await client.close();
  }
}
