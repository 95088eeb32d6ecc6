import { addUtcDays, formatUtcDay, parseUtcDay, startOfUtcDay } from '@assent/core';
import type { Db, Queryable } from '../db';
import { consentRecords } from '../repositories/consent-records';
import type { Logger } from '../services/logger';

/**
 * The raw visits' storage: one partition of `visits` per UTC day (PostgreSQL declarative
 * partitioning, the same on PGlite), created ahead of need, dropped past the retention.
 */

/** The partition holding one UTC day ('YYYY-MM-DD'): visits_d20261125. */
export const partitionName = (day: string): string => `visits_d${day.replaceAll('-', '')}`;

const dayOfPartition = (name: string): string | undefined => {
  const m = /^visits_d(\d{4})(\d{2})(\d{2})$/.exec(name);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : undefined;
};

const known = new WeakMap<object, Set<string>>();
const knownOf = (q: object): Set<string> => {
  let set = known.get(q);
  if (!set) known.set(q, (set = new Set()));
  return set;
};

/** Creates the day partitions that do not exist yet (remembered per database handle). */
export async function ensureVisitPartitions(q: Queryable, days: readonly string[]): Promise<void> {
  const seen = knownOf(q);
  for (const day of days) {
    if (seen.has(day) || !/^\d{4}-\d{2}-\d{2}$/.test(day)) continue;
    const next = formatUtcDay(addUtcDays(parseUtcDay(day), 1));
    try {
      await q.query(
        `create table if not exists ${partitionName(day)} partition of visits
         for values from ('${day} 00:00:00+00') to ('${next} 00:00:00+00')`,
      );
    } catch (error) {
      // Another server created it between the check and the create: that is what we wanted.
      if ((error as { code?: string }).code !== '42P07') throw error;
    }
    seen.add(day);
  }
}

/** The days of the existing day partitions, oldest first. */
export async function visitPartitionDays(q: Queryable): Promise<string[]> {
  const rows = await q.query<{ name: string }>(
    `select c.relname as name from pg_inherits i
     join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
     where p.relname = 'visits'`,
  );
  return rows
    .map((r) => dayOfPartition(r.name))
    .filter((d): d is string => d !== undefined)
    .sort();
}

/**
 * Drops the day partitions entirely older than `retentionDays` before today (UTC). The rollups
 * keep their counts: retention applies to the raw, per-visit rows. Returns the dropped days.
 */
export async function dropExpiredVisitPartitions(
  q: Queryable,
  now: Date,
  retentionDays: number,
): Promise<string[]> {
  const oldestKept = formatUtcDay(addUtcDays(startOfUtcDay(now), -retentionDays));
  const expired = (await visitPartitionDays(q)).filter((day) => day < oldestKept);
  const seen = knownOf(q);
  for (const day of expired) {
    await q.query(`drop table if exists ${partitionName(day)}`);
    seen.delete(day);
  }
  return expired;
}

/** Days of partitions created ahead of today, so the first visit of a day never waits on DDL. */
export const PARTITIONS_AHEAD_DAYS = 3;

/** Creates today's and the next days' partitions and drops the expired ones. */
export async function maintainVisitPartitions(
  q: Queryable,
  now: Date,
  retentionDays: number,
): Promise<{ dropped: string[] }> {
  const today = startOfUtcDay(now);
  await ensureVisitPartitions(
    q,
    Array.from({ length: PARTITIONS_AHEAD_DAYS + 1 }, (_, i) => formatUtcDay(addUtcDays(today, i))),
  );
  return { dropped: await dropExpiredVisitPartitions(q, now, retentionDays) };
}

/**
 * Moves the rows of the unpartitioned table of before migration 003 (visits_legacy) into the day
 * partitions and the rollups, in the report vocabulary, then drops it. Runs once, at start.
 */
export async function adoptLegacyVisits(db: Db, logger: Logger): Promise<number> {
  const [exists] = await db.query<{ t: string | null }>(
    `select to_regclass('visits_legacy')::text as t`,
  );
  if (!exists?.t) return 0;
  return db.transaction(async (tx) => {
    const days = await tx.query<{ day: string }>(
      `select distinct to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day from visits_legacy`,
    );
    await ensureVisitPartitions(
      tx,
      days.map((d) => d.day),
    );
    const [moved] = await tx.query<{ n: number }>(
      `with moved as (
         insert into visits (pcode, property_uuid, theme_id, regulation, state, outcome, shown,
           page_format, device, os, browser, country, region, variant, created_at)
         select pcode, property_uuid, theme_id, regulation::smallint,
           case when regulation in ('2', '3') then upper(left(region, 2)) end,
           case outcome when 'a' then 'acceptAll' when 'r' then 'rejectAll' when 'p' then 'partial'
             when 'b' then 'bounce' else outcome end,
           shown, page_format,
           case coalesce(device, 'pc') when 'desktop' then 'pc' when 'd' then 'pc' when 'm' then 'mobile'
             when 't' then 'tablet' else coalesce(device, 'pc') end,
           coalesce(os, 'Other'), coalesce(browser, 'Other'), upper(country), region, variant,
           created_at
         from visits_legacy
         returning *
       ), rolled as (
         insert into visit_rollup_daily (day, pcode, property_uuid, theme_id, theme_language,
           regulation, state, country, device, os, browser, page_format, gbc_applicable,
           cop_applicable, advanced_applicable, variant, outcome, shown, visits)
         select (created_at at time zone 'UTC')::date, pcode, property_uuid, theme_id, theme_language,
           regulation, state, country, device, os, browser, page_format, gbc_applicable,
           cop_applicable, advanced_applicable, variant, outcome, shown, count(*)
         from moved
         group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18
         on conflict on constraint visit_rollup_daily_key
         do update set visits = visit_rollup_daily.visits + excluded.visits
       )
       select count(*)::int as n from moved`,
    );
    await tx.query('drop table visits_legacy');
    const n = moved?.n ?? 0;
    if (n) logger.info({ visits: n }, 'visits moved into the day partitions and rollups');
    return n;
  });
}

/**
 * Keeps the partitions, and purges consent records past their retention: now and then every
 * `intervalMs` (hourly by default). Returns a stop
 * function. Failures are logged and retried at the next tick.
 */
export function watchVisitPartitions(
  db: Db,
  options: {
    now: () => Date;
    retentionDays: number;
    /** Days consent records are kept; older ones are purged on each run. */
    consentRetentionDays?: number;
    logger: Logger;
    intervalMs?: number;
  },
): { ready: Promise<void>; stop: () => void } {
  const run = async () => {
    try {
      const { dropped } = await maintainVisitPartitions(db, options.now(), options.retentionDays);
      if (dropped.length) {
        options.logger.info({ days: dropped }, 'visit partitions past the retention dropped');
      }
    } catch (err) {
      options.logger.error({ err }, 'could not maintain the visit partitions');
    }
    if (options.consentRetentionDays === undefined) return;
    try {
      const purged = await consentRecords.purge(db, options.now(), options.consentRetentionDays);
      if (purged) options.logger.info({ purged }, 'consent records past the retention purged');
    } catch (err) {
      options.logger.error({ err }, 'could not purge the expired consent records');
    }
  };
  const ready = run();
  const timer = setInterval(() => void run(), options.intervalMs ?? 3_600_000);
  timer.unref();
  return { ready, stop: () => clearInterval(timer) };
}
