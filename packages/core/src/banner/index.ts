export { AmpConsentCheckRequest, answerAmpConsentCheck } from './amp';
export type { AmpConsentCheckResponse, AmpConsentMetadata } from './amp';
export {
  BANNER_DEFAULT_COLORS,
  BannerColors,
  BannerConfig,
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
  VISIT_EVENT_MAX_BYTES,
  VISIT_OUTCOMES,
  VisitEvent,
  VisitorRegulation,
} from './config';
export type { BannerConfigInput } from './config';
export {
  BANNER_DE_TEXTS,
  BANNER_EN_TEXTS,
  BANNER_FIXTURE_VENDORS,
  bannerConfigFixture,
} from './fixtures';
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
  maskOf,
  MSPA_OPT_OUT_PURPOSES,
  parseAcString,
  partnerCount,
  regulationFor,
  regulationForConfig,
  textsFor,
  usSectionNames,
} from './rules';
export { packVendors, vendorSets } from './vendor-sets';
export type { BannerVendorSets, DeclaredVendorsGdpr } from './vendor-sets';
export type {
  BannerConsentModeDefaults,
  GoogleVendorNames,
  GvlVendorDeclarations,
  StoredConsentKey,
  VisitorRegion,
} from './rules';
export {
  BANNER_CONFIG_FIELD_EFFECTS,
  bannerCmpId,
  bannerConfigVersion,
  cmpIdWarning,
  bannerPrivacyBody,
  bannerStubOptions,
  compileBannerConfig,
  compileGbc,
  consentGroupKey,
  htmlToRichText,
  universalConsentModeDefaults,
  universalStubOptions,
  UNREGISTERED_CMP_ID,
  UNREGISTERED_CMP_ID_WARNING,
  visitorRegionFallback,
  withAbTest,
  withUniversalConsentMode,
} from './compile';
export { stateSensitiveDataProcessing, usSignal } from './us-signal';
export type { Tri, UsChoice, UsSignal } from './us-signal';
export type {
  AbTestVariantConfig,
  BannerCompileInput,
  BannerStubOptions,
  FieldEffect,
  FieldEffects,
} from './compile';
export { AB_VARIANT_COOKIE, abTestVariant } from './ab-variant';
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
/** The consent beacon's body (declared with the consent record it becomes, in audit-log). */
export { ConsentRecordBeacon } from '../audit-log/consent-record';
