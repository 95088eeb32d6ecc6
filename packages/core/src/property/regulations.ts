import { requiresConsentEverywhere } from '../country';
import { INVALID_URL, REQUIRED } from '../messages';
import type { Issue } from '../validation';
import { isBlank, isValidUrl, issue } from '../validation';
import type { CmpVersionInput } from './cmp-version';
import { supportsFeature } from './cmp-version';
import { isBareDomain } from './identity';
import { canDefineLegalBasis, declareNoLegalBasis } from './legal-basis';
import {
  AMP_CONSENT_SCOPE_INVALID,
  AMP_GPP_ONLY_UNSUPPORTED,
  AMP_VERSION_UNSUPPORTED,
  CONSENT_SCOPE_UNSUPPORTED,
  GROUP_STORAGE_REQUIRED,
  LEGAL_BASIS_SCOPE_UNSUPPORTED,
  REGULATION_REQUIRED,
  REPROMPT_DAYS_MINIMUM,
  REPROMPT_DAYS_RANGE,
  WARNING_AMP_TCF_AND_GPP,
  WARNING_AMP_US,
  WARNING_GDPR_AND_US,
  WARNING_SINGLE_ENCODING,
} from './messages';
import type {
  ConsentLocation,
  ConsentScope,
  PrivacyMode,
  PropertyDraft,
  PropertyType,
  RequireConsentFrom,
} from './schema';

export interface Regulations {
  gdpr: boolean;
  us: boolean;
}

/**
 * Consent locations set regulations: worldwide, or both EEA and US, gives GDPR and US; only EEA
 * gives GDPR; only US gives US; otherwise GDPR.
 */
export function regulationsFromLocations(locations: readonly ConsentLocation[]): Regulations {
  const eea = locations.includes('EEA');
  const usa = locations.includes('USA');
  if (locations.includes('WORLDWIDE') || (eea && usa)) return { gdpr: true, us: true };
  if (eea) return { gdpr: true, us: false };
  if (usa) return { gdpr: false, us: true };
  return { gdpr: true, us: false };
}

export const privacyModesOf = ({ gdpr, us }: Regulations): PrivacyMode[] => [
  ...(gdpr ? (['GDPR'] as const) : []),
  ...(us ? (['USP'] as const) : []),
];

/** Privacy modes derived from the consent locations. */
export const privacyModesFromLocations = (locations: readonly ConsentLocation[]): PrivacyMode[] =>
  privacyModesOf(regulationsFromLocations(locations));

/** The regulations in force on a property: from its locations on multi-regulation versions, else its privacy modes. */
export function regulationsOf(
  p: Pick<PropertyDraft, 'cmpVersion' | 'consentLocations' | 'privacyModes'>,
): Regulations {
  if (supportsFeature(p.cmpVersion ?? 'latest', 'consentLocations')) {
    return regulationsFromLocations(p.consentLocations ?? []);
  }
  const modes = p.privacyModes ?? [];
  return { gdpr: modes.includes('GDPR'), us: modes.includes('USP') };
}

/** The label of the Regulation column: 'GDPR', 'US' or 'GDPR & US'. */
export function regulationLabel(regulations: Regulations): string {
  if (regulations.gdpr && regulations.us) return 'GDPR & US';
  return regulations.us ? 'US' : regulations.gdpr ? 'GDPR' : 'None';
}

/** The order in which a toggle (the terminal UI's R) steps through the regulations. */
const REGULATION_CYCLE: readonly Regulations[] = [
  { gdpr: true, us: false },
  { gdpr: false, us: true },
  { gdpr: true, us: true },
];

/**
 * The next regulation of a property, GDPR → US → GDPR & US → GDPR, set as the property form sets
 * it: consent locations (EEA, USA, both) with their privacy modes on multi-regulation versions,
 * the privacy modes alone on older ones. The result is checked by `validateProperty` as any edit.
 */
