/**
 * `@assent/core/runtime`: what the consent runtime (packages/banner) may take from core, and the
 * only core entry it may import (enforced by lint). Zod-free: runtime.test.ts bundles this entry and
 * fails if zod or a schema module is in it. Explicit named exports only.
 */
export { pickLanguage } from '../pick-language';
export { AB_VARIANT_COOKIE, abTestVariant } from './ab-variant';
export { isSafeLink } from '../validation';
export {
  allowedLegitimateInterestPurposes,
  AMP_CONSENT_STRING_TYPE,
  AMP_MAX_CONSENT_STRING_LENGTH,
  ampConsentStringType,
  bannerConsentModeDefaults,
  compactVendor,
  CONSENT_COOKIES,
  CONSENT_LIFETIME_MONTHS,
  CONSENT_LIFETIME_SECONDS,
  encodeAcString,
  fillPlaceholders,
  idsOf,
  isGdprCountry,
  LI_FORBIDDEN_PURPOSES,
  LOCATOR_APIS,
  maskOf,
  MSPA_OPT_OUT_PURPOSES,
  parseAcString,
  partnerCount,
  regulationFor,
  regulationForConfig,
  textsFor,
  usSectionNames,
} from './rules';
export type {
  BannerConsentModeDefaults,
  GoogleVendorNames,
  GvlVendorDeclarations,
  StoredConsentKey,
  VisitorRegion,
} from './rules';
export type { AmpConsentMetadata } from './amp';
export { vendorSets } from './vendor-sets';
export type { BannerVendorSets } from './vendor-sets';
export type { ConsentChoices, ConsentRecordBeacon } from '../audit-log/consent-record';
export { stateSensitiveDataProcessing, usSignal } from './us-signal';
export type { Tri, UsChoice, UsSignal } from './us-signal';
export {
  GBC_REPORTED_SIGNALS,
  gbcAppliesTo,
  gbcDefaultOutcome,
  gbcVisitCode,
  parseUserAgent,
  visitBase,
  visitEvent,
} from './visit';
export type { ConsentModeState, VisitBase } from './visit';
export type {
  BannerAbTest,
  BannerColors,
  BannerConfig,
  BannerConfigInput,
  BannerConsentOrPay,
  BannerConsentScope,
  BannerCopTexts,
  BannerCustomVendor,
  BannerGbc,
  BannerGdpr,
  BannerLabels,
  BannerLink,
  BannerLinkLocation,
  BannerMspa,
  BannerPublisherTC,
  BannerRestriction,
  BannerRichBlock,
  BannerRichRun,
  BannerRichText,
  BannerTexts,
  BannerTheme,
  BannerUs,
  BannerUsTexts,
  BannerVendor,
  ConsentModeSignal,
  TcfPolicyVersion,
  TcfRestrictionType,
  VisitEvent,
  VisitorRegulation,
} from './config';
