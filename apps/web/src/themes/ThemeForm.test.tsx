import { NO_ANGLE_BRACKETS, PAGE_NOT_FOUND, REQUIRED, RESTRICTED_ACCESS } from '@assent/core';
import { LINK_TEXT_REQUIRED, LINK_URL_INVALID } from '@assent/core';
import { REGULATION_REQUIRED } from '@assent/core/property';
import {
  ADD_ONE,
  BACK_TO_THEMES,
  CSS_PROHIBITED,
  HEX_NOT_VALID,
  PREVIEW_ERROR,
  PREVIEW_GDPR_MODE,
  PREVIEW_MESSAGE_TYPE,
  REGULATION_OPTION_LABELS,
  REMOVE_ONE,
  SAME_PRIMARY_BUTTON_COLORS,
  SAVE_THEME,
  SOFT_OPT_IN_NOTE,
  THEME_CARD_TITLES,
  THEME_XSS_ERROR,
  UK_GDPR_WARNING,
  US_REGULATION_TOOLTIP,
  sameBackgroundColorMessage,
  textTooLong,
} from '@assent/core/theme';
import type { SiteThemeValues, ThemeValues } from '@assent/core/theme';
import { smallGvl, storedSiteTheme } from '@assent/core/testing';
import { toVendorListResponse } from '@assent/core/vendors';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError } from '../testing/fake-api';
import { fakeApi, renderApp } from '../testing/render';
import {
  APP_MODE_PANEL_TITLES,
  DIALOG_BUTTONS,
  RESTRICTIONS_DIALOG,
  STACKS_DIALOG,
  THEME_COLOR_LABELS,
  THEME_FIELD_LABELS as L,
} from './copy';

const NEW_SITE = '/protect/p-AB12CD/themes/site/new';
const NEW_APP = '/protect/p-AB12CD/themes/app/new';
const EDIT = '/protect/p-AB12CD/themes/site/edit/42';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The input whose label starts with `label` (required fields add '(required)'). */
const input = (label: string) =>
  screen.getByLabelText<HTMLInputElement>(new RegExp(`^${escape(label)}`));
const saveButton = () => screen.getByRole('button', { name: SAVE_THEME });
/** The editor has loaded (its title shows while the theme and account load). */
const ready = () => screen.findByRole('textbox', { name: /^Theme name/ });
const card = (title: string) => screen.getByRole('region', { name: title });

/** A create page whose save answers with the stored theme (the body echoed back). */
function createApi() {
  return fakeApi().on('POST /customization/v2/theme', ({ body }) => ({
    status: 201,
    body: {
      ...(body as ThemeValues),
      themeId: '77',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    },
  }));
}

async function openNewSite(api = createApi(), path = NEW_SITE) {
  const ui = renderApp({ path, api });
  await ready();
  return ui;
}

describe('theme editor: pages', () => {
  it('shows not found for an invalid action, an unknown type and a missing theme', async () => {
    renderApp({ path: '/protect/p-AB12CD/themes/site/copy' });
    expect(await screen.findByText(PAGE_NOT_FOUND)).toBeTruthy();
  });

  it('shows not found for an unknown type', async () => {
    renderApp({ path: '/protect/p-AB12CD/themes/tv/new' });
    expect(await screen.findByText(PAGE_NOT_FOUND)).toBeTruthy();
  });

  it('shows not found when the theme fetch answers 404', async () => {
    const api = fakeApi().on(
      'GET /customization/v2/theme/42',
      apiError(404, 'NOT_FOUND', 'Not found'),
    );
    renderApp({ path: EDIT, api });
    expect(await screen.findByText(PAGE_NOT_FOUND)).toBeTruthy();
  });

  it('restricts the default theme (id 1) and a 401', async () => {
    renderApp({ path: '/protect/p-AB12CD/themes/site/edit/1' });
    expect(await screen.findByText(RESTRICTED_ACCESS)).toBeTruthy();
  });

  it('restricts a theme whose fetch answers 401', async () => {
    const api = fakeApi().on(
      'GET /customization/v2/theme/42',
      apiError(401, 'UNAUTHORIZED', 'Please sign in'),
    );
    renderApp({ path: EDIT, api });
    expect(await screen.findByText(RESTRICTED_ACCESS)).toBeTruthy();
  });
});

