// @vitest-environment node
import { NO_ANGLE_BRACKETS, REQUIRED } from '@assent/core';
import { NEXT_BUTTON, SIGN_IN_BUTTON } from '@assent/core/account';
import { PROPERTIES_EMPTY_TITLE, PROTECT_A_SITE } from '@assent/core/property';
import {
  CREATE_SITE_THEME,
  CSS_PROHIBITED,
  HEX_NOT_VALID,
  NO_RESULTS_FOUND,
  PREVIEW_GDPR_MODE,
  SAVE_THEME,
  THEME_CARD_TITLES,
  sameBackgroundColorMessage,
} from '@assent/core/theme';
import { launchChromium } from '@assent/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PublisherServer } from '../../server/test/banner-e2e-support';
import {
  HOST_RULES,
  buildBanner,
  publisherPage,
  startPublisherServer,
} from '../../server/test/banner-e2e-support';
import type { TestUser } from '../../server/test/live-server';
import { LABELS } from '../src/property-form/copy';
import { THEME_COLOR_LABELS, THEME_FIELD_LABELS as L } from '../src/themes/copy';
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

const THEME = 'Nora theme';
const SITE = 'nora-news.test';
const ACCEPT = 'Yes, read on';
const REJECT = 'No thanks';
const PRIMARY = '#0B5D3B';

