import { ApiError } from '@assent/core';
import type { BulkUpdateFailure, BulkUpdateJob } from '@assent/core/bulk-update';
import {
  documentEnablesConsentOrPay,
  planConfig,
  planHasChanges,
  toConfigDocument,
} from '@assent/core/config-as-code';
import type { ConfigPlan, PlannedCreate } from '@assent/core/config-as-code';
import { z } from 'zod';
import type { Output } from '../command';
import { defineCommand, jsonOutput } from '../command';
import type { CliContext } from '../context';
import type { LoadedDocument } from '../document-file';
import {
  DocumentError,
  formatOf,
  locate,
  readDocumentFile,
  serialiseDocument,
  writeDocumentFile,
} from '../document-file';
import { CliError, EXIT } from '../errors';
import { followBulkUpdate, waitForRunningBulkUpdate } from '../jobs';
import { loadLiveAccount } from '../live';
import { confirm } from '../prompt';
import { paint, showValue } from '../output/style';
import type { AccountSession } from '../session';
import { mapLimit, openAccountSession } from '../session';

export const exportDocument = defineCommand({
  options: z.object({
    out: z.string().optional(),
    format: z.enum(['yaml', 'json']).optional(),
    account: z.string().optional(),
  }),
  async run(options, ctx) {
    const format = options.format ?? (options.out ? formatOf(options.out) : 'yaml');
    const session = await openAccountSession(ctx, options.account);
    const { live } = await loadLiveAccount(session);
    const document = toConfigDocument(live);
    const text = serialiseDocument(document, format);
    if (options.out) writeDocumentFile(options.out, text);
    return { text, out: options.out, properties: Object.keys(document.properties).length };
  },
  render(data) {
    return data.out
      ? { stderr: `Wrote ${data.properties} properties to ${data.out}\n` }
      : { stdout: data.text };
  },
});

/** Reads the document and the account it names; --account must agree with it. */
async function openDocumentSession(
  file: string,
  account: string | undefined,
  ctx: CliContext,
): Promise<{ loaded: LoadedDocument; session: AccountSession }> {
  const loaded = readDocumentFile(file);
  const documentAccount = loaded.document.account;
  if (account && account !== documentAccount)
    throw new CliError(
      `${file} is for account ${documentAccount}, not ${account}: change its 'account' or leave out --account`,
    );
  return { loaded, session: await openAccountSession(ctx, documentAccount) };
}

const problemsSummary = (count: number): string =>
  `${count} problem(s): fix the document before applying.`;

const problemLines = (plan: ConfigPlan, loaded: LoadedDocument): string[] =>
  plan.problems.map((p) => locate(loaded.file, loaded.lineOf, p.path, p.message));

const noteLines = (plan: ConfigPlan, loaded: LoadedDocument): string[] =>
  plan.notes.map((n) => `note: ${locate(loaded.file, loaded.lineOf, n.path, n.message)}`);

function createLines(create: PlannedCreate): string[] {
  return create.fields
    .filter((f) => f.field !== 'url' && f.field !== 'packageId')
    .map((f) => `      ${f.field}: ${showValue(f.new)}`);
}

/**
 * The plan as text: one block per changed or new property, the document's problems (which stop
 * it: nothing is applied while there are any), then a summary line.
 */
export function renderPlan(
  plan: ConfigPlan,
  url: string,
  ctx: Pick<CliContext, 'color'>,
  problems: readonly string[] = [],
): string {
  const c = paint(ctx.color.stdout);
  const lines: string[] = [`Account ${plan.account} on ${url}`, ''];
  for (const update of plan.updates) {
    lines.push(c('yellow', `  ~ ${update.identifier}`));
    for (const change of update.changes)
      lines.push(`      ${change.field}: ${showValue(change.old)} → ${showValue(change.new)}`);
  }
  for (const create of plan.creates) {
    const type = create.propertyType === 'APP' ? 'app' : 'site';
    const hint = create.didYouMean ? ` (new; did you mean ${create.didYouMean}?)` : '';
    lines.push(c('green', `  + ${create.identifier} (${type})${hint}`), ...createLines(create));
  }
  if (problems.length) {
    lines.push(c('red', `  ${problemsSummary(problems.length)}`));
    for (const problem of problems) lines.push(`    ${problem}`);
  } else if (!planHasChanges(plan)) lines.push('  No changes: the account matches the document.');
  lines.push(
    '',
    `Plan: ${plan.updates.length} to change, ${plan.creates.length} to create, ${plan.unchanged.length} unchanged` +
      (plan.unmanaged.length
        ? `, ${plan.unmanaged.length} not in the document (left as they are)`
        : '') +
      (problems.length ? `, ${problems.length} problem(s)` : '') +
      '.',
  );
  return `${lines.join('\n')}\n`;
}

