import {
  allowedLegitimateInterestPurposes,
  encodeAcString,
  parseAcString,
  vendorSets,
} from '@assent/core/runtime';
import type { BannerGdpr, ConsentChoices } from '@assent/core/runtime';
import type { TCModel } from './tcstring';

/** A visitor's GDPR choices: what the TC string and consent mode are computed from. */
export interface Choices {
  purposes: Set<number>;
  purposesLI: Set<number>;
  specialFeatures: Set<number>;
  vendors: Set<number>;
  vendorsLI: Set<number>;
  /** Publisher custom purposes consented (publisher TC segment). */
  custom: Set<number>;
  /** Google ad-technology providers consented (AC string). */
  google: Set<number>;
  /** Non-IAB (custom) vendors consented, by id. */
  others: Set<string>;
}

const customIds = (gdpr: BannerGdpr, basis: 'CONSENT' | 'LEGITIMATE_INTEREST') =>
  (gdpr.publisherTC?.customPurposes ?? []).filter((c) => c.legalBasis === basis).map((c) => c.id);

export function acceptAllChoices(gdpr: BannerGdpr): Choices {
  return {
    purposes: new Set(gdpr.consentPurposes),
    purposesLI: new Set(allowedLegitimateInterestPurposes(gdpr.legitimateInterestPurposes)),
    specialFeatures: new Set(gdpr.specialFeatures),
    vendors: new Set(vendorSets(gdpr).consent),
    vendorsLI: new Set(vendorSets(gdpr).li),
    custom: new Set(customIds(gdpr, 'CONSENT')),
    google: new Set(gdpr.googleVendors),
    others: new Set(gdpr.customVendors.map((v) => v.id)),
  };
}

/**
 * Legitimate interest is objection-based: until the visitor objects, every purpose and vendor
 * accept all would give it to has it, and nothing is consented (the shown UI's TC string, and
 * where the second layer's toggles start before a first choice).
 */
export function notObjectedChoices(gdpr: BannerGdpr): Choices {
  const all = acceptAllChoices(gdpr);
  return { ...rejectAllChoices(), purposesLI: all.purposesLI, vendorsLI: all.vendorsLI };
}

/** Reject all withdraws consent and also objects to legitimate interest (as easy as accepting). */
export const rejectAllChoices = (): Choices => ({
  purposes: new Set(),
  purposesLI: new Set(),
  specialFeatures: new Set(),
  vendors: new Set(),
  vendorsLI: new Set(),
  custom: new Set(),
  google: new Set(),
  others: new Set(),
});

export const cloneChoices = (c: Choices): Choices => ({
  purposes: new Set(c.purposes),
  purposesLI: new Set(c.purposesLI),
  specialFeatures: new Set(c.specialFeatures),
  vendors: new Set(c.vendors),
  vendorsLI: new Set(c.vendorsLI),
  custom: new Set(c.custom),
  google: new Set(c.google),
  others: new Set(c.others),
});

export type Outcome = 'acceptAll' | 'rejectAll' | 'partial';

const sameSet = <T>(a: Set<T>, b: Set<T>) => a.size === b.size && [...a].every((x) => b.has(x));

export function outcomeOf(gdpr: BannerGdpr, c: Choices): Outcome {
  const all = acceptAllChoices(gdpr);
  const keys = [
    'purposes',
    'purposesLI',
    'specialFeatures',
    'vendors',
    'vendorsLI',
    'google',
    'others',
  ] as const;
  if (keys.every((k) => sameSet<number | string>(c[k], all[k]))) return 'acceptAll';
  if (keys.every((k) => c[k].size === 0)) return 'rejectAll';
  return 'partial';
}

export interface EncodeContext {
  cmpId: number;
  cmpVersion: number;
  language: string;
  /** 1 first layer, 2 second layer. */
  screen: number;
  now: Date;
  /** When the first choice was made; `now` for a first choice. */
  created?: Date;
}

