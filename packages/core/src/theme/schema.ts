import { z } from 'zod';
import { DEFAULT_LANGUAGE, LanguageCode } from '../language';
import { PrivacyMode } from '../property/schema';
import { GvlVersion } from '../vendors/gvl';
import { oneLineText } from '../text';

/**
 * A theme: the look and copy of the consent banner of a site or an app (themes-and-bulk-update §3).
 * Field names are the spec's, typos included (uxToogleActiveColor). Texts left empty fall back to
 * the language's standard text; colours left empty fall back to DEFAULT_THEME_COLORS.
 */

const Ids = z.array(z.number().int().positive());

export const ThemeType = z.enum(['SITE', 'APP']);
export type ThemeType = z.infer<typeof ThemeType>;
export const THEME_TYPE_LABELS: Record<ThemeType, string> = { SITE: 'Site', APP: 'App' };

/** popup: a centred box (modal); banner: a tray at the bottom of the page. */
export const ThemeDisplayUi = z.enum(['popup', 'banner']);
export type ThemeDisplayUi = z.infer<typeof ThemeDisplayUi>;
export const THEME_DISPLAY_UI_LABELS: Record<ThemeDisplayUi, string> = {
  popup: 'Popup (centred box)',
  banner: 'Banner (bottom tray)',
};

export const InitialScreen = z.enum(['SUMMARY', 'STACKS_AND_PURPOSES']);
export type InitialScreen = z.infer<typeof InitialScreen>;
export const INITIAL_SCREEN_LABELS: Record<InitialScreen, string> = {
  SUMMARY: 'Summary',
  STACKS_AND_PURPOSES: 'Stacks and purposes',
};

export const PersistentConsentLinkLocation = z.enum([
  'BOTTOM_RIGHT',
  'BOTTOM_LEFT',
  'TOP_RIGHT',
  'TOP_LEFT',
]);
export type PersistentConsentLinkLocation = z.infer<typeof PersistentConsentLinkLocation>;
export const PERSISTENT_LINK_LOCATION_LABELS: Record<PersistentConsentLinkLocation, string> = {
  BOTTOM_RIGHT: 'Bottom right',
  BOTTOM_LEFT: 'Bottom left',
  TOP_RIGHT: 'Top right',
  TOP_LEFT: 'Top left',
};

/** Whether the purpose screen groups purposes into stacks. */
export const PurposeDisplay = z.enum(['purposes', 'stacks']);
export type PurposeDisplay = z.infer<typeof PurposeDisplay>;

export const ThemeMode = z.enum(['LIGHT', 'DARK', 'AUTO']);
export type ThemeMode = z.infer<typeof ThemeMode>;
export const THEME_MODE_LABELS: Record<ThemeMode, string> = {
  LIGHT: 'Light',
  DARK: 'Dark',
  AUTO: 'Auto',
};

export const ConsentOrPayLayout = z.enum(['Subscribe', 'SubscribeAndLogin']);
export type ConsentOrPayLayout = z.infer<typeof ConsentOrPayLayout>;
export const CONSENT_OR_PAY_LAYOUT_LABELS: Record<ConsentOrPayLayout, string> = {
  Subscribe: 'Subscribe',
  SubscribeAndLogin: 'Subscribe & Login',
};

/** The colour keys of each app theme mode panel (the spec lists 17). */
export const AppColorKey = z.enum([
  'globalBackgroundColor',
  'titleTextColor',
  'bodyTextColor',
  'buttonBackgroundColor',
  'buttonTextColor',
  'buttonDisabledBackgroundColor',
  'buttonDisabledTextColor',
  'linkTextColor',
  'infoButtonForegroundColor',
  'tabBackgroundColor',
  'tabTextColor',
  'searchBarBackgroundColor',
  'searchBarForegroundColor',
  'dividerColor',
  'menuTextColor',
  'toggleActiveColor',
  'toggleInactiveColor',
]);
export type AppColorKey = z.infer<typeof AppColorKey>;

/** One mode's colours of an app theme; an empty value leaves the SDK's own colour. */
export const AppModeColors = z.object(
  Object.fromEntries(AppColorKey.options.map((key) => [key, z.string().default('')])) as Record<
    AppColorKey,
    z.ZodDefault<z.ZodString>
  >,
);
export type AppModeColors = z.infer<typeof AppModeColors>;
export const emptyAppModeColors = (): AppModeColors => AppModeColors.parse({});

