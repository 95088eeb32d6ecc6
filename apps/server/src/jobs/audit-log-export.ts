import { logStartDate } from '@assent/core/audit-log';
import type { Db } from '../db';
import { auditLogs, consentLogCsv } from '../repositories/audit-logs';
import { consentRecords } from '../repositories/consent-records';
import type { ExternalLists } from '../services/external-lists';
import { consentNames } from '../services/consent-names';
import type { Logger } from '../services/logger';

/** Builds the CSV of one audit-log request; a property deleted meanwhile fails it with a reason. */
export async function runAuditLogExport(
  db: Db,
  lists: ExternalLists,
  logger: Logger,
  now: () => Date,
  id: string,
): Promise<void> {
  const log = await auditLogs.get(db, id);
  if (!log || log.queryState === 'SUCCEEDED' || log.queryState === 'CANCELLED') return;
  await auditLogs.setState(db, id, 'RUNNING', now());
  if (!log.propertyUuid) {
    await auditLogs.setState(db, id, 'FAILED', now(), {
      error: `No property of this account has the url ${log.url}`,
    });
    return;
  }
  try {
    const records = await consentRecords.ofProperty(
      db,
      log.pcode,
      log.propertyUuid,
      logStartDate(log.endDate, log.daysBack),
      log.endDate,
    );
    const names = await consentNames({ db, lists, logger }, log.pcode, records);
    const { csv, rows } = consentLogCsv(records, names);
    await auditLogs.setState(db, id, 'SUCCEEDED', now(), { csv, rows });
  } catch (error) {
    logger.error({ id, err: (error as Error).message }, 'audit log export failed');
    await auditLogs.setState(db, id, 'FAILED', now(), {
      error: 'The export failed; please try again',
    });
  }
}
