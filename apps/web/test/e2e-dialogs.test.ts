// @vitest-environment node
import {
  INVALID_URL,
  NO_ANGLE_BRACKETS,
  PAGE_NOT_FOUND,
  REQUIRED,
  RESTRICTED_ACCESS,
  RESTRICTED_ACCESS_TEXT,
} from '@assent/core';
import {
  CHANGE_PASSWORD,
  CODE_MISMATCH_MESSAGE,
  COMPANY_NAME_REQUIRED,
  CONFIRMATION_CODE_REQUIRED,
  EMAIL_REQUIRED,
  FIRST_NAME_REQUIRED,
  INCORRECT_PASSWORD,
  LAST_NAME_REQUIRED,
  LOGOUT_LABEL,
  NAME_FIELDS_NO_ANGLE_BRACKETS,
  NAME_TOO_SHORT,
  NEED_AN_ACCOUNT,
  NEW_ACTIVATION_EMAIL_SENT,
  NEW_PASSWORD_REQUIRED,
  NEXT_BUTTON,
  OLD_PASSWORD_LABEL,
  OLD_PASSWORD_REQUIRED,
  NEW_PASSWORD_LABEL,
  PASSWORD_REQUIRED,
  PASSWORD_RESET_SUCCESS,
  RESEND_ACTIVATION_MAIL,
  RESEND_CONFIRMATION_SUCCESS,
  SIGN_IN_BUTTON,
  SIGN_UP_CONFIRMED,
  SIGN_UP_SUCCESS,
  surveyPopupKey,
} from '@assent/core/account';
import { createClient } from '@assent/core/api';
import type { FetchLike } from '@assent/core/api';
import {
  AUDIT_FAILURE_TITLE,
  AUDIT_SUCCESS_TITLE,
  COPY_PROPERTIES,
  END_DATE_IN_FUTURE,
  END_DATE_TOO_OLD,
} from '@assent/core/audit-log';
import {
  DUPLICATE_PROPERTY,
  LOGO_URL_INVALID,
  MSPA_PURPOSES,
  MSPA_PURPOSES_REQUIRED,
  PRIVACY_POLICY_REQUIRED,
  PROPERTIES_TITLE,
  PROPERTY_MORE_OPTIONS,
  PROPERTY_NAMES_COPIED,
  PROTECT_AN_APP,
  PROTECT_A_SITE,
  REPROMPT_DAYS_RANGE,
  TAG_COPIED,
  UNIVERSAL_TAG_WARNING,
  UNIVERSAL_TAG_WARNING_NOTE,
} from '@assent/core/property';
import { DISPLAY_PERSISTENT_LINK } from '@assent/core/tags';
import type { TestUser } from '@assent/server/testing';
import { TEST_PASSWORD } from '@assent/server/testing';
import { mailedCode } from '@assent/testing';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { users } from '../../server/src/repositories/accounts';
import { auditLogs } from '../../server/src/repositories/audit-logs';
import { SESSION_COOKIE } from '../../server/src/services/auth';
import { hashPassword } from '../../server/src/services/secrets';
import { AUTH_BUTTONS, AUTH_TITLES } from '../src/auth/labels';
import { UNSAVED_CHANGES } from '../src/components/copy';
import { PRODUCTS, SURVEY_POPUP_CLOSE, SURVEY_TITLE } from '../src/promotions/copy';
import {
  DOWNLOAD_LOGS_TITLE,
  END_DATE_LABEL,
  LOGS_REQUESTED,
  PREPARE_LOGS,
} from '../src/properties/DownloadLogsDialog';
import { LABELS, LEGAL_BASIS_DIALOG } from '../src/property-form/copy';
import type { E2eBrowser, E2eServer } from './e2e-support';
import {
  closeAll,
  describeInChromium,
  openConsole,
  pageHelpers,
  startE2eServer,
  tick,
  untick,
} from './e2e-support';

