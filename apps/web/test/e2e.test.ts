// @vitest-environment node
import {
  CHANGE_PASSWORD,
  CHECK_EMAIL_AND_PASSWORD,
  EMAIL_INVALID,
  EMAIL_REQUIRED,
  LOGOUT_LABEL,
  NEED_AN_ACCOUNT,
  NEW_PASSWORD_LABEL,
  NEXT_BUTTON,
  OLD_PASSWORD_LABEL,
  PASSWORD_CHANGED,
  PASSWORD_REQUIRED,
  SIGN_IN_BUTTON,
  SIGN_UP_CONFIRMED,
  SIGN_UP_SUCCESS,
  SWITCH_TO_ACCOUNT,
} from '@assent/core/account';
import {
  DELETE_PROPERTY_TITLE,
  PROPERTIES_EMPTY_TITLE,
  PROPERTIES_TITLE,
  propertyDeleted,
} from '@assent/core/property';
import { BANNER_PATHS } from '@assent/core/tags';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { organisations, users } from '../../server/src/repositories/accounts';
import { TAG_BLOCK_LABEL } from '../src/properties/TagDialog';
import type { E2eBrowser, E2eServer } from './e2e-support';
import {
  closeAll,
  describeInChromium,
  openConsole,
  pageHelpers,
  startE2eServer,
} from './e2e-support';

const EMAIL = 'new.publisher@example.com';
const PASSWORD = 'first secret 1';
const NEW_PASSWORD = 'second secret 2';

