import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import type { AssentClient } from '@assent/core/api';
import { formatUtcDateTime, formatUtcDay } from '@assent/core';
import type { ReportJob, ReportJobInput } from '@assent/core/reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The server's own test records: page views stored on past days, as the visit pipeline writes them.
import { storeVisits, visitRecord } from '../../server/test/visit-records';
import type { CliServer, CliWorkspace, TestUser } from './harness';
import { cliWorkspace, runCli, startCliServer } from './harness';

/* `assent reports`: saved reports listed, run now and downloaded from a terminal or CI. */

let server: CliServer;
let user: TestUser;
let work: CliWorkspace;
let api: AssentClient;
let shop = '';

const cli = (args: string[]) => runCli(args, { env: work.env });

/** A report of the shop's consent by country over the last 30 days. */
const countries = (name: string, type: ReportJobInput['type'] = 'on_demand'): ReportJobInput => ({
  name,
  type,
  recipients: type === 'scheduled' ? ['owner@example.com'] : [],
  query: {
    filters: [{ key: 'propertyId', operator: 'in', values: [shop] }],
    dimensions: ['country'],
    metrics: ['totalSessions', 'optInPercent'],
    granularity: 'day',
    timePeriod: { type: 'last30Days' },
  },
  ...(type === 'scheduled'
    ? {
        scheduleInfo: {
          startDate: formatUtcDay(new Date(Date.now() + 86_400_000)),
          endDate: formatUtcDay(new Date(Date.now() + 30 * 86_400_000)),
          frequency: 'weekly',
          time: '9:00',
        },
      }
    : {}),
});

const save = async (input: ReportJobInput) =>
  (await api.analytics.createJob({ params: { pCode: user.pcode }, body: input })).id!;

beforeAll(async () => {
  server = await startCliServer();
  user = await server.user('reporter@example.com');
  work = cliWorkspace('reports', { server, user });
  api = server.api(user);
  const site = await api.sites.create({
    query: { pCode: user.pcode },
    body: { url: 'shop.example.org', publisherName: 'Shop', themeId: '1' },
  });
  shop = site.uuid;
  // 4 and 11 days ago: Germany twice accepted and once rejected, France once accepted.
  const day = (back: number) => new Date(Date.now() - back * 86_400_000);
  await storeVisits(server.deps.db, [
    visitRecord(user.pcode, shop, day(11), { r: 1, o: 'a' }, { country: 'DE' }),
    visitRecord(user.pcode, shop, day(11), { r: 1, o: 'a' }, { country: 'DE' }),
    visitRecord(user.pcode, shop, day(11), { r: 1, o: 'r' }, { country: 'DE' }),
    visitRecord(user.pcode, shop, day(4), { r: 1, o: 'a' }, { country: 'FR' }),
  ]);
});
afterAll(async () => {
  await server?.close();
  work?.remove();
});

/** The CSV rows a run of `countries` gives (its period ends yesterday: both days are in it). */
const EXPECTED_CSV = ['Country,Display Count,Opt-in %', 'France,1,100', 'Germany,3,66.67'];

