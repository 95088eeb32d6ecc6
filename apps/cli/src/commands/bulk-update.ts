import {
  BulkFilters,
  MULTIPLE_VERSIONS_DETECTED,
  MULTIPLE_VERSIONS_TEXT,
  BulkDetailsForm as BulkDetailsFormSchema,
  filterBulkProperties,
  hasMultipleCmpVersions,
  setBulkLegalBasis,
  toBulkUpdateRequest,
  validateBulkFields,
  validateBulkRegulation,
} from '@assent/core/bulk-update';
import type { BulkDetailsForm, BulkUpdateJob } from '@assent/core/bulk-update';
import { propertyIdentifier } from '@assent/core/property';
import type { PropertyListItem } from '@assent/core/property';
import { z } from 'zod';
import { parseAssignments } from '../assignments';
import type { Output } from '../command';
import { defineCommand, jsonOutput } from '../command';
import { CliError, EXIT } from '../errors';
import { followBulkUpdate, waitForRunningBulkUpdate } from '../jobs';
import { confirm } from '../prompt';
import { countsOf, progressLine } from '../output/progress';
import { showValue } from '../output/style';
import { renderTable, wrapText } from '../output/table';
import type { AccountSession } from '../session';
import { openAccountSession } from '../session';
import { SET_SHAPE, THEME_ALIAS, WHERE_SHAPE } from './bulk-fields';
import { renderOutcome } from './config';

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

/** The purpose fields the console sets only through the customise dialog (legal basis customized). */
const PURPOSE_FIELDS = [
  'purposeIds',
  'purposeLegitimateIds',
  'specialPurposes',
  'features',
  'specialFeatures',
] as const;

/**
 * The --set values as the console's step 2 would hold them: legalBasis=applyRecommended clears the
 * purposes; legalBasis=customized, or any purpose field, is the customise dialog (purpose 1 on).
 * Then step 2's guards: a regulation or Google basic consent, and the field rules.
 */
export function bulkFormOf(set: Record<string, unknown>): BulkDetailsForm {
  let form = BulkDetailsFormSchema.parse(set);
  const purposes = PURPOSE_FIELDS.filter((f) => set[f] !== undefined);
  if (form.legalBasis === 'applyRecommended') {
    if (purposes.length)
      throw new CliError(
        `--set legalBasis=applyRecommended declares no legal basis: leave out ${purposes.join(', ')} (or use legalBasis=customized)`,
      );
    form = setBulkLegalBasis(form, 'applyRecommended');
  } else if (form.legalBasis === 'customized' || purposes.length) {
    form = setBulkLegalBasis(form, 'customized');
  }
  const regulation = validateBulkRegulation(form);
  if (regulation.length)
    throw new CliError(
      `--set: ${regulation[0]!.message} (e.g. --set consentLocations=EEA, --set privacyModes=GDPR or --set gbcEnabled=true), as the console's bulk update requires`,
    );
  const checked = validateBulkFields(form);
  if (!checked.ok)
    throw new CliError(checked.issues.map((i) => `--set ${i.field}: ${i.message}`).join('\n'));
  return form;
}

const PREVIEW = 10;

function matchSummary(matches: readonly PropertyListItem[], total: number): string {
  const names = matches.map(propertyIdentifier);
  return (
    `${matches.length} of ${total} properties match` +
    (names.length
      ? `: ${names.slice(0, PREVIEW).join(', ')}${names.length > PREVIEW ? `, … (${names.length - PREVIEW} more)` : ''}`
      : '')
  );
}