describeInChromium('themes console in a real browser (new user)', () => {
  let server: E2eServer;
  let browser: E2eBrowser;
  let page: Page;
  let publisher: TestUser;
  const { shot } = pageHelpers(
    () => page,
    () => publisher.pcode,
  );
  /** The input whose label starts with `label` (required fields add '(required)'). */
  const field = (label: string) =>
    page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));

  beforeAll(async () => {
    // The preview and the tag serve the built banner runtime.
    buildBanner();
    server = await startE2eServer();
    publisher = await server.user('themes.publisher@example.com');
    browser = await openConsole(server);
    page = browser.page;
  });
  afterAll(() => closeAll(server, browser));

  it(
    'creates a site theme through its messages, previews it, saves it, uses it on a site and the banner shows its texts',
    { timeout: 300_000 },
    async () => {
      await page.goto(`${server.url}/login`);
      await page.getByLabel('Email').fill(publisher.email);
      await page.getByRole('button', { name: NEXT_BUTTON }).click();
      await page.getByLabel('Password').fill(publisher.password);
      await page.getByRole('button', { name: SIGN_IN_BUTTON }).click();
      await page.getByText(PROPERTIES_EMPTY_TITLE).waitFor();

      // --- The themes list -----------------------------------------------------------------
      await page
        .getByRole('navigation', { name: 'Sections' })
        .getByRole('link', { name: 'Themes' })
        .click();
      await page.waitForURL(`**/protect/p-${publisher.pcode}/themes`);
      await page.getByRole('table').waitFor();
      // The built-in themes are listed without actions; the filter finds nothing for 'nora'.
      await page.getByRole('searchbox').fill('nora');
      await page.getByText(NO_RESULTS_FOUND).waitFor();
      await page.getByRole('searchbox').fill('');

      // --- Create: every message on the way ---------------------------------------------------
      await page.getByRole('button', { name: CREATE_SITE_THEME }).click();
      await page.getByRole('heading', { name: 'Create a site theme' }).waitFor();
      const save = page.getByRole('button', { name: SAVE_THEME });
      expect(await save.isDisabled()).toBe(true);
      await field(L.themeName).fill('Nora <b>');
      await page.getByText(NO_ANGLE_BRACKETS).waitFor();
      // The name is required: a save without it says so (nothing is sent).
      await field(L.agreeButton).fill(ACCEPT);
      await field(L.themeName).fill('');
      await save.click();
      await page.getByText(REQUIRED).waitFor();
      await field(L.themeName).fill(THEME);

      await field(THEME_COLOR_LABELS.uxFontColor).fill('#12g');
      await page.getByText(HEX_NOT_VALID).waitFor();
      await field(THEME_COLOR_LABELS.uxFontColor).fill('#141E23');
      await field(THEME_COLOR_LABELS.uxBackgroundColor).fill('#141e23');
      await page.getByText(sameBackgroundColorMessage('text')).waitFor();
      await page.getByRole('button', { name: L.uxCustomizedCss }).click();
      await page
        .getByRole('textbox', { name: L.uxCustomizedCss })
        .fill('.ui { background-image: url(https://evil.example/x.png) }');
      await page.getByText(CSS_PROHIBITED).waitFor();
      await shot('theme-form-messages');

      await field(THEME_COLOR_LABELS.uxBackgroundColor).fill('');
      await page.getByRole('textbox', { name: L.uxCustomizedCss }).fill('');
      await field(THEME_COLOR_LABELS.uxPrimaryButtonColor).fill(PRIMARY);
      await field(L.agreeButton).fill(ACCEPT);
      await tick(page.getByRole('checkbox', { name: L.initScreenRejectButtonShowing }));
      await field(L.initScreenRejectButton).fill(REJECT);
      expect(await page.getByText(HEX_NOT_VALID).count()).toBe(0);
      expect(await page.getByText(CSS_PROHIBITED).count()).toBe(0);

      // --- Preview: the real banner for the unsaved values ----------------------------------
      await page.getByRole('button', { name: PREVIEW_GDPR_MODE }).click();
      const preview = page.getByRole('dialog', { name: THEME_CARD_TITLES.previewMode });
      const frame = preview.frameLocator('iframe');
      const accept = frame.locator('#assent-cmp [data-action="accept"]');
      await accept.waitFor({ state: 'visible', timeout: 30_000 });
      expect(await accept.textContent()).toBe(ACCEPT);
      expect(await frame.locator('#assent-cmp [data-action="reject"]').textContent()).toBe(REJECT);
      expect(await accept.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
        'rgb(11, 93, 59)',
      );
      await shot('theme-preview');
      await preview.getByRole('button', { name: 'Close', exact: true }).click();
      await preview.waitFor({ state: 'detached' });

      // --- Save: back on the list -----------------------------------------------------------
      await save.click();
      await page.waitForURL(`**/protect/p-${publisher.pcode}/themes`);
      await page.getByRole('table').getByText(THEME).waitFor();
      await shot('themes-list');

      // --- Use it on a site -----------------------------------------------------------------
      await page.goto(`${server.url}/protect/p-${publisher.pcode}/properties`);
      await page.getByRole('button', { name: PROTECT_A_SITE }).first().click();
      await page.getByRole('heading', { name: 'Create a site' }).waitFor();
      await page.getByLabel(LABELS.url).fill(SITE);
      await page.getByLabel(LABELS.theme).selectOption({ label: THEME });
      await page.getByLabel(LABELS.publisherName).fill('Nora News');
      const privacy = page.getByLabel(LABELS.privacyLink);
      if (await privacy.count()) await privacy.fill(`https://${SITE}/privacy`);
      await page.getByRole('button', { name: 'SAVE PROPERTY' }).click();
      await page.waitForURL(`**/protect/p-${publisher.pcode}/properties`);
      await page.getByRole('table').getByText(SITE).waitFor();

      // --- The banner on the publisher's page ----------------------------------------------
      const api = server.api(publisher);
      const [site] = await api.sites.list({ query: { pCode: publisher.pcode } });
      const tag = await api.tags.get({
        query: { pCode: publisher.pcode, type: 'site', id: site!.uuid },
      });
      const publisherServer: PublisherServer = await startPublisherServer(() =>
        publisherPage(tag.snippet, 'Nora News'),
      );
      const visitor = await launchChromium({
        args: HOST_RULES,
        viewport: { width: 1024, height: 720 },
      });
      try {
        const visit = visitor.context.pages()[0] ?? (await visitor.context.newPage());
        await visit.goto(`${publisherServer.origin(SITE)}/`);
        const onPage = visit.locator('#assent-cmp [data-action="accept"]');
        await onPage.waitFor({ state: 'visible', timeout: 30_000 });
        expect(await onPage.textContent()).toBe(ACCEPT);
        expect(await visit.locator('#assent-cmp [data-action="reject"]').textContent()).toBe(
          REJECT,
        );
        expect(await onPage.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
          'rgb(11, 93, 59)',
        );
        await visit.screenshot({ path: `${E2E_ARTIFACTS}/web-theme-on-publisher-page.png` });
      } finally {
        await visitor.close();
        await publisherServer.close();
      }
      expect(browser.problems).toEqual([]);
    },
  );
});
