import type { BulkUpdateJob } from '@assent/core';
import {
  BulkFilters,
  BulkUpdateFields,
  filterBulkProperties,
  propertyIdentifier,
  validateBulkFields,
} from '@assent/core';
import { z } from 'zod';
import { parseAssignments } from '../assignments';
import type { Output } from '../command';
import { defineCommand, jsonOutput } from '../command';
import { CliError } from '../errors';
import { followBulkUpdate, waitForRunningBulkUpdate } from '../jobs';
import { confirm } from '../prompt';
import { countsOf, progressLine } from '../output/progress';
import { showValue } from '../output/style';
import { renderTable } from '../output/table';
import type { AccountSession } from '../session';
import { openAccountSession } from '../session';
import { renderOutcome } from './config';

const THEME_ALIAS = { theme: 'a theme name (sets themeId)' };

/** `theme=NAME` in --where or --set: the theme's id, looked up by name. */
async function resolveThemeAlias(session: AccountSession, name: string): Promise<string> {
  const themes = await session.client.themes.list({ query: { pCode: session.account } });
  const theme =
    themes.find((t) => t.themeName === name) ??
    themes.find((t) => t.themeName.toLowerCase() === name.toLowerCase());
  if (!theme)
    throw new CliError(
      `Unknown theme '${name}' (themes: ${themes.map((t) => t.themeName).join(', ')})`,
    );
  return theme.themeId;
}

const PREVIEW = 10;

export const bulkUpdate = defineCommand({
  options: z.object({
    where: z.array(z.string()).default([]),
    set: z.array(z.string()).default([]),
    all: z.boolean().default(false),
    yes: z.boolean().default(false),
    dryRun: z.boolean().default(false),
    account: z.string().optional(),
  }),
  async run(options, ctx) {
    if (!options.set.length)
      throw new CliError('Give at least one --set FIELD=VALUE (see assent bulk-update --help)');
    if (!options.where.length && !options.all)
      throw new CliError(
        'Give at least one --where FIELD=VALUE, or --all to change every property',
      );
    const where = parseAssignments(options.where, BulkFilters.shape, '--where', THEME_ALIAS);
    const set = parseAssignments(options.set, BulkUpdateFields.shape, '--set', THEME_ALIAS);
    const session = openAccountSession(ctx, options.account);
    if (typeof where.theme === 'string') {
      const id = await resolveThemeAlias(session, where.theme);
      where.themeId = [...((where.themeId as string[] | undefined) ?? []), id];
      delete where.theme;
    }
    if (typeof set.theme === 'string') {
      set.themeId = await resolveThemeAlias(session, set.theme);
      delete set.theme;
    }
    const filters = BulkFilters.parse(where);
    const fields = BulkUpdateFields.parse(set);
    const checked = validateBulkFields(fields);
    if (!checked.ok)
      throw new CliError(checked.issues.map((i) => `--set ${i.field}: ${i.message}`).join('\n'));

    const items = await session.client.sites.list({ query: { pCode: session.account } });
    const matches = filterBulkProperties(items, filters);
    const names = matches.map(propertyIdentifier);
    const summary =
      `${matches.length} of ${items.length} properties match` +
      (names.length
        ? `: ${names.slice(0, PREVIEW).join(', ')}${names.length > PREVIEW ? `, … (${names.length - PREVIEW} more)` : ''}`
        : '') +
      `\nSet: ${Object.entries(fields)
        .map(([k, v]) => `${k}=${showValue(v)}`)
        .join(', ')}\n`;
    ctx.stdout.write(summary);
    if (!matches.length || options.dryRun) return { matched: matches.length, job: undefined };
    if (!options.yes && !(await confirm(ctx, `Update ${matches.length} properties?`)))
      throw new CliError('Cancelled: nothing was written.');
    await waitForRunningBulkUpdate(session, ctx);
    const submitted = await session.client.bulkUpdate.submit({
      query: { pCode: session.account },
      body: { sites: matches.map((m) => m.siteId), fields },
    });
    return { matched: matches.length, job: await followBulkUpdate(session, ctx, submitted.job) };
  },
  render(data, _options, ctx): Output {
    if (!data.job) return {};
    return renderOutcome(data.job, [], 0, ctx);
  },
});

export const bulkUpdateStatus = defineCommand({
  options: z.object({ json: z.boolean().default(false), account: z.string().optional() }),
  async run(options, ctx) {
    const session = openAccountSession(ctx, options.account);
    const status = await session.client.bulkUpdate.status({ query: { pCode: session.account } });
    return { message: status.message, job: status.job as BulkUpdateJob | null };
  },
  render(data, options, ctx): Output {
    if (options.json) return jsonOutput(data);
    const job = data.job;
    if (!job) return { stdout: `${data.message}\n` };
    const head =
      `${job.status} (started by ${job.initiatedBy} at ${job.startedAt}, last update ${job.lastUpdatedOn})\n` +
      `${progressLine(countsOf(job), ctx, false)}\n`;
    if (!job.failed.length) return { stdout: head };
    return {
      stdout:
        head +
        '\n' +
        renderTable(
          [
            { key: 'identifier', title: 'PROPERTY', min: 16 },
            { key: 'field', title: 'FIELD', min: 10 },
            { key: 'message', title: 'REASON', min: 20 },
          ],
          job.failed,
          ctx,
        ),
    };
  },
});
