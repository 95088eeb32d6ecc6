import { supportsFeature } from './cmp-version';
import { defaultConsentOrPayConfig, normaliseConsentOrPay } from './consent-or-pay';
import {
  gbcAdvancedAvailable,
  gbcAvailable,
  gbcLocationsList,
  toGbcPurposePayload,
} from './google-consent';
import { normaliseLegalBasis } from './legal-basis';
import {
  deriveRequireConsentFrom,
  privacyModesFromLocations,
  subdomainsAllowed,
} from './regulations';
import type { PropertyValues } from './schema';
import { PropertySettings, legalBasisOf, withLegalBasis } from './schema';
import { combineMspaPurposes, normaliseLspact, normaliseUspJurisdiction } from './us-privacy';

const SETTINGS_FIELDS = new Set(Object.keys(PropertySettings.shape));

/** Only the settings a client sets: read-only fields of a loaded property (uuid, updatedAt…) are left out. */
const settingsOnly = (input: PropertyValues): PropertyValues =>
  Object.fromEntries(
    Object.entries(input).filter(([field]) => SETTINGS_FIELDS.has(field)),
  ) as PropertyValues;

/**
 * The save-payload transform (properties-and-tags §4 "Saving"): what is sent and stored. Pure and
 * idempotent, so the console applies it before sending and the server again before storing. Only
 * the settings are kept (the API refuses unknown fields, so a property round-tripped from a GET
 * is sent without its uuid, dates and other server fields).
 */
export function toSavePayload(input: PropertyValues): PropertyValues {
  let v: PropertyValues = settingsOnly(input);
  const version = v.cmpVersion;

  // Identity: a site has a url, an app a packageId and only the app scope.
  if (v.propertyType === 'APP') {
    const { url: _url, ...rest } = v;
    v = { ...rest, applyToSubDomains: false, ampEnabled: false, consentScope: 'service' };
  } else {
    const { packageId: _packageId, ...rest } = v;
    v = rest;
    if (!subdomainsAllowed(v)) v.applyToSubDomains = false;
  }

  // Regulations: on multi-regulation versions the locations decide the privacy modes.
  if (supportsFeature(version, 'consentLocations')) {
    v.privacyModes = privacyModesFromLocations(v.consentLocations);
    v.requireConsentFrom = deriveRequireConsentFrom(v.consentLocations);
  } else {
    v.consentLocations = [];
  }

  // Legal basis: LI purposes leave the consent list; without a legal basis every list is empty.
  if (v.noLegalBasis) {
    v = {
      ...withLegalBasis(v, [], []),
      stackIds: [],
      specialFeatures: [],
      specialPurposes: [],
      features: [],
    };
  } else {
    const { consent, legitimate } = legalBasisOf(v);
    const s = normaliseLegalBasis(
      {
        consent,
        legitimate,
        specialFeatures: v.specialFeatures,
        specialPurposes: v.specialPurposes,
        features: v.features,
        stackIds: v.stackIds,
      },
      v.publisherCC,
    );
    v = {
      ...withLegalBasis(v, s.consent, s.legitimate),
      stackIds: s.stackIds,
      specialFeatures: s.specialFeatures,
      specialPurposes: s.specialPurposes,
      features: s.features,
    };
  }

  // Consent scope: the group URL and storage mode only for service group.
  if (v.consentScope !== 'service group') {
    v.consentScopeGroupURL = '';
    v.thirdPartyStorageType = null;
  }

  // US: the saved jurisdiction and LSPA shapes, the combined MSPA list.
  v.uspJurisdiction = normaliseUspJurisdiction(v.uspJurisdiction);
  v.uspLspact = normaliseLspact(v.uspLspact);
  if (v.mspaSensitiveDataProcessing !== 'yes') v.mspaSensitiveDataPurposeIds = [];
  v.mspaOptOutPurposeIds = combineMspaPurposes(v);
  if (!supportsFeature(version, 'mspaFooterLink')) v.mspaFooterHtmlId = '';
  if (v.mspaAutoPopUp !== 'link') v.mspaFooterHtmlId = '';

  // Google basic consent: dropped when disabled or unsupported; otherwise locations as a list and
  // only the enabled purposes with their default value.
  if (!v.gbcEnabled || !gbcAvailable(version)) {
    v.gbcEnabled = false;
    v.gbcLocations = [];
    v.gbcApplicablePurposes = [];
  } else {
    v.gbcLocations = gbcLocationsList(v.gbcLocations);
    v.gbcApplicablePurposes = toGbcPurposePayload(v.gbcApplicablePurposes);
  }
  if (!v.gbcEnabled || !gbcAdvancedAvailable(version)) {
    v.urlPassThrough = false;
    v.adsDataRedaction = false;
  }

  // The encoding mode is saved as chosen, AMP or not: AMP pages store the TC string whatever it
  // is, and the form says so (WARNING_AMP_TCF_AND_GPP, issue 15 item 5).

  // Consent or Pay: the 'eea' shorthand expanded; unsupported versions keep it off.
  v.consentOrPayConfig = supportsFeature(version, 'consentOrPay')
    ? normaliseConsentOrPay(v.consentOrPayConfig)
    : defaultConsentOrPayConfig();

  v.publisherName = v.publisherName.trim();
  if (v.url !== undefined) v.url = v.url.trim();
  if (v.packageId !== undefined) v.packageId = v.packageId.trim();
  return v;
}
