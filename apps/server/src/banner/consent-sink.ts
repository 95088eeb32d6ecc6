import type { ConsentRecordBeacon } from '@assent/core/audit-log';
import type { DurableSink } from '../analytics/spool-sink';
import type { Queryable } from '../db';
import { consentRecords } from '../repositories/consent-records';

/** One visitor choice to store, with its account, country and the time it was received. */
export interface ConsentRecordInput {
  pcode: string;
  beacon: ConsentRecordBeacon;
  country: string | null;
  receivedAt: Date;
}

/**
 * Consent records straight into the database (each insert committed before `accept` resolves; a
 * beacon sent twice is stored once). The server wraps it in a spool, so records answered while
 * the database is down are kept on disk and stored once it is back.
 */
export const consentRecordStore = (db: Queryable): DurableSink<ConsentRecordInput> => ({
  accept: (record) => consentRecords.insert(db, record),
  close: async () => {},
});

/** A spooled record back from its JSON line. */
export function reviveConsentRecord(line: string): ConsentRecordInput {
  const record = JSON.parse(line) as ConsentRecordInput & { receivedAt: string };
  return { ...record, receivedAt: new Date(record.receivedAt) };
}
