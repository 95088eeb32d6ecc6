import { UNSAFE_CONTENT } from '../messages';
import { MSPA_OPT_OUT_PURPOSES } from '../banner/rules';
import type { Issue } from '../validation';
import { isUnsafeText, issue } from '../validation';
import type { CmpVersionInput } from './cmp-version';
import { supportsFeature } from './cmp-version';
import { FOOTER_LINK_UNSUPPORTED, MSPA_PURPOSES_REQUIRED } from './messages';
import type { PropertyDraft, UspJurisdiction, YesNo } from './schema';

/**
 * The US multi-state privacy purposes (the static "purposes for MSPA" list). 1 to 4 are the opt-out
 * purposes a publisher chooses from (the ids the banner encodes, MSPA_OPT_OUT_PURPOSES); 5 and 6
 * are the markers saved in the combined list when sensitive data or known-child sensitive data is
 * processed. Each maps to its usnat field.
 */
export const MSPA_PURPOSES = [
  { id: MSPA_OPT_OUT_PURPOSES.SALE, name: 'Sale of personal data', usnatField: 'SaleOptOut' },
  {
    id: MSPA_OPT_OUT_PURPOSES.SHARING,
    name: 'Sharing of personal data for cross-context behavioural advertising',
    usnatField: 'SharingOptOut',
  },
  {
    id: MSPA_OPT_OUT_PURPOSES.TARGETED_ADVERTISING,
    name: 'Targeted advertising',
    usnatField: 'TargetedAdvertisingOptOut',
  },
  {
    id: MSPA_OPT_OUT_PURPOSES.SENSITIVE_DATA,
    name: 'Use of sensitive personal data (right to limit)',
    usnatField: 'SensitiveDataProcessing',
  },
  { id: 5, name: 'Sensitive data is processed', usnatField: 'SensitiveDataProcessing' },
  {
    id: 6,
    name: 'Sensitive data of known children is processed',
    usnatField: 'KnownChildSensitiveDataConsents',
  },
] as const;

export const MSPA_OPT_OUT_PURPOSE_IDS: readonly number[] = Object.values(MSPA_OPT_OUT_PURPOSES);
export const MSPA_SENSITIVE_MARKER = 5;
export const MSPA_CHILD_SENSITIVE_MARKER = 6;

/** The sensitive-data categories of usnat's SensitiveDataProcessing field, by position (1-based). */
export const SENSITIVE_DATA_CATEGORIES = [
  { id: 1, name: 'Racial or ethnic origin' },
  { id: 2, name: 'Religious or philosophical beliefs' },
  { id: 3, name: 'Health, including a mental or physical health condition or diagnosis' },
  { id: 4, name: 'Sex life or sexual orientation' },
  { id: 5, name: 'Citizenship or immigration status' },
  { id: 6, name: 'Genetic data' },
  { id: 7, name: 'Biometric data for identifying a person' },
  { id: 8, name: 'Precise geolocation' },
  { id: 9, name: 'Government identifiers (social security, driver licence, passport)' },
  { id: 10, name: 'Financial account, debit or credit card numbers with credentials' },
  { id: 11, name: 'Union membership' },
  { id: 12, name: 'Contents of mail, e-mail and text messages' },
  { id: 13, name: 'Consumer health data' },
  { id: 14, name: 'Status as a victim of a crime' },
  { id: 15, name: 'National origin' },
  { id: 16, name: 'Transgender or non-binary status' },
] as const;

export const SENSITIVE_DATA_DIALOG_TITLE =
  'Please select the purposes for your sensitive data processing:';
export const MSPA_SIGNATORY_YES = 'Yes, I am a MSPA Signatory';
export const MSPA_SIGNATORY_NO = "No, I'm not a MSPA Signatory";

/** The opt-out purposes shown outside bulk update: the first four. */
export const visibleMspaPurposes = (bulk: boolean) =>
  bulk ? MSPA_PURPOSES : MSPA_PURPOSES.filter((p) => MSPA_OPT_OUT_PURPOSE_IDS.includes(p.id));

/** MSPA opt-out purposes: required, and at least one of 1 to 4. */
export function validateMspaPurposes(
  ids: readonly number[] | undefined,
  field = 'mspaPurposeIds',
): Issue[] {
  return (ids ?? []).some((id) => MSPA_OPT_OUT_PURPOSE_IDS.includes(id))
    ? []
    : [issue(field, 'mspaOptOut', MSPA_PURPOSES_REQUIRED)];
}

/** The saved combined list: the opt-out purposes plus the sensitive and child-sensitive markers. */
export function combineMspaPurposes(
  p: Pick<
    PropertyDraft,
    'mspaPurposeIds' | 'mspaSensitiveDataProcessing' | 'mspaChildSensitiveDataProcessing'
  >,
): number[] {
  const ids = (p.mspaPurposeIds ?? []).filter((id) => MSPA_OPT_OUT_PURPOSE_IDS.includes(id));
  if (p.mspaSensitiveDataProcessing === 'yes') ids.push(MSPA_SENSITIVE_MARKER);
  if (p.mspaChildSensitiveDataProcessing === 'yes') ids.push(MSPA_CHILD_SENSITIVE_MARKER);
  return [...new Set(ids)].sort((a, b) => a - b);
}

