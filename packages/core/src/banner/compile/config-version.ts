import { canonicalJson } from '../../equal';
import type { BannerConfig, BannerConfigInput } from '../config';
import { stableHash } from './hash';

/**
 * What a change of each configuration field does to visitors who already chose: 'reprompt' fields
 * are hashed into `configVersion`, so changing one discards stored choices and asks again;
 * 'silent' fields (texts, look, vendor list details, Consent Mode defaults) apply from the next page
 * view without asking again. A vendor list update re-asks by its own rule (`repromtDaysAfterGvlUpdate`).
 */
export type FieldEffect = 'reprompt' | 'silent';

/** An effect for every field of a section, or a table of its own for a nested section. */
export type FieldEffects<T> = {
  readonly [K in keyof T]-?: FieldEffect | FieldEffects<NonNullable<T[K]>>;
};

/**
 * Every field of the compiled banner configuration, classified. The type requires every key of
 * `BannerConfig` (and of the sections listed field by field), so a new field does not compile
 * until it is classified here.
 */
export const BANNER_CONFIG_FIELD_EFFECTS = {
  schema: 'silent',
  configVersion: 'silent',
  propertyId: 'silent',
  themeId: 'silent',
  abVariant: 'silent',
  abTest: 'silent',
  cmpId: 'reprompt',
  cmpVersion: 'silent',
  consentLocations: 'reprompt',
  consentScope: 'reprompt',
  cookieDomain: 'silent',
  repromtDaysAfterGvlUpdate: 'silent',
  gdpr: {
    encodingMode: 'reprompt',
    tcfPolicyVersion: 'reprompt',
    vendorListVersion: 'silent',
    vendorListUpdatedAt: 'silent',
    consentPurposes: 'reprompt',
    legitimateInterestPurposes: 'reprompt',
    specialFeatures: 'reprompt',
    stacks: 'silent',
    purposeOneTreatment: 'reprompt',
    publisherCC: 'reprompt',
    isServiceSpecific: 'reprompt',
    includeVendorsDisclosedSegment: 'silent',
    vendors: 'silent',
    restrictions: 'reprompt',
    googleVendors: 'silent',
    customVendors: 'silent',
    publisherTC: 'reprompt',
    storageMonths: 'silent',
  },
  us: {
    uspEnabled: 'reprompt',
    uspLspact: 'reprompt',
    uspJurisdiction: 'reprompt',
    mspa: {
      coveredTransaction: 'reprompt',
      jurisdiction: 'reprompt',
      optOutPurposes: 'reprompt',
      sensitiveDataCategories: 'reprompt',
      childSensitiveData: 'reprompt',
      autoPopUp: 'reprompt',
      footerElementId: 'reprompt',
    },
  },
  gbc: {
    enabled: 'silent',
    regions: 'silent',
    purposes: 'silent',
    urlPassThrough: 'silent',
    adsDataRedaction: 'silent',
  },
  consentOrPay: {
    enabled: 'silent',
    countries: 'reprompt',
    layout: 'silent',
    callbacks: 'reprompt',
    redirect: 'silent',
    texts: 'silent',
  },
  theme: {
    displayUi: 'silent',
    initialScreen: 'silent',
    colors: 'silent',
    rejectButton: 'silent',
    closeButton: 'silent',
    persistentLink: 'silent',
    customCss: 'silent',
    defaultLanguage: 'silent',
    texts: 'silent',
  },
} as const satisfies FieldEffects<BannerConfig>;

type EffectTable = { readonly [key: string]: FieldEffect | EffectTable };

const hasReprompt = (table: EffectTable): boolean =>
  Object.values(table).some((e) => e === 'reprompt' || (typeof e === 'object' && hasReprompt(e)));

/** The 'reprompt' fields of a value (nested sections without any are left out). */
function repromptPart(value: unknown, table: EffectTable): unknown {
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, effect] of Object.entries(table)) {
    const field = (value as Record<string, unknown>)[key];
    if (effect === 'reprompt') out[key] = field;
    else if (effect !== 'silent' && hasReprompt(effect)) out[key] = repromptPart(field, effect);
  }
  return out;
}

/**
 * The configuration's version: a hash of its 'reprompt' fields only, so it changes exactly when
 * stored choices must be discarded.
 */
export const bannerConfigVersion = (config: Omit<BannerConfigInput, 'configVersion'>): string =>
  `v${stableHash(canonicalJson(repromptPart(config, BANNER_CONFIG_FIELD_EFFECTS)))}`;
