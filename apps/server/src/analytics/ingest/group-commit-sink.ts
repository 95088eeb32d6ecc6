import type { Queryable } from '../../db';
import type { Logger } from '../../services/logger';
import type { VisitRecord, VisitSink } from '../visit-sink';
import { VISIT_SINK_CLOSED } from '../visit-sink';
import { writeVisitBatch } from './write-batch';

export interface GroupCommitOptions {
  /** A batch is written as soon as it holds this many visits. @default 500 */
  maxBatch?: number;
  /**
   * How long a visit reaching an idle sink waits for others before its batch is written, in ms;
   * 0 writes it at the end of the current event-loop turn, with every visit that arrived in it.
   * Under load batches form while the previous one is written, without any wait. @default 0
   */
  maxWaitMs?: number;
  logger?: Logger;
  /** How a batch is stored (default: this database's tables, writeVisitBatch; ClickHouse's own). */
  write?: (batch: readonly VisitRecord[]) => Promise<void>;
}

interface Pending {
  visit: VisitRecord;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: visits arriving together share one statement and one commit. A batch is written
 * when it is full, or at the end of the event-loop turn its first visit arrived in (`maxWaitMs`
 * after it when set), one batch at a time; visits arriving while one is written form the next and
 * are written as soon as it committed. Each `accept` resolves only once its batch has committed (so the
 * endpoint's 204 means stored), or rejects with the batch's error.
 */
export function groupCommitSink(db: Queryable, options: GroupCommitOptions = {}): VisitSink {
  const maxBatch = options.maxBatch ?? 500;
  const maxWaitMs = options.maxWaitMs ?? 0;
  const write = options.write ?? ((batch: readonly VisitRecord[]) => writeVisitBatch(db, batch));
  let queue: Pending[] = [];
  /** Cancels the scheduled start of the next batch, when one is scheduled. */
  let cancelStart: (() => void) | undefined;
  let writing: Promise<void> | undefined;
  let closed = false;

  const schedule = () => {
    if (writing || !queue.length) return;
    if (queue.length >= maxBatch || closed) {
      start();
    } else if (!cancelStart) {
      // A fixed wait here would leave the database idle for it once per batch: at 50 connections
      // a batch never fills, so a 5 ms wait capped ingestion at about 50 visits per 5 ms plus the
      // write (scripts/bench/visits.ts). The next turn already gathers every request read with it.
      if (maxWaitMs > 0) {
        const timer = setTimeout(start, maxWaitMs);
        cancelStart = () => clearTimeout(timer);
      } else {
        const immediate = setImmediate(start);
        cancelStart = () => clearImmediate(immediate);
      }
    }
  };

  function start() {
    cancelStart?.();
    cancelStart = undefined;
    if (writing || !queue.length) return;
    const batch = queue.slice(0, maxBatch);
    queue = queue.slice(batch.length);
    writing = write(batch.map((p) => p.visit)).then(
      () => {
        for (const p of batch) p.resolve();
      },
      (error: unknown) => {
        options.logger?.error({ err: error, visits: batch.length }, 'could not store visits');
        for (const p of batch) p.reject(error);
      },
    );
    void writing.finally(() => {
      writing = undefined;
      // Visits that queued during the write have waited long enough: write them now.
      if (queue.length) start();
    });
  }

  return {
    accept(visit) {
      if (closed) return Promise.reject(new Error(VISIT_SINK_CLOSED));
      return new Promise<void>((resolve, reject) => {
        queue.push({ visit, resolve, reject });
        schedule();
      });
    },
    async close() {
      closed = true;
      while (queue.length || writing) {
        start();
        await writing;
      }
    },
  };
}
