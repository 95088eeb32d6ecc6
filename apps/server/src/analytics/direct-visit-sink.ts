import type { Queryable } from '../db';
import { visits } from '../repositories/visits';
import type { VisitRecord, VisitSink } from './visit-sink';

export const VISIT_SINK_CLOSED = 'The visit sink is closed';

/**
 * The simplest VisitSink: one insert per visit, awaited, so a visit is stored before the endpoint
 * answers. `close` waits for the inserts under way, and visits offered after it are refused.
 */
export function directVisitSink(db: Queryable): VisitSink {
  const pending = new Set<Promise<void>>();
  let closed = false;
  return {
    accept(visit: VisitRecord): Promise<void> {
      if (closed) return Promise.reject(new Error(VISIT_SINK_CLOSED));
      const insert = visits.insert(db, visit);
      // The caller sees a failed insert; `close` only waits for it to settle.
      const settled: Promise<void> = insert.then(
        () => void pending.delete(settled),
        () => void pending.delete(settled),
      );
      pending.add(settled);
      return insert;
    },
    async close(): Promise<void> {
      closed = true;
      await Promise.all([...pending]);
    },
  };
}
