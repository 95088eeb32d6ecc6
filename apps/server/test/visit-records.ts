import { VISIT_OUTCOMES } from '@assent/core/banner';
import type { VisitEvent } from '@assent/core/banner';
import { writeVisitBatch } from '../src/analytics/ingest/write-batch';
import type { VisitRecord } from '../src/analytics/visit-sink';
import type { Queryable } from '../src/db';

/** A page view of a property: GDPR, accept all, shown, desktop Chrome on Windows, HTTP. */
export function visitRecord(
  pcode: string,
  propertyUuid: string,
  receivedAt: Date | string,
  event: Partial<VisitEvent> = {},
  geo: { country?: string | null; region?: string | null } = {},
): VisitRecord {
  const at = new Date(receivedAt);
  return {
    pcode,
    propertyUuid,
    event: {
      p: propertyUuid,
      t: '1',
      r: 1,
      o: 'a',
      f: 'H',
      d: 'd',
      os: 'Windows',
      b: 'Chrome',
      ts: at.getTime(),
      ...event,
    },
    country: geo.country ?? null,
    region: geo.region ?? null,
    receivedAt: at,
  };
}

/** Stores visits through the pipeline's batch writer (raw rows and rollups), as the sink does. */
export const storeVisits = (db: Queryable, records: readonly VisitRecord[]): Promise<void> =>
  writeVisitBatch(db, records);

/** A beacon body as the runtime posts it to /banner/visit (GDPR, accept all, desktop Chrome on Linux). */
export const visit = (property: string, overrides: Record<string, unknown> = {}) => ({
  p: property,
  t: '1',
  r: 1,
  o: VISIT_OUTCOMES.acceptAll,
  f: 'H',
  d: 'd',
  os: 'Linux',
  b: 'Chrome',
  ts: 1_767_225_600_000,
  ...overrides,
});
