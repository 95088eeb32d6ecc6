export type { AbTestVariantConfig } from './ab-test';
export { withAbTest } from './ab-test';
export {
  UNREGISTERED_CMP_ID,
  UNREGISTERED_CMP_ID_WARNING,
  bannerCmpId,
  cmpIdWarning,
} from './cmp-id';
export type { BannerCompileInput } from './compile';
export { compileBannerConfig } from './compile';
export type { FieldEffect, FieldEffects } from './config-version';
export { BANNER_CONFIG_FIELD_EFFECTS, bannerConfigVersion } from './config-version';
export { consentGroupKey } from './consent-scope';
export { bannerPrivacyBody, htmlToRichText } from './sanitize-html';
export type { BannerStubOptions } from './stub';
export {
  bannerStubOptions,
  universalConsentModeDefaults,
  universalStubOptions,
  visitorRegionFallback,
  withUniversalConsentMode,
} from './stub';
export { compileGbc } from './gbc';
