import { resolveCmpVersion, supportsFeature } from '../../property/cmp-version';
import { deriveConsentLocations, regulationsOf } from '../../property/regulations';
import type { PropertyValues } from '../../property/schema';
import type { ThemeValues } from '../../theme/schema';
import type { TextChangeRequest } from '../../theme/text-change-request';
import type { VendorListResponse } from '../../vendors/vendor-list';
import type { BannerConfig, BannerConfigInput, BannerGdpr } from '../config';
import { BannerConfig as BannerConfigSchema } from '../config';
import { bannerCmpId } from './cmp-id';
import { bannerConfigVersion } from './config-version';
import { compileConsentOrPay } from './consent-or-pay';
import { compileConsentScope } from './consent-scope';
import { compileGbc } from './gbc';
import type { CompileVendorSelection } from './gdpr';
import { compileGdpr } from './gdpr';
import { entriesInUse, languageTexts } from './texts';
import { compileBannerTheme } from './theme';
import { compileUs } from './us';

/**
 * The server's side of the consent runtime, as pure functions: the banner configuration compiled
 * from a property, its theme and the account's vendors, one section per module.
 */

/** What the banner of one property is compiled from. */
export interface BannerCompileInput {
  /** The stored property (its `uuid` becomes `propertyId`). */
  property: PropertyValues & { uuid: string };
  /** The property's theme; `themeId` is 'preview' for unsaved values. */
  theme: ThemeValues & { themeId: string };
  /** The Global Vendor List (v3) the banner asks consent for. */
  vendorList: VendorListResponse;
  /**
   * The account's vendor selection. An account that never saved one (`updatedAt` null) gets every
   * vendor of the list.
   */
  vendorSelection: CompileVendorSelection;
  /** The operator's IAB CMP id (ASSENT_CMP_ID); see `bannerCmpId`. */
  cmpId: number;
  /**
   * Where group consent is stored for 'service group' properties (Assent's group endpoint: the
   * frame page for iframe storage, the storage URL for api storage). Default: the group URL itself.
   */
  groupUrl?: string;
  /**
   * The theme's text change requests. When given, an Advanced Customisation or Consent-or-Pay
   * language entry applies only once its latest request is approved (the standard text applies
   * while one is in review); when absent (the preview) the entries apply as they are.
   */
  textRequests?: readonly TextChangeRequest[];
}

/**
 * Compiles the banner configuration of a property: regulations and consent locations, consent
 * scope, TCF (the policy version of the vendor list in use; the disclosed-vendors segment always
 * from the 'tcf23' release; purposes, LI, special features and
 * stacks from the property's legal basis, else from the vendors' declarations; vendors in scope;
 * publisher restrictions from the theme), US privacy (USP and MSPA), Google basic consent, Consent
 * or Pay, and the theme's look and texts per language (defaults where the theme leaves them empty).
 * Deterministic; the result parses with `BannerConfig`. `configVersion` hashes only what must
 * discard stored choices when it changes (`BANNER_CONFIG_FIELD_EFFECTS`).
 */
export function compileBannerConfig(input: BannerCompileInput): BannerConfig {
  const { property, theme, vendorList: list } = input;
  const version = property.cmpVersion;
  const regulations = regulationsOf(property);
  const locations = supportsFeature(version, 'consentLocations')
    ? property.consentLocations
    : deriveConsentLocations(property.privacyModes, property.requireConsentFrom);

  const gdpr: BannerGdpr | undefined = regulations.gdpr
    ? compileGdpr(property, theme, list, input.vendorSelection, supportsFeature(version, 'tcf23'))
    : undefined;

  const advanced = entriesInUse(
    theme.advancedCustomizationSettings,
    theme.themeId,
    'advanced',
    input.textRequests,
  );
  const languages = [...new Set([theme.language, ...advanced.keys()])].sort((a, b) =>
    a === theme.language ? -1 : b === theme.language ? 1 : a < b ? -1 : 1,
  );
  const us = regulations.us ? compileUs(property) : undefined;
  const textContext = {
    theme,
    property,
    list,
    gdpr,
    us: regulations.us,
    sensitiveCategories: us?.mspa?.sensitiveDataCategories ?? [],
  };
  const texts = Object.fromEntries(
    languages.map((language) => [
      language,
      languageTexts(language, advanced.get(language), textContext),
    ]),
  );

  const consentOrPay = compileConsentOrPay(
    property,
    theme,
    gdpr,
    languages,
    texts,
    input.textRequests,
  );
  const gbc = compileGbc(property);
  const config: Omit<BannerConfigInput, 'configVersion'> = {
    schema: 1,
    propertyId: property.uuid,
    themeId: theme.themeId,
    cmpId: bannerCmpId(input.cmpId),
    cmpVersion: resolveCmpVersion(version),
    consentLocations: locations.length ? [...locations] : ['NEVER'],
    consentScope: compileConsentScope(property, input.groupUrl),
    repromtDaysAfterGvlUpdate: Math.min(350, Math.max(0, property.repromtDaysAfterGvlUpdate)),
    ...(gdpr ? { gdpr } : {}),
    ...(us ? { us } : {}),
    ...(gbc ? { gbc } : {}),
    ...(consentOrPay ? { consentOrPay } : {}),
    theme: compileBannerTheme(theme, texts),
  };
  return BannerConfigSchema.parse({ ...config, configVersion: bannerConfigVersion(config) });
}
