/**
 * The themes console's own labels, where the spec names a field but not its wording (the spec's
 * messages, buttons and titles are core's constants in @assent/core/theme).
 */

export const THEMES_TITLE = 'Themes';
export const THEME_FILTER_LABEL = 'Filter by theme name';

export const THEME_ACTION_LABELS = {
  edit: 'Edit',
  delete: 'Delete',
  deleteTitle: 'Delete theme',
} as const;

export const THEME_EDITOR_TITLES = {
  SITE: { new: 'Create a site theme', edit: 'Edit a site theme' },
  APP: { new: 'Create an app theme', edit: 'Edit an app theme' },
} as const;

export const THEME_FIELD_LABELS = {
  themeName: 'Theme name',
  regulations: 'Regulations',
  uspDnsTitleText: 'Headline text',
  uspDnsText: 'Body text',
  suppressCcpaLinks: 'Suppress links',
  uspDeleteDataLinkText: 'Data deletion link text',
  uspDeleteDataLink: 'Data deletion link URL',
  uspAccessDataLinkText: 'Data access link text',
  uspAccessDataLink: 'Data access link URL',
  uspPrivacyPolicyLinkText: 'Privacy policy link text',
  uspPrivacyPolicyLink: 'Privacy policy link URL',
  uxPersistentConsentButton: 'Display the persistent consent link',
  consentLinkLabel: 'Label',
  uxPersistentConsentLinkLocation: 'Location',
  uxSoftOptIns: 'Soft opt-in',
  language: 'UI language',
  initialScreen: 'Initial screen',
  displayUi: 'Summary view display',
  agreeButton: 'Primary button text (Accept all)',
  saveAndExitButton: 'Secondary button text (More options)',
  initScreenRejectButtonShowing: 'Show the reject button',
  initScreenCloseButtonShowing: 'Show the close button',
  initScreenRejectButton: 'Reject button text or close tooltip',
  colors: 'Colours',
  footerLinks: 'Custom footer links',
  footerLinkText: 'Link text',
  footerLinkUrl: 'Link URL',
  uxCustomizedCss: 'CSS overrides',
  gvlVersion: 'TCF version',
  use: 'Show on the purpose screen',
  configureStacks: 'Configure',
  configureRestrictions: 'Configure restrictions',
  showDisagree: 'Show the disagree button',
  customColorUsingPortal: 'Customize colours via the portal',
  themeMode: 'Theme mode',
  disagreeText: 'Disagree button text',
} as const;

export const THEME_COLOR_LABELS = {
  uxFontColor: 'Text colour',
  uxLinkColor: 'Link colour',
  uxBackgroundColor: 'Background colour',
  uxToogleActiveColor: 'Toggle colour',
  uxPrimaryButtonColor: 'Primary button colour',
  uxPrimaryButtonTextColor: 'Primary button text colour',
  uxSecondaryButtonColor: 'Secondary button colour',
  uxSecondaryButtonTextColor: 'Secondary button text colour',
} as const;

export const APP_COLOR_LABELS = {
  globalBackgroundColor: 'Background',
  titleTextColor: 'Title text',
  bodyTextColor: 'Body text',
  buttonBackgroundColor: 'Button background',
  buttonTextColor: 'Button text',
  buttonDisabledBackgroundColor: 'Disabled button background',
  buttonDisabledTextColor: 'Disabled button text',
  linkTextColor: 'Link text',
  infoButtonForegroundColor: 'Info button',
  tabBackgroundColor: 'Tab background',
  tabTextColor: 'Tab text',
  searchBarBackgroundColor: 'Search bar background',
  searchBarForegroundColor: 'Search bar text',
  dividerColor: 'Divider',
  menuTextColor: 'Menu text',
  toggleActiveColor: 'Toggle on',
  toggleInactiveColor: 'Toggle off',
} as const;

export const APP_MODE_PANEL_TITLES = {
  lightModeColors: 'Light mode colours',
  darkModeColors: 'Dark mode colours',
} as const;

export const PURPOSE_DISPLAY_LABELS = { purposes: 'Purposes', stacks: 'Stacks' } as const;
export const TCF_VERSION_LABELS = { 2: 'TCF 2.0', 3: 'TCF 2.2' } as const;

export const STACKS_DIALOG = {
  title: 'Configure stacks',
  intro: 'Choose the stacks the purpose screen groups purposes into.',
  loading: 'Loading stacks…',
  none: 'No stack fits the purposes of this theme.',
} as const;

export const RESTRICTIONS_DIALOG = {
  title: 'Configure restrictions',
  intro:
    'For each purpose, require consent or require legitimate interest from the vendors that declare it as flexible.',
  purpose: 'Purpose',
  consent: 'Require consent',
  legitimateInterest: 'Require legitimate interest',
} as const;

export const DIALOG_BUTTONS = { save: 'Save', cancel: 'Cancel' } as const;

export const RICH_TEXT_BUTTONS = {
  bold: 'Bold',
  italic: 'Italic',
  underline: 'Underline',
  bulletList: 'Bulleted list',
  orderedList: 'Numbered list',
  link: 'Link',
  linkPrompt: 'Link URL',
} as const;

export const US_PREVIEW_IMAGE_ALT = 'How the Do Not Sell My Data screen looks to visitors';

export const THEME_SAVED = (name: string) => `${name} was saved.`;
export const FIX_THEME_FIELDS = 'Please fix the fields marked in red before saving.';
export const SAVE_PENDING = 'SAVING…';

export const LANGUAGE_TAB_LABELS = {
  languages: 'Languages',
  agreeButton: 'Primary button text',
  secondaryButton: 'Secondary button text',
  disagreeButton: 'Disagree button text or X tooltip',
  privacyHeader: 'Privacy header',
  privacyBody: 'Privacy body',
  viewPreferencesLabel: 'View preferences label',
  action1Label: 'Subscribe label',
  action2Label: 'Login label',
  acceptText: 'Accept text',
  layout: 'Layout',
  footerLinkLabel: 'Footer link label',
  footerLinkUrl: 'Footer link URL',
  noLanguages: 'Choose the languages whose texts you want to customise.',
  requestChange: 'Request a text change',
  viewRequests: 'Submitted requests',
} as const;

export const TEXT_REQUEST_LABELS = {
  customizationText: 'Proposed text',
  reason: 'Reason',
  submit: 'Submit',
  close: 'Close',
  approve: 'Approve',
  reject: 'Reject',
  queued: 'Your request will be sent when the theme is saved.',
  none: 'No requests yet.',
  decision: 'Decision',
} as const;