describe('theme editor: create a site theme', () => {
  it('has Back to themes, PREVIEW GDPR MODE and SAVE THEME enabled only after a change', async () => {
    await openNewSite();
    expect(screen.getByRole('link', { name: BACK_TO_THEMES }).getAttribute('href')).toBe(
      '/protect/p-AB12CD/themes',
    );
    expect(screen.getByRole('button', { name: PREVIEW_GDPR_MODE })).toBeTruthy();
    expect((saveButton() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input(L.themeName), { target: { value: 'N' } });
    expect((saveButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the required name and regulation messages on save, and the angle-bracket rule', async () => {
    const { user, api } = await openNewSite();
    await user.click(screen.getByRole('checkbox', { name: REGULATION_OPTION_LABELS.GDPR }));
    await user.click(saveButton());
    expect(await screen.findByText(REQUIRED)).toBeTruthy();
    expect(screen.getByText(REGULATION_REQUIRED)).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    await user.type(input(L.themeName), 'My <b>');
    expect(await screen.findByText(NO_ANGLE_BRACKETS)).toBeTruthy();
  });

  it('saves the values through core and returns to the themes list', async () => {
    const api = createApi();
    const { user, router } = await openNewSite(api);
    await user.type(input(L.themeName), 'News');
    await user.click(screen.getByRole('checkbox', { name: L.initScreenRejectButtonShowing }));
    await user.type(input(L.initScreenRejectButton), 'Reject all');
    await user.click(saveButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/protect/p-AB12CD/themes'));
    const body = api.calls.find((c) => c.method === 'POST')?.body as SiteThemeValues;
    expect(body).toMatchObject({
      themeType: 'SITE',
      themeName: 'News',
      initScreenRejectButtonShowing: true,
      initScreenRejectButton: 'Reject all',
      displayUi: 'popup',
      initialScreen: 'SUMMARY',
      uxPersistentConsentLinkLocation: 'BOTTOM_RIGHT',
      language: 'en',
    });
    // Empty restriction lists are not sent.
    expect('publisherConsentRestrictionIds' in body).toBe(false);
  });

  it('returns to the new site form, the theme chosen, when opened from it (from-site)', async () => {
    const { user, router } = await openNewSite(createApi(), `${NEW_SITE}?from-site`);
    await user.type(input(L.themeName), 'From site');
    await user.click(saveButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/protect/p-AB12CD/sites/new'));
    expect(router.state.location.search).toBe('?theme=77');
  });

  it("shows the server's message, and the XSS message for XSS_ERROR", async () => {
    const api = fakeApi().on(
      'POST /customization/v2/theme',
      apiError(400, 'XSS_ERROR', 'raw server text'),
    );
    const { user } = await openNewSite(api);
    await user.type(input(L.themeName), 'News');
    await user.click(saveButton());
    expect(await screen.findByText(THEME_XSS_ERROR)).toBeTruthy();
    api.on('POST /customization/v2/theme', apiError(409, 'CONFLICT', 'A theme named News exists'));
    await user.click(saveButton());
    expect(await screen.findByText('A theme named News exists')).toBeTruthy();
  });

  it('warns under UK GDPR while the reject button is off, and disables its text with close off too', async () => {
    const { user } = await openNewSite();
    expect(screen.getByText(UK_GDPR_WARNING)).toBeTruthy();
    expect(input(L.initScreenRejectButton).disabled).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: L.initScreenCloseButtonShowing }));
    expect(input(L.initScreenRejectButton).disabled).toBe(false);
    await user.click(screen.getByRole('checkbox', { name: L.initScreenRejectButtonShowing }));
    expect(screen.queryByText(UK_GDPR_WARNING)).toBeNull();
  });

  it('enables the summary display options only for the Summary initial screen', async () => {
    const { user } = await openNewSite();
    const popup = screen.getByRole('radio', { name: 'Popup (centred box)' }) as HTMLInputElement;
    expect(popup.disabled).toBe(false);
    await user.click(screen.getByRole('radio', { name: 'Stacks and purposes' }));
    expect(popup.disabled).toBe(true);
  });

  it('soft opt-in forces the persistent consent link on and locks it, with the note', async () => {
    const { user } = await openNewSite();
    const persistent = screen.getByRole('checkbox', {
      name: L.uxPersistentConsentButton,
    }) as HTMLInputElement;
    expect(screen.getByText(SOFT_OPT_IN_NOTE)).toBeTruthy();
    expect(persistent.checked).toBe(false);
    await user.click(screen.getByRole('checkbox', { name: L.uxSoftOptIns }));
    expect(persistent.checked).toBe(true);
    expect(persistent.disabled).toBe(true);
    expect(input(L.consentLinkLabel).disabled).toBe(true);
  });
});

describe('theme editor: layout', () => {
  it('shows the US tooltip on the US option itself, and the CSS overrides name once', async () => {
    const { user } = await openNewSite();
    const configure = card(THEME_CARD_TITLES.configure);
    // No separate helper line repeating the option's label.
    expect(within(configure).getAllByText(REGULATION_OPTION_LABELS.USP)).toHaveLength(1);
    const info = within(configure).getByRole('img', { name: US_REGULATION_TOOLTIP });
    expect(info.closest('.assent-regulation-option')?.textContent).toBe(
      REGULATION_OPTION_LABELS.USP,
    );
    // The checkbox keeps the option's label as its name.
    expect(
      within(configure).getByRole('checkbox', { name: REGULATION_OPTION_LABELS.USP }),
    ).toBeTruthy();
    await user.hover(info);
    expect(await screen.findByText(US_REGULATION_TOOLTIP)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: L.uxCustomizedCss }));
    expect(screen.getAllByText(L.uxCustomizedCss)).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: L.uxCustomizedCss })).toBeTruthy();
  });
});

