import { addUtcDays, formatUtcDay } from '@assent/core';
import { propertyIdentifier } from '@assent/core/property';
import type { AbTestingSiteCollection } from '@assent/core/property';
import type { AbTestReport } from '@assent/core/reports';
import { z } from 'zod';
import { defineCommand, jsonOutput } from '../command';
import type { CliContext } from '../context';
import { CliError } from '../errors';
import type { Column } from '../output/table';
import { renderTable } from '../output/table';
import type { AccountSession } from '../session';
import { openAccountSession } from '../session';
import { getProperty, resolveProperty } from './properties';

/**
 * `assent ab-test show|set|stop PROPERTY`: a site's A/B test of themes (the site detail's A/B
 * Testing tab), through the same routes as the console: PUT /customization/v2/site/{id}/ab-test
 * (recorded in the site's history) and POST /analytics/v1/ab-test/pcode/{pCode}.
 */

/** Days the report covers by default, ending today (UTC). */
const DEFAULT_REPORT_DAYS = 30;

const Day = z.iso.date({ message: 'a day as YYYY-MM-DD' });

/** `NAME=THEME:TRAFFIC`: THEME a site theme's id or name, TRAFFIC a whole percent. */
const VARIANT_ARGUMENT = /^([^=]+)=(.+):(\d+)%?$/;

interface Variant {
  name: string;
  theme: string;
  traffic: number;
}

/** A variant argument, or why it is not one (naming it). */
function parseVariantArgument(argument: string): Variant {
  const match = VARIANT_ARGUMENT.exec(argument.trim());
  if (!match)
    throw new CliError(
      `'${argument}' is not a variant: write NAME=THEME:TRAFFIC, for example plain=1:50 (THEME a site theme's id or name, TRAFFIC a whole percent)`,
    );
  return { name: match[1]!.trim(), theme: match[2]!.trim(), traffic: Number(match[3]) };
}

/** The site of PROPERTY (an app has no A/B test). */
async function siteOf(session: AccountSession, reference: string) {
  const row = await resolveProperty(session, reference);
  if (row.propertyType !== 'SITE')
    throw new CliError(`${propertyIdentifier(row)} is an app: A/B tests of themes are for sites`);
  return getProperty(session, row);
}

/** The account's themes by id, and a theme reference (id, or name without case) to its id. */
async function themesOf(session: AccountSession) {
  const themes = await session.client.themes.list({ query: { pCode: session.account } });
  const names = new Map(themes.map((t) => [t.themeId, t.themeName]));
  const idOf = (reference: string): string => {
    const byId = themes.find((t) => t.themeId === reference);
    if (byId) return byId.themeId;
    const byName = themes.filter((t) => t.themeName.toLowerCase() === reference.toLowerCase());
    if (byName.length === 1) return byName[0]!.themeId;
    throw new CliError(
      byName.length
        ? `Several themes are named '${reference}': give its id (see assent themes list)`
        : `No theme '${reference}' in account ${session.account} (see assent themes list)`,
    );
  };
  return { names, idOf };
}

interface VariantRow {
  name: string;
  theme: string;
  traffic: string;
  sessions: string;
  optIn: string;
  difference: string;
  significance: string;
}

const number = (value: number | null | undefined, digits = 0) =>
  value === null || value === undefined ? 'N/A' : value.toFixed(digits);

/** The variants and the report as a table: each variant's share, Display Count and opt-in rate. */
function renderTest(
  site: string,
  variants: readonly AbTestingSiteCollection[],
  themes: ReadonlyMap<string, string>,
  report: AbTestReport | undefined,
  range: { startDate: string; endDate: string } | undefined,
  ctx: CliContext,
): string {
  if (!variants.length) return `${site} runs no A/B test.\n`;
  // The test's first variant is its control (the report names it too, once it has visits).
  const rows: VariantRow[] = variants.map((v, i) => {
    const result = report?.variants.find((r) => r.variant === v.name);
    const opt = result?.significance?.optInPercent;
    const difference = result?.difference?.optInPercent;
    return {
      name: v.name,
      theme: themes.get(v.themeId) ?? v.themeId,
      traffic: `${v.traffic}%`,
      sessions: number(result?.metrics.totalSessions),
      optIn: number(result?.metrics.optInPercent, 1),
      difference:
        i === 0
          ? 'control'
          : difference === null || difference === undefined
            ? 'N/A'
            : `${difference > 0 ? '+' : ''}${difference.toFixed(1)}`,
      significance: !opt
        ? ''
        : opt.pValue === null
          ? 'N/A'
          : `${opt.significant ? 'yes' : 'no'} (p ${opt.pValue.toFixed(3)})`,
    };
  });
  // Without results (after `set`) only the variants; with them, each variant's figures.
  const columns: Array<Column<VariantRow>> = [
    { key: 'name', title: 'VARIANT', min: 8 },
    { key: 'theme', title: 'THEME', min: 10, wrap: true },
    { key: 'traffic', title: 'TRAFFIC', min: 7 },
    ...(report
      ? ([
          { key: 'sessions', title: 'DISPLAY COUNT', min: 7 },
          { key: 'optIn', title: 'OPT-IN %', min: 8 },
          { key: 'difference', title: 'DIFFERENCE', min: 7 },
          { key: 'significance', title: 'SIGNIFICANT', min: 11, wrap: true },
        ] satisfies Array<Column<VariantRow>>)
      : []),
  ];
  const table = renderTable<VariantRow>(columns, rows, ctx);
  const heading = range
    ? `A/B test of ${site}, ${range.startDate} to ${range.endDate} (UTC):`
    : `A/B test of ${site}:`;
  const verdict = !report
    ? ''
    : report.winner
      ? `Winner: ${report.winner} (opt-in rate, two-proportion z-test at 95%).\n`
      : 'No winner yet: no difference in opt-in rate is significant.\n';
  return `${heading}\n${table}${verdict}`;
}

