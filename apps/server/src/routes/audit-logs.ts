import { AssentError } from '@assent/core';
import type { Routes } from '@assent/core/api';
import {
  CONSENT_RECORD_NOT_FOUND,
  consentChoicesInWords,
  normaliseAuditUrl,
  validateDownloadLogs,
} from '@assent/core/audit-log';
import { QUEUES } from '../jobs/queue';
import { auditLogs, csvCell } from '../repositories/audit-logs';
import { consentRecords } from '../repositories/consent-records';
import { properties } from '../repositories/properties';
import { consentNames } from '../services/consent-names';
import type { GroupHandlers } from './context';

export const NO_LOGS_READY = 'No logs are ready to download';

export const auditLogHandlers: GroupHandlers<Routes['auditLogs']> = {
  async create({ body }, { deps, pCode, user }) {
    const checked = validateDownloadLogs(body, deps.now());
    if (!checked.ok) throw AssentError.fromIssues(checked.issues);
    const url = normaliseAuditUrl(body.url);
    const property = await properties.findByIdentifier(
      deps.db,
      pCode,
      url.replace(/^https?:\/\//i, '').replace(/\/$/, ''),
    );
    const log = await auditLogs.create(deps.db, {
      pcode: pCode,
      propertyUuid: property?.uuid ?? null,
      url,
      endDate: checked.value.endDate,
      daysBack: checked.value.daysBack,
      userId: user().id,
      now: deps.now(),
    });
    await deps.jobs.send(QUEUES.auditLogExport, { id: log.id });
    return log;
  },

  status: (_input, { deps, pCode }) => auditLogs.visible(deps.db, pCode),

  async download({ query }, { deps, pCode }) {
    const logs = await auditLogs.takeCsv(deps.db, pCode, query.logId, deps.now());
    if (!logs.length) throw new AssentError('NOT_FOUND', NO_LOGS_READY);
    const [first] = logs;
    const body =
      logs.length === 1
        ? first!.csv
        : logs
            .map((l) =>
              l.csv
                .split('\n')
                .slice(1)
                .filter(Boolean)
                .map((line) => `${csvCell(l.url)},${line}`)
                .join('\n'),
            )
            .join('\n');
    const csv = logs.length === 1 ? body : `url,${first!.csv.split('\n')[0]}\n${body}\n`;
    return {
      body: csv,
      contentType: 'text/csv; charset=utf-8',
      filename: logs.length === 1 ? `consent-log-${first!.id}.csv` : 'consent-logs.csv',
    };
  },

  async consentRecord({ params }, { deps, pCode }) {
    const record = await consentRecords.get(deps.db, pCode, params.id);
    if (!record) throw new AssentError('NOT_FOUND', CONSENT_RECORD_NOT_FOUND);
    const { pcode: _scope, ...shown } = record;
    return {
      ...shown,
      words: consentChoicesInWords(
        record.choices,
        (await consentNames(deps, pCode, [record]))(record),
      ),
    };
  },

  async hide({ body }, { deps, pCode }) {
    return { hidden: await auditLogs.hide(deps.db, pCode, body.ids) };
  },
};