/** The inverse of combineMspaPurposes, for editing a saved property. */
export function splitMspaPurposes(combined: readonly number[]): {
  mspaPurposeIds: number[];
  mspaSensitiveDataProcessing: YesNo;
  mspaChildSensitiveDataProcessing: YesNo;
} {
  return {
    mspaPurposeIds: combined.filter((id) => MSPA_OPT_OUT_PURPOSE_IDS.includes(id)),
    mspaSensitiveDataProcessing: combined.includes(MSPA_SENSITIVE_MARKER) ? 'yes' : 'no',
    mspaChildSensitiveDataProcessing: combined.includes(MSPA_CHILD_SENSITIVE_MARKER) ? 'yes' : 'no',
  };
}

/** The UI state of the covered-transaction question: Yes first asks to re-confirm. */
export type CoveredTransactionDialog = 'closed' | 'reconfirm';

/** Choosing Yes opens the re-confirm dialog; choosing No sets false and STATE_AND_NATIONAL at once. */
export function chooseCoveredTransaction<T extends PropertyDraft>(
  values: T,
  answer: 'yes' | 'no',
): { values: T; dialog: CoveredTransactionDialog } {
  return answer === 'yes'
    ? { values, dialog: 'reconfirm' }
    : {
        values: { ...values, isCoveredTransaction: false, mspaJurisdiction: 'STATE_AND_NATIONAL' },
        dialog: 'closed',
      };
}

/** 'Yes, I am a MSPA Signatory' sets covered transaction and NATIONAL; declining reverts. */
export function confirmMspaSignatory<T extends PropertyDraft>(values: T, signatory: boolean): T {
  return signatory
    ? { ...values, isCoveredTransaction: true, mspaJurisdiction: 'NATIONAL' }
    : { ...values, isCoveredTransaction: false, mspaJurisdiction: 'STATE_AND_NATIONAL' };
}

/** The National option is disabled while covered transaction is not true. */
export const nationalJurisdictionEnabled = (
  p: Pick<PropertyDraft, 'isCoveredTransaction'>,
): boolean => p.isCoveredTransaction === true;

/** Yes opens the sensitive-data dialog (the caller shows it); No clears the chosen categories. */
export function setSensitiveDataProcessing<T extends PropertyDraft>(values: T, answer: YesNo): T {
  return answer === 'yes'
    ? { ...values, mspaSensitiveDataProcessing: 'yes' }
    : { ...values, mspaSensitiveDataProcessing: 'no', mspaSensitiveDataPurposeIds: [] };
}

/** Closing the sensitive-data dialog with nothing chosen resets the choice to No. */
export function closeSensitiveDataDialog<T extends PropertyDraft>(
  values: T,
  selected: number[],
): T {
  return selected.length === 0
    ? { ...values, mspaSensitiveDataProcessing: 'no', mspaSensitiveDataPurposeIds: [] }
    : {
        ...values,
        mspaSensitiveDataProcessing: 'yes',
        mspaSensitiveDataPurposeIds: [...selected].sort((a, b) => a - b),
      };
}

/** The US privacy string for California shows a warning and reveals the LSPA-signed checkbox. */
export const lspaCheckboxVisible = (p: Pick<PropertyDraft, 'ccpaViaUsp'>): boolean =>
  p.ccpaViaUsp === true;

/** Auto-popup 'link' reveals the footer element id; offered only on versions that support it. */
export const footerLinkOptionAvailable = (version: CmpVersionInput): boolean =>
  supportsFeature(version, 'mspaFooterLink');

export const footerHtmlIdVisible = (
  p: Pick<PropertyDraft, 'mspaAutoPopUp' | 'cmpVersion'>,
): boolean => p.mspaAutoPopUp === 'link' && footerLinkOptionAvailable(p.cmpVersion ?? 'latest');

export function validateUsPrivacy(p: PropertyDraft): Issue[] {
  const issues: Issue[] = [
    ...validateMspaPurposes(
      p.mspaPurposeIds ?? splitMspaPurposes(p.mspaOptOutPurposeIds ?? []).mspaPurposeIds,
    ),
  ];
  if (p.uspDnsText && isUnsafeText(p.uspDnsText))
    issues.push(issue('uspDnsText', 'unsafe', UNSAFE_CONTENT));
  if (p.mspaAutoPopUp === 'link' && !footerLinkOptionAvailable(p.cmpVersion ?? 'latest')) {
    issues.push(issue('mspaAutoPopUp', 'version', FOOTER_LINK_UNSUPPORTED));
  }
  return issues;
}

/** The form's ['US'] / ['CA'] and the saved 'US' / 'CA'. */
export function normaliseUspJurisdiction(
  value: UspJurisdiction | UspJurisdiction[] | undefined,
): UspJurisdiction {
  const v = Array.isArray(value) ? value[0] : value;
  return v ?? 'US';
}

export const normaliseLspact = (value: 'Y' | 'N' | boolean | undefined): 'Y' | 'N' =>
  value === true || value === 'Y' ? 'Y' : 'N';
