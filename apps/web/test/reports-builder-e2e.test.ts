// @vitest-environment node
import { addUtcDays, formatUtcDay } from '@assent/core';
import type { ReportJob } from '@assent/core/reports';
import {
  CUSTOM_REPORT_QUERY_ID,
  DELETE_REPORT_TITLE,
  EDIT_REPORT,
  GO_TO_REPORTS,
  REPORT_DELETED,
  REPORT_SAVED,
  REPORT_SCHEDULED,
  REPORT_UPDATED,
  RUN_REPORT,
  SAVE_REPORT,
  SCHEDULE_REPORT,
  TIME_FILTER_REQUIRED,
} from '@assent/core/reports';
import { siteThemeValues } from '@assent/core/testing';
import type { TestUser } from '@assent/server/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { reportRunLeaseMs } from '../../server/src/jobs/report-run';
import { scheduleReportRuns } from '../../server/src/jobs/report-scheduler';
import type { E2eBrowser, E2eServer } from './e2e-support';
import {
  closeAll,
  describeInChromium,
  openConsole,
  pageHelpers,
  startE2eServer,
  tick,
} from './e2e-support';

const SITE = 'reports-e2e.example';
const RECIPIENT = 'ops@example.com';
const SAVED_NAME = 'Device split';
const SCHEDULED_NAME = 'Daily device split';

/** The beacon the runtime posts for one page view (GDPR, HTTP, Chrome on Windows). */
const beacon = (property: string, d: 'd' | 'm', o: 'a' | 'r' | 'p' | 'b') => ({
  p: property,
  t: '1',
  r: 1,
  o,
  f: 'H',
  d,
  os: d === 'm' ? 'Android' : 'Windows',
  b: 'Chrome',
  ts: Date.now(),
});

/**
 * Issue 11's custom report in Chromium, on a fresh server whose site received four known page views
 * through the real POST /banner/visit (desktop: accept all twice and deny all once; phone: partial
 * opt-in): the report shows Display Count 3 / Opt-in 66.67% for Desktop and 1 / 0.00% for Phone;
 * it is saved, scheduled (the scheduled run mails the recipient), paused, resumed, and the saved
 * one is deleted.
 */
