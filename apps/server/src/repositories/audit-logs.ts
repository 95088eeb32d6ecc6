import { consentChoicesInWords, consentWordsText } from '@assent/core/audit-log';
import type { AuditLog, AuditLogState, ConsentNames } from '@assent/core/audit-log';
import type { Queryable } from '../db';
import { iso } from '../db';
import type { StoredConsentRecord } from './consent-records';

type Row = Record<string, unknown>;

const COLUMNS = `id, url, end_date, days_back, state, rows, error, is_downloaded, created_at`;

const toAuditLog = (r: Row): AuditLog => ({
  id: String(r.id),
  queryId: String(r.id),
  url: String(r.url),
  queryState: r.state as AuditLogState,
  isDownloaded: Boolean(r.is_downloaded),
  isDownloading: false,
  endDate: String(r.end_date),
  daysBack: Number(r.days_back),
  rows: r.rows === null || r.rows === undefined ? null : Number(r.rows),
  error: (r.error as string | null) ?? null,
  createdAt: iso(r.created_at),
});

export const auditLogs = {
  async create(
    q: Queryable,
    input: {
      pcode: string;
      propertyUuid: string | null;
      url: string;
      endDate: string;
      daysBack: number;
      userId: number;
      now: Date;
    },
  ): Promise<AuditLog> {
    const rows = await q.query(
      `insert into audit_logs (id, pcode, property_uuid, url, end_date, days_back, state, created_by, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, 'QUEUED', $7, $8, $8) returning ${COLUMNS}`,
      [
        crypto.randomUUID(),
        input.pcode,
        input.propertyUuid,
        input.url,
        input.endDate,
        input.daysBack,
        input.userId,
        input.now,
      ],
    );
    return toAuditLog(rows[0]!);
  },

  /** What the console's modals list: not acknowledged (hidden), newest first. */
  async visible(q: Queryable, pcode: string): Promise<AuditLog[]> {
    const rows = await q.query(
      `select ${COLUMNS} from audit_logs where pcode = $1 and not hidden order by created_at desc, id`,
      [pcode],
    );
    return rows.map(toAuditLog);
  },

  async get(
    q: Queryable,
    id: string,
  ): Promise<(AuditLog & { pcode: string; propertyUuid: string | null }) | undefined> {
    const rows = await q.query(
      `select ${COLUMNS}, pcode, property_uuid from audit_logs where id = $1`,
      [id],
    );
    const r = rows[0];
    return (
      r && {
        ...toAuditLog(r),
        pcode: String(r.pcode),
        propertyUuid: (r.property_uuid as string | null) ?? null,
      }
    );
  },

  async setState(
    q: Queryable,
    id: string,
    state: AuditLogState,
    now: Date,
    result: { rows?: number; csv?: string; error?: string } = {},
  ) {
    await q.query(
      `update audit_logs set state = $2, rows = coalesce($3, rows), csv = coalesce($4, csv), error = $5, updated_at = $6 where id = $1`,
      [id, state, result.rows ?? null, result.csv ?? null, result.error ?? null, now],
    );
  },

  /** The CSV of one log, or of every ready one, and marks them downloaded. */
  async takeCsv(
    q: Queryable,
    pcode: string,
    logId: string | undefined,
    now: Date,
  ): Promise<Array<{ id: string; url: string; csv: string }>> {
    const rows = await q.query<{ id: string; url: string; csv: string }>(
      `update audit_logs set is_downloaded = true, updated_at = $3
       where pcode = $1 and state = 'SUCCEEDED' and ($2::text is null or id = $2) and ($2::text is not null or not is_downloaded)
       returning id, url, csv`,
      [pcode, logId ?? null, now],
    );
    return rows;
  },

  async hide(q: Queryable, pcode: string, ids: readonly string[]): Promise<number> {
    const rows = await q.query(
      `update audit_logs set hidden = true where pcode = $1 and id = any($2::text[]) returning id`,
      [pcode, ids],
    );
    return rows.length;
  },
};

/** One CSV cell: quoted when it holds a comma, a quote or a line break (RFC 4180). */
export function csvCell(value: unknown): string {
  const s =
    value === null || value === undefined
      ? ''
      : value instanceof Date
        ? value.toISOString()
        : String(value);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The consent log's columns: one row per consent record, its choices in words. */
export const CONSENT_LOG_COLUMNS = [
  'consent_id',
  'timestamp',
  'config_version',
  'vendor_list_version',
  'country',
  'choice',
  'choices_in_words',
  'tc_string',
  'gpp_string',
  'usp_string',
] as const;

/**
 * The consent log of a property as CSV with a header row: each visitor choice (consent record)
 * with its consent id, time, configuration version, the strings vendors received and the choices
 * in words (core's consentChoicesInWords with the names of each record's vendor-list version).
 */
export function consentLogCsv(
  records: readonly StoredConsentRecord[],
  namesOf: (record: StoredConsentRecord) => ConsentNames,
): { csv: string; rows: number } {
  const lines = records.map((r) => {
    const words = consentChoicesInWords(r.choices, namesOf(r));
    return [
      r.id,
      r.createdAt,
      r.configVersion,
      r.vendorListVersion,
      r.country,
      words[0]?.text,
      consentWordsText(words),
      r.tcString,
      r.gppString,
      r.uspString,
    ]
      .map(csvCell)
      .join(',');
  });
  return { csv: [CONSENT_LOG_COLUMNS.join(','), ...lines].join('\n') + '\n', rows: records.length };
}
