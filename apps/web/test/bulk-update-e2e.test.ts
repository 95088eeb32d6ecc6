// @vitest-environment node
import path from 'node:path';
import { HELP_CENTER_LABEL } from '@assent/core/account';
import {
  BULK_SUBMIT,
  MULTIPLE_VERSIONS_DETECTED,
  MULTIPLE_VERSIONS_NEXT,
} from '@assent/core/bulk-update';
import {
  AMP_CONSENT_SCOPE_INVALID,
  BULK_UPDATE_BUTTON,
  PENDING_UPDATES,
  PROPERTY_STATUS_LABELS,
} from '@assent/core/property';
import { siteThemeValues } from '@assent/core/testing';
import type { TestUser } from '@assent/server/testing';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runBulkUpdate } from '../../server/src/jobs/bulk-update';
import { bulkUpdates } from '../../server/src/repositories/bulk-updates';
import {
  ALERT,
  DETAILS,
  FILTERS,
  OVERVIEW,
  STATUS,
  STEP_ACTIONS,
  TABLE,
} from '../src/bulk-update/copy';
import type { E2eBrowser, E2eServer } from './e2e-support';
import {
  E2E_ARTIFACTS,
  closeAll,
  describeInChromium,
  openConsole,
  pageHelpers,
  startE2eServer,
  tick,
} from './e2e-support';

type Box = { x: number; y: number; width: number; height: number };

const OWNER = 'bulk.owner@example.com';
const THEME = 'Autumn theme';
/** Three sites on three CMP versions, and an AMP site (which a group consent scope breaks). */
const SITES = [
  { url: 'alpha-news.com', cmpVersion: 'latest' as const },
  { url: 'beta-news.com', cmpVersion: 60 },
  { url: 'gamma-news.com', cmpVersion: 56 },
];
const AMP_SITE = 'amp-news.com';

