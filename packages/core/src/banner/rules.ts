import { EEA_COUNTRIES, MSPA_STATES } from '../regions';
import type { ConsentLocation } from '../property/schema';
import type {
  BannerConfig,
  BannerGbc,
  BannerGdpr,
  BannerVendor,
  BannerMspa,
  VisitorRegulation,
  BannerTexts,
} from './config';

/**
 * The banner's rules as pure functions, shared by the server (which compiles the config and answers
 * AMP) and the runtime (which the visitor's browser runs). This file stays free of zod so the
 * runtime bundles it without the schema library.
 */

export { CONSENT_LIFETIME_MONTHS, CONSENT_LIFETIME_SECONDS } from './consent-lifetime';

/**
 * The cookies (and group-storage keys) the runtime stores a visitor's choice in: the strings
 * vendors read (TC string, Google's Additional Consent string, GPP, US privacy) and the runtime's
 * own (non-IAB vendor consents, the meta `configVersion|outcome|epochSeconds`).
 */
export const CONSENT_COOKIES = {
  tcString: 'euconsent-v2',
  acString: 'addtl_consent',
  gppString: 'assent-gpp',
  uspString: 'usprivacy',
  vendorConsents: 'assent-vendors',
  meta: 'assent-meta',
} as const;
export type StoredConsentKey = keyof typeof CONSENT_COOKIES;

/** Google's ad-technology providers by id, as `BANNER_PATHS.googleVendors` serves them. */
export type GoogleVendorNames = Record<string, { name: string; policyUrl?: string }>;

/** A visitor's region as the server resolves it from the request (ISO country, US state code). */
export interface VisitorRegion {
  country: string;
  state?: string;
}

/** Countries the 'EEA' consent location covers: the EEA and the United Kingdom (shown as EEA & UK). */
export const isGdprCountry = (country: string): boolean => {
  const c = country.toUpperCase();
  return c === 'GB' || (EEA_COUNTRIES as readonly string[]).includes(c);
};

/**
 * Which UI a visitor gets. Worldwide, or EEA and USA, give GDPR and US (US visitors get the US
 * screen: US regulation takes precedence); only EEA gives GDPR to EEA & UK visitors; only USA gives
 * the US screen to US visitors; NEVER gives nothing. A regulation without settings gives nothing.
 */
export function regulationFor(
  locations: readonly ConsentLocation[],
  region: VisitorRegion,
  has: { gdpr: boolean; us: boolean },
): VisitorRegulation {
  if (locations.includes('NEVER') && locations.length === 1) return 'NONE';
  const country = region.country.toUpperCase();
  const worldwide = locations.includes('WORLDWIDE');
  if (country === 'US' && has.us && (worldwide || locations.includes('USA'))) return 'US';
  if (!has.gdpr) return 'NONE';
  if (worldwide) return 'GDPR';
  if (locations.includes('EEA') && isGdprCountry(country)) return 'GDPR';
  return 'NONE';
}

export const regulationForConfig = (
  config: BannerConfig,
  region: VisitorRegion,
): VisitorRegulation =>
  regulationFor(config.consentLocations, region, { gdpr: !!config.gdpr, us: !!config.us });

/**
 * The CMP APIs whose locator frames (`{api}Locator`) a visitor's page creates once the runtime has
 * told the stub the visitor's regulation (issue 16, return visits): TCF where GDPR applies, USP
 * where the US regulation does, and GPP everywhere (it answers "not applicable" itself). A frame
 * costs the page a document; a cross-frame caller of another API finds no CMP, as on a site
 * without that regulation.
 */
export const LOCATOR_APIS: Record<VisitorRegulation, readonly string[]> = {
  GDPR: ['__tcfapi', '__gpp'],
  US: ['__gpp', '__uspapi'],
  NONE: ['__gpp'],
};

/** The GPP section names a US visitor's string carries: usnat, plus the state's own section. */
export function usSectionNames(mspa: BannerMspa | undefined, state: string | undefined): string[] {
  if (!mspa || mspa.jurisdiction === 'NATIONAL' || !state) return ['usnat'];
  const framework = MSPA_STATES.find((s) => s.state === state.toUpperCase());
  return framework ? ['usnat', framework.gppSection] : ['usnat'];
}

/** MSPA opt-out purposes (1 to 4 are the allowed opt-out ids). */
export const MSPA_OPT_OUT_PURPOSES = {
  SALE: 1,
  SHARING: 2,
  TARGETED_ADVERTISING: 3,
  SENSITIVE_DATA: 4,
} as const;

/** TCF 2.2: legitimate interest is not allowed for purposes 3 to 6. */
export const LI_FORBIDDEN_PURPOSES: readonly number[] = [3, 4, 5, 6];

export const allowedLegitimateInterestPurposes = (ids: readonly number[]): number[] =>
  ids.filter((id) => !LI_FORBIDDEN_PURPOSES.includes(id));

/** Bit mask of ids (bit n-1 for id n). */
export const maskOf = (ids: readonly number[]): number =>
  ids.reduce((mask, id) => mask | (1 << (id - 1)), 0);

