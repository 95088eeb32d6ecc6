import { formatUtcDateTime } from '@assent/core';
import { NO_HISTORY, changeAuthor, formatChangeValue } from '@assent/core/history';
import type { ChangeEntry, HistoryPage } from '@assent/core/history';
import { isUuid, propertyIdentifier } from '@assent/core/property';
import { z } from 'zod';
import { defineCommand, jsonOutput } from '../command';
import type { CliContext } from '../context';
import { renderTable } from '../output/table';
import { openAccountSession } from '../session';
import { resolveProperty } from './properties';

interface FieldRow {
  field: string;
  from: string;
  to: string;
}

const ACTION_WORDS: Record<ChangeEntry['action'], string> = {
  CREATE: 'created',
  UPDATE: 'changed',
  DELETE: 'deleted',
};

/**
 * One entry: a heading (when, what, who), then its fields as a table of field, from and to; a
 * creation or deletion (every setting) is summed up in one line, its fields are in --json.
 */
function renderEntry(entry: ChangeEntry, ctx: CliContext): string {
  const heading = `${formatUtcDateTime(new Date(entry.at))}  ${ACTION_WORDS[entry.action]} by ${changeAuthor(entry)}`;
  if (entry.action !== 'UPDATE') {
    const n = entry.changes.length;
    return `${heading}\n  ${n} setting${n === 1 ? '' : 's'} ${entry.action === 'CREATE' ? 'set' : 'removed'} (--json lists them)\n`;
  }
  const rows: FieldRow[] = entry.changes.map((c) => ({
    field: c.field,
    from: formatChangeValue(c.from),
    to: formatChangeValue(c.to),
  }));
  const table = renderTable<FieldRow>(
    [
      { key: 'field', title: 'FIELD', min: 16, wrap: true },
      { key: 'from', title: 'FROM', min: 12, wrap: true },
      { key: 'to', title: 'TO', min: 12, wrap: true },
    ],
    rows,
    { ...ctx, width: Math.max(40, ctx.width - 2) },
  );
  return `${heading}\n${table.replace(/^(?=.)/gm, '  ')}`;
}

/**
 * A property's change history (the console's History tab): who changed which field from what to
 * what, newest first, a page at a time. A uuid is taken as is, so a deleted property's history
 * stays reachable.
 */
export const showHistory = defineCommand({
  options: z.object({
    property: z.string().trim().min(1),
    page: z.coerce.number().int().min(1).default(1),
    json: z.boolean().default(false),
    account: z.string().optional(),
  }),
  async run(options, ctx): Promise<{ property: string; history: HistoryPage }> {
    const session = await openAccountSession(ctx, options.account);
    const found = isUuid(options.property)
      ? { uuid: options.property, name: options.property }
      : await resolveProperty(session, options.property).then((p) => ({
          uuid: p.uuid,
          name: propertyIdentifier(p),
        }));
    const history = await session.client.history.list({
      query: { pCode: session.account, entityId: found.uuid, page: options.page - 1 },
    });
    return { property: history.items[0]?.entityName ?? found.name, history };
  },
  render({ property, history }, options, ctx) {
    if (options.json) return jsonOutput(history);
    if (!history.items.length)
      return {
        stdout:
          history.total > 0
            ? `No changes on page ${options.page} (${history.total} in all).\n`
            : `${NO_HISTORY}\n`,
      };
    const pages = Math.ceil(history.total / history.size);
    const more =
      options.page < pages
        ? ` Older changes: assent history ${options.property} --page ${options.page + 1}`
        : '';
    return {
      stdout: `History of ${property}: ${history.total} change${history.total === 1 ? '' : 's'}, page ${options.page} of ${pages}.${more}\n\n${history.items.map((e) => renderEntry(e, ctx)).join('\n')}`,
    };
  },
});