const target = {
  property: z.string().trim().min(1),
  json: z.boolean().default(false),
  account: z.string().optional(),
};

/** The site's test and each variant's results over a range of UTC days (default: the last 30). */
export const showAbTest = defineCommand({
  options: z.object({ ...target, from: Day.optional(), to: Day.optional() }),
  async run(options, ctx) {
    const session = await openAccountSession(ctx, options.account);
    const site = await siteOf(session, options.property);
    const today = new Date();
    const endDate = options.to ?? formatUtcDay(today);
    const startDate =
      options.from ??
      formatUtcDay(addUtcDays(new Date(`${endDate}T00:00:00Z`), -DEFAULT_REPORT_DAYS));
    if (startDate > endDate) throw new CliError(`--from ${startDate} is after --to ${endDate}`);
    const variants = site.abTestingSitesCollection ?? [];
    const [themes, report] = await Promise.all([
      themesOf(session),
      variants.length
        ? session.client.analytics.abTest({
            params: { pCode: session.account },
            body: { propertyId: site.uuid, startDate, endDate },
          })
        : undefined,
    ]);
    return {
      property: propertyIdentifier(site),
      uuid: site.uuid,
      variants,
      themes: themes.names,
      range: { startDate, endDate },
      report: report ?? null,
    };
  },
  render(data, options, ctx) {
    if (options.json) {
      const { themes: _themes, ...rest } = data;
      return jsonOutput(rest);
    }
    return {
      stdout: renderTest(
        data.property,
        data.variants,
        data.themes,
        data.report ?? undefined,
        data.range,
        ctx,
      ),
    };
  },
});

/** Sets the site's test: two to five variants NAME=THEME:TRAFFIC, the first the control. */
export const setAbTest = defineCommand({
  options: z.object({ ...target, variants: z.array(z.string()).min(1) }),
  async run(options, ctx) {
    const parsed = options.variants.map(parseVariantArgument);
    const session = await openAccountSession(ctx, options.account);
    const site = await siteOf(session, options.property);
    const themes = await themesOf(session);
    const saved = await session.client.sites.abTest({
      params: { id: site.uuid },
      query: { pCode: session.account },
      body: {
        variants: parsed.map((v) => ({
          name: v.name,
          themeId: themes.idOf(v.theme),
          traffic: v.traffic,
        })),
      },
    });
    return {
      property: propertyIdentifier(saved),
      variants: saved.abTestingSitesCollection ?? [],
      themes: themes.names,
    };
  },
  render(data, options, ctx) {
    if (options.json) return jsonOutput({ property: data.property, variants: data.variants });
    return {
      stdout: `Saved. ${renderTest(data.property, data.variants, data.themes, undefined, undefined, ctx)}`,
    };
  },
});

/** Ends the site's test: every visitor gets the site's own theme again. */
export const stopAbTest = defineCommand({
  options: z.object(target),
  async run(options, ctx) {
    const session = await openAccountSession(ctx, options.account);
    const site = await siteOf(session, options.property);
    const had = site.abTestingSitesCollection?.length ?? 0;
    if (had)
      await session.client.sites.abTest({
        params: { id: site.uuid },
        query: { pCode: session.account },
        body: { variants: [] },
      });
    return { property: propertyIdentifier(site), stopped: had > 0 };
  },
  render(data, options) {
    if (options.json) return jsonOutput(data);
    return {
      stdout: data.stopped
        ? `Stopped the A/B test of ${data.property}: every visitor gets its theme again.\n`
        : `${data.property} runs no A/B test: nothing to stop.\n`,
    };
  },
});