export function idsOf(mask: number): number[] {
  const ids: number[] = [];
  for (let id = 1; mask >> (id - 1); id++) if ((mask >> (id - 1)) & 1) ids.push(id);
  return ids;
}

/** The shape of a vendor in the IAB Global Vendor List that the compact form needs. */
export interface GvlVendorDeclarations {
  id: number;
  purposes: readonly number[];
  legIntPurposes: readonly number[];
  flexiblePurposes: readonly number[];
  specialFeatures: readonly number[];
  deletedDate?: string;
}

/** The compact vendor entry of the banner config. */
export const compactVendor = (v: GvlVendorDeclarations): BannerVendor => [
  v.id,
  maskOf(v.purposes),
  maskOf(v.legIntPurposes),
  maskOf(v.flexiblePurposes),
  maskOf(v.specialFeatures),
];

/** The partners the banner names (`{{partnerCount}}`): IAB vendors, Google providers, custom vendors. */
export const partnerCount = (
  gdpr: Pick<BannerGdpr, 'vendors'> & Partial<Pick<BannerGdpr, 'googleVendors' | 'customVendors'>>,
): number =>
  gdpr.vendors.replace(/0/g, '').length +
  (gdpr.googleVendors?.length ?? 0) +
  (gdpr.customVendors?.length ?? 0);

/**
 * Google's Additional Consent string (v2): `2~{consented ids}~dv.{disclosed, not consented ids}`,
 * ids dot-separated in ascending order, for the Google ad-technology providers the banner showed.
 */
export function encodeAcString(
  disclosed: readonly number[],
  consented: ReadonlySet<number>,
): string {
  const ids = [...new Set(disclosed)].sort((a, b) => a - b);
  const yes = ids.filter((id) => consented.has(id));
  const no = ids.filter((id) => !consented.has(id));
  return `2~${yes.join('.')}~dv.${no.join('.')}`;
}

/** Reads an AC string (v1 `1~ids` or v2): undefined when it is not one. */
export function parseAcString(
  ac: string | undefined,
): { consented: number[]; disclosed: number[] } | undefined {
  const m = /^(?:1~([\d.]*)|2~([\d.]*)~dv\.([\d.]*))$/.exec(ac ?? '');
  if (!m) return undefined;
  const ids = (list: string | undefined) => (list ?? '').split('.').filter(Boolean).map(Number);
  const consented = ids(m[1] ?? m[2]);
  return { consented, disclosed: [...consented, ...ids(m[3])].sort((a, b) => a - b) };
}

/**
 * Fills `{{name}}` placeholders with the values' own names only (a null-prototype copy, so
 * `{{constructor}}` or `{{toString}}` stay as written); unknown names are left as they are.
 */
export function fillPlaceholders(text: string, values: Record<string, string | number>): string {
  const own: Record<string, string | number> = Object.assign(Object.create(null), values);
  return text.replace(/\{\{(\w+)\}\}/g, (all, name: string) =>
    Object.hasOwn(own, name) ? String(own[name]) : all,
  );
}

/** The texts for a visitor's chosen language, falling back to the theme's default language. */
export function textsFor(
  texts: Record<string, BannerTexts>,
  language: string,
  fallback: string,
): BannerTexts | undefined {
  return texts[language] ?? texts[fallback] ?? Object.values(texts)[0];
}

/**
 * amp-consent's consent string types (amphtml `CONSENT_STRING_TYPE`: 1 TCF v1, 2 TCF v2, 3 US
 * privacy string). It has no GPP type: a string sent as 4 is dropped (issue 15 item 5).
 */
export const AMP_CONSENT_STRING_TYPE = { TCF_V2: 2, US_PRIVACY_STRING: 3 } as const;

/** amp-consent stores consent strings of at most this many characters. */
export const AMP_MAX_CONSENT_STRING_LENGTH = 1200;

/**
 * The consent string type an AMP page stores: the TC string when GDPR applies, else the US privacy
 * string, whatever the encoding mode (amp-consent reads no GPP string; decisions.md).
 */
export function ampConsentStringType(gdpr: boolean): number {
  return gdpr ? AMP_CONSENT_STRING_TYPE.TCF_V2 : AMP_CONSENT_STRING_TYPE.US_PRIVACY_STRING;
}

/** gtag consent defaults as the stub issues them. */
export interface BannerConsentModeDefaults {
  defaults: Array<Record<string, string | number | string[]>>;
  urlPassThrough?: boolean;
  adsDataRedaction?: boolean;
}

/** Google consent mode defaults for the stub: one `default` with its regions, `wait_for_update`. */
export function bannerConsentModeDefaults(
  gbc: BannerGbc,
  waitForUpdateMs = 500,
): BannerConsentModeDefaults {
  const defaults: Record<string, string | number | string[]> = { wait_for_update: waitForUpdateMs };
  for (const p of gbc.purposes) defaults[p.id] = p.default === 'GRANTED' ? 'granted' : 'denied';
  if (gbc.regions.length) defaults.region = gbc.regions;
  return {
    defaults: [defaults],
    urlPassThrough: gbc.urlPassThrough,
    adsDataRedaction: gbc.adsDataRedaction,
  };
}
