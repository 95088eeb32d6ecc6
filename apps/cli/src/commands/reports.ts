import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { formatInstant, formatUtcDay } from '@assent/core';
import { matchPath, routes } from '@assent/core/api';
import { runSavedReport } from '@assent/core/queries';
import type { AnalyticsResultRow, ReportJob } from '@assent/core/reports';
import {
  SCHEDULE_FREQUENCY_LABELS,
  reportFileColumns,
  reportFileName,
  reportNextRunText,
  reportRowsToCsv,
  reportValueNames,
} from '@assent/core/reports';
import { z } from 'zod';
import { defineCommand, jsonOutput } from '../command';
import { CliError } from '../errors';
import { renderTable } from '../output/table';
import type { AccountSession } from '../session';
import { openAccountSession } from '../session';

/*
 * `assent reports`: the account's saved reports from a terminal or CI (list, run now, download
 * the latest file), with core's rules: a run is the server's run of the report (`runSavedReport`
 * over `savedReportRunBody`), the file is a report job's CSV (`reportRowsToCsv`, names as the
 * results table shows them).
 */

const ReportType = z
  .enum(['on-demand', 'scheduled'])
  .transform((t) => (t === 'on-demand' ? ('on_demand' as const) : ('scheduled' as const)));

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The list's ID column: a report id's first characters, as git shows a commit. */
const SHORT_ID = 8;
/** The shortest id prefix taken for a report. */
const MIN_PREFIX = 4;

/**
 * Finds a saved report: by its id, else by its name (case-insensitive), else by the start of its
 * id (at least 4 characters, as the list shows 8); a name or a start two reports share is refused
 * with their ids.
 */
async function resolveReport(session: AccountSession, reference: string): Promise<ReportJob> {
  const reports = await session.client.analytics.listJobs({
    params: { pCode: session.account },
    query: {},
  });
  const byId = reports.find((r) => r.id === reference);
  if (byId) return byId;
  const key = reference.trim().toLowerCase();
  const named = reports.filter((r) => r.name.trim().toLowerCase() === key);
  const found = named.length
    ? named
    : key.length >= MIN_PREFIX
      ? reports.filter((r) => r.id.toLowerCase().startsWith(key))
      : [];
  if (found.length === 1) return found[0]!;
  if (found.length > 1)
    throw new CliError(
      `${found.length} saved reports in account ${session.account} ${named.length ? 'are named' : 'have ids starting with'} '${reference}': give the id of one (${found.map((r) => r.id).join(', ')}; see assent reports list)`,
    );
  throw new CliError(
    `No saved report '${reference}' in account ${session.account} (give its id or name; see assent reports list)`,
  );
}

/**
 * Where a file goes: `out` itself, or inside it when it is a folder (an existing one, or a path
 * ending in a slash) under the name the console and the e-mails give it; undefined: stdout.
 */
function outputPath(out: string | undefined, name: string, day: string): string | undefined {
  if (out === undefined) return undefined;
  const folder = /[/\\]$/.test(out) || (existsSync(out) && statSync(out).isDirectory());
  return folder ? path.join(out, reportFileName(name, day)) : out;
}

/** Writes a file, creating its folder (`--out reports/` in a fresh CI workspace). */
function writeOutput(file: string, text: string): void {
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  } catch (error) {
    throw new CliError(`Could not write ${file}: ${(error as Error).message}`);
  }
}

/** An instant in a table cell: 2026-11-29 09:00 (the column says UTC). */
const cellInstant = (iso: string) => new Date(iso).toISOString().slice(0, 16).replace('T', ' ');

export const listReports = defineCommand({
  options: z.object({
    type: ReportType.optional(),
    json: z.boolean().default(false),
    account: z.string().optional(),
  }),
  async run(options, ctx) {
    const session = await openAccountSession(ctx, options.account);
    return session.client.analytics.listJobs({
      params: { pCode: session.account },
      query: options.type ? { type: options.type } : {},
    });
  },
  render(reports, options, ctx) {
    if (options.json) return jsonOutput(reports);
    if (!reports.length) return { stdout: 'No saved reports.\n' };
    const rows = reports.map((r) => ({
      id: r.id.slice(0, SHORT_ID),
      name: r.name,
      type:
        r.type === 'scheduled' && r.frequency
          ? SCHEDULE_FREQUENCY_LABELS[r.frequency].toLowerCase()
          : r.type === 'scheduled'
            ? 'scheduled'
            : 'on demand',
      status: r.status ?? '-',
      // A scheduled report's next run ('Paused' when paused), an on-demand one's last.
      run:
        r.type === 'scheduled'
          ? reportNextRunText(r, (iso) => `next ${cellInstant(iso)}`)
          : r.lastRunAt
            ? `last ${cellInstant(r.lastRunAt)}`
            : '-',
    }));
    return {
      stdout: renderTable(
        [
          { key: 'id', title: 'ID', min: SHORT_ID },
          { key: 'name', title: 'NAME', min: 16, wrap: true },
          { key: 'type', title: 'TYPE', min: 9 },
          { key: 'status', title: 'STATUS', min: 9 },
          { key: 'run', title: 'RUN (UTC)', min: 21 },
        ],
        rows,
        ctx,
      ),
    };
  },
});