/** `plan --json` of a document that cannot be read: the same keys, nothing planned. */
const brokenDocumentJson = (error: DocumentError) => ({
  account: null,
  changes: false,
  updates: [],
  creates: [],
  unchanged: 0,
  unmanaged: [],
  problems: error.problems,
  notes: [],
});

const planJson = (plan: ConfigPlan, loaded: LoadedDocument) => ({
  account: plan.account,
  changes: planHasChanges(plan),
  updates: plan.updates.map(({ identifier, propertyType, changes }) => ({
    identifier,
    type: propertyType === 'APP' ? 'app' : 'site',
    changes,
  })),
  creates: plan.creates.map(({ identifier, propertyType, fields, didYouMean }) => ({
    identifier,
    type: propertyType === 'APP' ? 'app' : 'site',
    fields,
    ...(didYouMean ? { didYouMean } : {}),
  })),
  unchanged: plan.unchanged.length,
  unmanaged: plan.unmanaged,
  problems: plan.problems.map((p) => ({
    file: loaded.file,
    line: loaded.lineOf(p.path) ?? null,
    path: p.path,
    field: p.field,
    message: p.message,
  })),
  notes: plan.notes.map((n) => ({
    line: loaded.lineOf(n.path) ?? null,
    path: n.path,
    message: n.message,
  })),
});

const PlanOptions = z.object({
  file: z.string().min(1),
  json: z.boolean().default(false),
  create: z.boolean().default(true),
  account: z.string().optional(),
});

/** The document's plan against the live account, vendors included when Consent or Pay is on. */
async function planDocument(
  loaded: LoadedDocument,
  session: AccountSession,
  allowCreate: boolean,
): Promise<ConfigPlan> {
  const { live, planContext } = await loadLiveAccount(session, {
    withVendors: documentEnablesConsentOrPay(loaded.document),
  });
  return planConfig(loaded.document, live, { ...planContext, allowCreate });
}

export const plan = defineCommand({
  options: PlanOptions,
  async run(options, ctx) {
    let opened: Awaited<ReturnType<typeof openDocumentSession>>;
    try {
      opened = await openDocumentSession(options.file, options.account, ctx);
    } catch (error) {
      // --json: a document that cannot be read is still reported as JSON on stdout.
      if (options.json && error instanceof DocumentError) return { kind: 'broken' as const, error };
      throw error;
    }
    const { loaded, session } = opened;
    const result = await planDocument(loaded, session, options.create);
    return { kind: 'planned' as const, plan: result, loaded, url: session.url };
  },
  render(data, options, ctx): Output {
    if (data.kind === 'broken')
      return {
        ...jsonOutput(brokenDocumentJson(data.error)),
        stderr: `assent: ${data.error.message.replace(/\n/g, '\n  ')}\n`,
        exitCode: EXIT.error,
      };
    const { plan: result, loaded, url } = data;
    const exitCode = result.problems.length
      ? EXIT.error
      : planHasChanges(result)
        ? EXIT.changesPending
        : EXIT.ok;
    const problems = problemLines(result, loaded);
    // The problems go to stderr (where CI shows errors) and into the plan on stdout, which never
    // says "No changes" for a document it could not plan.
    const stderr = [
      ...noteLines(result, loaded),
      ...problems,
      ...(problems.length ? [problemsSummary(problems.length)] : []),
    ];
    const messages = stderr.length ? { stderr: `${stderr.join('\n')}\n` } : {};
    if (options.json) return { ...jsonOutput(planJson(result, loaded)), ...messages, exitCode };
    return { stdout: renderPlan(result, url, ctx, problems), ...messages, exitCode };
  },
});

