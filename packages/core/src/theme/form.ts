import { z } from 'zod';
import type { ApiErrorBody } from '../errors';
import { consolePaths } from '../paths';
import type { ConsentTextVariant } from './default-texts';
import { THEME_SAVE_ERROR, THEME_XSS_ERROR, UK_GDPR_WARNING } from './messages';
import { withoutEmptyRestrictions } from './restrictions';
import type { SiteThemeValues, ThemeType, ThemeValues } from './schema';
import { AppThemeSettings, SiteThemeSettings, isDefaultTheme, themeRegulations } from './schema';
import { compactLinks } from './footer-links';
import { richTextValue } from './texts';

/** The theme page's routes (themes-and-bulk-update §2). */
export const themesPath = consolePaths.themes;

export const ThemePageAction = z.enum(['new', 'edit']);
export type ThemePageAction = z.infer<typeof ThemePageAction>;

/** /protect/p-{pCode}/themes/{site|app}/new, or …/{site|app}/edit/{id}. */
export function themeFormPath(
  pCode: string,
  type: ThemeType,
  action: ThemePageAction,
  id?: string,
): string {
  const base = `${themesPath(pCode)}/${type === 'SITE' ? 'site' : 'app'}/${action}`;
  return action === 'edit' && id ? `${base}/${encodeURIComponent(id)}` : base;
}

/**
 * The query flag telling the form it was opened from the site form: bare from a new site,
 * `from-site={siteId}` from an existing one.
 */
export const FROM_SITE_QUERY = 'from-site';
/** The query the site form reads to choose a theme just created from it. */
export const CHOSEN_THEME_QUERY = 'theme';

/** The site form's link to create a site theme, returning to that form after the save. */
export const themeFromSitePath = (pCode: string, siteId?: string): string =>
  `${themeFormPath(pCode, 'SITE', 'new')}?${FROM_SITE_QUERY}${
    siteId ? `=${encodeURIComponent(siteId)}` : ''
  }`;

/**
 * After a successful save: without from-site the themes list; with it the site form it came from
 * (under the spec's /sites: the new site form, or the edit form of `from-site={siteId}`), with
 * the saved theme chosen (`?theme={themeId}`).
 */
export function afterThemeSavePath(
  pCode: string,
  fromSite: string | null,
  themeId?: string,
): string {
  if (fromSite === null) return themesPath(pCode);
  const form = fromSite ? consolePaths.siteEdit(pCode, fromSite) : consolePaths.siteNew(pCode);
  return themeId ? `${form}?${CHOSEN_THEME_QUERY}=${encodeURIComponent(themeId)}` : form;
}

/** What the theme page shows. */
export type ThemePageView = 'form' | 'not-found' | 'restricted';

/**
 * An invalid action, edit without an id, or a 404 shows not found; a 401, or the default theme,
 * shows the restricted page.
 */
export function themePageView(input: {
  action: string | undefined;
  id?: string;
  /** HTTP status of the theme fetch, when it failed. */
  fetchStatus?: number;
}): ThemePageView {
  const action = ThemePageAction.safeParse(input.action);
  if (!action.success) return 'not-found';
  if (action.data === 'edit' && !input.id) return 'not-found';
  if (input.fetchStatus === 404) return 'not-found';
  if (input.fetchStatus === 401 || (action.data === 'edit' && isDefaultTheme(input.id))) {
    return 'restricted';
  }
  return 'form';
}

/**
 * The site or app context of a path, for the default body text: a path containing /app is an app,
 * one containing /site a site; sites otherwise.
 */
export const themeContextFromPath = (path: string): ConsentTextVariant =>
  path.includes('/app') ? 'app' : 'site';

export const ThemeTab = z.enum(['basic', 'advanced', 'consentOrPay']);
export type ThemeTab = z.infer<typeof ThemeTab>;
export const THEME_TAB_LABELS: Record<ThemeTab, string> = {
  basic: 'Basic',
  advanced: 'Advanced Customisation',
  consentOrPay: 'Consent or Pay Settings',
};
/** Tabs tagged NEW. */
export const THEME_TABS_TAGGED_NEW: readonly ThemeTab[] = ['advanced', 'consentOrPay'];

/** Advanced Customisation and Consent or Pay appear only with GDPR on a premium-eligible account. */
export function visibleThemeTabs(gdpr: boolean, premiumEligible: boolean): ThemeTab[] {
  return gdpr && premiumEligible ? ['basic', 'advanced', 'consentOrPay'] : ['basic'];
}

