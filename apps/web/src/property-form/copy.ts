/**
 * Labels, card titles and button texts of the site and app forms that the spec does not word
 * (its fixed texts — messages, dialog buttons, notes — live in core and are imported from there).
 */
export const SAVE_PROPERTY = 'SAVE PROPERTY';
/** The name of the form's sticky footer holding CANCEL and SAVE PROPERTY. */
export const FORM_ACTIONS = 'Form actions';
export const SAVE_PENDING = 'LOADING...';
export const CANCEL = 'CANCEL';
export const OK = 'OK';
export const CANCEL_DIALOG = 'Cancel';
export const EDIT = 'EDIT';
export const BACK_TO_PROPERTIES_BUTTON = 'Back to Properties';

export const SITE_FORM_TITLES = { new: 'Create a site', edit: 'Edit a site' } as const;
export const APP_FORM_TITLES = { new: 'Create New App', edit: 'Edit an App' } as const;
export const NEW_USER_WELCOME =
  'Welcome! Add your first site: choose where consent is asked and the banner it shows.';

export const CARD_TITLES = {
  general: 'General settings',
  consentScope: 'Consent scope',
  consentConfiguration: 'Your consent configuration',
  googleVendors: 'Google vendors',
  privacyPolicy: 'Publisher privacy policy',
  googleBasicConsent: 'Google basic consent',
  usConsentScope: 'Consent Scope (US)',
  mspa: 'MSPA Regulation Settings',
} as const;

export const YES = 'Yes';
export const NO = 'No';

export const LABELS = {
  url: 'Site URL',
  urlHelp: 'The domain without http:// or https://, e.g. example.com',
  applyToSubDomains: 'Apply to subdomains',
  subdomainsHelp: 'Only for a bare domain without AMP.',
  ampEnabled: 'Enable AMP',
  packageId: 'Package ID',
  packageIdHelp: 'The Android package name or iOS bundle id, e.g. com.example.app',
  theme: 'Theme',
  themePlaceholder: 'Select a theme',
  publisherName: 'Publisher name',
  appName: 'App name',
  logo: 'Logo URL',
  logoHelp: 'An image URL ending in PNG, JPG, JPEG, GIF, BMP, SVG or SVGI',
  cmpVersion: 'CMP version',
  consentLocations: 'Consent locations',
  regulations: 'Regulations',
  regulationGdpr: 'GDPR',
  regulationUs: 'US',
  requireConsentFrom: 'Require consent from',
  publisherCountry: 'Publisher country',
  consentScope: 'Consent scope',
  groupUrl: 'Group URL',
  groupUrlHelp: 'The URL shared by the sites of the group, e.g. https://group.example.com',
  storage: 'Where group consent is stored',
  storageIframe: 'Iframe on the group URL',
  storageApi: 'Consent API',
  legalBasis: 'Legal basis',
  customise: 'Customise',
  repromptDays: 'Show new vendors every',
  days: 'Days',
  encodingMode: 'Consent string format',
  googleEnabled: "Ask consent for Google's ad technology providers (Additional Consent)",
  privacyLink: 'Privacy policy link',
  gbcEnabled: 'Enable Google basic consent',
  gbcLocations: 'Where Google basic consent applies',
  gbcPurposes: 'Purposes',
  editPurposes: 'Edit purposes',
  urlPassThrough: 'URL passthrough',
  adsDataRedaction: 'Ads data redaction',
  consentOrPay: 'Consent or Pay',
  consentOrPaySettings: 'Settings',
  consentOrPayRequest: 'Request access',
  consentOrPayRequested: 'Access requested: our team will reach out soon.',
  ccpaViaUsp: 'Use the US Privacy String (CCPA)',
  uspJurisdiction: 'US Privacy String applies in',
  uspJurisdictionUs: 'All of the US',
  uspJurisdictionCa: 'California only',
  lspa: 'I have signed the IAB Limited Service Provider Agreement (LSPA)',
  dnsText: 'Opt-out link text',
  mspaPurposes: 'Opt-out purposes',
  sensitiveData: 'Do you process sensitive data?',
  childSensitiveData: 'Do you process sensitive data of known children?',
  coveredTransaction: 'Is this a covered transaction (are you an MSPA signatory)?',
  mspaJurisdiction: 'MSPA jurisdiction',
  autoPopUp: 'How the US banner shows',
  autoPopUpTrue: 'Show the banner automatically',
  autoPopUpFalse: 'Do not show the banner automatically',
  autoPopUpLink: 'Show a link in the page footer',
  footerHtmlId: 'Footer element id',
  footerHtmlIdHelp: 'The id of the element the opt-out link is added to',
} as const;

export const LEGAL_BASIS_DIALOG = {
  title: 'Customise your legal basis',
  purposes: 'Purposes',
  basis: 'Legal basis',
  specialFeatures: 'Special features',
  notUsed: 'Not used',
  consent: 'Consent',
  legitimate: 'Legitimate interest',
  fallbackNote: 'The vendor list is not loaded: the standard TCF purposes are shown.',
  purposeOneNote: 'Purpose 1 is always asked with consent.',
} as const;

export const GBC_DIALOG = {
  title: 'Google basic consent purposes',
  defaultValue: 'Default',
  granted: 'Granted',
  denied: 'Denied',
  dismiss: 'Dismiss',
} as const;

export const COP_DIALOG = {
  title: 'Consent or Pay settings',
  countries: 'Countries',
  eea: 'EEA (all EEA countries)',
  addCountry: 'Add a country',
  remove: (name: string) => `Remove ${name}`,
  callbackType: 'Subscribe and login actions',
  action1: 'Subscribe URL',
  action2: 'Login URL (optional)',
  redirectMethod: 'Open the pages in',
} as const;

export const SENSITIVE_DATA_SUMMARY = (count: number) =>
  count === 1 ? '1 category selected' : `${count} categories selected`;
export const GBC_SUMMARY = (count: number) =>
  count === 1 ? '1 purpose selected' : `${count} purposes selected`;
export const legalBasisSummary = (consent: readonly number[], legitimate: readonly number[]) =>
  [
    consent.length ? `Consent: purposes ${consent.join(', ')}` : '',
    legitimate.length ? `Legitimate interest: purposes ${legitimate.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join(' · ') || 'No purposes declared';

export const FIX_FIELDS = 'Some fields need your attention.';
export const propertySaved = (name: string) => `${name} was saved.`;

export const REPORT = {
  tab: 'Reports',
  abTab: 'A/B Testing',
  noData: 'No consent data for this period yet.',
  premiumTitle: 'Premium reports',
  metric: 'Metric',
  value: 'Value',
} as const;

export const MSPA_SIGNATORY_DIALOG = {
  title: 'Are you a MSPA Signatory?',
  text: 'A covered transaction applies only to signatories of the IAB Multi-State Privacy Agreement (MSPA). Please confirm before continuing.',
} as const;
