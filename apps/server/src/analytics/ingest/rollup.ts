import type { Queryable } from '../../db';
import type { Logger } from '../../services/logger';
import { ROLLUP_DIMENSIONS } from './write-batch';

const dims = ROLLUP_DIMENSIONS.join(', ');
const keyOrder = ROLLUP_DIMENSIONS.map((_, i) => i + 2).join(', ');

/** Pending visits counted per roll-up step: small enough not to hold PGlite's one connection long. */
export const ROLLUP_STEP = 2_000;

/**
 * One roll-up step: takes up to `$1` pending visits (rows another server is counting are skipped)
 * and adds them to `visit_rollup_daily`, whose triggers (migrations 019 and 020) keep the narrow
 * rollups in step. The rows are deleted by the same statement that counts them, so a step is
 * counted whole or not at all: a crash, a failed step or two servers at once never count a visit
 * twice or miss one.
 */
const ROLL_UP_STEP = `
with moved as (
  delete from visit_rollup_pending
  where ctid = any(array(select ctid from visit_rollup_pending limit $1 for update skip locked))
  returning day, ${dims}
), rolled as (
  insert into visit_rollup_daily (day, ${dims}, visits)
  select day, ${dims}, count(*) from moved
  group by 1, ${keyOrder}
  order by 1, ${keyOrder}
  on conflict on constraint visit_rollup_daily_key
  do update set visits = visit_rollup_daily.visits + excluded.visits
)
select count(*)::int as n from moved`;

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

/**
 * The background roll-up: every `intervalMs` (ASSENT_ROLLUP_INTERVAL_MS) it counts the pending
 * visits into the rollups, in steps of ROLLUP_STEP so that visit batches interleave with it. The
 * report queries call `flush` first, so a visit answered 204 counts in the next report at once.
 */
export function pendingRollup(
  q: Queryable,
  options: { intervalMs: number; logger: Logger; step?: number },
): PendingRollup {
  let running: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  const pass = (): Promise<void> =>
    (running = rollUpPendingVisits(q, options.step)
      .then(() => {})
      .finally(() => {
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