export function nextRegulation<T extends PropertyDraft>(values: T): T {
  const now = regulationsOf(values);
  const at = REGULATION_CYCLE.findIndex((r) => r.gdpr === now.gdpr && r.us === now.us);
  const next = REGULATION_CYCLE[(at + 1) % REGULATION_CYCLE.length]!;
  if (supportsFeature(values.cmpVersion ?? 'latest', 'consentLocations')) {
    const locations: ConsentLocation[] = [
      ...(next.gdpr ? (['EEA'] as const) : []),
      ...(next.us ? (['USA'] as const) : []),
    ];
    return applyConsentLocations(values, locations);
  }
  return { ...values, privacyModes: privacyModesOf(next) };
}

/** Old → multi-regulation version: consent locations from the privacy modes and requireConsentFrom. */
export function deriveConsentLocations(
  privacyModes: readonly PrivacyMode[],
  requireConsentFrom: RequireConsentFrom,
): ConsentLocation[] {
  const gdpr = privacyModes.includes('GDPR');
  const us = privacyModes.includes('USP');
  if (gdpr && requireConsentFrom === 'always') return ['WORLDWIDE'];
  const locations: ConsentLocation[] = [];
  if (gdpr && requireConsentFrom === 'inEU') locations.push('EEA');
  if (us) locations.push('USA');
  return locations.length ? locations : ['NEVER'];
}

/** Multi-regulation → old version: requireConsentFrom from the locations. */
export function deriveRequireConsentFrom(
  locations: readonly ConsentLocation[],
): RequireConsentFrom {
  if (locations.includes('WORLDWIDE')) return 'always';
  if (locations.includes('EEA')) return 'inEU';
  return 'never';
}

/** Choosing consent locations also sets the privacy modes. */
export function applyConsentLocations<T extends PropertyDraft>(
  values: T,
  locations: ConsentLocation[],
): T {
  return {
    ...values,
    consentLocations: locations,
    privacyModes: privacyModesFromLocations(locations),
  };
}

/**
 * Options a version does not offer are put back to a valid choice, so the form never holds a
 * value it hides: the footer-link auto-popup (v60) falls back to showing the banner
 * automatically (its footer id is cleared, as the save would), URL passthrough and ads data
 * redaction (v56) are turned off, and Consent or Pay (v62) is disabled with its settings kept.
 * Google basic consent and AMP stay as chosen: their controls stay visible with the spec's
 * version message.
 */
function withVersionFeatures<T extends PropertyDraft>(values: T): T {
  const version = values.cmpVersion ?? 'latest';
  let next = values;
  if (next.mspaAutoPopUp === 'link' && !supportsFeature(version, 'mspaFooterLink')) {
    next = { ...next, mspaAutoPopUp: true, mspaFooterHtmlId: '' };
  }
  if (
    (next.urlPassThrough || next.adsDataRedaction) &&
    !supportsFeature(version, 'gbcUrlPassthrough')
  ) {
    next = { ...next, urlPassThrough: false, adsDataRedaction: false };
  }
  if (next.consentOrPayConfig?.enabled && !supportsFeature(version, 'consentOrPay')) {
    next = { ...next, consentOrPayConfig: { ...next.consentOrPayConfig, enabled: false } };
  }
  return next;
}

/**
 * CMP-version switch: moving to a multi-regulation version derives consentLocations from the
 * existing privacyModes and requireConsentFrom; moving back derives requireConsentFrom from them.
 * Options the new version does not offer fall back to valid ones (`withVersionFeatures`).
 */
export function switchCmpVersion<T extends PropertyDraft>(values: T, next: CmpVersionInput): T {
  const before = supportsFeature(values.cmpVersion ?? 'latest', 'consentLocations');
  const after = supportsFeature(next, 'consentLocations');
  if (!before && after) {
    const locations = deriveConsentLocations(
      values.privacyModes ?? ['GDPR'],
      values.requireConsentFrom ?? 'inEU',
    );
    return withVersionFeatures({ ...values, cmpVersion: next, consentLocations: locations });
  }
  if (before && !after) {
    return withVersionFeatures({
      ...values,
      cmpVersion: next,
      requireConsentFrom: deriveRequireConsentFrom(values.consentLocations ?? []),
      privacyModes: privacyModesFromLocations(values.consentLocations ?? []),
    });
  }
  return withVersionFeatures({ ...values, cmpVersion: next });
}

