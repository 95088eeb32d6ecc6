import type { Queryable } from '../../db';
import type { Logger } from '../../services/logger';

/** Pending visits counted per roll-up step: small enough not to hold PGlite's one connection long. */
export const ROLLUP_STEP = 2_000;

/**
 * One roll-up step, `visit_rollup_step` (migration 022, a function so that its plan is kept): takes
 * up to `$1` pending visits (rows another server is counting are skipped) and adds them to
 * `visit_rollup_daily`, whose triggers (migration 022) keep the narrow rollups in step. The rows
 * are deleted by the same statement that counts them, so a step is counted whole or not at all: a
 * crash, a failed step or two servers at once never count a visit twice or miss one.
 */
const ROLL_UP_STEP = 'select visit_rollup_step($1) as n';

/** Counts pending visits into the rollups until none is left; returns how many it counted. */
export async function rollUpPendingVisits(q: Queryable, step = ROLLUP_STEP): Promise<number> {
  let total = 0;
  for (;;) {
    const [row] = await q.query<{ n: number }>(ROLL_UP_STEP, [step]);
    const n = row?.n ?? 0;
    total += n;
    if (n < step) return total;
  }
}

export interface PendingRollup {
  /**
   * Counts every visit stored before the call into the rollups, then resolves. Concurrent calls
   * share a pass; a call made while a pass runs waits for the next one.
   */
  flush(): Promise<void>;
  /** Stops the timer and counts what is pending. */
  close(): Promise<void>;
}

/** The daily rollup's key (the pending table's columns, in visit_rollup_step's order). */
const KEY = `day, pcode, property_uuid, theme_id, theme_language, regulation, state, country,
  device, os, browser, page_format, gbc_applicable, cop_applicable, advanced_applicable, variant,
  outcome, shown, gbc_consent, cop_choice, do_not_sell`;
const KEY_ORDER = Array.from({ length: 21 }, (_, i) => i + 1).join(', ');

/**
 * One slice of a pass: the pending visits whose rollup key hashes to bucket `$3` of `$2 + 1` (a
 * power of two), at most `$1` of them, counted like visit_rollup_step (deleted and added in one
 * statement, rows another server holds skipped). Every visit of one key falls in one bucket, so a
 * pass in slices touches each rollup row once, as a whole pass does; slices of the first N pending
 * rows touched every key again in each slice (50-row slices cost 5.5 times the CPU of 2,000-row
 * steps at 594 keys). Sent as a statement: migration 022's function takes no bucket.
 */
const ROLL_UP_SLICE = `
with moved as (
  delete from visit_rollup_pending
  where ctid = any(array(select ctid from visit_rollup_pending
    where (hashtext(concat_ws('|', day, pcode, property_uuid, theme_id, theme_language, regulation,
      state, country, device, os, browser, page_format, gbc_applicable, cop_applicable,
      advanced_applicable, variant, outcome, shown, gbc_consent, cop_choice, do_not_sell)) & $2) = $3
    limit $1 for update skip locked))
  returning ${KEY}
), rolled as (
  insert into visit_rollup_daily (${KEY}, visits)
  select ${KEY}, count(*) from moved
  group by ${KEY_ORDER}
  order by ${KEY_ORDER}
  on conflict on constraint visit_rollup_daily_key
  do update set visits = visit_rollup_daily.visits + excluded.visits
)
select count(*)::int as n from moved`;

/**
 * The most key buckets a pass is cut into. Every bucket's statement scans the whole pending table
 * and updates the narrow rollups again (about 3.5 ms each on PGlite), so more buckets cost more:
 * 8,000 visits over 594 keys, in-process, 8 buckets 130 ms of CPU, 16 190 ms, 32 270 ms; in the
 * 20 s ingestion bench at load 19, 16 buckets cost 171-198 ms per 1,000 visits against 134 ms
 * for whole 2,000-visit steps.
 */
const MAX_SLICES = 8;

/** Lets every callback already due (a visit batch's start, requests read) run before the next step. */
const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * One pass in time slices: the pending visits in `slices.count` buckets of their rollup key, one
 * bucket per statement (at most `maxRows` visits each, repeated until the bucket is empty),
 * yielding to the event loop between them. The number of buckets follows the slowest slice of
 * the last pass: doubled above `budgetMs`, halved under a third of it. On PGlite a step runs on
 * the server's only thread and every visit batch waits behind it: whole 2,000-visit steps held it
 * for 50–120 ms under load, the ingestion's p99.
 */
async function slicedPass(
  q: Queryable,
  budgetMs: number,
  maxRows: number,
  slices: { count: number },
): Promise<number> {
  const count = slices.count;
  let total = 0;
  let slowest = 0;
  for (let bucket = 0; bucket < count; bucket += 1) {
    for (;;) {
      const started = performance.now();
      const [row] = await q.query<{ n: number }>(ROLL_UP_SLICE, [maxRows, count - 1, bucket]);
      slowest = Math.max(slowest, performance.now() - started);
      const n = row?.n ?? 0;
      total += n;
      await yieldTurn();
      if (n < maxRows) break;
    }
  }
  if (total && slowest > budgetMs) slices.count = Math.min(MAX_SLICES, count * 2);
  else if (total && slowest < budgetMs / 3) slices.count = Math.max(1, count / 2);
  return total;
}

/**
 * The background roll-up: every `intervalMs` (ASSENT_ROLLUP_INTERVAL_MS) it counts the pending
 * visits into the rollups, in steps of at most `step` (ROLLUP_STEP) so that visit batches
 * interleave with it; with `stepBudgetMs` (PGlite), in time slices of about that long, yielding
 * between them. `vacuum` (PGlite, which has no autovacuum) vacuums the pending table after a pass
 * that emptied it, so its dead rows do not pile up for every step to scan. The report queries call
 * `flush` first, so a visit answered 204 counts in the next report at once.
 */
export function pendingRollup(
  q: Queryable,
  options: {
    intervalMs: number;
    logger: Logger;
    step?: number;
    stepBudgetMs?: number | undefined;
    vacuum?: boolean;
  },
): PendingRollup {
  const maxStep = options.step ?? ROLLUP_STEP;
  const budgetMs = options.stepBudgetMs;
  const slices = { count: 4 };
  let running: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  const countAll = async () => {
    const counted =
      budgetMs === undefined
        ? await rollUpPendingVisits(q, maxStep)
        : await slicedPass(q, budgetMs, maxStep * 10, slices);
    if (counted && options.vacuum) await q.query('vacuum visit_rollup_pending');
  };
  const pass = (): Promise<void> =>
    (running = countAll().finally(() => {
      running = undefined;
    }));
  const flush = (): Promise<void> => {
    if (queued) return queued;
    if (!running) return pass();
    const after = running;
    return (queued = after
      .catch(() => {})
      .then(() => {
        queued = undefined;
        return running ?? pass();
      }));
  };
  const timer = setInterval(() => {
    flush().catch((err: unknown) => {
      options.logger.error({ err }, 'could not count the pending visits into the rollups');
    });
  }, options.intervalMs);
  timer.unref();
  return {
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