export const bulkUpdate = defineCommand({
  options: z.object({
    where: z.array(z.string()).default([]),
    set: z.array(z.string()).default([]),
    all: z.boolean().default(false),
    yes: z.boolean().default(false),
    dryRun: z.boolean().default(false),
    json: z.boolean().default(false),
    account: z.string().optional(),
  }),
  async run(options, ctx) {
    if (!options.set.length)
      throw new CliError('Give at least one --set FIELD=VALUE (see assent bulk-update --help)');
    if (!options.where.length && !options.all)
      throw new CliError(
        'Give at least one --where FIELD=VALUE, or --all to change every property',
      );
    const where = parseAssignments(options.where, WHERE_SHAPE, '--where', THEME_ALIAS);
    const set = parseAssignments(options.set, SET_SHAPE, '--set', THEME_ALIAS);
    const { theme: setTheme, ...setFields } = set;
    // The form's rules need no server: a mistake is reported before signing in.
    const form = bulkFormOf(setFields);
    const session = await openAccountSession(ctx, options.account);
    if (typeof where.theme === 'string') {
      const id = await resolveThemeAlias(session, where.theme);
      where.themeId = [...((where.themeId as string[] | undefined) ?? []), id];
      delete where.theme;
    }
    if (typeof setTheme === 'string') form.themeId = await resolveThemeAlias(session, setTheme);
    const filters = BulkFilters.parse(where);

    const items = await session.client.sites.list({ query: { pCode: session.account } });
    const matches = filterBulkProperties(items, filters);
    const request = toBulkUpdateRequest(
      matches.map((m) => m.siteId),
      form,
    );
    // The console's step 1 guard: a warning to confirm, not a refusal.
    const warnings = hasMultipleCmpVersions(matches)
      ? [`${MULTIPLE_VERSIONS_DETECTED}: ${MULTIPLE_VERSIONS_TEXT}`]
      : [];
    const preview = {
      matched: matches.length,
      total: items.length,
      properties: matches.map(propertyIdentifier),
      fields: request.fields,
      warnings,
    };
    if (!options.json)
      ctx.stdout.write(
        `${matchSummary(matches, items.length)}\nSet: ${Object.entries(request.fields)
          .map(([k, v]) => `${k}=${showValue(v)}`)
          .join(', ')}\n`,
      );
    for (const warning of warnings) ctx.stderr.write(`assent: warning: ${warning}\n`);
    if (!matches.length || options.dryRun) return { ...preview, dryRun: options.dryRun, job: null };
    if (!options.yes && !(await confirm(ctx, `Update ${matches.length} properties?`)))
      throw new CliError('Cancelled: nothing was written.');
    await waitForRunningBulkUpdate(session, ctx);
    const submitted = await session.client.bulkUpdate.submit({
      query: { pCode: session.account },
      body: request,
    });
    const job = await followBulkUpdate(session, ctx, submitted.job);
    return { ...preview, dryRun: false, job };
  },
  render(data, options, ctx): Output {
    if (options.json)
      return { ...jsonOutput(data), exitCode: data.job?.failed.length ? EXIT.error : EXIT.ok };
    if (!data.job) return {};
    return renderOutcome(data.job, [], 0, ctx);
  },
});

export const bulkUpdateStatus = defineCommand({
  options: z.object({ json: z.boolean().default(false), account: z.string().optional() }),
  async run(options, ctx) {
    const session = await openAccountSession(ctx, options.account);
    const status = await session.client.bulkUpdate.status({ query: { pCode: session.account } });
    return { message: status.message, job: status.job as BulkUpdateJob | null };
  },
  render(data, options, ctx): Output {
    if (options.json) return jsonOutput(data);
    const job = data.job;
    if (!job) return { stdout: `${data.message}\n` };
    const started = `${job.status}: started by ${job.initiatedBy} at ${job.startedAt}, last update ${job.lastUpdatedOn}`;
    const head =
      `${wrapText(started, ctx.width).join('\n')}\n` +
      `${progressLine(countsOf(job), ctx.color.stdout, false)}\n`;
    if (!job.failed.length) return { stdout: head };
    return {
      stdout:
        head +
        '\n' +
        renderTable(
          // Reasons in full: every column wraps rather than cutting a reason short.
          [
            { key: 'identifier', title: 'PROPERTY', min: 16, wrap: true },
            { key: 'field', title: 'FIELD', min: 10, wrap: true },
            { key: 'message', title: 'REASON', min: 30, wrap: true },
          ],
          job.failed,
          ctx,
        ),
    };
  },
});
