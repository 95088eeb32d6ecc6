import { HELP_CENTER_PATH } from '@assent/core';
import {
  ERROR_BOUNDARY,
  PAGE_NOT_FOUND,
  RESTRICTED_ACCESS,
  RESTRICTED_ACCESS_TEXT,
} from '@assent/core';
import {
  CHANGE_PASSWORD,
  HELP_CENTER_LABEL,
  LOGOUT_LABEL,
  NEW_PASSWORD_REQUIRED,
  NEXT_BUTTON,
  OLD_PASSWORD_REQUIRED,
  PASSWORD_CHANGED,
  SIGN_IN_BUTTON,
  SWITCH_TO_ACCOUNT,
  announcementDismissalKey,
  PASSWORD_RULE_HINT,
} from '@assent/core/account';
import { UNREGISTERED_CMP_ID_WARNING } from '@assent/core/banner';
import { meKeys } from '@assent/core/queries';
import { buildAccountUser, buildOrganisation, buildAnnouncement } from '@assent/core/testing';
import { render, screen, waitFor, within } from '@testing-library/react';
import { Suspense, lazy } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { LOADING_TEXT } from '../components/Loading';
import { BACK_HOME } from '../components/StatusPages';
import { apiError } from '../testing/fake-api';
import { fakeApi, renderApp } from '../testing/render';
import { CLOSE_ANNOUNCEMENT, DISMISS_ANNOUNCEMENT } from './AnnouncementsModal';
import { OPERATOR_WARNING_TITLE } from './OperatorWarnings';
import { SDK_BUTTON, SDK_FILE_NAME } from './SdkDownloadButton';
import { NEW_TAG } from './TabBar';

const withSites = () => fakeApi().on('GET /customization/v2/site/rows', { body: [] });

afterEach(() => {
  vi.restoreAllMocks();
});

/** jsdom has no object URLs: record the file the console hands to the browser. */
function captureDownloads() {
  const saved: Array<{ name: string; href: string; blob: Blob }> = [];
  let last: Blob | undefined;
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      last = blob;
      return 'blob:assent-test';
    },
    revokeObjectURL: () => {},
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ name: this.download, href: this.getAttribute('href') ?? '', blob: last! });
  });
  return saved;
}

/** A link of the top section bar. */
const sectionLink = (name: string) =>
  within(screen.getByRole('navigation', { name: 'Sections' })).getByRole('link', {
    name: new RegExp(`^${name}`),
  });

