import { describe, expect, it } from 'vitest';
import { appThemeValues, siteThemeValues, storedSiteTheme } from '../testing/theme';
import {
  FROM_SITE_QUERY,
  THEME_TAB_LABELS,
  THEME_TABS_TAGGED_NEW,
  afterThemeSavePath,
  themeFromSitePath,
  copLoginLabelDisabled,
  hasThemeChanged,
  persistentLinkControlsDisabled,
  previewAvailable,
  rejectButtonTextDisabled,
  setSoftOptIn,
  summaryDisplayEnabled,
  themeContextFromPath,
  themeFormPath,
  themePageView,
  themeSaveEnabled,
  themeSaveErrorMessage,
  themeTabAfterChange,
  themesPath,
  toThemePayload,
  ukGdprWarning,
  usLinkInputsDisabled,
  visibleThemeCards,
  visibleThemeTabs,
} from './form';

describe('theme page routes', () => {
  it('builds the list and form paths', () => {
    expect(themesPath('abc')).toBe('/protect/p-abc/themes');
    expect(themeFormPath('abc', 'SITE', 'new')).toBe('/protect/p-abc/themes/site/new');
    expect(themeFormPath('abc', 'APP', 'new')).toBe('/protect/p-abc/themes/app/new');
    expect(themeFormPath('abc', 'SITE', 'edit', '42')).toBe('/protect/p-abc/themes/site/edit/42');
  });

  it('returns to the sites page when opened from a site, else to the themes list', () => {
    expect(FROM_SITE_QUERY).toBe('from-site');
    expect(afterThemeSavePath('abc', null)).toBe('/protect/p-abc/themes');
    // From the site form: back to that form (new, or the site's edit form), the new theme chosen.
    expect(afterThemeSavePath('abc', '', '77')).toBe('/protect/p-abc/sites/new?theme=77');
    expect(afterThemeSavePath('abc', 'site-1', '77')).toBe(
      '/protect/p-abc/sites/edit/site-1?theme=77',
    );
    expect(themeFromSitePath('abc')).toBe('/protect/p-abc/themes/site/new?from-site');
    expect(themeFromSitePath('abc', 'a/b')).toBe('/protect/p-abc/themes/site/new?from-site=a%2Fb');
    expect(new URL(themeFromSitePath('abc'), 'http://x').searchParams.get(FROM_SITE_QUERY)).toBe(
      '',
    );
  });

  it('shows not found for an invalid action, edit without id or a 404', () => {
    expect(themePageView({ action: 'copy' })).toBe('not-found');
    expect(themePageView({ action: undefined })).toBe('not-found');
    expect(themePageView({ action: 'edit' })).toBe('not-found');
    expect(themePageView({ action: 'edit', id: '42', fetchStatus: 404 })).toBe('not-found');
  });

  it('shows the restricted page for a 401 and for the default theme (id 1)', () => {
    expect(themePageView({ action: 'edit', id: '42', fetchStatus: 401 })).toBe('restricted');
    expect(themePageView({ action: 'edit', id: '1' })).toBe('restricted');
    expect(themePageView({ action: 'edit', id: '42' })).toBe('form');
    expect(themePageView({ action: 'new' })).toBe('form');
  });

  it('reads the site or app context from the path', () => {
    expect(themeContextFromPath('/protect/p-abc/themes/app/new')).toBe('app');
    expect(themeContextFromPath('/protect/p-abc/apps/edit/3')).toBe('app');
    expect(themeContextFromPath('/protect/p-abc/themes/site/new')).toBe('site');
    expect(themeContextFromPath('/protect/p-abc/themes')).toBe('site');
  });
});

describe('tabs and cards', () => {
  it('shows Advanced Customisation and Consent or Pay only with GDPR on a premium account', () => {
    expect(THEME_TAB_LABELS).toEqual({
      basic: 'Basic',
      advanced: 'Advanced Customisation',
      consentOrPay: 'Consent or Pay Settings',
    });
    expect(THEME_TABS_TAGGED_NEW).toEqual(['advanced', 'consentOrPay']);
    expect(visibleThemeTabs(true, true)).toEqual(['basic', 'advanced', 'consentOrPay']);
    expect(visibleThemeTabs(true, false)).toEqual(['basic']);
    expect(visibleThemeTabs(false, true)).toEqual(['basic']);
  });

  it('turning GDPR off returns to Basic', () => {
    expect(themeTabAfterChange('advanced', false, true)).toBe('basic');
    expect(themeTabAfterChange('advanced', true, true)).toBe('advanced');
  });

  it('shows the site GDPR cards, the app card and the US card by type and regulation', () => {
    expect(visibleThemeCards(siteThemeValues())).toEqual([
      'configure',
      'persistentLink',
      'customizeUi',
      'purposeScreen',
    ]);
    expect(visibleThemeCards(appThemeValues({ privacyModes: ['GDPR', 'USP'] }))).toEqual([
      'configure',
      'doNotSell',
      'appUiSettings',
      'purposeScreen',
    ]);
    expect(visibleThemeCards(siteThemeValues({ privacyModes: ['USP'] }))).toEqual([
      'configure',
      'doNotSell',
    ]);
  });

  it('offers the GDPR preview for sites only', () => {
    expect(previewAvailable('SITE')).toBe(true);
    expect(previewAvailable('APP')).toBe(false);
  });
});