describeInChromium('bulk update in a real browser (new user)', () => {
  let server: E2eServer;
  let browser: E2eBrowser;
  let page: Page;
  let owner: TestUser;
  let pcode: string;
  const { shot, group, radio, toList } = pageHelpers(
    () => page,
    () => pcode,
  );
  const button = (name: string) => page.getByRole('button', { name, exact: true });
  const row = (name: string) => page.getByRole('row').filter({ hasText: name });

  /** From the status page: Refresh until the job reads COMPLETED (the page also polls). */
  async function untilCompleted() {
    const status = page.getByTestId('bulk-status');
    await expect
      .poll(
        async () => {
          const text = await status.textContent();
          const refresh = button(STATUS.refresh);
          if (text !== 'COMPLETED' && (await refresh.isEnabled())) await refresh.click();
          return text;
        },
        { timeout: 60_000, interval: 500 },
      )
      .toBe('COMPLETED');
  }

  beforeAll(async () => {
    server = await startE2eServer();
    owner = await server.user(OWNER);
    pcode = owner.pcode;
    const api = server.api(owner);
    await api.themes.create({
      query: { pCode: pcode },
      body: siteThemeValues({ themeName: THEME }),
    });
    for (const site of SITES) {
      await api.sites.create({
        query: { pCode: pcode },
        body: {
          url: site.url,
          publisherName: 'Nora News',
          themeId: '1',
          cmpVersion: site.cmpVersion,
        },
      });
    }
    await api.sites.create({
      query: { pCode: pcode },
      body: { url: AMP_SITE, publisherName: 'Nora News', themeId: '1', ampEnabled: true },
    });
    browser = await openConsole(server, { as: owner, timeoutMs: 60_000 });
    page = browser.page;
  });
  afterAll(() => closeAll(server, browser));

  it(
    'filters, selects three versions (the modal), changes theme and country, submits and follows it to COMPLETED',
    { timeout: 240_000 },
    async () => {
      await page.goto(`${server.url}/protect/p-${pcode}/properties`);
      await toList();
      await button(BULK_UPDATE_BUTTON).click();
      await page.waitForURL(`**/protect/p-${pcode}/bulk-update`);
      const table = page.getByRole('table', { name: TABLE.label });
      await table.waitFor();
      expect(await table.getByRole('row').count()).toBe(1 + SITES.length + 1);

      // Filter: plain sites only (the AMP site goes).
      await tick(group(FILTERS.type).getByRole('checkbox', { name: 'Site', exact: true }));
      await button(FILTERS.apply).click();
      await expect.poll(() => table.getByRole('row').count()).toBe(1 + SITES.length);
      for (const site of SITES) {
        await tick(page.getByRole('checkbox', { name: TABLE.selectRow(site.url) }));
      }
      await page.getByText(TABLE.selected(3, 3)).waitFor();
      await shot('bulk-select');

      await button('NEXT').click();
      const modal = page.getByRole('dialog', { name: MULTIPLE_VERSIONS_DETECTED });
      await modal.waitFor();
      await shot('bulk-multiple-versions', modal);
      await modal.getByRole('button', { name: MULTIPLE_VERSIONS_NEXT, exact: true }).click();
      await page.waitForURL('**/bulk-update/details');

      // Theme and publisher country, with the regulation NEXT needs.
      await page.getByLabel(DETAILS.theme).selectOption({ label: THEME });
      await page.getByLabel(DETAILS.publisherCountry).selectOption({ label: 'France' });
      await tick(group(DETAILS.consentLocations).getByRole('checkbox', { name: 'EEA & UK' }));
      await shot('bulk-details');
      await button('NEXT').click();
      await page.waitForURL('**/bulk-update/overview');
      const changes = page.getByRole('table', { name: OVERVIEW.changes });
      await changes.getByRole('row', { name: new RegExp(THEME) }).waitFor();
      await changes.getByRole('row', { name: /France \(FR\)/ }).waitFor();
      await shot('bulk-overview');

      await button(BULK_SUBMIT).click();
      await toList();
      const alert = page.getByTestId('bulk-update-alert');
      await alert.waitFor();
      await shot('bulk-alert');
      await alert.getByRole('link', { name: ALERT.viewStatus }).click();
      await page.waitForURL('**/bulk-update-status');
      await untilCompleted();
      await page.getByText(STATUS.progress('Updated', 3, 3)).waitFor();
      expect(await button(STATUS.refresh).isDisabled()).toBe(true);
      expect(await page.getByText(OWNER).count()).toBe(1);
      await shot('bulk-status-completed');

      // The list shows the new theme on the three sites, not on the AMP site.
      await page.getByRole('link', { name: /Back to/ }).click();
      await toList();
      for (const site of SITES) await row(site.url).getByText(THEME).waitFor();
      expect(await row(AMP_SITE).getByText(THEME).count()).toBe(0);
      await page.getByText(ALERT.successful(3)).waitFor();
      await shot('bulk-properties-after');

      // Step 1 filters by the new country.
      await button(BULK_UPDATE_BUTTON).click();
      await tick(group(FILTERS.publisherCountry).getByRole('checkbox', { name: 'France' }));
      await button(FILTERS.apply).click();
      await expect.poll(() => table.getByRole('row').count()).toBe(1 + SITES.length);
      // Entering the flow removed the success alert.
      await page.getByRole('link', { name: /Back to/ }).click();
      await toList();
      expect(await page.getByTestId('bulk-update-alert').count()).toBe(0);
    },
  );

  it(
    'shows the property a job could not update, with its reason',
    { timeout: 240_000 },
    async () => {
      await page.goto(`${server.url}/protect/p-${pcode}/bulk-update`);
      await page.getByRole('table', { name: TABLE.label }).waitFor();
      for (const url of [AMP_SITE, SITES[0]!.url]) {
        await tick(page.getByRole('checkbox', { name: TABLE.selectRow(url) }));
      }
      await button('NEXT').click();
      await page.waitForURL('**/bulk-update/details');
      await tick(group(DETAILS.consentLocations).getByRole('checkbox', { name: 'EEA & UK' }));
      await tick(radio(DETAILS.consentScope, 'Group of sites'));
      await page
        .getByRole('textbox', { name: new RegExp(`^${DETAILS.groupUrl}`) })
        .fill('https://group.nora-news.com');
      await button('NEXT').click();
      await page.waitForURL('**/bulk-update/overview');
      await button(BULK_SUBMIT).click();
      await toList();
      await page
        .getByTestId('bulk-update-alert')
        .getByRole('link', { name: ALERT.viewStatus })
        .click();
      await untilCompleted();
      const failures = page.getByRole('table', { name: STATUS.failures });
      await failures.getByRole('row', { name: new RegExp(AMP_SITE) }).waitFor();
      expect(await failures.getByText(AMP_CONSENT_SCOPE_INVALID).count()).toBe(1);
      await page.getByText(STATUS.progress('Failed', 1, 2)).waitFor();
      await shot('bulk-status-failed');
      await page.getByRole('link', { name: /Back to/ }).click();
      await toList();
      await page.getByText(ALERT.failed(1, 2)).waitFor();
    },
  );

  it(
    'a property in a running job shows pending updates; its open form becomes editable when the job is done',
    { timeout: 240_000 },
    async () => {
      // A job recorded but not yet run by the queue: its property has pending updates.
      const beta = SITES[1]!.url;
      const listed = await server.api(owner).sites.list({ query: { pCode: pcode } });
      const property = listed.find((p) => p.url === beta)!;
      const job = await bulkUpdates.create(server.deps.db, {
        pcode,
        initiatedBy: OWNER,
        fields: { publisherCC: 'DE', consentLocations: ['EEA'] },
        items: [{ propertyId: property.siteId, identifier: beta }],
        now: new Date(),
      });

      await page.goto(`${server.url}/protect/p-${pcode}/bulk-update-status`);
      await page.getByTestId('bulk-status').getByText('RUNNING').waitFor();
      await page.getByLabel('The bulk update is running').waitFor();
      expect(await button(STATUS.refresh).isEnabled()).toBe(true);
      await shot('bulk-status-running');

      await page.goto(`${server.url}/protect/p-${pcode}/properties`);
      await toList();
      await row(beta).getByText(PROPERTY_STATUS_LABELS.pendingUpdates).waitFor();
      await page.getByText(ALERT.running(0, 1)).waitFor();
      await shot('bulk-pending-list');
      await page.getByRole('button', { name: `Edit: ${beta}` }).click();
      await page.getByText(PENDING_UPDATES).waitFor();
      await page.getByLabel(/^Publisher name/).fill('Nora News and more');
      expect(await button('SAVE PROPERTY').isDisabled()).toBe(true);
      await shot('bulk-pending-form');

      // The job runs while the form stays open: without a reload the form becomes editable, keeps
      // the edit and shows the job's change (the form reads the property every 10 s meanwhile).
      await runBulkUpdate(server.deps, job.id);
      await expect.poll(() => page.getByText(PENDING_UPDATES).count(), { timeout: 30_000 }).toBe(0);
      expect(await button('SAVE PROPERTY').isEnabled()).toBe(true);
      expect(await page.getByLabel(/^Publisher name/).inputValue()).toBe('Nora News and more');
      expect(await page.getByLabel(/^Publisher country/).inputValue()).toMatch(/Germany/);
      await shot('bulk-pending-form-done');
      await button('SAVE PROPERTY').click();
      await toList();
      await row(beta).getByText(PROPERTY_STATUS_LABELS.active).waitFor();
      const saved = (await server.api(owner).sites.list({ query: { pCode: pcode } })).find(
        (p) => p.url === beta,
      );
      expect(saved).toMatchObject({ publisherName: 'Nora News and more', publisherCC: 'DE' });
    },
  );

  it(
    "keeps each step's sticky footer as wide as the page, clear of the rows it scrolls to and of Help Center (1280x800)",
    { timeout: 240_000 },
    async () => {
      await page.setViewportSize({ width: 1280, height: 800 });
      const footer = page.locator(`footer[aria-label="${STEP_ACTIONS.label}"]`);
      const content = page.locator('section.assent-page');
      const box = async (locator: Locator) => {
        const b = await locator.boundingBox();
        if (!b) throw new Error('not shown');
        return b;
      };
      const overlaps = (a: Box, b: Box) =>
        a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
      /** The footer spans the page's content, and neither it nor Help Center hides the other. */
      async function checkFooter(step: string) {
        const [f, c] = [await box(footer), await box(content)];
        expect(Math.round(f.x)).toBe(Math.round(c.x));
        expect(Math.round(f.width)).toBe(Math.round(c.width));
        const help = await box(page.getByRole('button', { name: HELP_CENTER_LABEL }));
        for (const action of await footer.getByRole('button').all()) {
          expect(overlaps(help, await box(action))).toBe(false);
        }
        await page.waitForTimeout(400);
        await page.screenshot({ path: path.join(E2E_ARTIFACTS, `web-bulk-${step}-1280x800.png`) });
      }
      try {
        await page.goto(`${server.url}/protect/p-${pcode}/bulk-update`);
        const table = page.getByRole('table', { name: TABLE.label });
        await table.waitFor();
        for (const site of SITES) {
          await tick(page.getByRole('checkbox', { name: TABLE.selectRow(site.url) }));
        }
        // A row the browser scrolls to (keyboard, find in page) ends above the footer.
        const last = table.getByRole('row').last();
        await last.evaluate((el) => el.scrollIntoView({ block: 'end' }));
        expect((await box(last)).y + (await box(last)).height).toBeLessThanOrEqual(
          (await box(footer)).y,
        );
        await checkFooter('step1');

        await button('NEXT').click();
        await page
          .getByRole('dialog', { name: MULTIPLE_VERSIONS_DETECTED })
          .getByRole('button', { name: MULTIPLE_VERSIONS_NEXT, exact: true })
          .click();
        await page.waitForURL('**/bulk-update/details');
        await tick(group(DETAILS.consentLocations).getByRole('checkbox', { name: 'EEA & UK' }));
        await checkFooter('step2');
        await button('NEXT').click();
        await page.waitForURL('**/bulk-update/overview');
        await checkFooter('step3');
      } finally {
        await page.setViewportSize({ width: 1360, height: 900 });
      }
    },
  );
});