/** A publisher country in the list of countries needing consent forces requireConsentFrom 'always'. */
export function applyPublisherCountry<T extends PropertyDraft>(values: T, publisherCC: string): T {
  const cc = publisherCC.toUpperCase();
  return requiresConsentEverywhere(cc)
    ? { ...values, publisherCC: cc, requireConsentFrom: 'always' }
    : { ...values, publisherCC: cc };
}

/** Subdomains can apply only to a bare domain without AMP. */
export const subdomainsAllowed = (p: Pick<PropertyDraft, 'url' | 'ampEnabled'>): boolean =>
  !p.ampEnabled && isBareDomain(p.url ?? '');

/** A url that is not a bare domain, or AMP, forces applyToSubDomains off. */
export function applySiteUrl<T extends PropertyDraft>(values: T, url: string): T {
  const next = { ...values, url };
  return subdomainsAllowed(next) ? next : { ...next, applyToSubDomains: false };
}

/** Subdomains and AMP are mutually exclusive: checking one disables the other. */
export function setApplyToSubDomains<T extends PropertyDraft>(values: T, checked: boolean): T {
  if (checked && !subdomainsAllowed(values)) return values;
  return { ...values, applyToSubDomains: checked };
}

/** Checking AMP unchecks subdomains and restricts the consent scope to 'Your site only'. */
export function setAmpEnabled<T extends PropertyDraft>(values: T, checked: boolean): T {
  if (!checked) return { ...values, ampEnabled: false };
  if (values.applyToSubDomains)
    return { ...values, ampEnabled: true, applyToSubDomains: false, consentScope: 'service' };
  return { ...values, ampEnabled: true, consentScope: 'service' };
}

/** Whether the AMP checkbox is enabled: not while subdomains are checked. */
export const ampOptionEnabled = (p: Pick<PropertyDraft, 'applyToSubDomains'>): boolean =>
  !p.applyToSubDomains;

/** Consent scopes offered: apps only 'service'; AMP sites only 'service'; other sites all three. */
export function consentScopeOptions(
  propertyType: PropertyType,
  ampEnabled: boolean,
): ConsentScope[] {
  if (propertyType === 'APP' || ampEnabled) return ['service'];
  return ['service', 'service group', 'global'];
}

/**
 * Service group reveals the group URL and the storage mode. A scope where 'I define' is not
 * offered (global) puts the legal basis back to "I don't declare", clearing its purposes.
 */
export function setConsentScope<T extends PropertyDraft>(values: T, scope: ConsentScope): T {
  const declared =
    values.noLegalBasis === false && !canDefineLegalBasis(scope)
      ? declareNoLegalBasis(values)
      : values;
  if (scope === 'service group') {
    return {
      ...declared,
      consentScope: scope,
      thirdPartyStorageType: values.thirdPartyStorageType ?? 'iframe',
    };
  }
  return {
    ...declared,
    consentScope: scope,
    consentScopeGroupURL: '',
    thirdPartyStorageType: null,
  };
}

export const REPROMPT_DAYS = { min: 0, max: 350, default: 30, vendorFacingMin: 6 } as const;

/** repromtDaysAfterGvlUpdate: 0 to 350 days; vendor-facing settings have a minimum of 6. */
export function validateRepromptDays(
  days: number | undefined,
  options: { vendorFacing?: boolean } = {},
  field = 'repromtDaysAfterGvlUpdate',
): Issue[] {
  if (days === undefined || Number.isNaN(days)) return [issue(field, 'required', REQUIRED)];
  if (!Number.isInteger(days) || days < REPROMPT_DAYS.min || days > REPROMPT_DAYS.max) {
    return [issue(field, 'range', REPROMPT_DAYS_RANGE)];
  }
  if (options.vendorFacing && days < REPROMPT_DAYS.vendorFacingMin) {
    return [issue(field, 'minimum', REPROMPT_DAYS_MINIMUM)];
  }
  return [];
}