const OWNER = 'dialogs.owner@example.com';
const FORGETFUL = 'dialogs.forgetful@example.com';
const UNCONFIRMED = 'dialogs.unconfirmed@example.com';
const NO_ACCOUNT = 'dialogs.nobody@example.com';
/** Created in beforeAll, AMP enabled: the AMP tag, download logs and audit modals use it. */
const SITE = 'dialogs-news.com';
/** Created through the site form by its test. */
const FORM_SITE = 'dialogs-form.com';
const APP = 'com.dialogs.news';
const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describeInChromium('dialogs and messages in a real browser', { timeout: 90_000 }, () => {
  let server: E2eServer;
  let browser: E2eBrowser;
  let page: Page;
  let owner: TestUser;
  let pcode: string;

  const { shot, group, radio, toList } = pageHelpers(
    () => page,
    () => pcode,
  );
  const button = (name: string, scope: Page | Locator = page) =>
    scope.getByRole('button', { name, exact: true });

  /** A signed-out page at `pathname` (whoever an earlier test left signed in is signed out). */
  async function openSignedOut(pathname: string) {
    await browser.context.clearCookies();
    await page.goto(`${server.url}${pathname}`);
  }
  async function signIn(email: string, password: string) {
    await openSignedOut('/login');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await button(NEXT_BUTTON).click();
    await page.getByLabel('Password', { exact: true }).fill(password);
    await button(SIGN_IN_BUTTON).click();
  }
  /** Signed in as the owner through the session created in beforeAll. */
  async function useOwnerSession() {
    await browser.context.clearCookies();
    await browser.context.addCookies([
      { name: SESSION_COOKIE, value: owner.cookie, url: server.url },
    ]);
  }
  /**
   * Each of the owner's tests starts here: signed in as the owner, on a freshly loaded
   * properties list, so no dialog or menu of an earlier test is left open.
   */
  async function openProperties() {
    await useOwnerSession();
    await page.goto(`${server.url}/protect/p-${pcode}/properties`);
    await toList();
    await page.getByRole('table').waitFor();
  }
  async function signOut() {
    await page.getByRole('button', { name: /User menu/ }).click();
    await page.getByRole('menuitem', { name: LOGOUT_LABEL }).click();
    await page.waitForURL('**/login');
    await button(NEXT_BUTTON).waitFor();
  }

  beforeAll(async () => {
    server = await startE2eServer();
    const { db } = server.deps;
    owner = await server.user(OWNER);
    pcode = owner.pcode;
    const api = createClient({
      baseUrl: server.url,
      fetch: globalThis.fetch as unknown as FetchLike,
      headers: () => ({ authorization: `Bearer ${owner.token}` }),
    });
    await api.sites.create({
      query: { pCode: pcode },
      body: { url: SITE, publisherName: 'Nora News', themeId: '1', ampEnabled: true },
    });
    await server.user(FORGETFUL);
    for (const [email, confirmed] of [
      [UNCONFIRMED, false],
      [NO_ACCOUNT, true],
    ] as const) {
      await users.create(db, {
        email,
        givenName: 'Nora',
        familyName: 'Dialogs',
        company: 'Nora Media',
        passwordHash: await hashPassword(TEST_PASSWORD),
        confirmed,
      });
    }
    // A missing element fails with its locator well before the test's own time limit.
    browser = await openConsole(server, { timeoutMs: 60_000, clipboard: true });
    page = browser.page;
  });
  afterAll(() => closeAll(server, browser));

  it('sign-up: the required messages, the angle-bracket rule and the server’s 2-character rule', async () => {
    await openSignedOut('/login');
    await button(NEED_AN_ACCOUNT).click();
    await button(AUTH_BUTTONS.signUp).click();
    for (const message of [
      FIRST_NAME_REQUIRED,
      LAST_NAME_REQUIRED,
      EMAIL_REQUIRED,
      COMPANY_NAME_REQUIRED,
    ]) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    await page.getByLabel('First name').fill('<Nora>');
    await page.getByLabel('Last name').fill('Short');
    await page.getByLabel('Email', { exact: true }).fill('short.names@example.com');
    await page.getByLabel('Company name').fill('Nora > Media');
    await button(AUTH_BUTTONS.signUp).click();
    expect(await page.getByText(NAME_FIELDS_NO_ANGLE_BRACKETS).count()).toBe(2);
    // One letter each passes the console; the server refuses it.
    await page.getByLabel('First name').fill('N');
    await page.getByLabel('Last name').fill('P');
    await page.getByLabel('Company name').fill('Nora Media');
    await button(AUTH_BUTTONS.signUp).click();
    await page.getByText(NAME_TOO_SHORT).waitFor();
    await shot('sign-up-errors');
    expect(await page.getByText(SIGN_UP_SUCCESS).count()).toBe(0);
    expect(server.outbox().filter((m) => m.to.includes('short.names'))).toEqual([]);
  });

  it('forgot password at /reset-password with the code from the outbox', async () => {
    await openSignedOut('/reset-password');
    await page.getByRole('heading', { name: AUTH_TITLES.forgotPassword }).waitFor();
    await button(AUTH_BUTTONS.sendCode).click();
    await page.getByText(EMAIL_REQUIRED).waitFor();
    await page.getByLabel('Email', { exact: true }).fill(FORGETFUL);
    await button(AUTH_BUTTONS.sendCode).click();
    await page.getByRole('heading', { name: AUTH_TITLES.forgotPasswordSubmit }).waitFor();
    await button(AUTH_BUTTONS.resetPassword).click();
    await page.getByText(CONFIRMATION_CODE_REQUIRED).waitFor();
    await page.getByText(PASSWORD_REQUIRED).waitFor();

    const mail = server.outbox().find((m) => m.to.includes(FORGETFUL));
    expect(mail?.subject).toBe('Reset your Assent password');
    const code = mailedCode(server.dataDir, FORGETFUL);
    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByLabel('Confirmation code').fill(wrong);
    await page.getByLabel('New password', { exact: true }).fill('reset secret 5');
    await button(AUTH_BUTTONS.resetPassword).click();
    await page.getByText(CODE_MISMATCH_MESSAGE).waitFor();
    await page.getByLabel('Confirmation code').fill(code);
    await button(AUTH_BUTTONS.resetPassword).click();
    await page.getByText(PASSWORD_RESET_SUCCESS).waitFor();

    // The new password works; the old one is gone.
    await page.getByLabel('Email', { exact: true }).fill(FORGETFUL);
    await button(NEXT_BUTTON).click();
    await page.getByLabel('Password', { exact: true }).fill('reset secret 5');
    await button(SIGN_IN_BUTTON).click();
    await page.getByRole('heading', { name: PROPERTIES_TITLE }).waitFor();
    await signOut();
  });

  it('an unconfirmed user: resend from the link, and a new activation mail at sign-in', async () => {
    await openSignedOut('/login');
    await button(RESEND_ACTIVATION_MAIL).click();
    await page.getByRole('heading', { name: AUTH_TITLES.resendConfirmationEmail }).waitFor();
    await button(AUTH_BUTTONS.resend).click();
    await page.getByText(EMAIL_REQUIRED).waitFor();
    await page.getByLabel('Email', { exact: true }).fill(UNCONFIRMED);
    await button(AUTH_BUTTONS.resend).click();
    await page.getByText(RESEND_CONFIRMATION_SUCCESS).waitFor();
    const mails = () => server.outbox().filter((m) => m.to.includes(UNCONFIRMED));
    expect(mails().map((m) => m.subject)).toEqual(['Confirm your Assent account']);

    // Signing in unconfirmed sends another one and opens the confirm screen.
    await signIn(UNCONFIRMED, TEST_PASSWORD);
    await page.getByText(NEW_ACTIVATION_EMAIL_SENT).waitFor();
    await page.getByRole('heading', { name: AUTH_TITLES.confirmResendConfirmationEmail }).waitFor();
    expect(mails()).toHaveLength(2);
    await page.getByLabel('Confirmation code').fill(mailedCode(server.dataDir, UNCONFIRMED));
    await page.getByLabel('Password', { exact: true }).fill('confirmed secret 3');
    await button(AUTH_BUTTONS.confirm).click();
    await page.getByText(SIGN_UP_CONFIRMED).waitFor();
  });

  it('a user without an account code: the restricted page and the products page', async () => {
    await signIn(NO_ACCOUNT, TEST_PASSWORD);
    await page.getByText(RESTRICTED_ACCESS, { exact: true }).waitFor();
    await page.getByText(RESTRICTED_ACCESS_TEXT).waitFor();
    expect(new URL(page.url()).pathname).toBe('/protect');
    await shot('restricted');
    await button('Back Home').click();
    await page.getByText(RESTRICTED_ACCESS, { exact: true }).waitFor();

    await page.goto(`${server.url}/protect/assent-products`);
    const welcome = page.getByRole('dialog', { name: PRODUCTS.welcomeTitle });
    await welcome.getByText(PRODUCTS.welcomeText).waitFor();
    await shot('products');
    await button(PRODUCTS.welcomeOk, welcome).click();
    await welcome.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { name: PRODUCTS.title }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await signOut();
  });

  it('change password: the required messages and a refused old password', async () => {
    await openProperties();
    await page.getByRole('button', { name: /User menu/ }).click();
    await page.getByRole('menuitem', { name: CHANGE_PASSWORD }).click();
    const change = page.getByRole('dialog', { name: CHANGE_PASSWORD });
    await button(CHANGE_PASSWORD, change).click();
    await change.getByText(OLD_PASSWORD_REQUIRED).waitFor();
    await change.getByText(NEW_PASSWORD_REQUIRED).waitFor();
    await change.getByLabel(OLD_PASSWORD_LABEL).fill('not my password 1');
    await change.getByLabel(NEW_PASSWORD_LABEL).fill('another secret 2');
    await button(CHANGE_PASSWORD, change).click();
    await change.getByText(INCORRECT_PASSWORD).first().waitFor();
    // Focus stays in the dialog, on the refused field, so Escape closes it.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('autocomplete')))
      .toBe('current-password');
    await shot('change-password-refused', change);
    await page.keyboard.press('Escape');
    await change.waitFor({ state: 'detached' });
  });

  it('site form: logo format, angle brackets, group URL, re-prompt days and MSPA purposes; then the universal-tag warning', async () => {
    await openProperties();
    // A new account meets the survey popup; closing it is remembered per account code.
    const survey = page.getByRole('complementary', { name: SURVEY_TITLE });
    await survey.waitFor();
    await button(SURVEY_POPUP_CLOSE, survey).click();
    await survey.waitFor({ state: 'detached' });
    expect(
      await page.evaluate((key) => window.localStorage.getItem(key), surveyPopupKey(pcode)),
    ).toMatch(/^\d+$/);

    await button(PROTECT_A_SITE).first().click();
    await page.getByRole('heading', { name: 'Create a site' }).waitFor();
    await page.getByLabel(LABELS.url).fill(FORM_SITE);
    await page.getByLabel(LABELS.theme).selectOption({ label: 'Default theme' });

    await page.getByLabel(LABELS.logo).fill('https://cdn.example.com/logo.txt');
    await page.getByText(LOGO_URL_INVALID).waitFor();
    await page.getByLabel(LABELS.logo).fill('');
    await page.getByLabel(LABELS.publisherName).fill('<Nora News>');
    await page.getByText(NO_ANGLE_BRACKETS).waitFor();
    await page.getByLabel(LABELS.publisherName).fill('Nora News');
    expect(await page.getByText(NO_ANGLE_BRACKETS).count()).toBe(0);

    await radio(LABELS.consentScope, 'Group of sites').click({ force: true });
    // Not getByLabel: the storage radio 'Iframe on the group URL' would match it too.
    const groupUrl = page.getByRole('textbox', { name: LABELS.groupUrl });
    await groupUrl.fill('group.example.com');
    await page.getByText(INVALID_URL).waitFor();
    await groupUrl.fill('https://group.example.com');
    expect(await page.getByText(INVALID_URL).count()).toBe(0);
    await radio(LABELS.consentScope, 'Your site only').click({ force: true });

    const days = page.getByLabel(LABELS.repromptDays);
    for (const [value, refused] of [
      ['351', true],
      ['-1', true],
      ['0', false],
      ['350', false],
    ] as const) {
      await days.fill(value);
      await expect
        .poll(() => page.getByText(REPROMPT_DAYS_RANGE).count(), { timeout: 3000 })
        .toBe(refused ? 1 : 0);
    }
    await days.fill('30');

    const locations = group(LABELS.consentLocations);
    await tick(locations.getByRole('checkbox', { name: 'USA' }));
    const purposes = group(LABELS.mspaPurposes);
    for (const purpose of MSPA_PURPOSES.slice(0, 4)) {
      await untick(purposes.getByRole('checkbox', { name: purpose.name }));
    }
    await page.getByText(MSPA_PURPOSES_REQUIRED).waitFor();
    await shot('site-form-messages');
    await tick(purposes.getByRole('checkbox', { name: MSPA_PURPOSES[0]!.name }));
    expect(await page.getByText(MSPA_PURPOSES_REQUIRED).count()).toBe(0);
    await untick(locations.getByRole('checkbox', { name: 'USA' }));

    await tick(page.getByRole('checkbox', { name: LABELS.ampEnabled }));
    await button('SAVE PROPERTY').click();
    await toList();

    // The warning follows the new site to the list.
    const warning = page.getByTestId('universal-tag-warning');
    await warning.getByText(UNIVERSAL_TAG_WARNING).waitFor();
    await warning.getByText(UNIVERSAL_TAG_WARNING_NOTE).waitFor();
    await shot('universal-tag-warning');
    await button('GET UNIVERSAL TAG', warning).click();
    const tag = page.getByRole('dialog', { name: 'Your Universal Tag' });
    await tag.locator('pre').waitFor();
    expect(await tag.locator('pre').first().textContent()).toContain('<script');
    await button('CLOSE', tag).click();
    await tag.waitFor({ state: 'detached' });
    await page.reload();
    await warning.waitFor();
    await button('Close the universal tag alert', warning).click();
    await warning.waitFor({ state: 'detached' });
  });

  it('app form: the required app name and a duplicate package id', async () => {
    await openProperties();
    await button(PROTECT_AN_APP).first().click();
    await page.getByRole('heading', { name: 'Create New App' }).waitFor();
    await page.getByLabel(LABELS.packageId).fill(APP);
    await page.getByLabel(LABELS.theme).selectOption({ label: 'Default app theme' });
    // A declared legal basis makes the app name required.
    await radio(LABELS.legalBasis, 'I define').click({ force: true });
    const legal = page.getByRole('dialog', { name: LEGAL_BASIS_DIALOG.title });
    await button('OK', legal).click();
    await legal.waitFor({ state: 'detached' });
    // A declared legal basis under GDPR also shows the privacy policy link, and requires it.
    await button('SAVE PROPERTY').click();
    const appName = page.getByLabel(LABELS.appName);
    await expect.poll(() => appName.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByText(REQUIRED, { exact: true }).count()).toBeGreaterThan(0);
    await page.getByText(PRIVACY_POLICY_REQUIRED, { exact: true }).waitFor();
    await shot('app-form-required');
    await appName.fill('Nora News App');
    await page.getByLabel(LABELS.privacyLink).fill('https://dialogs.example.com/privacy');
    expect(await page.getByText(PRIVACY_POLICY_REQUIRED).count()).toBe(0);
    await button('SAVE PROPERTY').click();
    await toList();
    await page.getByRole('table').getByText(APP).waitFor();

    await button(PROTECT_AN_APP).first().click();
    // The list stays up for a moment after the click, and its filter box ('Filter by url or
    // package id') also answers to the label: wait for the form.
    await page.getByRole('heading', { name: 'Create New App' }).waitFor();
    await page.getByLabel(LABELS.packageId).fill(APP.toUpperCase());
    await page.getByText(DUPLICATE_PROPERTY).waitFor();
    // Unsaved changes: CANCEL asks first (issue 17 item 5).
    await button('CANCEL').click();
    await button(
      UNSAVED_CHANGES.leave,
      page.getByRole('dialog', { name: UNSAVED_CHANGES.title }),
    ).click();
    await toList();
  });

  it('the AMP tag, download logs with its end-date checks, and the audit modals', async () => {
    await openProperties();
    // The AMP tag with the persistent link and the styles block.
    await page.getByRole('button', { name: `More Options: ${SITE}` }).click();
    await page.getByRole('menuitem', { name: PROPERTY_MORE_OPTIONS.getAmpTag }).click();
    const amp = page.getByRole('dialog', { name: 'Your Choice AMP Tag' });
    await amp.locator('pre').nth(1).waitFor();
    expect(await amp.locator('pre').nth(1).textContent()).toContain('<style amp-custom>');
    expect(await amp.locator('pre').first().textContent()).not.toContain('postPromptUI');
    await tick(amp.getByRole('checkbox', { name: DISPLAY_PERSISTENT_LINK }));
    await amp.locator('pre', { hasText: 'postPromptUI' }).waitFor();
    await amp.getByRole('button', { name: 'COPY' }).first().click();
    await amp.getByText(TAG_COPIED).waitFor();
    await shot('amp-tag');
    await button('CLOSE', amp).click();
    await amp.waitFor({ state: 'detached' });

    // Download logs: the end date is required, not in the future, within 13 months.
    await page.getByRole('button', { name: `More Options: ${SITE}` }).click();
    await page.getByRole('menuitem', { name: PROPERTY_MORE_OPTIONS.downloadLogs }).click();
    const logs = page.getByRole('dialog', { name: DOWNLOAD_LOGS_TITLE });
    const end = logs.getByLabel(END_DATE_LABEL);
    await end.fill('');
    await button(PREPARE_LOGS, logs).click();
    expect(await logs.getByText(REQUIRED, { exact: true }).count()).toBe(2);
    await end.fill(isoDay(Date.now() + 2 * DAY_MS));
    await button(PREPARE_LOGS, logs).click();
    await logs.getByText(END_DATE_IN_FUTURE).waitFor();
    await end.fill(isoDay(Date.now() - 420 * DAY_MS));
    await button(PREPARE_LOGS, logs).click();
    await logs.getByText(END_DATE_TOO_OLD).waitFor();
    await end.fill(isoDay(Date.now()));
    await tick(logs.getByRole('radio', { name: '30 days' }));
    await shot('download-logs', logs);
    await button(PREPARE_LOGS, logs).click();
    await logs.waitFor({ state: 'detached' });
    await page.getByText(LOGS_REQUESTED).waitFor();

    // The export runs as a job; a failed one is added beside it for the failure modal.
    await expect
      .poll(
        () =>
          page.evaluate(async (code) => {
            // The status may be kept a minute (`minute` cache policy): ask the server each time.
            const response = await fetch(`/customization/v2/audit-log/status?pCode=${code}`, {
              cache: 'no-cache',
            });
            const body = (await response.json()) as Array<{ queryState: string }>;
            return body.map((l) => l.queryState).join(',');
          }, pcode),
        { timeout: 30_000 },
      )
      .toBe('SUCCEEDED');
    const failed = await auditLogs.create(server.deps.db, {
      pcode,
      propertyUuid: null,
      url: 'http://gone.example.com',
      endDate: isoDay(Date.now()),
      daysBack: 60,
      userId: owner.id,
      now: new Date(),
    });
    await auditLogs.setState(server.deps.db, failed.id, 'FAILED', new Date(), {
      error: 'The property was deleted',
    });
    await page.reload();
    const success = page.getByRole('dialog', { name: AUDIT_SUCCESS_TITLE });
    await success.getByText(`http://${SITE}`).waitFor();
    await shot('audit', success);
    await button('OK', success).click();
    const failure = page.getByRole('dialog', { name: AUDIT_FAILURE_TITLE });
    await failure.getByText('http://gone.example.com').waitFor();
    await button(COPY_PROPERTIES, failure).click();
    await failure.getByText(PROPERTY_NAMES_COPIED).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      'http://gone.example.com',
    );
    await shot('audit-failure', failure);
    await button('OK', failure).click();
    await failure.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('table').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('an unknown page shows Page not found; no console errors on the way', async () => {
    await useOwnerSession();
    await page.goto(`${server.url}/protect/p-${pcode}/nowhere`);
    await page.getByText(PAGE_NOT_FOUND, { exact: true }).waitFor();
    await shot('not-found');
    await button('Back Home').click();
    await toList();
    // Only the refusals the tests provoked (400 sign-up, wrong code; 401 wrong password).
    expect(browser.problems.filter((p) => !/status of (400 \(Bad Request\)|401)/.test(p))).toEqual(
      [],
    );
  });
});