/** The TC model for a visitor's choices under the publisher's settings. */
export function toTCModel(gdpr: BannerGdpr, c: Choices, ctx: EncodeContext): TCModel {
  const inScope = (ids: Set<number>, allowed: readonly number[]) =>
    allowed.filter((id) => ids.has(id));
  const allVendors = vendorSets(gdpr).ids;
  const pub = gdpr.publisherTC;
  const numCustom = (pub?.customPurposes ?? []).reduce((m, p) => Math.max(m, p.id), 0);
  return {
    created: ctx.created ?? ctx.now,
    lastUpdated: ctx.now,
    cmpId: ctx.cmpId,
    cmpVersion: ctx.cmpVersion,
    consentScreen: ctx.screen,
    consentLanguage: ctx.language.toUpperCase(),
    vendorListVersion: gdpr.vendorListVersion,
    tcfPolicyVersion: gdpr.tcfPolicyVersion,
    isServiceSpecific: gdpr.isServiceSpecific,
    useNonStandardTexts: false,
    specialFeatureOptins: inScope(c.specialFeatures, gdpr.specialFeatures),
    purposeConsents: inScope(c.purposes, gdpr.consentPurposes),
    purposeLegitimateInterests: inScope(
      c.purposesLI,
      allowedLegitimateInterestPurposes(gdpr.legitimateInterestPurposes),
    ),
    purposeOneTreatment: gdpr.purposeOneTreatment,
    publisherCC: gdpr.publisherCC,
    vendorConsents: inScope(c.vendors, allVendors),
    vendorLegitimateInterests: inScope(c.vendorsLI, allVendors),
    restrictions: gdpr.restrictions,
    ...(gdpr.tcfPolicyVersion >= 5 || gdpr.includeVendorsDisclosedSegment
      ? { disclosedVendors: allVendors }
      : {}),
    ...(pub
      ? {
          publisherTC: {
            consents: inScope(c.purposes, pub.consents),
            legitimateInterests: inScope(
              c.purposesLI,
              allowedLegitimateInterestPurposes(pub.legitimateInterests),
            ),
            numCustomPurposes: numCustom,
            customConsents: inScope(c.custom, customIds(gdpr, 'CONSENT')),
            customLegitimateInterests: c.purposesLI.size
              ? customIds(gdpr, 'LEGITIMATE_INTEREST')
              : [],
          },
        }
      : {}),
  };
}

/**
 * The choices stored strings carry, to restore the second layer's toggles: the TC string, the
 * AC string (Google providers) and the non-IAB vendors' consents (`vendorConsentsOf`).
 */
export const choicesFromStored = (
  m: TCModel,
  stored: { acString?: string; vendorConsents?: string } = {},
): Choices => ({
  purposes: new Set(m.purposeConsents),
  purposesLI: new Set(m.purposeLegitimateInterests),
  specialFeatures: new Set(m.specialFeatureOptins),
  vendors: new Set(m.vendorConsents),
  vendorsLI: new Set(m.vendorLegitimateInterests),
  custom: new Set(m.publisherTC?.customConsents ?? []),
  google: new Set(parseAcString(stored.acString)?.consented),
  others: new Set(parseVendorConsents(stored.vendorConsents)),
});

/**
 * Google's AC string for the choices: the providers the banner disclosed, those consented first.
 * Undefined when the property asks no Google provider.
 */
export const acStringOf = (gdpr: BannerGdpr, c: Choices): string | undefined =>
  gdpr.googleVendors.length ? encodeAcString(gdpr.googleVendors, c.google) : undefined;

/**
 * A stored AC string as this config sees it: the providers the config still asks, those consented
 * first (a provider added since was not disclosed to the visitor, so it is neither).
 */
export function restoredAcString(gdpr: BannerGdpr, stored: string | undefined): string | undefined {
  const parsed = parseAcString(stored);
  if (!gdpr.googleVendors.length || !parsed) return undefined;
  const asked = new Set(gdpr.googleVendors);
  return encodeAcString(
    parsed.disclosed.filter((id) => asked.has(id)),
    new Set(parsed.consented),
  );
}

/**
 * The non-IAB vendors consented to, as stored: `1~` and the ids in the config's order joined by
 * '.'. Undefined when the account has no custom vendor.
 */
export const vendorConsentsOf = (gdpr: BannerGdpr, c: Choices): string | undefined =>
  gdpr.customVendors.length
    ? `1~${gdpr.customVendors
        .filter((v) => c.others.has(v.id))
        .map((v) => v.id)
        .join('.')}`
    : undefined;

const parseVendorConsents = (stored: string | undefined): string[] =>
  /^1~/.test(stored ?? '') ? stored!.slice(2).split('.').filter(Boolean) : [];

const sorted = (set: Set<number>) => [...set].sort((a, b) => a - b);

/** GDPR choices as a consent record carries them (the runtime's choices and the AMP prompt's). */
export const recordedChoices = (
  choices: Choices,
  outcome: ConsentChoices['outcome'],
): ConsentChoices => ({
  outcome,
  purposes: sorted(choices.purposes),
  legitimateInterests: sorted(choices.purposesLI),
  specialFeatures: sorted(choices.specialFeatures),
  vendors: sorted(choices.vendors),
  vendorLegitimateInterests: sorted(choices.vendorsLI),
  googleVendors: sorted(choices.google),
  customVendors: [...choices.others],
});
