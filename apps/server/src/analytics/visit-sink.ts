import type { VisitEvent } from '@assent/core/banner';

export const VISIT_SINK_CLOSED = 'The visit sink is closed';

/** One page view to store, enriched from its request (country and region resolved by geo). */
export interface VisitRecord {
  pcode: string;
  propertyUuid: string;
  event: VisitEvent;
  country: string | null;
  region: string | null;
  receivedAt: Date;
}

/**
 * Where the visit endpoints hand accepted page views. `accept` resolves only once the visit is
 * durably stored: the endpoint answers 204 after it, so an answered visit is never lost.
 */
export interface VisitSink {
  accept(visit: VisitRecord): Promise<void>;
  /** Stores what is pending and stops accepting (graceful shutdown). */
  close(): Promise<void>;
}
