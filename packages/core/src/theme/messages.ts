/**
 * The themes area's labels and messages (themes-and-bulk-update §2, §5, §8), verbatim. Where the
 * spec's wording is "not shown", the wording here is ours (docs/decisions.md).
 * Text change request messages live in text-change-request.ts.
 */

export const THEMES_DESCRIPTION = 'Manage the look and feel of your consent screen.';
export const CREATE_SITE_THEME = 'CREATE A SITE THEME';
export const CREATE_APP_THEME = 'CREATE AN APP THEME';
export const NO_RESULTS_FOUND = 'No Results Found';
export const CONFIRM = 'CONFIRM';
export const CANCEL = 'CANCEL';
export const BACK_TO_THEMES = 'Back to themes';
export const PREVIEW_GDPR_MODE = 'PREVIEW GDPR MODE';
export const SAVE_THEME = 'SAVE THEME';
/** The site form's link to the theme editor (from-site); wording ours. */
export const CREATE_THEME_FROM_SITE = 'Create a new theme';
export const NEW_TAG = 'NEW';
export const PREVIEW_CLOSE = 'Close';

export const deleteThemeConfirmation = (themeName: string): string =>
  `Are you sure you want to delete ${themeName}? This is irreversible.`;

/** Basic tab card titles (themes-and-bulk-update §2 "Basic tab cards"). */
export const THEME_CARD_TITLES = {
  configure: 'Configure your theme',
  doNotSell: 'Do Not Sell My Data',
  persistentLink: 'Customize Persistent Consent Link',
  customizeUi: 'Customize UI',
  purposeScreen: 'Customize Purpose Screen',
  appUiSettings: 'UI settings',
  previewMode: 'Preview Mode',
} as const;

export const REGULATION_OPTION_LABELS = {
  GDPR: 'European regulation GDPR',
  USP: 'US regulation USP',
} as const;
/** Tooltip of the US option: wording not shown. */
export const US_REGULATION_TOOLTIP =
  'Shows the Do Not Sell My Data screen to visitors covered by US state privacy laws (CCPA and the MSPA states).';

export const HEX_NOT_VALID = 'Hex value not valid';

/** The spec's template; `<element>` is replaced by the element's name. */
export const SAME_BACKGROUND_COLOR_TEMPLATE =
  "Oops, you've selected the same background and <element> color. Please change one of the fields' color in order to proceed.";
export const sameBackgroundColorMessage = (element: string): string =>
  SAME_BACKGROUND_COLOR_TEMPLATE.replace('<element>', element);
/** Primary button text vs primary button: wording not shown (modelled on the background message). */
export const SAME_PRIMARY_BUTTON_COLORS =
  "Oops, you've selected the same primary button and primary button text color. Please change one of the fields' color in order to proceed.";
export const SAME_SECONDARY_BUTTON_COLORS =
  "Oops, you've selected the same secondary button and secondary button text color. Please change one of the fields' color in order to proceed.";

export const CSS_PROHIBITED = 'CSS contains prohibited characters that could lead to an XSS attack';
/** Custom CSS outside the allow-list (theme/custom-css.ts); wording ours (docs/decisions.md). */
export const cssPropertyNotAllowed = (property: string): string =>
  `Custom CSS cannot set "${property}": only properties that style the banner (colours, text, spacing, borders, layout, motion) are allowed`;
export const cssFunctionNotAllowed = (name: string): string =>
  `Custom CSS cannot use ${name}(): only colour, gradient, calc(), var() and transform functions are allowed`;
export const cssAtRuleNotAllowed = (name: string): string =>
  `Custom CSS cannot use @${name}: only @media, @supports, @container and @keyframes are allowed`;
export const cssUnreadable = (line: number): string =>
  `Custom CSS could not be read at line ${line}: check its braces, colons, quotes and semicolons`;
/** The spec rejects conflicting CSS colours with an empty message. */
export const CSS_CONFLICTING_COLORS = '';

export const SOFT_OPT_IN_NOTE =
  'Please note that in order to enable soft opt-in, the persistent consent link must always be on.';

/** Text longer than its limit: wording not shown. */
export const textTooLong = (max: number): string => `Please use no more than ${max} characters.`;

/** An edit that touched a fixed segment of the privacy body: wording not shown. */
export const PRIVACY_BODY_FIXED_SEGMENTS =
  'The highlighted sections in double angle brackets cannot be changed or removed. To change them, submit a text change request.';

/**
 * Advanced Customisation or Consent-or-Pay texts changed for an account that is not
 * premium-eligible (§6 keeps those tabs to premium accounts): wording not shown.
 */
export const PREMIUM_TEXTS_ONLY =
  'Advanced Customisation and Consent or Pay texts are available to premium-eligible accounts only.';

/** The Consent or Pay accept text changed by an account other than the special one (wording ours). */
export const COP_ACCEPT_TEXT_LOCKED =
  'The Consent or Pay accept text uses the standard wording and cannot be changed for this account.';

/** Footer links beyond the limit: wording not shown. */
export const tooManyFooterLinks = (max: number): string => `You can add up to ${max} footer links.`;
export const ADD_ONE = 'Add one';
export const REMOVE_ONE = 'Remove one';
export const PRIVACY_POLICY_LINK_LABEL = 'Privacy policy';

/** Default save error of the theme page: wording not shown. */
export const THEME_SAVE_ERROR = 'There was an error saving your theme. Please try again.';
/** The message shown for an XSS_ERROR result: wording not shown. */
export const THEME_XSS_ERROR =
  'Your theme was not saved because some text contains code that could run in visitors’ browsers (such as tags, event handlers or script links). Please remove it and save again.';

export const PREVIEW_ERROR = 'There was an error showing the preview, please close and try again';

/** UK GDPR: the first layer must offer Reject All as prominently as Accept All (wording ours). */
export const UK_GDPR_WARNING =
  'Under UK GDPR the first layer must show a Reject All button with the same prominence as Accept All. Leaving it out is not compliant.';

/** The default theme is read-only (themes-and-bulk-update §6); wording not shown in the spec. */
export const DEFAULT_THEME_LOCKED = 'The default theme cannot be edited or deleted.';
/** Deleting a theme that properties still use (wording ours). */
export const themeInUse = (count: number): string =>
  `This theme is used by ${count} ${count === 1 ? 'property' : 'properties'}. Choose another theme for ${count === 1 ? 'it' : 'them'} first.`;
/** A theme's type cannot change after it is created (wording ours). */
export const THEME_TYPE_FIXED =
  'A theme cannot change between site and app; create a new theme instead.';