/** The tab to show: the current one while visible, else Basic (turning GDPR off returns to Basic). */
export const themeTabAfterChange = (
  current: ThemeTab,
  gdpr: boolean,
  premiumEligible: boolean,
): ThemeTab => (visibleThemeTabs(gdpr, premiumEligible).includes(current) ? current : 'basic');

/** The Basic tab cards a theme shows. */
export type ThemeCard =
  'configure' | 'doNotSell' | 'persistentLink' | 'customizeUi' | 'purposeScreen' | 'appUiSettings';

/**
 * The site variant (GDPR cards) shows for site themes with GDPR, the app variant for app themes
 * with GDPR; the US card whenever USP is on.
 */
export function visibleThemeCards(t: Pick<ThemeValues, 'themeType' | 'privacyModes'>): ThemeCard[] {
  const { gdpr, us } = themeRegulations(t);
  const cards: ThemeCard[] = ['configure'];
  if (us) cards.push('doNotSell');
  if (gdpr && t.themeType === 'SITE') cards.push('persistentLink', 'customizeUi', 'purposeScreen');
  if (gdpr && t.themeType === 'APP') cards.push('appUiSettings', 'purposeScreen');
  return cards;
}

/** PREVIEW GDPR MODE is offered for site themes only. */
export const previewAvailable = (type: ThemeType): boolean => type === 'SITE';

/** Save is enabled only after a change (and not while a save is pending). */
export const themeSaveEnabled = (dirty: boolean, saving = false): boolean => dirty && !saving;

const stable = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );

/** Whether the form differs from what was loaded (key order ignored). */
export const hasThemeChanged = (initial: ThemeValues, current: ThemeValues): boolean =>
  stable(initial) !== stable(current);

/** Soft opt-in forces the persistent consent link on; its checkbox and label are then disabled. */
export function setSoftOptIn<T extends SiteThemeValues>(values: T, on: boolean): T {
  return on
    ? { ...values, uxSoftOptIns: true, uxPersistentConsentButton: true }
    : { ...values, uxSoftOptIns: false };
}

export const persistentLinkControlsDisabled = (t: Pick<SiteThemeValues, 'uxSoftOptIns'>): boolean =>
  t.uxSoftOptIns;

/** The suppress-links checkbox disables every US link input. */
export const usLinkInputsDisabled = (t: Pick<ThemeValues, 'suppressCcpaLinks'>): boolean =>
  t.suppressCcpaLinks;

/** The reject button text is disabled when both the reject and the close buttons are off. */
export function rejectButtonTextDisabled(t: ThemeValues): boolean {
  const close = t.themeType === 'SITE' ? t.initScreenCloseButtonShowing : false;
  return !t.initScreenRejectButtonShowing && !close;
}

/** Summary display options (popup or banner) are enabled only for the SUMMARY initial screen. */
export const summaryDisplayEnabled = (t: Pick<SiteThemeValues, 'initialScreen'>): boolean =>
  t.initialScreen === 'SUMMARY';

/** The Consent-or-Pay login label is disabled for the Subscribe layout. */
export const copLoginLabelDisabled = (t: Pick<ThemeValues, 'consentOrPayLayout'>): boolean =>
  t.consentOrPayLayout === 'Subscribe';

/** The UK GDPR warning shows for GDPR themes without a Reject All button on the first layer. */
export const ukGdprWarning = (t: ThemeValues): string | undefined =>
  themeRegulations(t).gdpr && !t.initScreenRejectButtonShowing ? UK_GDPR_WARNING : undefined;

/** The banner of a failed save: the XSS message, else the server's message, else the default. */
export function themeSaveErrorMessage(error: ApiErrorBody | undefined): string {
  if (error?.status === 'XSS_ERROR') return THEME_XSS_ERROR;
  return error?.message?.trim() ? error.message : THEME_SAVE_ERROR;
}

const THEME_FIELDS = {
  SITE: new Set(Object.keys(SiteThemeSettings.shape)),
  APP: new Set(Object.keys(AppThemeSettings.shape)),
};

/**
 * What is sent on save: only the theme's settings (a theme loaded from the API is sent without its
 * themeId and dates, which the API refuses as unknown fields), empty restriction lists removed, an
 * empty rich text saved as '', trailing empty footer rows dropped.
 */
export function toThemePayload<T extends ThemeValues>(values: T): T {
  const known = THEME_FIELDS[values.themeType];
  const settings = Object.fromEntries(
    Object.entries(values).filter(([field]) => known.has(field)),
  ) as T;
  const next = withoutEmptyRestrictions(settings);
  return {
    ...next,
    uspDnsText: richTextValue(next.uspDnsText),
    uxInitialScreenCustomLinks: compactLinks(next.uxInitialScreenCustomLinks),
  };
}