describeInChromium('console in a real browser (new user)', () => {
  let server: E2eServer;
  let browser: E2eBrowser;
  let page: Page;
  const { shot } = pageHelpers(
    () => page,
    () => '',
  );

  beforeAll(async () => {
    server = await startE2eServer();
    browser = await openConsole(server);
    page = browser.page;
  });
  afterAll(() => closeAll(server, browser));

  async function signIn(email: string, password: string) {
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: NEXT_BUTTON }).click();
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: SIGN_IN_BUTTON }).click();
  }

  it(
    'signs up, confirms from the e-mail, signs in, and works in the console',
    { timeout: 180_000 },
    async () => {
      // A visitor of a protected page lands on the sign-in page.
      await page.goto(`${server.url}/protect`);
      await page.getByRole('button', { name: NEXT_BUTTON }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/login');
      await shot('sign-in');

      // Sign up.
      await page.getByRole('button', { name: NEED_AN_ACCOUNT }).click();
      await page.getByLabel('First name').fill('Nora');
      await page.getByLabel('Last name').fill('Publisher');
      await page.getByLabel('Email').fill(EMAIL);
      await page.getByLabel('Company name').fill('Nora Media');
      await shot('sign-up');
      await page.getByRole('button', { name: 'SIGN UP' }).click();
      await page.getByText(SIGN_UP_SUCCESS).waitFor();

      // The confirmation code from the outbox.
      const mail = server.outbox().find((m) => m.to.includes(EMAIL));
      expect(mail?.subject).toBe('Confirm your Assent account');
      const code = /confirmation code is (\S+?)\.?\s/.exec(mail?.text ?? '')?.[1];
      expect(code).toBeTruthy();
      await page.getByLabel('Confirmation code').fill(code!);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'CONFIRM' }).click();
      await page.getByText(SIGN_UP_CONFIRMED).waitFor();

      // The sign-in validation messages.
      await page.getByLabel('Email').fill('');
      await page.getByRole('button', { name: NEXT_BUTTON }).click();
      await page.getByText(EMAIL_REQUIRED).waitFor();
      await page.getByLabel('Email').fill('nora@');
      await page.getByRole('button', { name: NEXT_BUTTON }).click();
      await page.getByText(EMAIL_INVALID).waitFor();
      await page.getByLabel('Email').fill(EMAIL);
      await page.getByRole('button', { name: NEXT_BUTTON }).click();
      await page.getByRole('button', { name: SIGN_IN_BUTTON }).click();
      await page.getByText(PASSWORD_REQUIRED).waitFor();
      await page.getByLabel('Password').fill('not the password 9');
      await page.getByRole('button', { name: SIGN_IN_BUTTON }).click();
      await page.getByText(CHECK_EMAIL_AND_PASSWORD).waitFor();

      // Sign in: the properties list of the new account, empty.
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: SIGN_IN_BUTTON }).click();
      await page.getByRole('heading', { name: PROPERTIES_TITLE }).waitFor();
      await page.getByText(PROPERTIES_EMPTY_TITLE).waitFor();
      const user = await users.findByEmail(server.deps.db, EMAIL);
      const [first] = await organisations.forUser(server.deps.db, user!.id);
      expect(new URL(page.url()).pathname).toBe(`/protect/p-${first!.pcode}/properties`);
      await page.getByTestId('account-code').getByText(`p-${first!.pcode}`).waitFor();
      await shot('properties-empty');

      // The universal tag dialog shows the tag: its code block loads the account's CMP script.
      await page.getByRole('button', { name: 'GET UNIVERSAL TAG' }).click();
      const tagDialog = page.getByRole('dialog', { name: 'Your Universal Tag' });
      await tagDialog
        .getByRole('region', { name: TAG_BLOCK_LABEL, exact: true })
        .getByText(`${server.url}${BANNER_PATHS.accountScript(first!.pcode)}?host=`)
        .waitFor();
      await shot('universal-tag');
      await tagDialog.getByRole('button', { name: 'CLOSE', exact: true }).click();
      await tagDialog.waitFor({ state: 'detached' });
      // Issue 17 item 4: closing a dialog gives focus back to what opened it.
      await page.waitForFunction(() => document.activeElement?.textContent === 'GET UNIVERSAL TAG');

      // Keyboard: the first Tab of a fresh page reaches the skip link.
      await page.reload();
      await page.getByRole('heading', { name: PROPERTIES_TITLE }).waitFor();
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
        'Skip to content',
      );

      // Vendors and the monetisation page.
      await page
        .getByRole('navigation', { name: 'Sections' })
        .getByRole('link', { name: 'Vendors' })
        .click();
      await page.getByRole('table', { name: 'IAB vendors' }).waitFor();
      await shot('vendors');
      await page
        .getByRole('navigation', { name: 'Sections' })
        .getByRole('link', { name: 'Properties' })
        .click();
      await page.getByRole('button', { name: 'Unlock Premium for FREE' }).click();
      await page.getByRole('heading', { name: 'Monetisation portal' }).waitFor();
      await shot('monetisation');
      await page.getByRole('link', { name: 'Back to Consent Management' }).click();
      await page.getByRole('heading', { name: PROPERTIES_TITLE }).waitFor();

      // Two sites created through the API show in the table; the site tag and delete dialogs work.
      const created = await page.evaluate(async (pcode) => {
        const statuses: number[] = [];
        for (const url of ['news.example.com', 'shop.example.org']) {
          const response = await fetch(`/customization/v2/site?pCode=${pcode}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              propertyType: 'SITE',
              url,
              publisherName: 'Nora Media',
              themeId: '1',
            }),
          });
          statuses.push(response.status);
        }
        return statuses;
      }, first!.pcode);
      expect(created).toEqual([201, 201]);
      await page.reload();
      await page.getByRole('table').waitFor();
      expect(await page.getByRole('table').getByRole('row').count()).toBe(3);
      await shot('properties-list');
      await page.getByRole('button', { name: 'More Options: news.example.com' }).click();
      await page.getByRole('menuitem', { name: 'Get tag' }).click();
      const siteTag = page.getByRole('dialog', { name: 'Your Site Tag' });
      await siteTag.locator('pre').waitFor();
      await shot('site-tag');
      await siteTag.getByRole('button', { name: 'CLOSE', exact: true }).click();
      await siteTag.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'More Options: shop.example.org' }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      const confirm = page.getByRole('dialog', { name: DELETE_PROPERTY_TITLE });
      await confirm
        .getByText('Are you sure you want to delete this site? This is irreversible.')
        .waitFor();
      await shot('delete-property');
      await confirm.getByRole('button', { name: 'DELETE' }).click();
      await confirm.waitFor({ state: 'detached' });
      await page.getByText(propertyDeleted('shop.example.org')).waitFor();
      expect(await page.getByRole('table').getByRole('row').count()).toBe(2);

      // A second organisation: 'Switch to Account' appears and switches.
      // (addAccount forgets the user's cached callers, as the product's own membership paths do.)
      const second = await server.addAccount(user!, 'Nora Apps');
      await page.reload();
      await page.getByRole('button', { name: SWITCH_TO_ACCOUNT }).click();
      await shot('switch-account');
      await page.getByRole('menuitem', { name: `p-${second}` }).click();
      await page.waitForURL(`**/protect/p-${second}/properties`);
      await page.getByTestId('account-code').getByText(`p-${second}`).waitFor();
      await page.getByText(PROPERTIES_EMPTY_TITLE).waitFor();

      // Change the password from the user menu.
      await page.getByRole('button', { name: /User menu/ }).click();
      await page.getByRole('menuitem', { name: CHANGE_PASSWORD }).click();
      const change = page.getByRole('dialog', { name: CHANGE_PASSWORD });
      // Focus moves into the dialog, on its first field.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('autocomplete')))
        .toBe('current-password');
      await change.getByLabel(OLD_PASSWORD_LABEL).fill(PASSWORD);
      await change.getByLabel(NEW_PASSWORD_LABEL).fill(NEW_PASSWORD);
      await shot('change-password');
      await change.getByRole('button', { name: CHANGE_PASSWORD }).click();
      await page.getByText(PASSWORD_CHANGED).waitFor();
      await change.waitFor({ state: 'detached' });

      // Sign out, then in again with the new password.
      await page.getByRole('button', { name: /User menu/ }).click();
      await page.getByRole('menuitem', { name: LOGOUT_LABEL }).click();
      await page.waitForURL('**/login');
      await page.getByRole('button', { name: NEXT_BUTTON }).waitFor();
      await signIn(EMAIL, NEW_PASSWORD);
      await page.getByRole('heading', { name: PROPERTIES_TITLE }).waitFor();

      expect(browser.problems).toEqual([]);
    },
  );
});