describe('assent reports', () => {
  it('run: prints the rows as the CSV file a report run writes, with the period on stderr', async () => {
    const id = await save(countries('Shop by country'));
    const byName = await cli(['reports', 'run', 'shop BY country']);
    expect(byName.code).toBe(0);
    const lines = byName.stdout.trimEnd().split('\r\n');
    expect(lines[0]).toBe(EXPECTED_CSV[0]);
    expect([...lines.slice(1)].sort()).toEqual(EXPECTED_CSV.slice(1));
    const yesterday = formatUtcDay(new Date(Date.now() - 86_400_000));
    const first = formatUtcDay(new Date(Date.now() - 30 * 86_400_000));
    expect(byName.stderr).toBe(`Ran 'Shop by country' for ${first} to ${yesterday}: 2 rows\n`);

    // By id, into a folder: the file is named as the console's export names it.
    const folder = work.file('out');
    mkdirSync(folder);
    const intoFolder = await cli(['reports', 'run', id, '--out', folder]);
    expect(intoFolder.code).toBe(0);
    expect(intoFolder.stdout).toBe('');
    const file = `${folder}/Shop-by-country-${formatUtcDay(new Date())}.csv`;
    expect(intoFolder.stderr).toContain(`: 2 rows, written to ${file}\n`);
    expect(readFileSync(file, 'utf8')).toBe(byName.stdout);

    // --json: the period and the rows with their stored values (codes, unrounded numbers).
    const json = await cli(['reports', 'run', id, '--json']);
    const parsed = JSON.parse(json.stdout) as {
      id: string;
      period: unknown;
      rows: Array<Record<string, unknown>>;
    };
    expect(parsed.id).toBe(id);
    expect(parsed.period).toEqual({ startDate: first, endDate: yesterday });
    expect(parsed.rows).toContainEqual({
      country: 'DE',
      totalSessions: 3,
      optInPercent: 66.67,
    });
  });

  it("download: the file of the report's latest finished run, the same rows as a run now", async () => {
    const id = await save(countries('Downloaded'));
    // An on-demand report runs as it is saved; its file is there once the run has finished.
    let job: ReportJob;
    do {
      await new Promise((r) => setTimeout(r, 50));
      job = await api.analytics.getJob({ params: { pCode: user.pcode, jobId: id } });
    } while (job.status !== 'COMPLETED' && job.status !== 'FAILED');
    expect(job.status).toBe('COMPLETED');
    const downloaded = await cli(['reports', 'download', 'Downloaded']);
    expect(downloaded.code).toBe(0);
    const lines = downloaded.stdout.trimEnd().split('\r\n');
    expect(lines[0]).toBe(EXPECTED_CSV[0]);
    expect([...lines.slice(1)].sort()).toEqual(EXPECTED_CSV.slice(1));
    // Into a folder that does not exist yet (a path ending in /): made, the file named by the run's day.
    const toFile = await cli(['reports', 'download', id, '--out', `${work.file('fresh')}/`]);
    expect(toFile.code).toBe(0);
    const out = `${work.file('fresh')}/Downloaded-${formatUtcDay(new Date(job.lastRunAt!))}.csv`;
    expect(toFile.stderr).toBe(
      `Wrote the file of 'Downloaded' from its run of ${formatUtcDateTime(new Date(job.lastRunAt!))} to ${out}\n`,
    );
    expect(readFileSync(out, 'utf8')).toBe(downloaded.stdout);
  });

  it('list: every saved report with its type, status and runs; --type and --json', async () => {
    await save(countries('Weekly countries', 'scheduled'));
    const table = await cli(['reports', 'list']);
    expect(table.code).toBe(0);
    const lines = table.stdout.split('\n');
    expect(lines[0]).toMatch(/^ID\s+NAME\s+TYPE\s+STATUS\s+RUN \(UTC\)$/);
    // Every line fits 80 columns; ids show their first 8 characters, which name the report too.
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
    const weekly = lines.find((l) => / {2}Weekly countries {2}/.test(l))!;
    expect(weekly).toMatch(
      /^[0-9a-f]{8} {2}Weekly countries\s+weekly\s+ACTIVE\s+next \d{4}-\d{2}-\d{2} 09:00$/,
    );
    expect(table.stdout).toMatch(
      /^[0-9a-f]{8} {2}Shop by country\s+on demand\s+COMPLETED\s+last \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/m,
    );
    const shortId = weekly.slice(0, 8);
    const byShortId = await cli(['reports', 'list', '--json']);
    const all = JSON.parse(byShortId.stdout) as ReportJob[];
    expect(all.find((r) => r.id.startsWith(shortId))?.name).toBe('Weekly countries');
    const ran = await cli(['reports', 'run', shortId, '--json']);
    expect(ran.code).toBe(0);
    expect((JSON.parse(ran.stdout) as { name: string }).name).toBe('Weekly countries');

    const scheduled = await cli(['reports', 'list', '--type', 'scheduled', '--json']);
    const reports = JSON.parse(scheduled.stdout) as ReportJob[];
    expect(reports.map((r) => r.name)).toEqual(['Weekly countries']);
    expect(reports[0]!.recipients).toEqual(['owner@example.com']);
  });

  it('names what is wrong: an unknown report, a name two reports share, a report with no file yet', async () => {
    const both = await cli(['reports', 'run', 'Nope', '--json', '--out', work.file('x.json')]);
    expect(both.code).toBe(1);
    expect(both.stderr).toBe(
      'assent: out: --out writes the CSV file; leave it out with --json (or redirect the JSON)\n',
    );

    const unknown = await cli(['reports', 'run', 'Nope']);
    expect(unknown.code).toBe(1);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toContain(
      `No saved report 'Nope' in account ${user.pcode} (give its id or name; see assent reports list)`,
    );

    const a = await save(countries('Twice'));
    const b = await save(countries('twice'));
    const twice = await cli(['reports', 'run', 'Twice']);
    expect(twice.code).toBe(1);
    expect(twice.stderr).toContain(
      `2 saved reports in account ${user.pcode} are named 'Twice': give the id of one (`,
    );
    expect(twice.stderr).toContain(a);
    expect(twice.stderr).toContain(b);

    // A scheduled report that has not run yet has no file.
    const weekly = await save(countries('Not yet', 'scheduled'));
    const none = await cli(['reports', 'download', weekly, '--out', work.file('none.csv')]);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain(
      `Report 'Not yet' (${weekly}) has no file yet (status ACTIVE): a file is made when a run finishes. assent reports run ${weekly} runs it now`,
    );
    expect(existsSync(work.file('none.csv'))).toBe(false);
  });
});