/**
 * AMP needs version 20 or newer (or latest), the 'Your site only' scope and, with GDPR, an encoding
 * that includes TCF: amp-consent stores the TC string (type 2), it has no GPP type.
 */
export function validateAmp(
  p: Pick<
    PropertyDraft,
    | 'ampEnabled'
    | 'cmpVersion'
    | 'consentScope'
    | 'consentLocations'
    | 'privacyModes'
    | 'gdprEncodingMode'
  >,
): Issue[] {
  if (!p.ampEnabled) return [];
  const issues: Issue[] = [];
  if (!supportsFeature(p.cmpVersion ?? 'latest', 'amp')) {
    issues.push(issue('cmpVersion', 'ampVersion', AMP_VERSION_UNSUPPORTED));
  }
  if ((p.consentScope ?? 'service') !== 'service') {
    issues.push(issue('consentScope', 'ampConsentScope', AMP_CONSENT_SCOPE_INVALID));
  }
  if (p.gdprEncodingMode === 'GPP' && regulationsOf(p).gdpr) {
    issues.push(issue('gdprEncodingMode', 'ampEncoding', AMP_GPP_ONLY_UNSUPPORTED));
  }
  return issues;
}

/** Consent locations required (multi-regulation versions) and at least one regulation. */
export function validateRegulations(p: PropertyDraft): Issue[] {
  if (supportsFeature(p.cmpVersion ?? 'latest', 'consentLocations')) {
    return (p.consentLocations ?? []).length === 0
      ? [issue('consentLocations', 'required', REQUIRED)]
      : [];
  }
  return (p.privacyModes ?? []).length === 0
    ? [issue('privacyModes', 'required', REGULATION_REQUIRED)]
    : [];
}

/**
 * Group scope: a valid group URL and a storage mode; apps only 'Your app only'; 'I define' only
 * under the service or service group scope.
 */
export function validateConsentScope(p: PropertyDraft): Issue[] {
  const scope = p.consentScope ?? 'service';
  if (p.propertyType === 'APP' && scope !== 'service') {
    return [issue('consentScope', 'appScope', CONSENT_SCOPE_UNSUPPORTED)];
  }
  if (p.noLegalBasis === false && !canDefineLegalBasis(scope)) {
    return [issue('noLegalBasis', 'legalBasisScope', LEGAL_BASIS_SCOPE_UNSUPPORTED)];
  }
  if (scope !== 'service group') return [];
  const issues: Issue[] = [];
  if (isBlank(p.consentScopeGroupURL))
    issues.push(issue('consentScopeGroupURL', 'required', REQUIRED));
  else if (!isValidUrl(p.consentScopeGroupURL ?? ''))
    issues.push(issue('consentScopeGroupURL', 'url', INVALID_URL));
  if (!p.thirdPartyStorageType)
    issues.push(issue('thirdPartyStorageType', 'required', GROUP_STORAGE_REQUIRED));
  return issues;
}

/** Non-blocking warnings of properties-and-tags §5. */
export function propertyWarnings(p: PropertyDraft): string[] {
  const warnings: string[] = [];
  const { gdpr, us } = regulationsOf(p);
  if (gdpr && us) warnings.push(WARNING_GDPR_AND_US);
  if (gdpr && p.gdprEncodingMode && p.gdprEncodingMode !== 'TCF_AND_GPP')
    warnings.push(WARNING_SINGLE_ENCODING);
  if (p.ampEnabled && gdpr && (p.gdprEncodingMode ?? 'TCF_AND_GPP') === 'TCF_AND_GPP')
    warnings.push(WARNING_AMP_TCF_AND_GPP);
  if (p.ampEnabled && us) warnings.push(WARNING_AMP_US);
  return warnings;
}