describeInChromium('the custom report builder in a real browser', () => {
  let server: E2eServer;
  let browser: E2eBrowser;
  let page: Page;
  let owner: TestUser;
  let siteId: string;
  const { shot } = pageHelpers(
    () => page,
    () => owner.pcode,
  );

  beforeAll(async () => {
    server = await startE2eServer();
    owner = await server.user('rita@example.com');
    const api = server.api(owner);
    await api.themes.create({ query: { pCode: owner.pcode }, body: siteThemeValues() });
    const site = await api.sites.create({
      query: { pCode: owner.pcode },
      body: { url: SITE, publisherName: 'Rita Reports', themeId: '1' },
    });
    siteId = site.uuid;
    const views = [
      beacon(siteId, 'd', 'a'),
      beacon(siteId, 'd', 'a'),
      beacon(siteId, 'd', 'r'),
      beacon(siteId, 'm', 'p'),
    ];
    for (const view of views) {
      const res = await fetch(`${server.url}/banner/visit`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8', origin: `https://${SITE}` },
        body: JSON.stringify(view),
      });
      expect(res.status).toBe(204);
    }
    browser = await openConsole(server, { as: owner, timeoutMs: 60_000 });
    page = browser.page;
  });
  afterAll(() => closeAll(server, browser));

  const scheduledJob = async (): Promise<ReportJob> => {
    const jobs = await server
      .api(owner)
      .analytics.listJobs({ params: { pCode: owner.pcode }, query: { type: 'scheduled' } });
    const job = jobs.find((j) => j.name === SCHEDULED_NAME);
    if (!job) throw new Error(`${SCHEDULED_NAME} is not saved`);
    return job;
  };

  it(
    'runs, saves, schedules (the mail lands), pauses, resumes and deletes a custom report',
    { timeout: 300_000 },
    async () => {
      // The visits are stored by the time the report API counts them (the sink may batch).
      const api = server.api(owner);
      const today = formatUtcDay(new Date());
      await expect
        .poll(
          async () => {
            const [result] = await api.analytics.runReport({
              params: { pCode: owner.pcode },
              body: {
                queries: [
                  {
                    id: CUSTOM_REPORT_QUERY_ID,
                    dimensions: [],
                    metrics: ['totalSessions'],
                    granularity: 'day',
                  },
                ],
                filters: [
                  { key: 'startDate', operator: 'gteq', values: [today] },
                  { key: 'endDate', operator: 'lteq', values: [today] },
                  { key: 'propertyId', operator: 'in', values: [siteId] },
                ],
              },
            });
            return result?.results[0]?.totalSessions;
          },
          { timeout: 30_000, interval: 250 },
        )
        .toBe(4);
      // The route's property is preselected; the Analytics tab holds the builder.
      await page.goto(`${server.url}/protect/p-${owner.pcode}/reports/${siteId}`);
      await page.getByRole('tab', { name: 'Analytics' }).click();
      await page.getByRole('heading', { name: 'Create your Custom Report' }).waitFor();
      const dimensions = page.getByRole('group', { name: 'Dimensions' });
      const metrics = page.getByRole('group', { name: 'Metrics' });
      await tick(dimensions.getByRole('checkbox', { name: 'Device Type', exact: true }));
      await tick(metrics.getByRole('checkbox', { name: 'Display Count', exact: true }));
      await tick(metrics.getByRole('checkbox', { name: 'Opt-in %', exact: true }));
      // GBC metrics only with their dimension.
      expect(
        await metrics.getByRole('checkbox', { name: 'Ad Storage Granted %', exact: true }).count(),
      ).toBe(0);

      // The time filter does not close empty.
      await page.getByRole('button', { name: 'Done' }).click();
      await page.getByText(TIME_FILTER_REQUIRED).waitFor();
      await tick(page.getByRole('radio', { name: 'This Week', exact: true }));
      await page.getByRole('button', { name: 'Done' }).click();
      await page.getByRole('button', { name: 'Time: This Week' }).waitFor();
      expect(await page.getByRole('radio', { name: 'Week', exact: true }).isChecked()).toBe(true);

      await page.getByRole('button', { name: RUN_REPORT }).click();
      const table = page.getByRole('table', { name: 'Report results' });
      await table.waitFor();
      const rows = (await table.getByRole('row').allInnerTexts()).map((r) =>
        r.split('\t').map((c) => c.trim()),
      );
      expect(rows[0]).toEqual(['Device Type', 'Display Count', 'Opt-in %']);
      expect(rows.slice(1).sort()).toEqual([
        ['Desktop', '3', '66.67%'],
        ['Phone', '1', '0.00%'],
      ]);
      // The lazily loaded plotly chart draws its bars.
      await page.locator('figure.assent-report-chart .js-plotly-plot .bars').first().waitFor();
      await shot('reports-builder-run');

      // Save on demand.
      await page.getByRole('button', { name: SAVE_REPORT }).click();
      const saveDialog = page.getByRole('dialog', { name: SAVE_REPORT });
      await saveDialog.getByLabel(/Report Name/).fill(SAVED_NAME);
      await saveDialog.getByRole('button', { name: SAVE_REPORT }).click();
      await page.getByText(REPORT_SAVED).waitFor();

      // Schedule: daily at 9:00 UTC from today for a week, to one recipient.
      await page.getByRole('button', { name: SCHEDULE_REPORT }).click();
      const modal = page.getByRole('dialog', { name: SCHEDULE_REPORT });
      await modal.getByLabel(/Report Name/).fill(SCHEDULED_NAME);
      expect(await modal.getByLabel(/Frequency/).inputValue()).toBe('daily');
      const startDay = new Date();
      await modal.getByLabel(/Start Date/).fill(formatUtcDay(startDay));
      await modal.getByLabel(/Start Date/).press('Enter');
      await modal.getByLabel(/End Date/).fill(formatUtcDay(addUtcDays(startDay, 7)));
      await modal.getByLabel(/End Date/).press('Enter');
      const hour = modal.getByLabel('Hour (UTC)');
      expect(await hour.locator('option[value="7"]').isDisabled()).toBe(true);
      await hour.selectOption('9');
      await modal.getByLabel('Recipient e-mail').fill(RECIPIENT);
      await modal.getByLabel('Recipient e-mail').press('Enter');
      await modal.getByRole('list', { name: 'Recipients' }).getByText(RECIPIENT).waitFor();
      await shot('reports-builder-schedule', modal);
      await modal.getByRole('button', { name: 'Schedule', exact: true }).click();
      await page.getByText(REPORT_SCHEDULED).waitFor();
      await shot('reports-builder-scheduled');

      // The scheduler, at the report's first time, runs it and mails the recipient.
      const job = await scheduledJob();
      expect(job).toMatchObject({ status: 'ACTIVE', frequency: 'daily', recipients: [RECIPIENT] });
      const at = new Date(new Date(job.nextRunAt!).getTime() + 1000);
      await scheduleReportRuns({
        db: server.deps.db,
        jobs: server.deps.jobs,
        logger: server.deps.logger,
        now: () => at,
        leaseMs: reportRunLeaseMs(server.config.reports),
      });
      await expect
        .poll(
          () =>
            server
              .outbox()
              .filter(
                (m) =>
                  m.to.includes(RECIPIENT) &&
                  m.subject.startsWith(`Report ready: ${SCHEDULED_NAME}`),
              ).length,
          { timeout: 60_000, interval: 500 },
        )
        .toBe(1);

      // The scheduled list: pause, then resume.
      await page.getByRole('link', { name: GO_TO_REPORTS }).click();
      await page.waitForURL('**/reports/view-reports?report_type=scheduled');
      const scheduledList = page.getByRole('table', { name: 'Scheduled Reports' });
      const row = scheduledList.getByRole('row').filter({ hasText: SCHEDULED_NAME });
      await row.getByRole('button', { name: `Pause ${SCHEDULED_NAME}` }).click();
      await page.getByText(REPORT_UPDATED).first().waitFor();
      await row.getByRole('button', { name: `Resume ${SCHEDULED_NAME}` }).waitFor();
      expect((await scheduledJob()).active).toBe(false);
      await shot('reports-list-paused');
      await row.getByRole('button', { name: `Resume ${SCHEDULED_NAME}` }).click();
      await row.getByRole('button', { name: `Pause ${SCHEDULED_NAME}` }).waitFor();
      expect((await scheduledJob()).active).toBe(true);

      // Its name opens it in the builder to edit.
      await row.getByRole('link', { name: SCHEDULED_NAME }).click();
      await page.waitForURL(`**/reports?report_id=${job.id}`);
      await page.getByRole('button', { name: EDIT_REPORT }).waitFor();
      // The selection is the report's propertyId filter (the list's link names no property).
      expect(await page.locator('.assent-reports-properties .bp6-tag').allInnerTexts()).toEqual([
        SITE,
      ]);
      expect(await page.getByRole('tab', { name: 'Analytics' }).getAttribute('aria-selected')).toBe(
        'true',
      );
      await shot('reports-builder-edit');
      expect(
        await page
          .getByRole('group', { name: 'Metrics' })
          .getByRole('checkbox', { name: 'Opt-in %', exact: true })
          .isChecked(),
      ).toBe(true);

      // The on-demand list: the saved report ran; its file downloads; then it is deleted.
      await page.goto(
        `${server.url}/protect/p-${owner.pcode}/reports/view-reports?report_type=scheduled`,
      );
      await page.getByRole('radio', { name: 'On-demand Reports', exact: true }).click();
      await page.waitForURL('**/reports/view-reports?report_type=on_demand');
      const onDemand = page.getByRole('table', { name: 'On-demand Reports' });
      const saved = onDemand.getByRole('row').filter({ hasText: SAVED_NAME });
      await expect
        .poll(
          async () => {
            await page.reload();
            await onDemand.waitFor();
            return saved.getByText('COMPLETED').count();
          },
          { timeout: 60_000, interval: 1000 },
        )
        .toBe(1);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        saved.getByRole('button', { name: `Download ${SAVED_NAME}` }).click(),
      ]);
      const file = await download.path();
      const { readFileSync } = await import('node:fs');
      const csv = readFileSync(file, 'utf8').trim().split(/\r?\n/);
      expect(csv[0]).toBe('Device Type,Display Count,Opt-in %');
      // Device types by the names the table shows (core's reportValueName), not 'pc' / 'mobile'.
      expect(csv.slice(1).sort()).toEqual(['Desktop,3,66.67', 'Phone,1,0']);
      await shot('reports-list-on-demand');
      await saved.getByRole('button', { name: `Delete ${SAVED_NAME}` }).click();
      const confirm = page.getByRole('dialog', { name: DELETE_REPORT_TITLE });
      await confirm.getByText('Are you sure to delete this report?').waitFor();
      await confirm.getByRole('button', { name: 'Yes' }).click();
      await page.getByText(REPORT_DELETED).first().waitFor();
      await expect.poll(() => saved.count()).toBe(0);
      expect(browser.problems).toEqual([]);
    },
  );
});