describe('shell', () => {
  it("shows 'Loading...' while asking who is signed in", async () => {
    const api = fakeApi().on('GET /auth/me', () => new Promise(() => {}));
    renderApp({ path: '/protect/p-AB12CD/properties', api });
    expect(await screen.findByText(LOADING_TEXT)).toBeTruthy();
  });

  it('has the four tabs, Reports marked NEW, the active one from the path', async () => {
    const { user, router } = renderApp({ path: '/protect/p-AB12CD/themes', api: withSites() });
    const nav = await screen.findByRole('navigation', { name: 'Sections' });
    const tabs = within(nav).getAllByRole('link');
    expect(tabs.map((t) => t.textContent)).toEqual([
      'Properties',
      'Themes',
      'Vendors',
      `Reports${NEW_TAG}`,
    ]);
    expect(sectionLink('Themes').getAttribute('aria-current')).toBe('page');
    await user.click(sectionLink('Properties'));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/protect/p-AB12CD/properties'),
    );
    expect(sectionLink('Properties').getAttribute('aria-current')).toBe('page');
    expect(sectionLink('Themes').getAttribute('aria-current')).toBeNull();
  });

  it('every section is reached with Tab and opened with Enter (issue 17 item 3)', async () => {
    const { user, router } = renderApp({ path: '/protect/p-AB12CD/themes', api: withSites() });
    await screen.findByRole('navigation', { name: 'Sections' });
    for (const name of ['Properties', 'Themes', 'Vendors', 'Reports']) {
      expect(sectionLink(name).tabIndex).toBe(0);
    }
    sectionLink('Themes').focus();
    await user.tab();
    expect(document.activeElement).toBe(sectionLink('Vendors'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/protect/p-AB12CD/vendors'));
    expect(sectionLink('Vendors').getAttribute('aria-current')).toBe('page');
  });

  it('keeps the Properties tab active on site and app pages', async () => {
    renderApp({ path: '/protect/p-AB12CD/sites/new', api: withSites() });
    expect(await screen.findByRole('heading', { name: 'Create a site' })).toBeTruthy();
    expect(sectionLink('Properties').getAttribute('aria-current')).toBe('page');
  });

  it('shows the account code; Switch to Account only with more than one', async () => {
    renderApp({ path: '/protect/p-AB12CD/themes' });
    expect((await screen.findByTestId('account-code')).textContent).toBe('p-AB12CD');
    expect(screen.queryByRole('button', { name: SWITCH_TO_ACCOUNT })).toBeNull();
  });

  it('switches account from the header', async () => {
    const user2 = buildAccountUser({ pcodes: ['AB12CD', 'ZZ99'] });
    const { user, router } = renderApp({
      path: '/protect/p-AB12CD/themes',
      user: user2,
      api: withSites(),
      organisations: [
        buildOrganisation({ pcode: 'AB12CD', name: 'Example Media' }),
        buildOrganisation({ pcode: 'ZZ99', name: 'Nora News Ltd' }),
      ],
    });
    await user.click(await screen.findByRole('button', { name: SWITCH_TO_ACCOUNT }));
    const menu = await screen.findByRole('menu', { name: SWITCH_TO_ACCOUNT });
    // Each code with its company name beside it (issue 17 item 11).
    await waitFor(() =>
      expect(
        within(menu)
          .getAllByRole('menuitem')
          .map((i) => i.textContent),
      ).toEqual(['p-AB12CD Example Media', 'p-ZZ99 Nora News Ltd']),
    );
    await user.click(within(menu).getByRole('menuitem', { name: /p-ZZ99/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/protect/p-ZZ99/properties'));
    expect((await screen.findByTestId('account-code')).textContent).toBe('p-ZZ99');
  });

  it("'DOWNLOAD SDK' downloads the apps' SDK package as assent-sdk.zip", async () => {
    const saved = captureDownloads();
    const zip = new Uint8Array([0x50, 0x4b, 0x05, 0x06]).buffer;
    const api = withSites().on('GET /customization/v2/app/sdk', { body: zip });
    const { user } = renderApp({ path: '/protect/p-AB12CD/properties', api });
    await user.click(await screen.findByRole('button', { name: SDK_BUTTON }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ name: SDK_FILE_NAME, href: 'blob:assent-test' });
    expect(SDK_FILE_NAME).toBe('assent-sdk.zip');
    expect(saved[0]!.blob.type).toBe('application/zip');
    // The bytes of the response, untouched (jsdom's Blob has no arrayBuffer()).
    expect(saved[0]!.blob.size).toBe(zip.byteLength);
    expect(api.calls.filter((c) => c.path === '/customization/v2/app/sdk')).toHaveLength(1);
  });

  it("a failed SDK download shows the server's message", async () => {
    const saved = captureDownloads();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = withSites().on(
      'GET /customization/v2/app/sdk',
      apiError(503, 'UNAVAILABLE', 'The SDK package is being rebuilt.'),
    );
    const { user } = renderApp({ path: '/protect/p-AB12CD/properties', api });
    await user.click(await screen.findByRole('button', { name: SDK_BUTTON }));
    expect(await screen.findByText('The SDK package is being rebuilt.')).toBeTruthy();
    expect(error).toHaveBeenCalledWith('Assent: SDK download failed', expect.anything());
    expect(saved).toEqual([]);
  });

  it('has the Help Center button: the support site in a new tab, on every signed-in page', async () => {
    const { router } = renderApp({ path: '/protect/p-AB12CD/themes', api: withSites() });
    const help = await screen.findByRole('button', { name: HELP_CENTER_LABEL });
    expect(help.tagName).toBe('A');
    expect(help.getAttribute('href')).toBe(HELP_CENTER_PATH);
    expect(help.getAttribute('target')).toBe('_blank');
    expect(help.getAttribute('rel')).toBe('noopener noreferrer');
    await router.navigate('/protect/assent-products');
    expect(await screen.findByRole('heading', { name: 'Products' })).toBeTruthy();
    expect(screen.getByRole('button', { name: HELP_CENTER_LABEL })).toBeTruthy();
  });

  it('says loudly on every page that the strings carry an unregistered CMP id (issue 15 item 13)', async () => {
    const api = withSites().on('GET /healthz', {
      body: { status: 'ok', warnings: [UNREGISTERED_CMP_ID_WARNING] },
    });
    const { router } = renderApp({ path: '/protect/p-AB12CD/themes', api });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(OPERATOR_WARNING_TITLE)).toBeTruthy();
    expect(within(alert).getByText(UNREGISTERED_CMP_ID_WARNING)).toBeTruthy();
    await router.navigate('/protect/assent-products');
    expect(await screen.findByRole('heading', { name: 'Products' })).toBeTruthy();
    expect(screen.getByText(UNREGISTERED_CMP_ID_WARNING)).toBeTruthy();
  });

  it('shows a user without an account code the restricted page at /protect, Back Home stays', async () => {
    const { user, router } = renderApp({
      path: '/protect',
      user: buildAccountUser({ pcodes: [] }),
    });
    expect(await screen.findByText(RESTRICTED_ACCESS)).toBeTruthy();
    expect(screen.getByText(RESTRICTED_ACCESS_TEXT)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/protect');
    // No account: no tabs, no account code, no SDK or tag buttons; the user menu stays.
    expect(screen.queryByRole('navigation', { name: 'Sections' })).toBeNull();
    expect(screen.queryByTestId('account-code')).toBeNull();
    expect(screen.queryByRole('button', { name: SDK_BUTTON })).toBeNull();
    expect(screen.getByRole('button', { name: /User menu/ })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: BACK_HOME }));
    expect(router.state.location.pathname).toBe('/protect');
    expect(await screen.findByText(RESTRICTED_ACCESS)).toBeTruthy();
  });

  it('shows a member of other accounts the restricted page', async () => {
    renderApp({ path: '/protect/p-OTHER/properties' });
    expect(await screen.findByText(RESTRICTED_ACCESS)).toBeTruthy();
    expect(screen.getByText(RESTRICTED_ACCESS_TEXT)).toBeTruthy();
  });

  it('shows Page not found with Back Home to /protect', async () => {
    const { user, router } = renderApp({ path: '/protect/p-AB12CD/nowhere', api: withSites() });
    expect(await screen.findByText(PAGE_NOT_FOUND)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: BACK_HOME }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/protect/p-AB12CD/properties'),
    );
  });

  it('opens the products page regardless of account code', async () => {
    renderApp({ path: '/protect/assent-products', user: buildAccountUser({ pcodes: [] }) });
    expect(await screen.findByRole('heading', { name: 'Products' })).toBeTruthy();
  });

  it('shows the user menu with name and e-mail, and logs out without keeping the page', async () => {
    let signedIn = true;
    const api = withSites()
      .on('GET /auth/me', () =>
        signedIn ? { body: buildAccountUser() } : apiError(401, 'UNAUTHORIZED', 'Please sign in'),
      )
      .on('POST /auth/sign-out', () => {
        signedIn = false;
        return { body: { message: 'bye' } };
      });
    const { user, router } = renderApp({ path: '/protect/p-AB12CD/themes', api });
    await user.click(await screen.findByRole('button', { name: /User menu: Jane Doe/ }));
    const menu = await screen.findByRole('menu', { name: 'User menu' });
    expect(within(menu).getByText('jane@example.com')).toBeTruthy();
    await user.click(within(menu).getByText(LOGOUT_LABEL));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('button', { name: 'Next' })).toBeTruthy();
    // Whoever signs in next starts at the properties, not on the page the last user left.
    expect(router.state.location.state).toBeNull();
  });

  it('a session that runs out mid-use sends the user to /login and back to their page', async () => {
    // Regression: after a sign-out was told apart by 'was signed in here', an expired session lost the page.
    let signedIn = true;
    const api = withSites()
      .on('GET /auth/me', () =>
        signedIn ? { body: buildAccountUser() } : apiError(401, 'UNAUTHORIZED', 'Please sign in'),
      )
      .on('POST /auth/sign-in', () => {
        signedIn = true;
        return { body: buildAccountUser() };
      });
    const { user, router, services } = renderApp({ path: '/protect/p-AB12CD/themes', api });
    expect(await screen.findByRole('button', { name: /User menu: Jane Doe/ })).toBeTruthy();
    signedIn = false;
    await services.queryClient.refetchQueries({ queryKey: meKeys.all });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: '/protect/p-AB12CD/themes' });
    await user.type(await screen.findByLabelText('Email'), 'jane@example.com');
    await user.click(screen.getByRole('button', { name: NEXT_BUTTON }));
    await user.type(await screen.findByLabelText('Password'), 'secret 42');
    await user.click(screen.getByRole('button', { name: SIGN_IN_BUTTON }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/protect/p-AB12CD/themes'));
  });

  it('changes the password in a modal: required fields, refusal in the modal, success', async () => {
    let attempt = 0;
    const api = withSites().on('POST /auth/change-password', () =>
      ++attempt === 1
        ? apiError(401, 'NOT_AUTHORIZED', 'Incorrect password.')
        : { body: { message: PASSWORD_CHANGED } },
    );
    const { user } = renderApp({ path: '/protect/p-AB12CD/themes', api });
    await user.click(await screen.findByRole('button', { name: /User menu/ }));
    await user.click(await screen.findByText(CHANGE_PASSWORD));
    const dialog = await screen.findByRole('dialog', { name: CHANGE_PASSWORD });
    // Focus moves into the dialog (Blueprint keeps it there while it is open).
    await waitFor(
      () => expect(document.activeElement).toBe(within(dialog).getByLabelText('Old Password')),
      { timeout: 3000 },
    );
    // Regression: taking focus back when the opening transition ends pulled the caret out of the
    // field the user had moved to, so typing went into Old Password.
    const newPassword = within(dialog).getByLabelText('New Password');
    // The new password's rule (NIST SP 800-63B, issue 19 item 12) is stated under the field.
    expect(
      document.getElementById(newPassword.getAttribute('aria-describedby') ?? '')?.textContent,
    ).toBe(PASSWORD_RULE_HINT);
    await user.click(newPassword);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(document.activeElement).toBe(newPassword);
    await user.click(within(dialog).getByRole('button', { name: CHANGE_PASSWORD }));
    expect(within(dialog).getByText(OLD_PASSWORD_REQUIRED)).toBeTruthy();
    expect(within(dialog).getByText(NEW_PASSWORD_REQUIRED)).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Old Password'), 'old one 1');
    await user.type(within(dialog).getByLabelText('New Password'), 'new one 2');
    await user.click(within(dialog).getByRole('button', { name: CHANGE_PASSWORD }));
    expect(await within(dialog).findByText('Incorrect password.')).toBeTruthy();
    // Regression: focus fell out of the dialog with the disabled (loading) button, so Escape did
    // not close it; it goes back to the refused field.
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Old Password'));
    await user.click(within(dialog).getByRole('button', { name: CHANGE_PASSWORD }));
    expect(await screen.findByText(PASSWORD_CHANGED)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: CHANGE_PASSWORD })).toBeNull());
    expect(api.calls.filter((c) => c.path === '/auth/change-password').at(-1)?.body).toEqual({
      oldPassword: 'old one 1',
      newPassword: 'new one 2',
    });
  });

  it('shows a running announcement; dismissing stores the time under its id', async () => {
    const first = buildAnnouncement();
    const second = buildAnnouncement({
      id: 'second',
      modal: { title: 'Second news', content: 'More.' },
    });
    const api = withSites().on('GET /customization/announcements', { body: [first, second] });
    const { user, storage } = renderApp({ path: '/protect/p-AB12CD/themes', api });
    const dialog = await screen.findByRole('dialog', { name: first.modal.title });
    await user.click(within(dialog).getByRole('button', { name: DISMISS_ANNOUNCEMENT }));
    expect(storage.getItem(announcementDismissalKey(first.id))).not.toBeNull();
    const next = await screen.findByRole('dialog', { name: 'Second news' });
    await user.click(within(next).getByRole('button', { name: CLOSE_ANNOUNCEMENT }));
    expect(storage.getItem(announcementDismissalKey('second'))).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('hides an announcement dismissed within its expire period', async () => {
    const first = buildAnnouncement();
    const api = withSites().on('GET /customization/announcements', { body: [first] });
    renderApp({
      path: '/protect/p-AB12CD/themes',
      api,
      storage: { [announcementDismissalKey(first.id)]: String(Date.parse('2024-03-14T00:00:00Z')) },
    });
    expect(await screen.findByRole('navigation', { name: 'Sections' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("shows 'Something went wrong.' when a view fails", () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const Broken = () => {
      throw new Error('boom');
    };
    render(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByText(ERROR_BOUNDARY)).toBeTruthy();
    spy.mockRestore();
  });

  it("'Try again' reloads the page when a page chunk failed to load (issue 17 item 8)", async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const reload = vi.fn();
    // What React.lazy throws in Chromium once a deploy removed the chunk.
    const Page = lazy(() =>
      Promise.reject(
        new TypeError(
          'Failed to fetch dynamically imported module: https://console.example/assets/Page-1a2b.js',
        ),
      ),
    );
    render(
      <ErrorBoundary reload={reload}>
        <Suspense fallback={null}>
          <Page />
        </Suspense>
      </ErrorBoundary>,
    );
    const retry = await screen.findByRole('button', { name: 'Try again' });
    retry.click();
    expect(reload).toHaveBeenCalledTimes(1);
    spy.mockRestore();
  });

  it("'Try again' renders again, without a reload, after an ordinary render error", async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const reload = vi.fn();
    let broken = true;
    const Flaky = () => {
      if (broken) throw new Error('boom');
      return <p>Recovered</p>;
    };
    render(
      <ErrorBoundary reload={reload}>
        <Flaky />
      </ErrorBoundary>,
    );
    broken = false;
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(await screen.findByText('Recovered')).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();
    spy.mockRestore();
  });
});
