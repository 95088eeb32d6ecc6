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

/** The fewest and most pending visits one time-sliced step takes. */
const MIN_SLICE = 50;

/** Lets every callback already due (a visit batch's start, requests read) run before the next step. */
const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * One pass in time slices: steps sized so that each holds the database for about `budgetMs`
 * (the size follows the last step's time, between MIN_SLICE and `maxStep`), yielding to the event
 * loop between steps. On PGlite a step runs on the server's only thread and every visit batch
 * waits behind it: whole 2,000-visit steps held it for 50–120 ms under load, the ingestion's p99.
 */
async function slicedPass(
  q: Queryable,
  budgetMs: number,
  maxStep: number,
  sizeOf: { next: number },
): Promise<number> {
  let total = 0;
  for (;;) {
    const size = Math.max(MIN_SLICE, Math.min(maxStep, Math.round(sizeOf.next)));
    const started = performance.now();
    const [row] = await q.query<{ n: number }>(ROLL_UP_STEP, [size]);
    const elapsed = performance.now() - started;
    const n = row?.n ?? 0;
    total += n;
    if (n < size) return total;
    // Aim the next step at the budget; change by at most a factor of two at a time.
    sizeOf.next = size * Math.min(2, Math.max(0.5, budgetMs / Math.max(elapsed, 0.1)));
    await yieldTurn();
  }
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
  const sizeOf = { next: MIN_SLICE * 4 };
  let running: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  const countAll = async () => {
    const counted =
      budgetMs === undefined
        ? await rollUpPendingVisits(q, maxStep)
        : await slicedPass(q, budgetMs, maxStep, sizeOf);
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