interface RunData {
  report: ReportJob;
  rows: AnalyticsResultRow[];
  period: { startDate: string; endDate: string } | undefined;
  csv: string;
  file: string | undefined;
}

export const runReport = defineCommand({
  options: z
    .object({
      report: z.string().trim().min(1),
      out: z.string().min(1).optional(),
      json: z.boolean().default(false),
      account: z.string().optional(),
    })
    .refine((o) => !(o.json && o.out), {
      path: ['out'],
      message: '--out writes the CSV file; leave it out with --json (or redirect the JSON)',
    }),
  async run(options, ctx): Promise<RunData> {
    const session = await openAccountSession(ctx, options.account);
    const report = await resolveReport(session, options.report);
    const pCode = session.account;
    const now = new Date();
    // The names the results table shows for theme and property ids, and the catalogue's titles.
    const [state, themes, properties, catalogue] = await Promise.all([
      runSavedReport(session.client, pCode, report, now),
      session.client.analytics.themes({ params: { pCode } }),
      session.client.analytics.properties({ params: { pCode } }),
      session.client.analytics.metadata({}),
    ]);
    if (state.status === 'failed')
      throw new CliError(`Report '${report.name}' (${report.id}) did not run: ${state.message}`);
    const names = reportValueNames({ themes, properties });
    const csv = reportRowsToCsv(report.query, state.rows, catalogue, names);
    const file = options.json ? undefined : outputPath(options.out, report.name, formatUtcDay(now));
    if (file) writeOutput(file, csv);
    const fields = reportFileColumns(report.query);
    return {
      report,
      // --json: the file's columns, with the values as stored.
      rows: options.json
        ? state.rows.map((row) => Object.fromEntries(fields.map((f) => [f, row[f] ?? null])))
        : state.rows,
      period: state.period,
      csv,
      file,
    };
  },
  render({ report, rows, period, csv, file }, options) {
    if (options.json)
      return jsonOutput({ id: report.id, name: report.name, period: period ?? null, rows });
    const over = period ? ` for ${period.startDate} to ${period.endDate}` : '';
    const summary = `Ran '${report.name}'${over}: ${plural(rows.length, 'row')}`;
    return file
      ? { stderr: `${summary}, written to ${file}\n` }
      : { stdout: csv, stderr: `${summary}\n` };
  },
});

export const downloadReport = defineCommand({
  options: z.object({
    report: z.string().trim().min(1),
    out: z.string().min(1).optional(),
    account: z.string().optional(),
  }),
  async run(options, ctx) {
    const session = await openAccountSession(ctx, options.account);
    const report = await resolveReport(session, options.report);
    const params = report.fileUrl
      ? matchPath(routes.analytics.downloadJobFile.path, report.fileUrl)
      : undefined;
    if (!params)
      throw new CliError(
        `Report '${report.name}' (${report.id}) has no file yet (status ${report.status ?? '-'}): ` +
          `a file is made when a run finishes. assent reports run ${report.id} runs it now`,
      );
    const csv = await session.client.analytics.downloadJobFile({
      params: params as { pCode: string; jobId: string; runId: string },
    });
    const day = report.lastRunAt
      ? formatUtcDay(new Date(report.lastRunAt))
      : formatUtcDay(new Date());
    const file = outputPath(options.out, report.name, day);
    if (file) writeOutput(file, csv);
    return { report, csv, file };
  },
  render({ report, csv, file }) {
    const of = `the file of '${report.name}' from its run of ${formatInstant(report.lastRunAt)}`;
    return file
      ? { stderr: `Wrote ${of} to ${file}\n` }
      : { stdout: csv, stderr: `Printed ${of}\n` };
  },
});
