// @vitest-environment node
import {
  INVITE_BUTTON,
  NEXT_BUTTON,
  ORGANISATION_TITLE,
  SIGN_IN_BUTTON,
  SIGN_UP_AND_JOIN_BUTTON,
  SWITCH_TO_ACCOUNT,
  invitationSentNotice,
} from '@assent/core/account';
import { PROPERTIES_TITLE } from '@assent/core/property';
import { mailedInvitationLink } from '@assent/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestUser } from '../../server/test/live-server';
import type { E2eBrowser, E2eServer } from './e2e-support';
import {
  E2E_ARTIFACTS,
  closeAll,
  describeInChromium,
  launchBrowser,
  openConsole,
  pageHelpers,
  startE2eServer,
} from './e2e-support';

const COLLEAGUE = 'cleo@example.com';

/**
 * Issue 17 item 16 in Chromium: a member invites a colleague from the organisation page; the
 * invitation mail's link, opened in another browser by someone without an Assent user, signs them
 * up with the e-mail fixed; they land in the inviting account and 'Switch to Account' lists both
 * their own account and the inviting one.
 */
describeInChromium('inviting a colleague in a real browser', () => {
  let server: E2eServer;
  let browser: E2eBrowser;
  let page: Page;
  let owner: TestUser;
  const { shot } = pageHelpers(
    () => page,
    () => owner.pcode,
  );

  beforeAll(async () => {
    server = await startE2eServer();
    owner = await server.user('owner@example.com', { organisation: { name: 'News Ltd' } });
    browser = await openConsole(server);
    page = browser.page;
  });
  afterAll(() => closeAll(server, browser));

  it('invites by e-mail, and the link signs a new user up into both accounts', async () => {
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Email').fill(owner.email);
    await page.getByRole('button', { name: NEXT_BUTTON }).click();
    await page.getByLabel('Password').fill(owner.password);
    await page.getByRole('button', { name: SIGN_IN_BUTTON }).click();
    await page.getByRole('heading', { name: PROPERTIES_TITLE }).waitFor();

    // The organisation page, from the user menu.
    await page.getByRole('button', { name: /User menu/ }).click();
    await page.getByRole('menuitem', { name: ORGANISATION_TITLE }).click();
    await page.waitForURL(`**/protect/p-${owner.pcode}/organisation`);
    await page.getByRole('table', { name: 'Members' }).getByText(owner.email).waitFor();

    // A wrong e-mail gets core's message on the field; then the invitation goes out.
    const email = page.getByLabel('E-mail');
    await email.fill('cleo@');
    await page.getByRole('button', { name: INVITE_BUTTON }).click();
    await page.getByText('Please enter a valid email address').waitFor();
    await email.fill(COLLEAGUE);
    await page.getByRole('button', { name: INVITE_BUTTON }).click();
    await page.getByText(invitationSentNotice(COLLEAGUE)).waitFor();
    await page.getByRole('table', { name: 'Pending invitations' }).getByText(COLLEAGUE).waitFor();
    await shot('organisation');

    // The mail in the outbox carries the link; a new user opens it in a browser of their own.
    const link = mailedInvitationLink(server.dataDir, COLLEAGUE);
    const path = new URL(link).pathname;
    expect(path).toMatch(/^\/invitation\/[A-Za-z0-9_-]{43}$/);
    const visitor = await launchBrowser();
    try {
      const newcomer = visitor.page;
      await newcomer.goto(`${server.url}${path}`);
      await newcomer.getByRole('heading', { name: `Join News Ltd (p-${owner.pcode})` }).waitFor();
      const fixed = newcomer.getByLabel('Email');
      expect(await fixed.inputValue()).toBe(COLLEAGUE);
      expect(await fixed.isDisabled()).toBe(true);
      await newcomer.getByLabel('First name').fill('Cleo');
      await newcomer.getByLabel('Last name').fill('Lee');
      await newcomer.getByLabel('Company name').fill('Shop Ltd');
      await newcomer.getByLabel('Password').fill('invited colleague 7');
      await newcomer.screenshot({ path: `${E2E_ARTIFACTS}/web-invitation-sign-up.png` });
      await newcomer.getByRole('button', { name: SIGN_UP_AND_JOIN_BUTTON }).click();

      // Signed in, in the inviting account; the switcher lists both accounts with their names.
      await newcomer.waitForURL(`**/protect/p-${owner.pcode}/properties`);
      await newcomer.getByTestId('account-code').getByText(`p-${owner.pcode}`).waitFor();
      await newcomer.getByRole('button', { name: SWITCH_TO_ACCOUNT }).click();
      const menu = newcomer.getByRole('menu', { name: SWITCH_TO_ACCOUNT });
      await menu.getByRole('menuitem', { name: /News Ltd/ }).waitFor();
      await menu.getByRole('menuitem', { name: /Shop Ltd/ }).waitFor();
      expect(await menu.getByRole('menuitem').count()).toBe(2);
      await newcomer.waitForTimeout(400);
      await newcomer.screenshot({ path: `${E2E_ARTIFACTS}/web-invitation-switcher.png` });

      // The link works once.
      await newcomer.goto(`${server.url}${path}`);
      await newcomer
        .getByText('This invitation has already been used. Sign in to open the account.')
        .waitFor();
      expect(visitor.problems).toEqual([]);
    } finally {
      await visitor.close();
    }

    // The owner sees the new member, and no pending invitation.
    await page.reload();
    await page.getByRole('table', { name: 'Members' }).getByText(COLLEAGUE).waitFor();
    await page.getByText('No invitation is waiting for an answer.').waitFor();
    expect(browser.problems).toEqual([]);
  });
});
