/**
 * Labels of the bulk update console that the spec does not word (its fixed texts — the modal,
 * SUBMIT, the step guards, the field messages — live in core's bulk-update module).
 */
export const BULK_UPDATE_TITLE = 'Bulk update';
export const BULK_STATUS_TITLE = 'Bulk update status';

export const FILTERS = {
  title: 'Filters',
  apply: 'APPLY FILTERS',
  reset: 'Reset',
  any: 'Any',
  yes: 'Yes',
  no: 'No',
  type: 'Type',
  regulation: 'Regulation',
  name: 'Name',
  namePlaceholder: 'Part of the URL, package ID or publisher name',
  cmpVersion: 'CMP version',
  theme: 'Theme',
  publisherCountry: 'Publisher country',
  gbc: 'Google Basic Consent',
  googleVendors: 'Google vendors',
  consentLocations: 'Consent locations',
  consentScope: 'Consent scope',
  legalBasis: 'Legal basis',
  customizedPurposes: 'Declaring every one of these purposes',
} as const;

export const TABLE = {
  label: 'Properties to update',
  selectRow: (name: string) => `Select ${name}`,
  selectPage: 'Select all on this page',
  selectAll: (count: number) => `Select all ${count} matching properties`,
  clear: 'Clear selection',
  selected: (selected: number, total: number) =>
    `${selected} of ${total} ${total === 1 ? 'property' : 'properties'} selected`,
  matching: (count: number) => `${count} ${count === 1 ? 'property matches' : 'properties match'}`,
  noMatch: 'No property matches these filters.',
  columns: {
    property: 'Property',
    type: 'Type',
    regulation: 'Regulation',
    cmpVersion: 'CMP version',
    theme: 'Theme',
    publisherCC: 'Publisher country',
    status: 'Status',
  },
} as const;

export const STEP_ACTIONS = {
  label: 'Bulk update actions',
  next: 'NEXT',
  back: 'BACK',
  cancel: 'CANCEL',
  submitting: 'SUBMITTING...',
  step: (n: number, title: string) => `Step ${n} of 3: ${title}`,
} as const;

/** Step 2: every field starts at 'No change'. */
export const DETAILS = {
  noChange: 'No change',
  intro:
    'Only the fields you change are applied; every other setting of the selected properties stays as it is.',
  cards: {
    general: 'General settings',
    gdpr: 'GDPR',
    google: 'Google',
    us: 'US privacy',
    footer: 'Custom footer links',
  },
  theme: 'Theme',
  cmpVersion: 'CMP version',
  consentLocations: 'Consent locations',
  consentLocationsHelp:
    'For versions with consent locations; leave all unticked to keep each property’s.',
  privacyModes: 'Regulations (versions without consent locations)',
  privacyModesHelp: 'Leave both unticked to keep each property’s.',
  publisherCountry: 'Publisher country',
  consentScope: 'Consent scope',
  groupUrl: 'Group URL',
  storage: 'Where group consent is stored',
  storageIframe: 'Iframe on the group URL',
  storageApi: 'Consent API',
  legalBasis: 'Legal basis',
  customise: 'Customise',
  repromptDays: 'Show new vendors every',
  repromptDaysHelp: 'Days; leave empty to keep each property’s.',
  encodingMode: 'Consent string format',
  googleEnabled: "Google's ad technology providers (Additional Consent)",
  gbcEnabled: 'Google basic consent',
  gbcLocations: 'Where Google basic consent applies',
  gbcPurposes: 'Google basic consent purposes',
  gbcDefault: (name: string) => `Default: ${name}`,
  granted: 'Granted',
  denied: 'Denied',
  uspJurisdiction: 'US Privacy String applies in',
  uspLspact: 'LSPA signed',
  mspaPurposes: 'MSPA opt-out purposes',
  mspaPurposesHelp: 'Leave all unticked to keep each property’s.',
  editSensitive: 'Edit sensitive data',
  coveredTransaction: 'Covered transaction (MSPA signatory)',
  mspaJurisdiction: 'MSPA jurisdiction',
  autoPopUp: 'How the US banner shows',
  autoPopUpTrue: 'Automatically',
  autoPopUpFalse: 'Not automatically',
  autoPopUpLink: 'Footer link',
  linkText: (n: number) => (n === 1 ? 'Privacy policy link text' : `Link ${n} text`),
  linkUrl: (n: number) => (n === 1 ? 'Privacy policy link URL' : `Link ${n} URL`),
  noLinks: 'The footer links are not changed.',
  changeLinks: 'Change the footer links',
} as const;

export const LEGAL_BASIS_DIALOG = {
  title: 'Customise the legal basis',
  purposes: 'Purposes',
  consent: 'Consent',
  legitimate: 'Legitimate interest',
  specialFeatures: 'Special features',
  purposeOneNote: 'Purpose 1 is always asked with consent.',
  consentOf: (id: number) => `Consent for purpose ${id}`,
  legitimateOf: (id: number) => `Legitimate interest for purpose ${id}`,
} as const;

export const OVERVIEW = {
  intro: (count: number) =>
    `These changes will be applied to ${count} ${count === 1 ? 'property' : 'properties'}.`,
  changes: 'Changes',
  field: 'Field',
  value: 'New value',
  touches: 'Properties',
  properties: 'Selected properties',
  /** The count in a change's row: every selected property takes every change. */
  touchesCount: (count: number) => `${count} ${count === 1 ? 'property' : 'properties'}`,
  more: (count: number) => `and ${count} more`,
  fewer: 'Show fewer',
  started: 'The bulk update has started. Follow it on the status page.',
  viewStatus: 'View status',
} as const;

export const STATUS = {
  status: 'Status',
  initiatedBy: 'Initiated by',
  startedAt: 'Started',
  lastUpdatedOn: 'Last update',
  refresh: 'Refresh',
  failures: 'Properties not updated',
  failureProperty: 'Property',
  failureField: 'Field',
  failureReason: 'Reason',
  none: 'There has been no bulk update on this account yet.',
  progress: (label: string, count: number, total: number) => `${label}: ${count} of ${total}`,
} as const;

export const ALERT = {
  running: (processed: number, total: number) =>
    `A bulk update is running: ${processed} of ${total} properties processed.`,
  successful: (total: number) =>
    `The bulk update is complete: ${total} ${total === 1 ? 'property' : 'properties'} updated.`,
  failed: (failed: number, total: number) =>
    `The bulk update is complete: ${failed} of ${total} ${total === 1 ? 'property was' : 'properties were'} not updated.`,
  viewStatus: 'View status',
  dismiss: 'Dismiss',
} as const;
