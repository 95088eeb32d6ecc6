import { COUNTRIES } from '@assent/core';
import type { BulkUpdateFields } from '@assent/core/bulk-update';
import { BULK_CONSENT_SCOPE_LABELS } from '@assent/core/bulk-update';
import {
  CONSENT_LOCATION_LABELS,
  GBC_PURPOSES,
  GDPR_ENCODING_MODE_LABELS,
  MSPA_JURISDICTION_LABELS,
  MSPA_PURPOSES,
  SENSITIVE_DATA_CATEGORIES,
  cmpVersionLabel,
} from '@assent/core/property';
import type { ConsentScope } from '@assent/core/property';
import { DETAILS } from './copy';

type Field = keyof BulkUpdateFields;

/** The overview's name of each field that can be sent (typed: none is forgotten). */
const BULK_FIELD_LABELS: Record<Field, string> = {
  themeId: DETAILS.theme,
  cmpVersion: DETAILS.cmpVersion,
  privacyModes: DETAILS.privacyModes,
  consentLocations: DETAILS.consentLocations,
  requireConsentFrom: 'Require consent from',
  consentScope: DETAILS.consentScope,
  consentScopeGroupURL: DETAILS.groupUrl,
  thirdPartyStorageType: DETAILS.storage,
  purposeIds: 'Consent purposes',
  purposeLegitimateIds: 'Legitimate interest purposes',
  specialPurposes: 'Special purposes',
  features: 'Features',
  specialFeatures: 'Special features',
  publisherCC: DETAILS.publisherCountry,
  gbcEnabled: DETAILS.gbcEnabled,
  gbcLocations: DETAILS.gbcLocations,
  gbcApplicablePurposes: DETAILS.gbcPurposes,
  googleEnabled: DETAILS.googleEnabled,
  uspJurisdiction: DETAILS.uspJurisdiction,
  uspLspact: DETAILS.uspLspact,
  mspaOptOutPurposeIds: DETAILS.mspaPurposes,
  mspaSensitiveDataPurposeIds: 'Sensitive data categories',
  mspaJurisdiction: DETAILS.mspaJurisdiction,
  isCoveredTransaction: DETAILS.coveredTransaction,
  mspaAutoPopUp: DETAILS.autoPopUp,
  repromtDaysAfterGvlUpdate: DETAILS.repromptDays,
  gdprEncodingMode: DETAILS.encodingMode,
  customFooterLinks: DETAILS.cards.footer,
};

const list = (items: readonly string[], none = 'None') => (items.length ? items.join(', ') : none);
const nameOf = (items: ReadonlyArray<{ id: number; name: string }>, id: number) =>
  items.find((i) => i.id === id)?.name ?? String(id);
const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** One field's new value as the overview shows it. */
function display(
  field: Field,
  fields: BulkUpdateFields,
  themeName: (themeId: string) => string,
): string {
  switch (field) {
    case 'themeId':
      return themeName(fields.themeId ?? '');
    case 'cmpVersion':
      return fields.cmpVersion === undefined ? '' : cmpVersionLabel(fields.cmpVersion);
    case 'consentLocations':
    case 'gbcLocations':
      return list((fields[field] ?? []).map((l) => CONSENT_LOCATION_LABELS[l]));
    case 'privacyModes':
      return list((fields.privacyModes ?? []).map((m) => (m === 'USP' ? 'US' : m)));
    case 'consentScope':
      return (
        BULK_CONSENT_SCOPE_LABELS[fields.consentScope as 'service'] ??
        (fields.consentScope as ConsentScope)
      );
    case 'thirdPartyStorageType':
      return fields.thirdPartyStorageType === 'api' ? DETAILS.storageApi : DETAILS.storageIframe;
    case 'purposeIds':
    case 'purposeLegitimateIds':
    case 'specialPurposes':
    case 'features':
    case 'specialFeatures':
      return list((fields[field] ?? []).map(String));
    case 'publisherCC': {
      const code = fields.publisherCC ?? '';
      return `${COUNTRIES.find((c) => c.code === code)?.name ?? code} (${code})`;
    }
    case 'gbcEnabled':
    case 'googleEnabled':
    case 'isCoveredTransaction':
      return yesNo(fields[field] === true);
    case 'gbcApplicablePurposes':
      return list(
        (fields.gbcApplicablePurposes ?? []).map(
          (p) =>
            `${nameOf(GBC_PURPOSES, p.id)}: ${p.defaultValue === 'GRANTED' ? DETAILS.granted : DETAILS.denied}`,
        ),
      );
    case 'uspJurisdiction':
      return fields.uspJurisdiction === 'CA' ? 'California only' : 'All of the US';
    case 'uspLspact':
      return yesNo(fields.uspLspact === 'Y');
    case 'mspaOptOutPurposeIds':
      return list((fields.mspaOptOutPurposeIds ?? []).map((id) => nameOf(MSPA_PURPOSES, id)));
    case 'mspaSensitiveDataPurposeIds':
      return list(
        (fields.mspaSensitiveDataPurposeIds ?? []).map((id) =>
          nameOf(SENSITIVE_DATA_CATEGORIES, id),
        ),
      );
    case 'mspaJurisdiction':
      return fields.mspaJurisdiction ? MSPA_JURISDICTION_LABELS[fields.mspaJurisdiction] : '';
    case 'mspaAutoPopUp':
      return fields.mspaAutoPopUp === 'link'
        ? DETAILS.autoPopUpLink
        : fields.mspaAutoPopUp
          ? DETAILS.autoPopUpTrue
          : DETAILS.autoPopUpFalse;
    case 'repromtDaysAfterGvlUpdate':
      return `${fields.repromtDaysAfterGvlUpdate ?? ''} days`;
    case 'gdprEncodingMode':
      return fields.gdprEncodingMode ? GDPR_ENCODING_MODE_LABELS[fields.gdprEncodingMode] : '';
    case 'customFooterLinks':
      return list((fields.customFooterLinks ?? []).map((l) => `${l.text} (${l.url})`));
    case 'requireConsentFrom':
    case 'consentScopeGroupURL':
      return String(fields[field] ?? '');
  }
}

interface BulkChangeRow {
  field: Field;
  label: string;
  value: string;
}

/** Every field the submit sends, in the order of the labels, with its new value. */
export function bulkChangeRows(
  fields: BulkUpdateFields,
  themeName: (themeId: string) => string,
): BulkChangeRow[] {
  return (Object.keys(BULK_FIELD_LABELS) as Field[])
    .filter((field) => fields[field] !== undefined)
    .map((field) => ({
      field,
      label: BULK_FIELD_LABELS[field],
      value: display(field, fields, themeName),
    }));
}
