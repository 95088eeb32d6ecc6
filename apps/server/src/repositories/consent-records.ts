import { ConsentChoices } from '@assent/core/audit-log';
import type { ConsentRecordBeacon } from '@assent/core/audit-log';
import type { Queryable } from '../db';
import { iso } from '../db';

/** A consent record as stored: the beacon's fields, its account, time and country. */
export interface StoredConsentRecord {
  id: string;
  pcode: string;
  propertyUuid: string;
  /** The property's url or package id; null once the property is deleted. */
  property: string | null;
  createdAt: string;
  configVersion: string;
  vendorListVersion: number | null;
  tcString: string | null;
  gppString: string | null;
  uspString: string | null;
  country: string | null;
  choices: ConsentChoices;
}

type Row = Record<string, unknown>;

const COLUMNS = `r.id, r.pcode, r.property_uuid, r.created_at, r.config_version, r.vendor_list_version,
  r.tc_string, r.gpp_string, r.usp_string, r.country, r.choices,
  p.identifier as property`;

const toRecord = (r: Row): StoredConsentRecord => ({
  id: String(r.id),
  pcode: String(r.pcode),
  propertyUuid: String(r.property_uuid),
  property: (r.property as string | null) ?? null,
  createdAt: iso(r.created_at),
  configVersion: String(r.config_version),
  vendorListVersion:
    r.vendor_list_version === null || r.vendor_list_version === undefined
      ? null
      : Number(r.vendor_list_version),
  tcString: (r.tc_string as string | null) ?? null,
  gppString: (r.gpp_string as string | null) ?? null,
  uspString: (r.usp_string as string | null) ?? null,
  country: (r.country as string | null) ?? null,
  choices: ConsentChoices.parse(typeof r.choices === 'string' ? JSON.parse(r.choices) : r.choices),
});

export const consentRecords = {
  /**
   * Stores one visitor choice; resolves once it is committed. A beacon sent twice (same consent
   * id) is stored once.
   */
  async insert(
    q: Queryable,
    input: {
      pcode: string;
      beacon: ConsentRecordBeacon;
      country: string | null;
      receivedAt: Date;
    },
  ): Promise<void> {
    const b = input.beacon;
    await q.query(
      `insert into consent_records (id, pcode, property_uuid, created_at, config_version,
         vendor_list_version, tc_string, gpp_string, usp_string, choices, country)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11)
       on conflict (id) do nothing`,
      [
        b.id,
        input.pcode,
        b.property,
        input.receivedAt,
        b.configVersion,
        b.vendorListVersion ?? null,
        b.tcString ?? null,
        b.gppString ?? null,
        b.uspString ?? null,
        JSON.stringify(b.choices),
        input.country ? input.country.toUpperCase() : null,
      ],
    );
  },

  /** One record of the account by its consent id; undefined for an id of another account. */
  async get(q: Queryable, pcode: string, id: string): Promise<StoredConsentRecord | undefined> {
    const rows = await q.query(
      `select ${COLUMNS} from consent_records r left join properties p on p.uuid = r.property_uuid
       where r.pcode = $1 and r.id = $2`,
      [pcode, id],
    );
    return rows[0] && toRecord(rows[0]);
  },

  /** The records of a property between two UTC days (inclusive), oldest first. */
  async ofProperty(
    q: Queryable,
    pcode: string,
    propertyUuid: string,
    from: string,
    to: string,
  ): Promise<StoredConsentRecord[]> {
    const rows = await q.query(
      `select ${COLUMNS} from consent_records r left join properties p on p.uuid = r.property_uuid
       where r.pcode = $1 and r.property_uuid = $2
         and r.created_at >= $3::date and r.created_at < ($4::date + 1)
       order by r.created_at, r.id`,
      [pcode, propertyUuid, from, to],
    );
    return rows.map(toRecord);
  },

  /** Deletes the records older than `retentionDays` days; returns how many. */
  async purge(q: Queryable, now: Date, retentionDays: number): Promise<number> {
    const rows = await q.query(`delete from consent_records where created_at < $1 returning id`, [
      new Date(now.getTime() - retentionDays * 86_400_000),
    ]);
    return rows.length;
  },
};