describe('theme editor: colours and CSS', () => {
  it('normalises colour input to one leading # and at most 7 characters, and checks hex', async () => {
    const { user } = await openNewSite();
    const text = input(THEME_COLOR_LABELS.uxFontColor);
    await user.type(text, '##12g');
    expect(text.value).toBe('#12g');
    expect(await screen.findByText(HEX_NOT_VALID)).toBeTruthy();
    await user.clear(text);
    await user.type(text, '1234567890');
    expect(text.value).toBe('#123456');
    expect(screen.queryByText(HEX_NOT_VALID)).toBeNull();
  });

  it('refuses an element colour equal to the background, defaults included', async () => {
    const { user } = await openNewSite();
    // The link colour's default is #206DC5: a background of that colour clashes with it.
    await user.type(input(THEME_COLOR_LABELS.uxBackgroundColor), '#206dc5');
    expect((await screen.findAllByText(sameBackgroundColorMessage('link'))).length).toBe(1);
    await user.clear(input(THEME_COLOR_LABELS.uxBackgroundColor));
    await user.type(input(THEME_COLOR_LABELS.uxPrimaryButtonTextColor), '#206DC5');
    expect(await screen.findByText(SAME_PRIMARY_BUTTON_COLORS)).toBeTruthy();
    // Changing the related colour re-validates the other field.
    await user.type(input(THEME_COLOR_LABELS.uxPrimaryButtonColor), '#000');
    await waitFor(() => expect(screen.queryByText(SAME_PRIMARY_BUTTON_COLORS)).toBeNull());
  });

  it('refuses prohibited CSS, and marks CSS repeating the background colour without a message', async () => {
    const { user } = await openNewSite();
    await user.click(screen.getByRole('button', { name: L.uxCustomizedCss }));
    const css = screen.getByRole('textbox', { name: L.uxCustomizedCss });
    fireEvent.change(css, { target: { value: '.x { background: url(evil) }' } });
    expect(await screen.findByText(CSS_PROHIBITED)).toBeTruthy();
    fireEvent.change(css, { target: { value: '.ui { background: #fff }' } });
    await waitFor(() => expect(screen.queryByText(CSS_PROHIBITED)).toBeNull());
    expect(css.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(css, { target: { value: '.ui { color: #000 }' } });
    await waitFor(() => expect(css.getAttribute('aria-invalid')).toBe('false'));
    await user.type(input(L.themeName), 'x');
    expect((saveButton() as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('theme editor: footer links', () => {
  it('site themes: the privacy policy row, then one more with Add one / Remove one', async () => {
    const { user } = await openNewSite();
    const ui = card(THEME_CARD_TITLES.customizeUi);
    expect(within(ui).getByRole('group', { name: 'Privacy policy' })).toBeTruthy();
    await user.type(input('Privacy policy: Link text'), 'Privacy');
    expect(await screen.findByText(LINK_URL_INVALID)).toBeTruthy();
    await user.type(input('Privacy policy: Link URL'), 'https://example.com/privacy');
    await waitFor(() => expect(screen.queryByText(LINK_URL_INVALID)).toBeNull());
    await user.click(within(ui).getByRole('button', { name: ADD_ONE }));
    // Two links is the site limit: Add one goes.
    expect(within(ui).queryByRole('button', { name: ADD_ONE })).toBeNull();
    await user.type(input('Custom footer links 2: Link URL'), 'https://example.com/terms');
    expect(await screen.findByText(LINK_TEXT_REQUIRED)).toBeTruthy();
    await user.click(within(ui).getByRole('button', { name: REMOVE_ONE }));
    expect(screen.queryByText(LINK_TEXT_REQUIRED)).toBeNull();
    await user.click(within(ui).getByRole('button', { name: ADD_ONE }));
    // Removing cleared the row's values.
    expect(input('Custom footer links 2: Link URL').value).toBe('');
  });

  it('app themes allow three footer links and show the colour panels of the mode', async () => {
    const { user } = renderApp({ path: NEW_APP, api: createApi() });
    await ready();
    expect(screen.queryByRole('button', { name: PREVIEW_GDPR_MODE })).toBeNull();
    const ui = card(THEME_CARD_TITLES.appUiSettings);
    await user.click(within(ui).getByRole('button', { name: ADD_ONE }));
    await user.click(within(ui).getByRole('button', { name: ADD_ONE }));
    expect(within(ui).queryByRole('button', { name: ADD_ONE })).toBeNull();
    expect(within(ui).getAllByRole('button', { name: REMOVE_ONE })).toHaveLength(2);
    await user.click(within(ui).getByRole('checkbox', { name: L.customColorUsingPortal }));
    expect(
      within(ui).getByRole('group', { name: APP_MODE_PANEL_TITLES.lightModeColors }),
    ).toBeTruthy();
    expect(
      within(ui).getByRole('group', { name: APP_MODE_PANEL_TITLES.darkModeColors }),
    ).toBeTruthy();
    await user.click(within(ui).getByRole('radio', { name: 'Dark' }));
    expect(
      within(ui).queryByRole('group', { name: APP_MODE_PANEL_TITLES.lightModeColors }),
    ).toBeNull();
    await user.type(input(`${APP_MODE_PANEL_TITLES.darkModeColors}: Background`), 'zz');
    expect(await screen.findByText(HEX_NOT_VALID)).toBeTruthy();
  });
});

describe('theme editor: US screen', () => {
  it('shows the Do Not Sell card with USP; suppress links disables every link input', async () => {
    const { user } = await openNewSite();
    expect(screen.queryByRole('region', { name: /Do Not Sell My Data/ })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: REGULATION_OPTION_LABELS.USP }));
    const us = await screen.findByRole('region', { name: /Do Not Sell My Data/ });
    expect(await within(us).findByRole('textbox', { name: L.uspDnsText })).toBeTruthy();
    for (const name of ['Bold', 'Italic', 'Underline', 'Bulleted list', 'Numbered list', 'Link']) {
      expect(within(us).getByRole('button', { name })).toBeTruthy();
    }
    await user.type(input(L.uspDeleteDataLinkText), 'Delete');
    await user.click(saveButton());
    expect(await screen.findByText(LINK_URL_INVALID)).toBeTruthy();
    await user.click(within(us).getByRole('checkbox', { name: L.suppressCcpaLinks }));
    expect(input(L.uspDeleteDataLinkText).disabled).toBe(true);
    expect(input(L.uspPrivacyPolicyLink).disabled).toBe(true);
    expect(screen.queryByText(LINK_URL_INVALID)).toBeNull();
    await user.type(input(L.uspDnsTitleText), 'Opt <out>');
    expect(await screen.findByText(NO_ANGLE_BRACKETS)).toBeTruthy();
  });
});

describe('theme editor: edit, stacks and restrictions', () => {
  const stored = storedSiteTheme({ themeId: '42', themeName: 'Stored' });
  const editApi = () =>
    fakeApi()
      .on('GET /customization/v2/theme/42', { body: stored })
      .on('GET /customization/v2/vendors', { body: toVendorListResponse(smallGvl()) })
      .on('POST /customization/v2/theme/stacks', ({ body }) => {
        const b = body as { purposeIds: number[] };
        return {
          body: {
            stacks: [
              {
                id: 3,
                name: 'Stack three',
                description: '',
                purposes: [2, 3, 4],
                specialFeatures: [],
              },
              {
                id: 5,
                name: 'Stack five',
                description: '',
                purposes: [8, 10],
                specialFeatures: [],
              },
            ],
            recommended: b.purposeIds.length ? [3, 5] : [],
            uncoveredPurposeIds: [],
            uncoveredSpecialFeatureIds: [],
          },
        };
      })
      .on('PUT /customization/v2/theme/42', ({ body }) => ({
        body: { ...stored, ...(body as ThemeValues) },
      }));

  it('loads the theme, saves with PUT and keeps SAVE THEME off until a change', async () => {
    const api = editApi();
    const { user, router } = renderApp({ path: EDIT, api });
    await ready();
    expect(input(L.themeName).value).toBe('Stored');
    expect((saveButton() as HTMLButtonElement).disabled).toBe(true);
    await user.type(input(L.themeName), ' 2');
    await user.click(saveButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/protect/p-AB12CD/themes'));
    const put = api.calls.find((c) => c.method === 'PUT');
    expect((put?.body as ThemeValues).themeName).toBe('Stored 2');
    // The stored bookkeeping is not sent back.
    expect(put?.body).not.toHaveProperty('themeId');
  });

  it('loads stacks when Stacks is chosen; the modal Save stores them with userSelectedStack', async () => {
    const api = editApi();
    const { user } = renderApp({ path: EDIT, api });
    await ready();
    const purposes = card(THEME_CARD_TITLES.purposeScreen);
    await user.click(within(purposes).getByRole('radio', { name: 'Stacks' }));
    expect(await within(purposes).findByText('Stack three')).toBeTruthy();
    // A theme without declared purposes asks with every purpose of the list.
    const ask = api.calls.find((c) => c.path === '/customization/v2/theme/stacks');
    expect((ask?.body as { purposeIds: number[] }).purposeIds).toEqual([1, 2, 3, 4, 7, 8, 9, 10]);
    await user.click(within(purposes).getByRole('button', { name: L.configureStacks }));
    const dialog = await screen.findByRole('dialog', { name: STACKS_DIALOG.title });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Stack five' }));
    await user.click(within(dialog).getByRole('button', { name: DIALOG_BUTTONS.save }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(purposes).queryByText('Stack five')).toBeNull();
    await user.click(saveButton());
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = api.calls.find((c) => c.method === 'PUT')?.body as ThemeValues;
    expect(put.use).toBe('stacks');
    expect(put.userSelectedStack).toBe(true);
    expect(put.stacks.map((s) => s.stacks)).toEqual([3]);
  });

  it('restrictions: consent and legitimate interest exclude each other; only Save applies', async () => {
    const api = editApi();
    const { user } = renderApp({ path: EDIT, api });
    await ready();
    const open = () => user.click(screen.getByRole('button', { name: L.configureRestrictions }));
    await open();
    let dialog = await screen.findByRole('dialog', { name: RESTRICTIONS_DIALOG.title });
    const consent2 = () =>
      within(dialog).getByRole('checkbox', {
        name: `${RESTRICTIONS_DIALOG.consent}: Item 2`,
      }) as HTMLInputElement;
    const li2 = () =>
      within(dialog).getByRole('checkbox', {
        name: `${RESTRICTIONS_DIALOG.legitimateInterest}: Item 2`,
      }) as HTMLInputElement;
    await user.click(
      await within(dialog).findByRole('checkbox', {
        name: `${RESTRICTIONS_DIALOG.consent}: Item 2`,
      }),
    );
    await user.click(li2());
    expect(consent2().checked).toBe(false);
    expect(li2().checked).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: DIALOG_BUTTONS.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((saveButton() as HTMLButtonElement).disabled).toBe(true);
    await open();
    dialog = await screen.findByRole('dialog', { name: RESTRICTIONS_DIALOG.title });
    expect(li2().checked).toBe(false);
    await user.click(consent2());
    await user.click(within(dialog).getByRole('button', { name: DIALOG_BUTTONS.save }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(saveButton());
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = api.calls.find((c) => c.method === 'PUT')?.body as ThemeValues;
    expect(put.publisherConsentRestrictionIds).toEqual([2]);
    expect('publisherLIRestrictionIds' in put).toBe(false);
  });
});

describe('theme editor: preview', () => {
  it("shows the spec's message when the preview fails, and closes", async () => {
    const api = createApi().on('POST /customization/v2/theme/preview', {
      body: { error: 'boom' },
    });
    const { user } = await openNewSite(api);
    await user.click(screen.getByRole('button', { name: PREVIEW_GDPR_MODE }));
    const dialog = await screen.findByRole('dialog', { name: THEME_CARD_TITLES.previewMode });
    expect(await within(dialog).findByText(PREVIEW_ERROR)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("posts the script for the unsaved values into the server's preview frame", async () => {
    let release: () => void = () => {};
    const api = createApi().on(
      'POST /customization/v2/theme/preview',
      () =>
        new Promise((resolve) => {
          release = () => resolve({ body: { script: 'window.__previewed = true;' } });
        }),
    );
    const { user } = await openNewSite(api);
    await user.type(input(L.themeName), 'Unsaved');
    await user.click(screen.getByRole('button', { name: PREVIEW_GDPR_MODE }));
    const dialog = await screen.findByRole('dialog', { name: THEME_CARD_TITLES.previewMode });
    expect(within(dialog).getByLabelText('Loading the preview')).toBeTruthy();
    release();
    const frame = await within(dialog).findByTitle<HTMLIFrameElement>(
      THEME_CARD_TITLES.previewMode,
    );
    expect(frame.getAttribute('src')).toBe('/banner/preview/frame');
    const posted = vi.spyOn(frame.contentWindow!, 'postMessage');
    fireEvent.load(frame);
    expect(posted).toHaveBeenCalledWith(
      { type: PREVIEW_MESSAGE_TYPE, script: 'window.__previewed = true;' },
      window.location.origin,
    );
    const sent = api.calls.find((c) => c.path === '/customization/v2/theme/preview')?.body;
    expect((sent as ThemeValues).themeName).toBe('Unsaved');
  });
});

describe('theme editor: limits', () => {
  it('limits the button texts to 24 characters', async () => {
    const { user } = await openNewSite();
    await user.type(input(L.agreeButton), 'a'.repeat(25));
    expect(await screen.findByText(textTooLong(24))).toBeTruthy();
  });
});
