// @vitest-environment node
import { LANGUAGE_NAMES } from '@assent/core';
import { NEXT_BUTTON, SIGN_IN_BUTTON } from '@assent/core/account';
import { PROTECT_A_SITE } from '@assent/core/property';
import {
  PRIVACY_BODY_FIXED_SEGMENTS,
  SAVE_THEME,
  TEXT_REQUEST_APPLIED,
  TEXT_REQUEST_MODAL_TITLES,
  TEXT_REQUEST_REVIEWING,
  TEXT_REQUEST_STATUS_LABELS,
  THEME_TAB_LABELS,
  defaultPrivacyBody,
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
import {
  LANGUAGE_TAB_LABELS as LL,
  TEXT_REQUEST_LABELS as TL,
  THEME_FIELD_LABELS as L,
} from '../src/themes/copy';
import type { E2eBrowser, E2eServer } from './e2e-support';
import {
  E2E_ARTIFACTS,
  closeAll,
  describeInChromium,
  launchBrowser,
  openConsole,
  pageHelpers,
  startE2eServer,
  tick,
} from './e2e-support';

const THEME = 'Premium FR theme';
const SITE = 'premium-news.test';
const EN_ACCEPT = 'Accept and continue';
const FR_ACCEPT = "J'accepte tout";
const FR_HEADER = 'Votre vie privée compte';
const FR_ADDED = 'Merci de votre visite.';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function signIn(page: Page, url: string, user: TestUser) {
  await page.goto(`${url}/login`);
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: NEXT_BUTTON }).click();
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: SIGN_IN_BUTTON }).click();
  await page.waitForURL('**/protect/p-*/**');
}