/** A footer link of the Basic tab (uxInitialScreenCustomLinks). The first is the privacy policy. */
export const ThemeLink = z.object({ text: z.string().default(''), url: z.string().default('') });
export type ThemeLink = z.infer<typeof ThemeLink>;

/** A footer link of an Advanced Customisation or Consent-or-Pay language entry. */
export const LabelledLink = z.object({
  label: z.string().default(''),
  link: z.string().default(''),
});
export type LabelledLink = z.infer<typeof LabelledLink>;

/**
 * One language's texts of Advanced Customisation or Consent or Pay. Advanced uses agreeButton,
 * secondaryButton, disagreeButton (text or X tooltip), privacyHeader, privacyBody and
 * customFooterLink; Consent or Pay uses agreeButton (accept, not editable), viewPreferencesLabel,
 * action1Label (subscribe), action2Label (login), privacyHeader, privacyBody and customFooterLink.
 */
export const LanguageTexts = z.object({
  language: LanguageCode,
  agreeButton: z.string().default(''),
  secondaryButton: z.string().default(''),
  disagreeButton: z.string().default(''),
  privacyHeader: z.string().default(''),
  privacyBody: z.string().default(''),
  viewPreferencesLabel: z.string().default(''),
  action1Label: z.string().default(''),
  action2Label: z.string().default(''),
  customFooterLink: z.array(LabelledLink).default([]),
});
export type LanguageTexts = z.infer<typeof LanguageTexts>;

/** A privacy body in one language (the default consent texts are listed in this shape). */
export const PrivacyBodyText = z.object({ language: LanguageCode, privacyBody: z.string() });
export type PrivacyBodyText = z.infer<typeof PrivacyBodyText>;

/**
 * A stack chosen in the stack modal: the GVL stack id (`stacks`) with the special purposes and
 * features disclosed beside it.
 */
export const ThemeStack = z.object({
  stacks: z.number().int().positive(),
  specialPurposes: Ids.default([]),
  features: Ids.default([]),
});
export type ThemeStack = z.infer<typeof ThemeStack>;

/** The default theme: every account has it; it cannot be edited or deleted. */
export const DEFAULT_THEME_ID = '1';
export const isDefaultTheme = (themeId: string | undefined): boolean =>
  themeId === DEFAULT_THEME_ID;
/** The built-in app theme every account sees beside the default theme (read-only too). */
export const DEFAULT_APP_THEME_ID = '2';
/** Themes of an account (stored with a positive id), as opposed to built-in or placeholder ids. */
export const isAccountTheme = (themeId: string): boolean =>
  /^[1-9]\d*$/.test(themeId) && themeId !== DEFAULT_THEME_ID && themeId !== DEFAULT_APP_THEME_ID;

/** Fields shared by site and app themes. */
const themeBase = {
  themeName: oneLineText().default(''),
  /** @default 'en' */
  language: LanguageCode.default(DEFAULT_LANGUAGE),
  /** GDPR (v2HasGDPR) and USP (v2HasCCPA); at least one is required. */
  privacyModes: z.array(PrivacyMode).default(['GDPR']),

  /** Primary and secondary button texts (Accept all, More options). */
  agreeButton: z.string().default(''),
  saveAndExitButton: z.string().default(''),
  /** The reject (disagree) button on the first layer, and its text. */
  initScreenRejectButtonShowing: z.boolean().default(false),
  initScreenRejectButton: z.string().default(''),
  /** Footer links; the first is reserved for the privacy policy. Sites allow 2, apps 3. */
  uxInitialScreenCustomLinks: z.array(ThemeLink).max(3).default([]),

  /** GVL v2 is TCF 2.0, v3 is TCF 2.2. @default 3 */
  gvlVersion: GvlVersion.default(3),
  use: PurposeDisplay.default('purposes'),
  stacks: z.array(ThemeStack).default([]),
  userSelectedStack: z.boolean().default(false),
  vendorPurposeIds: Ids.default([]),
  vendorPurposeLegitimateInterestIds: Ids.default([]),
  vendorSpecialFeaturesIds: Ids.default([]),
  vendorSpecialPurposesIds: Ids.default([]),
  vendorFeaturesIds: Ids.default([]),
  vendorFlexiblePurposesIds: Ids.default([]),
  /** Publisher restrictions; an empty list is removed before sending. */
  publisherConsentRestrictionIds: Ids.optional(),
  publisherLIRestrictionIds: Ids.optional(),

  /** Do Not Sell My Data (MSPA/CCPA v2) screen. uspDnsText is rich text (HTML); '' when empty. */
  uspDnsTitleText: z.string().default(''),
  uspDnsText: z.string().default(''),
  suppressCcpaLinks: z.boolean().default(false),
  uspDeleteDataLinkText: z.string().default(''),
  uspDeleteDataLink: z.string().default(''),
  uspAccessDataLinkText: z.string().default(''),
  uspAccessDataLink: z.string().default(''),
  uspPrivacyPolicyLinkText: z.string().default(''),
  uspPrivacyPolicyLink: z.string().default(''),

  /** @default 'Subscribe' */
  consentOrPayLayout: ConsentOrPayLayout.default('Subscribe'),
  advancedCustomizationSettings: z.array(LanguageTexts).default([]),
  consentOrPaySettings: z.array(LanguageTexts).default([]),
};

