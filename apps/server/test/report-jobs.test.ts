import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Property } from '@assent/core/property';
import {
  GATEWAY_TIMEOUT_MARKER,
  REPORT_DELETED,
  REPORT_NAME_REQUIRED,
  REPORT_NOT_FOUND,
  REPORT_PAUSED,
  REPORT_PROPERTY_NOT_IN_ACCOUNT,
  REPORT_RESUMED,
  REPORT_SAVED,
  REPORT_SCHEDULED,
  REPORT_TOO_LARGE,
  REPORT_UPDATED,
  SCHEDULE_TIME_INVALID,
  reportRowsToCsv,
  reportRunErrorMessage,
} from '@assent/core/reports';
import type {
  AnalyticsQueryBody,
  AnalyticsQueryResponse,
  ReportJob,
  ReportJobInput,
  ReportJobWriteResponse,
} from '@assent/core/reports';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runReport } from '../src/analytics/queries';
import type { RunReportQuery } from '../src/jobs/report-run';
import { scheduleReportRuns } from '../src/jobs/report-scheduler';
import { reportRunLeaseMs } from '../src/jobs/report-run';
import { FORBIDDEN_MESSAGE } from '../src/routes/errors';
import type { TestServer, TestUser } from './harness';
import { GEO_HEADER_ENV } from './live-server';
import { createTestServer, json, stores } from './harness';

/**
 * The report query the runs call: the analytics query layer's, recorded; `slow` makes it wait
 * past the time limit (a report too large).
 */
function recordingQuery(real: () => RunReportQuery) {
  const calls: Array<{ pcode: string; body: AnalyticsQueryBody }> = [];
  const state = { slow: false };
  const query: RunReportQuery = async (pcode, body, options) => {
    calls.push({ pcode, body });
    if (state.slow) {
      return new Promise<never>((_, reject) =>
        options.signal.addEventListener('abort', () => reject(options.signal.reason as Error)),
      );
    }
    return real()(pcode, body, options);
  };
  return { calls, state, query };
}

/**
 * The visits posted on each day (through /banner/visit): in France two accept-all and one
 * reject-all, in Germany one bounce; every one showed the banner.
 */
const VISITS = [
  ['FR', 'a'],
  ['FR', 'a'],
  ['FR', 'r'],
  ['DE', 'b'],
] as const;

/**
 * A day's file: France 3 shown, 66.67 % opt-in; Germany 1 shown, 0 % (rows in the query's order;
 * countries by name, as the console shows them).
 */
const EXPECTED_LINES = (day: string) => [
  'Period,Country,Display Count,Opt-in %',
  `${day},France,3,66.67`,
  `${day},Germany,1,0`,
];
const sortedLines = (csv: string) => {
  const [header, ...rows] = csv.trimEnd().split('\r\n');
  return [header, ...rows.sort()];
};

