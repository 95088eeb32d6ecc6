import { describe, expect, it } from 'vitest';
import {
  AppColorKey,
  DEFAULT_THEME_ID,
  PersistentConsentLinkLocation,
  Theme,
  ThemeMode,
  ThemeSettings,
  defaultAppTheme,
  defaultSiteTheme,
  defaultTheme,
  isAccountTheme,
  isDefaultTheme,
  themeRegulations,
} from './schema';

describe('theme schema', () => {
  it('fills the site defaults of the spec', () => {
    expect(defaultSiteTheme()).toMatchObject({
      themeType: 'SITE',
      language: 'en',
      privacyModes: ['GDPR'],
      displayUi: 'popup',
      initialScreen: 'SUMMARY',
      uxPersistentConsentLinkLocation: 'BOTTOM_RIGHT',
      consentOrPayLayout: 'Subscribe',
      gvlVersion: 3,
      use: 'purposes',
      // Toggles default off.
      uxPersistentConsentButton: false,
      uxSoftOptIns: false,
      initScreenRejectButtonShowing: false,
      initScreenCloseButtonShowing: false,
      suppressCcpaLinks: false,
      userSelectedStack: false,
    });
    expect(defaultSiteTheme().publisherConsentRestrictionIds).toBeUndefined();
  });

  it('fills the app defaults: AUTO mode and 17 empty colours per mode', () => {
    const app = defaultAppTheme();
    expect(app).toMatchObject({
      themeType: 'APP',
      themeMode: 'AUTO',
      customColorUsingPortal: false,
    });
    expect(AppColorKey.options).toHaveLength(17);
    expect(Object.keys(app.lightModeColors)).toEqual(AppColorKey.options);
    expect(Object.values(app.darkModeColors).every((c) => c === '')).toBe(true);
    expect(defaultTheme('APP')).toEqual(app);
  });

  it('lists the enumerations of the spec', () => {
    expect(PersistentConsentLinkLocation.options).toEqual([
      'BOTTOM_RIGHT',
      'BOTTOM_LEFT',
      'TOP_RIGHT',
      'TOP_LEFT',
    ]);
    expect(ThemeMode.options).toEqual(['LIGHT', 'DARK', 'AUTO']);
  });

  it('keeps site-only fields off app themes and the reverse', () => {
    const app = ThemeSettings.parse({ themeType: 'APP', uxBackgroundColor: '#000' });
    expect('uxBackgroundColor' in app).toBe(false);
    const site = ThemeSettings.parse({ themeType: 'SITE', themeMode: 'DARK' });
    expect('themeMode' in site).toBe(false);
  });

  it('refuses an unknown type, display or more than three footer links', () => {
    expect(ThemeSettings.safeParse({ themeType: 'TV' }).success).toBe(false);
    expect(ThemeSettings.safeParse({ themeType: 'SITE', displayUi: 'inEU' }).success).toBe(false);
    const link = { text: 'a', url: 'https://a.example' };
    expect(
      ThemeSettings.safeParse({
        themeType: 'APP',
        uxInitialScreenCustomLinks: [link, link, link, link],
      }).success,
    ).toBe(false);
  });

  it('returns stored themes with id and dates', () => {
    const stored = Theme.parse({
      themeType: 'SITE',
      themeId: '42',
      createdAt: '2026-01-01T00:00:00Z',
      updatedAt: '2026-01-02T00:00:00Z',
    });
    expect(stored.themeId).toBe('42');
    expect(Theme.safeParse({ themeType: 'SITE' }).success).toBe(false);
  });

  it("marks theme '1' as the default theme", () => {
    expect(DEFAULT_THEME_ID).toBe('1');
    expect(isDefaultTheme('1')).toBe(true);
    expect(isDefaultTheme('10')).toBe(false);
  });

  it("tells an account's themes from the built-in ones ('1', '2') and placeholders ('-3')", () => {
    expect(['42', '3', '10'].map(isAccountTheme)).toEqual([true, true, true]);
    expect(['1', '2', '-2', '-3', '', '07', 'abc'].map(isAccountTheme)).toEqual(
      Array(7).fill(false),
    );
  });

  it('reads GDPR and US from the privacy modes', () => {
    expect(themeRegulations({ privacyModes: ['USP'] })).toEqual({ gdpr: false, us: true });
  });
});