/** A site theme's settings: Basic tab cards 1 to 5 (GDPR UI, persistent link, colours, CSS). */
export const SiteThemeSettings = z.object({
  themeType: z.literal('SITE'),
  ...themeBase,
  /** @default 'popup' */
  displayUi: ThemeDisplayUi.default('popup'),
  /** @default 'SUMMARY' */
  initialScreen: InitialScreen.default('SUMMARY'),
  initScreenCloseButtonShowing: z.boolean().default(false),
  uxCustomizedCss: z.string().default(''),

  uxFontColor: z.string().default(''),
  uxLinkColor: z.string().default(''),
  uxBackgroundColor: z.string().default(''),
  uxToogleActiveColor: z.string().default(''),
  uxPrimaryButtonColor: z.string().default(''),
  uxPrimaryButtonTextColor: z.string().default(''),
  uxSecondaryButtonColor: z.string().default(''),
  uxSecondaryButtonTextColor: z.string().default(''),

  uxPersistentConsentButton: z.boolean().default(false),
  consentLinkLabel: z.string().default(''),
  /** @default 'BOTTOM_RIGHT' */
  uxPersistentConsentLinkLocation: PersistentConsentLinkLocation.default('BOTTOM_RIGHT'),
  /** Soft opt-in forces the persistent consent link on. */
  uxSoftOptIns: z.boolean().default(false),
});
export type SiteThemeValues = z.output<typeof SiteThemeSettings>;

/** An app theme's settings: the UI settings card (language, disagree button, mode colours). */
export const AppThemeSettings = z.object({
  themeType: z.literal('APP'),
  ...themeBase,
  customColorUsingPortal: z.boolean().default(false),
  /** @default 'AUTO' */
  themeMode: ThemeMode.default('AUTO'),
  lightModeColors: AppModeColors.default(emptyAppModeColors),
  darkModeColors: AppModeColors.default(emptyAppModeColors),
});
export type AppThemeValues = z.output<typeof AppThemeSettings>;

/** What the theme form submits and the create and edit calls take. */
export const ThemeSettings = z.discriminatedUnion('themeType', [
  SiteThemeSettings,
  AppThemeSettings,
]);
export type ThemeDraft = z.input<typeof ThemeSettings>;
export type ThemeValues = z.output<typeof ThemeSettings>;

const stored = {
  themeId: z.string(),
  pCode: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

/** A theme as the server returns it. */
export const Theme = z.discriminatedUnion('themeType', [
  SiteThemeSettings.extend(stored),
  AppThemeSettings.extend(stored),
]);
export type Theme = z.output<typeof Theme>;

/** Defaults of the create page for each type. */
export const defaultSiteTheme = (): SiteThemeValues =>
  SiteThemeSettings.parse({ themeType: 'SITE' });
export const defaultAppTheme = (): AppThemeValues => AppThemeSettings.parse({ themeType: 'APP' });
export const defaultTheme = (type: ThemeType): ThemeValues =>
  type === 'SITE' ? defaultSiteTheme() : defaultAppTheme();

/** GDPR (v2HasGDPR) and US (v2HasCCPA) of a theme. */
export const themeRegulations = (t: Pick<ThemeValues, 'privacyModes'>) => ({
  gdpr: t.privacyModes.includes('GDPR'),
  us: t.privacyModes.includes('USP'),
});