/** Polls until `read` gives a value `done` accepts (the workers run in the background). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The mails in the outbox, parsed (attachments included). */
async function parsedOutbox(dataDir: string) {
  const dir = path.join(dataDir, 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return Promise.all(files.map((f) => simpleParser(readFileSync(path.join(dir, f)))));
}

describe.each(stores())('report jobs (%s)', (store) => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let site: Property;
  let offset = 0;
  const recorder = recordingQuery(
    // As the server runs it: through the analytics store, which counts pending visits first.
    () => (pcode, body) => server.deps.analytics.run(pcode, (scope) => runReport(scope, body)),
  );

  /**
   * Posts the day's VISITS through the beacon endpoint, dated at `instant` (the server's clock), to
   * `to` (the site, shown with theme 1 by default).
   */
  async function postVisits(
    instant: string,
    to: { site: Property; theme: string; visits?: ReadonlyArray<readonly [string, string]> } = {
      site,
      theme: '1',
    },
  ) {
    offset = new Date(instant).getTime() - Date.now();
    for (const [country, outcome] of to.visits ?? VISITS) {
      const res = await server.request({
        method: 'POST',
        url: '/banner/visit',
        payload: JSON.stringify({
          p: to.site.uuid,
          t: to.theme,
          r: 1,
          o: outcome,
          f: 'H',
          d: 'd',
          os: 'Windows',
          b: 'Chrome',
          ts: new Date(instant).getTime(),
        }),
        headers: {
          'content-type': 'text/plain;charset=UTF-8',
          origin: `https://${to.site.url}`,
          'cf-ipcountry': country,
        },
      });
      expect(res.statusCode).toBe(204);
    }
  }

  /** The same query run now through the report builder's route, as the file should hold it. */
  async function reportNow(body: AnalyticsQueryBody) {
    const res = await server.request({
      method: 'POST',
      url: `/analytics/v1/report/pcode/${alice.pcode}`,
      payload: body,
      as: alice,
    });
    expect(res.statusCode).toBe(200);
    return json<AnalyticsQueryResponse>(res)[0]!.results;
  }

  /** Moves the server's clock (it keeps running from there); sessions are renewed. */
  async function jumpTo(instant: string) {
    offset = new Date(instant).getTime() - Date.now();
    alice = await server.refresh(alice);
    bob = await server.refresh(bob);
  }

  beforeAll(async () => {
    server = await createTestServer(store, {
      persistent: true,
      now: () => new Date(Date.now() + offset),
      reportQuery: recorder.query,
      env: {
        ...GEO_HEADER_ENV,
        ASSENT_REPORT_SCHEDULER_INTERVAL_MS: '100',
        ASSENT_REPORT_TIMEOUT_MS: '1500',
      },
    });
    alice = await server.user('alice@example.com');
    bob = await server.user('bob@example.com');
    site = json<Property>(
      await server.request({
        method: 'POST',
        url: `/customization/v2/site?pCode=${alice.pcode}`,
        payload: { url: 'news.example.com', themeId: '1' },
        as: alice,
      }),
    );
    await postVisits('2026-03-14T12:00:00Z');
    await postVisits('2026-03-15T08:00:00Z');
  });
  afterAll(() => server?.close());

  const jobsUrl = (pcode: string, rest = '') => `/analytics/v1/pcode/${pcode}${rest}`;

  const onDemand = (): ReportJobInput => ({
    name: 'Weekly consent',
    type: 'on_demand',
    recipients: [],
    query: {
      filters: [{ key: 'propertyId', operator: 'in', values: [site.uuid] }],
      dimensions: ['period', 'country'],
      metrics: ['totalSessions', 'optInPercent'],
      granularity: 'day',
      timePeriod: { type: 'last7Days' },
    },
  });

  const scheduled = (overrides: Partial<ReportJobInput> = {}): ReportJobInput => ({
    ...onDemand(),
    name: 'Daily consent',
    type: 'scheduled',
    recipients: ['ops@example.com', 'ceo@example.com'],
    scheduleInfo: {
      frequency: 'daily',
      startDate: '2026-03-16',
      endDate: '2026-03-18',
      time: '9:30',
    },
    query: { ...onDemand().query, timePeriod: { type: 'lastDay' } },
    ...overrides,
  });

  const create = async (job: ReportJobInput, as = alice) =>
    server.request({ method: 'POST', url: jobsUrl(as.pcode, '/job'), payload: job, as });

  const getJob = async (id: string) =>
    json<ReportJob>(
      await server.request({ method: 'GET', url: jobsUrl(alice.pcode, `/job/${id}`), as: alice }),
    );

  const schedulerDeps = () => ({
    db: server.deps.db,
    jobs: server.deps.jobs,
    logger: server.deps.logger,
    now: server.deps.now,
    leaseMs: reportRunLeaseMs(server.config.reports),
  });

  it('saves an on-demand report, runs it in the background and serves its CSV file', async () => {
    await jumpTo('2026-03-15T10:00:00Z');
    const res = await create(onDemand());
    expect(res.statusCode).toBe(201);
    const { message, id } = json<ReportJobWriteResponse>(res);
    expect(message).toBe(REPORT_SAVED);

    const done = await until(
      () => getJob(id!),
      (j) => j.status === 'COMPLETED',
      'the run',
    );
    // The query is the saved one, its last 7 days dated when it was saved.
    const call = recorder.calls.at(-1)!;
    expect(call.pcode).toBe(alice.pcode);
    expect(call.body.queries).toEqual([
      {
        id: 'report',
        dimensions: ['period', 'country'],
        metrics: ['totalSessions', 'optInPercent'],
        granularity: 'day',
      },
    ]);
    expect(call.body.filters).toEqual([
      { key: 'propertyId', operator: 'in', values: [site.uuid] },
      { key: 'startDate', operator: 'gteq', values: ['2026-03-08'] },
      { key: 'endDate', operator: 'lteq', values: ['2026-03-14'] },
    ]);
    expect(done).toMatchObject({
      name: 'Weekly consent',
      type: 'on_demand',
      startDate: '2026-03-08',
      endDate: '2026-03-14',
      error: null,
    });
    // The last 7 days hold 14 March's visits only (15 March is today).
    const lines = EXPECTED_LINES('2026-03-14');
    expect(done.size).toBe(Buffer.byteLength(`${lines.join('\r\n')}\r\n`));

    const file = await server.request({ method: 'GET', url: done.fileUrl!, as: alice });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toBe(
      'attachment; filename="Weekly-consent-2026-03-14.csv"',
    );
    expect(sortedLines(file.body)).toEqual(lines);
    expect(file.body).toBe(reportRowsToCsv(onDemand().query, await reportNow(call.body)));
  });

  it('names themes, theme languages and properties in the file, as the console does', async () => {
    // A second site of Alice's shown with her French 'Winter theme', and once with a theme that is
    // no longer there (its id stays, as in the console).
    const winter = json<{ themeId: string }>(
      await server.request({
        method: 'POST',
        url: `/customization/v2/theme?pCode=${alice.pcode}`,
        payload: {
          themeType: 'SITE',
          themeName: 'Winter theme',
          privacyModes: ['GDPR'],
          language: 'fr',
        },
        as: alice,
      }),
    );
    const shop = json<Property>(
      await server.request({
        method: 'POST',
        url: `/customization/v2/site?pCode=${alice.pcode}`,
        payload: { url: 'shop.example.com', themeId: winter.themeId },
        as: alice,
      }),
    );
    await postVisits('2026-03-13T12:00:00Z', { site: shop, theme: winter.themeId });
    await postVisits('2026-03-13T13:00:00Z', {
      site: shop,
      theme: '987654',
      visits: [['FR', 'a']],
    });

    await jumpTo('2026-03-15T10:00:00Z');
    const query: ReportJobInput['query'] = {
      ...onDemand().query,
      filters: [{ key: 'propertyId', operator: 'in', values: [shop.uuid] }],
      dimensions: ['themeUuid', 'themeLanguage', 'propertyId'],
      metrics: ['totalSessions'],
    };
    const id = json<ReportJobWriteResponse>(
      await create({ ...onDemand(), name: 'By theme', query }),
    ).id!;
    const done = await until(
      () => getJob(id),
      (j) => j.status === 'COMPLETED',
      'the run',
    );
    const file = await server.request({ method: 'GET', url: done.fileUrl!, as: alice });
    expect(file.statusCode).toBe(200);
    expect(sortedLines(file.body)).toEqual([
      'Theme,Theme Language,Property,Display Count',
      '987654,,shop.example.com,1',
      'Winter theme,French,shop.example.com,4',
    ]);
  });

  it('refuses a report naming each broken rule, and stores nothing', async () => {
    const before = json<ReportJob[]>(
      await server.request({ method: 'GET', url: jobsUrl(alice.pcode, '/jobs'), as: alice }),
    ).length;
    const noName = await create({ ...onDemand(), name: ' ' });
    expect(noName.statusCode).toBe(400);
    expect(json<{ fields: object }>(noName).fields).toEqual({ name: REPORT_NAME_REQUIRED });

    const early = await create(
      scheduled({ scheduleInfo: { ...scheduled().scheduleInfo!, time: '7:30' } }),
    );
    expect(early.statusCode).toBe(400);
    expect(Object.values(json<{ fields: object }>(early).fields)).toContain(SCHEDULE_TIME_INVALID);

    // Bob's property cannot be slipped into Alice's report.
    const bobSite = json<Property>(
      await server.request({
        method: 'POST',
        url: `/customization/v2/site?pCode=${bob.pcode}`,
        payload: { url: 'bob.example.com', themeId: '1' },
        as: bob,
      }),
    );
    const foreign = await create({
      ...onDemand(),
      query: {
        ...onDemand().query,
        filters: [{ key: 'propertyId', operator: 'in', values: [site.uuid, bobSite.uuid] }],
      },
    });
    expect(foreign.statusCode).toBe(400);
    expect(json<{ fields: object }>(foreign).fields).toEqual({
      'query.filters.0.values.1': REPORT_PROPERTY_NOT_IN_ACCOUNT,
    });
    const after = json<ReportJob[]>(
      await server.request({ method: 'GET', url: jobsUrl(alice.pcode, '/jobs'), as: alice }),
    ).length;
    expect(after).toBe(before);
  });

  it('runs a scheduled report at its time, once per period, and mails the file to each recipient', async () => {
    await jumpTo('2026-03-15T10:00:00Z');
    const res = await create(scheduled());
    expect(json<ReportJobWriteResponse>(res).message).toBe(REPORT_SCHEDULED);
    const id = json<ReportJobWriteResponse>(res).id!;
    expect(await getJob(id)).toMatchObject({
      status: 'ACTIVE',
      active: true,
      frequency: 'daily',
      startDate: '2026-03-16',
      endDate: '2026-03-18',
      recipients: ['ops@example.com', 'ceo@example.com'],
      nextRunAt: '2026-03-16T09:30:00.000Z',
      fileUrl: null,
    });
    // Before its time nothing runs.
    await scheduleReportRuns(schedulerDeps());
    expect((await getJob(id)).lastRunAt).toBeNull();

    await jumpTo('2026-03-16T09:30:05Z');
    const ran = await until(
      () => getJob(id),
      (j) => j.lastRunAt !== null,
      'the scheduled run',
    );
    expect(ran).toMatchObject({ status: 'ACTIVE', nextRunAt: '2026-03-17T09:30:00.000Z' });
    // lastDay, dated at the period: the day before 16 March.
    expect(recorder.calls.at(-1)!.body.filters.slice(-2)).toEqual([
      { key: 'startDate', operator: 'gteq', values: ['2026-03-15'] },
      { key: 'endDate', operator: 'lteq', values: ['2026-03-15'] },
    ]);

    const mails = await until(
      () => parsedOutbox(server.dataDir),
      (m) => m.filter((x) => x.subject?.startsWith('Report ready: Daily consent')).length === 2,
      'the mails',
    );
    const reports = mails.filter((m) => m.subject === 'Report ready: Daily consent (2026-03-15)');
    expect(reports.map((m) => m.to && !Array.isArray(m.to) && m.to.text).sort()).toEqual([
      'ceo@example.com',
      'ops@example.com',
    ]);
    for (const mail of reports) {
      expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([
        ['Daily-consent-2026-03-15.csv', 'text/csv'],
      ]);
      expect(sortedLines(mail.attachments[0]!.content.toString('utf8'))).toEqual(
        EXPECTED_LINES('2026-03-15'),
      );
      expect(mail.text).toContain(`http://assent.test${ran.fileUrl!}`);
    }

    // Two servers noticing the same period give it one run; later passes add none.
    const calls = recorder.calls.length;
    const added = await Promise.all([
      scheduleReportRuns(schedulerDeps()),
      scheduleReportRuns(schedulerDeps()),
    ]);
    expect(added).toEqual([0, 0]);
    expect(recorder.calls.length).toBe(calls);
  });

  it('pauses and resumes through PATCH ?active=, owing nothing for the periods it was paused', async () => {
    await jumpTo('2026-03-15T10:00:00Z');
    const id = json<ReportJobWriteResponse>(await create(scheduled({ name: 'Paused one' }))).id!;
    const patch = (active: boolean) =>
      server.request({
        method: 'PATCH',
        url: jobsUrl(alice.pcode, `/job/${id}?active=${active}`),
        as: alice,
      });
    const paused = await patch(false);
    expect(json<ReportJobWriteResponse>(paused).message).toBe(REPORT_PAUSED);
    expect(await getJob(id)).toMatchObject({ status: 'PAUSED', active: false, nextRunAt: null });

    // 16 March's period passes while paused: no run.
    await jumpTo('2026-03-16T12:00:00Z');
    expect(await scheduleReportRuns(schedulerDeps())).toBe(0);
    expect((await getJob(id)).lastRunAt).toBeNull();

    const resumed = await patch(true);
    expect(json<ReportJobWriteResponse>(resumed).message).toBe(REPORT_RESUMED);
    expect(await getJob(id)).toMatchObject({
      status: 'ACTIVE',
      active: true,
      nextRunAt: '2026-03-17T09:30:00.000Z',
      lastRunAt: null,
    });
  });

  it('runs a period that fell while the server was down once it is back', async () => {
    await jumpTo('2026-04-01T10:00:00Z');
    const id = json<ReportJobWriteResponse>(
      await create(
        scheduled({
          name: 'Across a restart',
          recipients: ['restart@example.com'],
          scheduleInfo: {
            frequency: 'weekly',
            startDate: '2026-04-02',
            endDate: '2026-04-30',
            time: '8:00',
          },
        }),
      ),
    ).id!;
    // Down from before its first period (2 April, 8:00) until after it.
    await server.restart(() => {
      offset = new Date('2026-04-02T11:00:00Z').getTime() - Date.now();
    });
    alice = await server.refresh(alice);
    bob = await server.refresh(bob);
    const ran = await until(
      () => getJob(id),
      (j) => j.lastRunAt !== null,
      'the catch-up run',
    );
    expect(ran).toMatchObject({ status: 'ACTIVE', nextRunAt: '2026-04-09T08:00:00.000Z' });
    const mails = await until(
      () => parsedOutbox(server.dataDir),
      (m) => m.some((x) => x.subject === 'Report ready: Across a restart (2026-04-01)'),
      'the catch-up mail',
    );
    expect(mails.filter((m) => m.subject?.includes('Across a restart'))).toHaveLength(1);
  });

  it("fails a report too large for the time limit with the gateway's 504 error", async () => {
    await jumpTo('2026-03-15T10:00:00Z');
    recorder.state.slow = true;
    try {
      const id = json<ReportJobWriteResponse>(
        await create({ ...onDemand(), name: 'Too large', recipients: ['big@example.com'] }),
      ).id!;
      const failed = await until(
        () => getJob(id),
        (j) => j.status === 'FAILED',
        'the failure',
      );
      expect(failed.error).toContain(GATEWAY_TIMEOUT_MARKER);
      expect(reportRunErrorMessage(failed.error)).toBe(REPORT_TOO_LARGE);
      expect(failed.fileUrl).toBeNull();
      const mails = await until(
        () => parsedOutbox(server.dataDir),
        (m) => m.some((x) => x.subject === 'Report failed: Too large'),
        'the failure mail',
      );
      const mail = mails.find((x) => x.subject === 'Report failed: Too large')!;
      expect(mail.text).toContain(REPORT_TOO_LARGE);
      expect(mail.attachments).toEqual([]);
    } finally {
      recorder.state.slow = false;
    }
  });

  it('updates an on-demand report (a new run) and deletes it with its files', async () => {
    await jumpTo('2026-03-15T10:00:00Z');
    const id = json<ReportJobWriteResponse>(await create({ ...onDemand(), name: 'To change' })).id!;
    const first = await until(
      () => getJob(id),
      (j) => j.status === 'COMPLETED',
      'the first run',
    );

    await jumpTo('2026-03-20T10:00:00Z');
    const put = await server.request({
      method: 'PUT',
      url: jobsUrl(alice.pcode, `/job/${id}`),
      payload: { ...onDemand(), name: 'Changed' },
      as: alice,
    });
    expect(json<ReportJobWriteResponse>(put).message).toBe(REPORT_UPDATED);
    const second = await until(
      () => getJob(id),
      (j) => j.status === 'COMPLETED' && j.fileUrl !== first.fileUrl,
      'the second run',
    );
    expect(second).toMatchObject({
      name: 'Changed',
      startDate: '2026-03-13',
      endDate: '2026-03-19',
    });

    const listed = json<ReportJob[]>(
      await server.request({
        method: 'GET',
        url: jobsUrl(alice.pcode, '/jobs?type=on_demand&name=chang'),
        as: alice,
      }),
    );
    expect(listed.map((j) => j.id)).toEqual([id]);

    const del = await server.request({
      method: 'DELETE',
      url: jobsUrl(alice.pcode, `/job/${id}`),
      as: alice,
    });
    expect(json<ReportJobWriteResponse>(del).message).toBe(REPORT_DELETED);
    const gone = await server.request({ method: 'GET', url: second.fileUrl!, as: alice });
    expect(gone.statusCode).toBe(404);
    expect(json(gone)).toEqual({ status: 'NOT_FOUND', message: REPORT_NOT_FOUND });
  });

  it("keeps every report route to the caller's accounts", async () => {
    await jumpTo('2026-03-15T10:00:00Z');
    const id = json<ReportJobWriteResponse>(await create({ ...onDemand(), name: 'Private' })).id!;
    const job = await until(
      () => getJob(id),
      (j) => j.status === 'COMPLETED',
      'the run',
    );
    const runId = job.fileUrl!.split('/run/')[1]!.split('/')[0]!;
    const jobRoutes = [
      ['POST', '/job', onDemand()],
      ['PUT', `/job/${id}`, onDemand()],
      ['DELETE', `/job/${id}`, undefined],
      ['PATCH', `/job/${id}?active=false`, undefined],
      ['GET', '/jobs', undefined],
      ['GET', `/job/${id}`, undefined],
      ['GET', `/job/${id}/run/${runId}/file`, undefined],
    ] as const satisfies ReadonlyArray<readonly [string, string, unknown]>;

    // Alice's account code: Bob is not a member.
    for (const [method, rest, payload] of jobRoutes) {
      const res = await server.request({
        method,
        url: jobsUrl(alice.pcode, rest),
        ...(payload ? { payload } : {}),
        as: bob,
      });
      expect([method, rest, res.statusCode, json(res)]).toEqual([
        method,
        rest,
        403,
        { status: 'FORBIDDEN', message: FORBIDDEN_MESSAGE },
      ]);
    }
    // Bob's own account code with Alice's report id: not found, and his list does not show it.
    for (const [method, rest, payload] of jobRoutes) {
      if (method === 'POST' || rest === '/jobs') continue;
      const res = await server.request({
        method,
        url: jobsUrl(bob.pcode, rest),
        ...(payload ? { payload: { ...payload, query: { ...payload.query, filters: [] } } } : {}),
        as: bob,
      });
      expect([method, rest, res.statusCode]).toEqual([method, rest, 404]);
    }
    const bobs = json<ReportJob[]>(
      await server.request({ method: 'GET', url: jobsUrl(bob.pcode, '/jobs'), as: bob }),
    );
    expect(bobs.map((j) => j.id)).not.toContain(id);
    expect(await getJob(id)).toMatchObject({ name: 'Private', status: 'COMPLETED' });
  });
});