describe('form rules', () => {
  it('enables Save only after a change', () => {
    const initial = siteThemeValues();
    expect(hasThemeChanged(initial, { ...initial })).toBe(false);
    const changed = { ...initial, themeName: 'Other' };
    expect(hasThemeChanged(initial, changed)).toBe(true);
    expect(themeSaveEnabled(false)).toBe(false);
    expect(themeSaveEnabled(true)).toBe(true);
    expect(themeSaveEnabled(true, true)).toBe(false);
  });

  it('soft opt-in forces the persistent link on and disables its controls', () => {
    const on = setSoftOptIn(siteThemeValues({ uxPersistentConsentButton: false }), true);
    expect(on).toMatchObject({ uxSoftOptIns: true, uxPersistentConsentButton: true });
    expect(persistentLinkControlsDisabled(on)).toBe(true);
    const off = setSoftOptIn(on, false);
    expect(off).toMatchObject({ uxSoftOptIns: false, uxPersistentConsentButton: true });
    expect(persistentLinkControlsDisabled(off)).toBe(false);
  });

  it('suppress links disables the US link inputs', () => {
    expect(usLinkInputsDisabled(siteThemeValues({ suppressCcpaLinks: true }))).toBe(true);
    expect(usLinkInputsDisabled(siteThemeValues())).toBe(false);
  });

  it('disables the reject text when both reject and close are off', () => {
    const t = (reject: boolean, close: boolean) =>
      siteThemeValues({
        initScreenRejectButtonShowing: reject,
        initScreenCloseButtonShowing: close,
      });
    expect(rejectButtonTextDisabled(t(false, false))).toBe(true);
    expect(rejectButtonTextDisabled(t(true, false))).toBe(false);
    expect(rejectButtonTextDisabled(t(false, true))).toBe(false);
    expect(rejectButtonTextDisabled(appThemeValues({ initScreenRejectButtonShowing: false }))).toBe(
      true,
    );
  });

  it('enables the summary display options only for the SUMMARY initial screen', () => {
    expect(summaryDisplayEnabled(siteThemeValues())).toBe(true);
    expect(summaryDisplayEnabled(siteThemeValues({ initialScreen: 'STACKS_AND_PURPOSES' }))).toBe(
      false,
    );
  });

  it('disables the login label for the Subscribe layout', () => {
    expect(copLoginLabelDisabled(siteThemeValues())).toBe(true);
    expect(
      copLoginLabelDisabled(siteThemeValues({ consentOrPayLayout: 'SubscribeAndLogin' })),
    ).toBe(false);
  });

  it('warns under GDPR when the first layer has no Reject All', () => {
    expect(ukGdprWarning(siteThemeValues({ initScreenRejectButtonShowing: false }))).toBe(
      'Under UK GDPR the first layer must show a Reject All button with the same prominence as Accept All. Leaving it out is not compliant.',
    );
    expect(ukGdprWarning(siteThemeValues())).toBeUndefined();
    expect(
      ukGdprWarning(
        siteThemeValues({ privacyModes: ['USP'], initScreenRejectButtonShowing: false }),
      ),
    ).toBeUndefined();
  });

  it('shows the XSS message, the server message or the default save error', () => {
    expect(themeSaveErrorMessage({ status: 'XSS_ERROR', message: 'xss' })).toBe(
      'Your theme was not saved because some text contains code that could run in visitors’ browsers (such as tags, event handlers or script links). Please remove it and save again.',
    );
    expect(themeSaveErrorMessage({ status: 'VALIDATION_ERROR', message: 'Name taken' })).toBe(
      'Name taken',
    );
    expect(themeSaveErrorMessage(undefined)).toBe(
      'There was an error saving your theme. Please try again.',
    );
  });

  it('sends no empty restriction lists, an empty rich text as "" and no trailing empty links', () => {
    const payload = toThemePayload(
      siteThemeValues({
        publisherConsentRestrictionIds: [],
        publisherLIRestrictionIds: [7],
        uspDnsText: '<p><br></p>',
        uxInitialScreenCustomLinks: [
          { text: 'Privacy', url: 'https://a.example/p' },
          { text: '', url: '' },
        ],
      }),
    );
    expect('publisherConsentRestrictionIds' in payload).toBe(false);
    expect(payload.publisherLIRestrictionIds).toEqual([7]);
    expect(payload.uspDnsText).toBe('');
    expect(payload.uxInitialScreenCustomLinks).toHaveLength(1);
  });

  it('sends a theme loaded from the API without its themeId and dates (unknown fields to the API)', () => {
    const payload = toThemePayload(storedSiteTheme({ themeId: '42' }));
    expect(payload).not.toHaveProperty('themeId');
    expect(payload).not.toHaveProperty('createdAt');
    expect(payload).not.toHaveProperty('updatedAt');
    expect(payload.themeName).toBeTruthy();
  });
});