interface CreateFailure {
  identifier: string;
  field: string;
  message: string;
}

/** Creates the new properties (the create calls); a refused one is a failure, not an abort. */
async function createProperties(
  session: AccountSession,
  creates: readonly PlannedCreate[],
): Promise<{ created: number; failures: CreateFailure[] }> {
  const failures: CreateFailure[] = [];
  let created = 0;
  await mapLimit(creates, 4, async (create) => {
    const input = { query: { pCode: session.account }, body: create.settings };
    try {
      if (create.propertyType === 'APP') await session.client.apps.create(input);
      else await session.client.sites.create(input);
      created += 1;
    } catch (error) {
      // Only the server's refusal of this one property is a failure; anything else stops apply.
      if (!(error instanceof ApiError) || error.httpStatus >= 500 || error.httpStatus === 401)
        throw error;
      const fields = Object.entries(error.body.fields ?? {});
      if (!fields.length)
        failures.push({ identifier: create.identifier, field: '', message: error.body.message });
      for (const [field, message] of fields)
        failures.push({ identifier: create.identifier, field, message });
    }
  });
  return { created, failures };
}

export const apply = defineCommand({
  options: PlanOptions.omit({ json: true }).extend({ yes: z.boolean().default(false) }),
  async run(options, ctx) {
    const { loaded, session } = await openDocumentSession(options.file, options.account, ctx);
    // A bulk update still running (an interrupted apply, say) must end before the comparison.
    await waitForRunningBulkUpdate(session, ctx);
    const result = await planDocument(loaded, session, options.create);
    if (result.problems.length)
      throw new CliError(
        [
          ...problemLines(result, loaded),
          `${result.problems.length} problem(s): nothing was written.`,
        ].join('\n'),
      );
    ctx.stdout.write(renderPlan(result, session.url, ctx));
    if (!planHasChanges(result)) return { changed: false as const };
    if (!options.yes && !(await confirm(ctx, 'Apply these changes?')))
      throw new CliError('Cancelled: nothing was written.');

    const creation = await createProperties(session, result.creates);
    let job: BulkUpdateJob | undefined;
    if (result.updates.length) {
      const submitted = await session.client.bulkUpdate.submit({
        query: { pCode: session.account },
        body: { items: result.updates.map((u) => ({ siteId: u.siteId, changes: u.payload })) },
      });
      job = await followBulkUpdate(session, ctx, submitted.job);
    }
    return {
      changed: true as const,
      created: creation.created,
      createFailures: creation.failures,
      job,
    };
  },
  render(data, _options, ctx): Output {
    if (!data.changed) return {};
    return renderOutcome(data.job, data.createFailures, data.created, ctx);
  },
});

/** The end of an apply or bulk update: failures with reasons, a summary, exit 1 if any failed. */
export function renderOutcome(
  job: BulkUpdateJob | undefined,
  createFailures: readonly CreateFailure[],
  created: number,
  ctx: Pick<CliContext, 'color'>,
): Output {
  // The failures go to stderr: coloured only when stderr is a terminal.
  const c = paint(ctx.color.stderr);
  const failures: Array<Pick<BulkUpdateFailure, 'identifier' | 'field' | 'message'>> = [
    ...createFailures,
    ...(job?.failed ?? []),
  ];
  const failedProperties = new Set(failures.map((f) => f.identifier)).size;
  const parts = [
    ...(job ? [`${job.successful} updated`] : []),
    ...(created || createFailures.length ? [`${created} created`] : []),
    `${failedProperties} failed`,
  ];
  const lines = failures.map((f) =>
    c('red', `  ${f.identifier}: ${f.field ? `${f.field}: ` : ''}${f.message}`),
  );
  const summary = `Done: ${parts.join(', ')}.`;
  return failures.length
    ? { stdout: `${summary}\n`, stderr: `Failed:\n${lines.join('\n')}\n`, exitCode: EXIT.error }
    : { stdout: `${summary}\n` };
}
