import type { Db } from '../db';
import type { Logger } from '../services/logger';
import { clickhouseClient } from './clickhouse/client';
import { clickhouseCounts } from './clickhouse/counts';
import { migrateClickHouse } from './clickhouse/schema';
import { clickhouseVisitWriter } from './clickhouse/writer';
import { pendingRollup } from './ingest/rollup';
import { writeVisitBatch } from './ingest/write-batch';
import type { AnalyticsScope } from './queries';
import { withinTimeLimit } from './queries';
import type { VisitRecord } from './visit-sink';

/**
 * Where visits are stored and reports read: this database's tables (PostgreSQL or PGlite, the
 * default) or ClickHouse (ASSENT_ANALYTICS_URL). The routes, the report jobs and the visit pipeline
 * use this interface only; the report functions (queries.ts) are the same for both.
 */
export interface AnalyticsStore {
  kind: 'database' | 'clickhouse';
  /** Runs report queries of one account under the reports' time limit (504 past it). */
  run<T>(pcode: string, query: (scope: AnalyticsScope) => Promise<T>): Promise<T>;
  /** Stores a batch of visits with their rollup; resolves once the store confirmed it. */
  write(batch: readonly VisitRecord[]): Promise<void>;
  close(): Promise<void>;
}

/**
 * The analytics of the configuration database itself. Visits are counted into the rollups in the
 * background every `rollupIntervalMs` (ingest/rollup.ts), and before every report query, which
 * therefore counts every visit answered before it.
 */
export function databaseAnalytics(
  db: Db,
  options: { timeoutMs: number; rollupIntervalMs: number; logger: Logger },
): AnalyticsStore {
  // Whole 2,000-visit steps on both stores: on PGlite, time slices (stepBudgetMs) gave a visit
  // p99 of 42-45 ms against 14 ms for whole steps in an interleaved A/B (docs/decisions.md).
  const embedded = db.kind === 'pglite';
  const rollup = pendingRollup(db, {
    intervalMs: options.rollupIntervalMs,
    logger: options.logger,
    vacuum: embedded,
  });
  return {
    kind: 'database',
    run: async (pcode, query) => {
      await rollup.flush();
      return withinTimeLimit(db, options.timeoutMs, (q) => query({ db: q, pcode }));
    },
    write: (batch) => writeVisitBatch(db, batch),
    close: () => rollup.close(),
  };
}

/**
 * The analytics on ClickHouse at `url`: creates its tables (idempotent) and answers reports from
 * its rollup. The account scoping (which properties are the caller's) still reads `db`.
 */
export async function clickhouseAnalytics(
  db: Db,
  options: {
    url: string;
    timeoutMs: number;
    retentionDays: number;
    logger: Logger;
    /** ASSENT_CLICKHOUSE_CLUSTER: the tables are the cluster's (schema.ts). */
    cluster?: string | undefined;
  },
): Promise<AnalyticsStore> {
  const client = clickhouseClient(options.url);
  try {
    await migrateClickHouse(client, options.retentionDays, { cluster: options.cluster });
  } catch (error) {
    await client.close();
    throw error;
  }
  const counts = clickhouseCounts(client, options.timeoutMs);
  options.logger.info({ url: new URL(options.url).host }, 'analytics on ClickHouse');
  return {
    kind: 'clickhouse',
    run: (pcode, query) =>
      withinTimeLimit(db, options.timeoutMs, (q) => query({ db: q, pcode, counts })),
    write: clickhouseVisitWriter(db, client, { cluster: Boolean(options.cluster) }),
    close: () => client.close(),
  };
}