describeInChromium('premium theme texts in a real browser', () => {
  let server: E2eServer;
  let browser: E2eBrowser;
  let page: Page;
  let publisher: TestUser;
  let admin: TestUser;
  let publisherServer: PublisherServer;
  const { shot } = pageHelpers(
    () => page,
    () => publisher.pcode,
  );
  const field = (label: string) => page.getByLabel(new RegExp(`^${escape(label)}`));

  /** A French- or English-speaking visitor's first visit: the banner's accept text and its title. */
  async function visit(locale: string, screenshot: string) {
    const visitor = await launchChromium({
      args: HOST_RULES,
      viewport: { width: 1024, height: 720 },
      locale,
    });
    try {
      const tab = visitor.context.pages()[0] ?? (await visitor.context.newPage());
      await tab.goto(`${publisherServer.origin(SITE)}/`);
      const accept = tab.locator('#assent-cmp [data-action="accept"]');
      await accept.waitFor({ state: 'visible', timeout: 30_000 });
      const seen = {
        language: await tab.evaluate(() => navigator.language),
        accept: await accept.textContent(),
        title: await tab.locator('#assent-cmp #assent-title').textContent(),
        // The first layer's paragraphs (the banner draws in a shadow root: the host has no text).
        text: (await tab.locator('#assent-cmp p').allTextContents()).join(' '),
      };
      await tab.screenshot({ path: `${E2E_ARTIFACTS}/web-${screenshot}.png` });
      return seen;
    } finally {
      await visitor.close();
    }
  }

  beforeAll(async () => {
    buildBanner();
    server = await startE2eServer();
    publisher = await server.user('premium.publisher@example.com', {
      organisation: { name: 'Premium News', premiumEligible: true },
    });
    admin = await server.user('assent.admin@example.com', { admin: true });
    // The operator adds the administrator to the publisher's account (account add-member).
    await server.join(admin, publisher.pcode);
    browser = await openConsole(server);
    page = browser.page;
  });
  afterAll(() => closeAll(server, browser, publisherServer));

  it(
    "a premium account's French texts reach French visitors once an admin approves the text change request, and the requester is e-mailed",
    { timeout: 400_000 },
    async () => {
      await signIn(page, server.url, publisher);

      // --- A new site theme with French Advanced Customisation texts --------------------------
      await page.goto(`${server.url}/protect/p-${publisher.pcode}/themes/site/new`);
      await page.getByRole('heading', { name: 'Create a site theme' }).waitFor();
      // Opened directly (not from the list): the editor's own styles are loaded (the colour grid).
      expect(
        await page.locator('.assent-color-grid').evaluate((el) => getComputedStyle(el).display),
      ).toBe('grid');
      await field(L.themeName).fill(THEME);
      await field(L.agreeButton).fill(EN_ACCEPT);
      await page.getByRole('tab', { name: new RegExp(`^${THEME_TAB_LABELS.advanced}`) }).click();
      await tick(
        page
          .getByRole('group', { name: LL.languages })
          .getByRole('checkbox', { name: LANGUAGE_NAMES.fr, exact: true }),
      );
      await page.getByRole('tab', { name: LANGUAGE_NAMES.fr, selected: true }).waitFor();
      await field(LL.agreeButton).fill(FR_ACCEPT);
      await field(LL.privacyHeader).fill(FR_HEADER);

      // The privacy body: its four fixed segments resist deleting and pasting; text goes around them.
      const body = page.getByRole('textbox', { name: LL.privacyBody, exact: true });
      const frDefault = defaultPrivacyBody('fr', 'site');
      expect(await body.inputValue()).toBe(frDefault);
      await body.click();
      await body.press('Control+A');
      await body.press('Backspace');
      await page.getByText(PRIVACY_BODY_FIXED_SEGMENTS).waitFor();
      expect(await body.inputValue()).toBe(frDefault);
      await body.press('Control+Home');
      await body.press('Delete');
      expect(await body.inputValue()).toBe(frDefault);
      const pasteBlocked = await body.evaluate((el) => {
        const data = new DataTransfer();
        data.setData('text/plain', 'pasted over');
        const event = new ClipboardEvent('paste', {
          clipboardData: data,
          bubbles: true,
          cancelable: true,
        });
        el.dispatchEvent(event);
        return event.defaultPrevented;
      });
      expect(pasteBlocked).toBe(true);
      await body.press('Control+End');
      await body.pressSequentially(` ${FR_ADDED}`);
      expect(await body.inputValue()).toBe(`${frDefault} ${FR_ADDED}`);
      await page.getByText(PRIVACY_BODY_FIXED_SEGMENTS).waitFor({ state: 'detached' });

      // A text change request for French, kept until the theme is saved.
      await page.getByRole('button', { name: LL.requestChange }).click();
      const request = page.getByRole('dialog', { name: TEXT_REQUEST_MODAL_TITLES.request });
      await request.getByLabel(TL.customizationText).fill(`${FR_ACCEPT} / ${FR_HEADER}`);
      await request.getByLabel(TL.reason).fill('French wording for our readers');
      await request.getByRole('button', { name: TL.submit }).click();
      await request.waitFor({ state: 'detached' });
      await page.getByText(TL.queued).waitFor();
      await shot('premium-theme-french-tab');
      await page.getByRole('button', { name: SAVE_THEME }).click();
      await page.waitForURL(`**/protect/p-${publisher.pcode}/themes`);
      await page.getByRole('table').getByText(THEME).waitFor();

      // --- A site using it, and its tag on the publisher's page -------------------------------
      await page.goto(`${server.url}/protect/p-${publisher.pcode}/properties`);
      await page.getByRole('button', { name: PROTECT_A_SITE }).first().click();
      await page.getByRole('heading', { name: 'Create a site' }).waitFor();
      await page.getByLabel(LABELS.url).fill(SITE);
      await page.getByLabel(LABELS.theme).selectOption({ label: THEME });
      await page.getByLabel(LABELS.publisherName).fill('Premium News');
      const privacy = page.getByLabel(LABELS.privacyLink);
      if (await privacy.count()) await privacy.fill(`https://${SITE}/privacy`);
      await page.getByRole('button', { name: 'SAVE PROPERTY' }).click();
      await page.waitForURL(`**/protect/p-${publisher.pcode}/properties`);
      await page.getByRole('table').getByText(SITE).waitFor();
      const api = server.api(publisher);
      const [site] = await api.sites.list({ query: { pCode: publisher.pcode } });
      const tag = await api.tags.get({
        query: { pCode: publisher.pcode, type: 'site', id: site!.uuid },
      });
      publisherServer = await startPublisherServer(() =>
        publisherPage(tag.snippet, 'Premium News'),
      );

      // --- In review: the standard text applies ---------------------------------------------
      const [pending] = await api.textRequests.listForTheme({ params: { id: site!.themeId } });
      expect(pending).toMatchObject({ language: 'fr', status: 'in-progress' });
      const inReview = await visit('fr-FR', 'premium-banner-fr-in-review');
      expect(inReview.language).toBe('fr-FR');
      expect(inReview.accept).toBe(EN_ACCEPT);
      expect(inReview.title).not.toBe(FR_HEADER);
      expect(inReview.text).not.toContain(FR_ADDED);

      // --- The admin approves in the console ------------------------------------------------
      const adminBrowser = await launchBrowser();
      try {
        const adminPage = adminBrowser.page;
        await signIn(adminPage, server.url, admin);
        await adminPage.goto(`${server.url}/protect/p-${publisher.pcode}/themes`);
        await adminPage.getByRole('link', { name: `Edit ${THEME}` }).click();
        await adminPage.getByRole('heading', { name: 'Edit a site theme' }).waitFor();
        await adminPage
          .getByRole('tab', { name: new RegExp(`^${THEME_TAB_LABELS.advanced}`) })
          .click();
        await adminPage.getByRole('tab', { name: LANGUAGE_NAMES.fr, selected: true }).waitFor();
        await adminPage.getByText(TEXT_REQUEST_REVIEWING).waitFor();
        const row = adminPage
          .getByRole('table')
          .getByRole('row', { name: new RegExp(TEXT_REQUEST_STATUS_LABELS['in-progress']) });
        await row.getByRole('button', { name: TL.approve }).click();
        await adminPage.getByText(TEXT_REQUEST_APPLIED).waitFor();
        await adminPage
          .getByRole('table')
          .getByRole('cell', { name: TEXT_REQUEST_STATUS_LABELS.approved, exact: true })
          .waitFor();
        expect(await adminPage.getByRole('button', { name: TL.approve }).count()).toBe(0);
        await adminPage.waitForTimeout(400);
        await adminPage.screenshot({
          path: `${E2E_ARTIFACTS}/web-premium-theme-admin-approved.png`,
          fullPage: true,
        });
        expect(adminBrowser.problems).toEqual([]);
      } finally {
        await adminBrowser.close();
      }

      // --- Approved: French visitors see the French texts; others the theme's own ------------
      const french = await visit('fr-FR', 'premium-banner-fr-approved');
      expect(french.accept).toBe(FR_ACCEPT);
      expect(french.title).toBe(FR_HEADER);
      expect(french.text).toContain(FR_ADDED);
      expect(french.text).not.toContain('<<');
      const english = await visit('en-GB', 'premium-banner-en-approved');
      expect(english.accept).toBe(EN_ACCEPT);
      expect(english.text).not.toContain(FR_ADDED);

      // --- The requester's decision e-mail -----------------------------------------------------
      const mail = server.outbox().filter((m) => m.to === publisher.email);
      expect(mail).toHaveLength(1);
      expect(mail[0]!.subject).toBe(`Your text change request ${pending!.id} was approved`);
      expect(mail[0]!.text).toContain(THEME);
      expect(mail[0]!.text).toContain(TEXT_REQUEST_APPLIED);
      expect(mail[0]!.text).toContain(`${FR_ACCEPT} / ${FR_HEADER}`);
      expect(browser.problems).toEqual([]);
    },
  );
});
