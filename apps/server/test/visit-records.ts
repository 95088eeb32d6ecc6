import type { ConsentRecordBeacon } from '@assent/core/audit-log';
import { VISIT_OUTCOMES } from '@assent/core/banner';
import type { VisitEvent } from '@assent/core/banner';
import { rollUpPendingVisits } from '../src/analytics/ingest/rollup';
import { writeVisitBatch } from '../src/analytics/ingest/write-batch';
import type { VisitRecord } from '../src/analytics/visit-sink';
import type { Queryable } from '../src/db';
import { consentRecords } from '../src/repositories/consent-records';

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

/**
 * Stores visits through the pipeline's batch writer, as the sink does, and counts them into the
 * rollups, as the background roll-up does.
 */
export async function storeVisits(db: Queryable, records: readonly VisitRecord[]): Promise<void> {
  await writeVisitBatch(db, records);
  await rollUpPendingVisits(db);
}

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

/** A string of the TC string shape (the server stores it as sent; the browser test decodes real ones). */
export const TC_STRING_FIXTURE =
  'CQJ0FMAQJ0FMAAGABBENBJFgAP_gAEPgAAqIKiNX_G__bWlr8X73aftkeY1P9_h77sQxBhfJE-4FzLuW_JwXx2ExNA36tqIKmRIEu3bBIQNlHJDUTVCgaogVryDMakWcoTNKJ6BkiFMRO2dYCF5vm4tj-QKY5vr991dx2B-t7dr83dzyz4VHn3a5_2a0WJCdA5-tDfv9bROb-9IOd_x8v4v8_F_rE2_eT1l_tevp7D9-cts7_XW-9_fff79Ll9-_gAAAAAAAA';

/** A consent beacon body as the runtime posts it to /banner/consent (GDPR, saved choices). */
export const consentBeacon = (
  property: string,
  id: string,
  overrides: Partial<ConsentRecordBeacon> = {},
): ConsentRecordBeacon => ({
  id,
  property,
  configVersion: 'cfg-1',
  vendorListVersion: 90,
  tcString: TC_STRING_FIXTURE,
  choices: {
    outcome: 'p',
    purposes: [1, 7],
    legitimateInterests: [],
    specialFeatures: [],
    vendors: [755],
    vendorLegitimateInterests: [],
    googleVendors: [],
    customVendors: [],
  },
  ...overrides,
});

/** Stores consent records as the consent endpoint does, at the given times. */
export async function storeConsentRecords(
  db: Queryable,
  pcode: string,
  records: ReadonlyArray<{ beacon: ConsentRecordBeacon; at: Date; country?: string }>,
): Promise<void> {
  for (const r of records)
    await consentRecords.insert(db, {
      pcode,
      beacon: r.beacon,
      country: r.country ?? null,
      receivedAt: r.at,
    });
}
