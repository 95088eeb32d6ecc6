import { z } from 'zod';
import { AbTestingSiteCollection } from './ab-test';
import { CmpVersion, DEFAULT_CMP_VERSION } from './cmp-version';
import { ConsentOrPayConfig } from './consent-or-pay';
import { oneLineText } from '../text';

export const PropertyType = z.enum(['SITE', 'APP']);
export type PropertyType = z.infer<typeof PropertyType>;
export const PROPERTY_TYPE_LABELS: Record<PropertyType, string> = { SITE: 'Site', APP: 'App' };

/** Where consent is asked (themes-and-bulk-update §9). */
export const ConsentLocation = z.enum(['WORLDWIDE', 'EEA', 'USA', 'NEVER']);
export type ConsentLocation = z.infer<typeof ConsentLocation>;
export const CONSENT_LOCATION_LABELS: Record<ConsentLocation, string> = {
  WORLDWIDE: 'Worldwide',
  EEA: 'EEA & UK',
  USA: 'USA',
  NEVER: 'Never',
};

/** The single-regulation setting of old CMP versions. */
export const RequireConsentFrom = z.enum(['always', 'inEU', 'never']);
export type RequireConsentFrom = z.infer<typeof RequireConsentFrom>;
export const REQUIRE_CONSENT_FROM_LABELS: Record<RequireConsentFrom, string> = {
  always: 'Everyone (worldwide)',
  inEU: 'Visitors in the EEA & UK',
  never: 'Never',
};

export const ConsentScope = z.enum(['service', 'service group', 'global']);
export type ConsentScope = z.infer<typeof ConsentScope>;
export const SITE_CONSENT_SCOPE_LABELS: Record<ConsentScope, string> = {
  service: 'Your site only',
  'service group': 'Group of sites',
  global: 'All sites (global)',
};
export const APP_CONSENT_SCOPE_LABELS: Partial<Record<ConsentScope, string>> = {
  service: 'Your app only',
};

export const ThirdPartyStorageType = z.enum(['iframe', 'api']);
export type ThirdPartyStorageType = z.infer<typeof ThirdPartyStorageType>;

export const PrivacyMode = z.enum(['GDPR', 'USP']);
export type PrivacyMode = z.infer<typeof PrivacyMode>;

export const GdprEncodingMode = z.enum(['TCF', 'GPP', 'TCF_AND_GPP']);
export type GdprEncodingMode = z.infer<typeof GdprEncodingMode>;
export const GDPR_ENCODING_MODE_LABELS: Record<GdprEncodingMode, string> = {
  TCF: 'TCF',
  GPP: 'GPP',
  TCF_AND_GPP: 'TCF and GPP',
};

export const DisplayUi = z.enum(['always', 'inEU', 'never']);
export type DisplayUi = z.infer<typeof DisplayUi>;

export const UspJurisdiction = z.enum(['US', 'CA']);
export type UspJurisdiction = z.infer<typeof UspJurisdiction>;

export const MspaJurisdiction = z.enum(['NATIONAL', 'STATE_AND_NATIONAL']);
export type MspaJurisdiction = z.infer<typeof MspaJurisdiction>;
export const MSPA_JURISDICTION_LABELS: Record<MspaJurisdiction, string> = {
  NATIONAL: 'National',
  STATE_AND_NATIONAL: 'State and National',
};

export const MspaSignalMode = z.enum(['OPT_OUT']);
export const MspaAutoPopUp = z.union([z.boolean(), z.literal('link')]);
export type MspaAutoPopUp = z.infer<typeof MspaAutoPopUp>;
export const YesNo = z.enum(['yes', 'no']);
export type YesNo = z.infer<typeof YesNo>;

export const GbcDefaultValue = z.enum(['GRANTED', 'DENIED']);
export type GbcDefaultValue = z.infer<typeof GbcDefaultValue>;

/** A Google basic consent purpose as the form holds it; the saved shape keeps only id and default. */
export const GbcPurposeSetting = z.object({
  id: z.number().int().positive(),
  enabled: z.boolean().optional(),
  defaultValue: GbcDefaultValue.optional(),
});
export type GbcPurposeSetting = z.infer<typeof GbcPurposeSetting>;

const Ids = z.array(z.number().int().positive());
const Url = z.string().trim();

/**
 * The fields a publisher configures on a property (site or app), with the spec's defaults.
 * Sites keep their TCF purposes in purposeIdsV2 / purposeLegitimateIdsV2, apps in purposeIds /
 * purposeLegitimateIds (properties-and-tags §3); use `legalBasisOf` to read either.
 */
export const PropertySettings = z.object({
  propertyType: PropertyType.default('SITE'),
  url: oneLineText(z.string().trim()).optional(),
  packageId: oneLineText(z.string().trim()).optional(),

  publisherName: oneLineText().default(''),
  publisherLogoUrl: Url.default(''),
  redirectUrl: Url.default(''),
  themeId: z.string().default('-3'),

  cmpVersion: CmpVersion.default(DEFAULT_CMP_VERSION),
  requireConsentFrom: RequireConsentFrom.default('inEU'),
  consentLocations: z.array(ConsentLocation).default(['EEA']),
  consentScope: ConsentScope.default('service'),
  consentScopeGroupURL: Url.default(''),
  groupOfWebsitesURL: Url.default(''),
  thirdPartyStorageType: ThirdPartyStorageType.nullable().default(null),
  cookieAccessUrl: Url.default(''),
  repromtDaysAfterGvlUpdate: z.number().int().default(30),
  publisherCC: z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .default('GB'),
  majorVersion: z.literal(2).default(2),
  gvlVersion: z.union([z.literal(2), z.literal(3)]).default(3),

  purposeIdsV2: Ids.optional(),
  purposeLegitimateIdsV2: Ids.optional(),
  purposeIds: Ids.optional(),
  purposeLegitimateIds: Ids.optional(),
  stackIds: Ids.default([]),
  specialFeatures: Ids.default([]),
  specialPurposes: Ids.default([]),
  features: Ids.default([]),
  isDefaultConsent: z.boolean().default(true),
  noLegalBasis: z.boolean().default(true),
  legitimateInterestOptIn: z.boolean().default(true),

  googleEnabled: z.boolean().default(false),
  applyToSubDomains: z.boolean().default(false),
  ampEnabled: z.boolean().default(false),
  gdprEnabledInUS: z.boolean().default(false),
  includeVendorsDisclosedSegment: z.boolean().default(true),

  privacyModes: z.array(PrivacyMode).default(['GDPR']),
  gdprEncodingMode: GdprEncodingMode.default('TCF_AND_GPP'),
  gdprPrivacyLink: Url.default(''),
  displayUi: DisplayUi.default('inEU'),
  /** The form holds ['US'] or ['CA']; saved as US or CA. */
  uspJurisdiction: z.union([UspJurisdiction, z.array(UspJurisdiction)]).default('US'),
  /** Y or N on the server; a checkbox (boolean) on the form. */
  uspLspact: z.union([z.enum(['Y', 'N']), z.boolean()]).default('N'),
  uspDnsText: oneLineText().default(''),
  ccpaViaUsp: z.boolean().default(false),

  /** Saved: the opt-out purposes combined with the sensitive and child-sensitive markers. */
  mspaOptOutPurposeIds: Ids.default([]),
  mspaPurposeIds: Ids.default([1, 2, 3]),
  mspaSensitiveDataPurposeIds: Ids.default([]),
  mspaSensitiveDataProcessing: YesNo.default('no'),
  mspaChildSensitiveDataProcessing: YesNo.default('no'),
  mspaSignalMode: MspaSignalMode.default('OPT_OUT'),
  mspaAutoPopUp: MspaAutoPopUp.default(true),
  mspaFooterHtmlId: z.string().default(''),
  mspaJurisdiction: MspaJurisdiction.default('STATE_AND_NATIONAL'),
  isCoveredTransaction: z.boolean().default(false),

  gbcEnabled: z.boolean().default(false),
  /** The form may hold one location; saved as a list. */
  gbcLocations: z.union([ConsentLocation, z.array(ConsentLocation)]).default([]),
  gbcApplicablePurposes: z.array(GbcPurposeSetting).default([]),
  urlPassThrough: z.boolean().default(false),
  adsDataRedaction: z.boolean().default(false),

  consentOrPayConfig: ConsentOrPayConfig.default(ConsentOrPayConfig.parse({})),
});
/** Form values and API payloads (both shapes of the form-only fields are accepted). */
export type PropertyDraft = z.input<typeof PropertySettings>;
export type PropertyValues = z.output<typeof PropertySettings>;

/** What the server stores and returns: the settings plus identity and bookkeeping. */
export const Property = PropertySettings.extend({
  uuid: z.string(),
  siteId: z.number().int(),
  pCode: z.string(),
  accountId: z.number().int().optional(),
  themeName: z.string().optional(),
  /** False while a bulk update is still to apply to it (pending updates). */
  editable: z.boolean().default(true),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * Site detail extra: the variants of the site's A/B test of themes (`ab-test.ts`), set through
   * `PUT /customization/v2/site/{id}/ab-test`; with any, the detail shows an A/B Testing tab.
   */
  abTestingSitesCollection: z.array(AbTestingSiteCollection).optional(),
});
export type Property = z.output<typeof Property>;

/** One row of the properties list (GET /customization/v2/site). */
export const PropertyListItem = z.object({
  uuid: z.string(),
  siteId: z.number().int(),
  propertyType: PropertyType,
  url: z.string().optional(),
  packageId: z.string().optional(),
  publisherName: z.string(),
  themeId: z.string(),
  themeName: z.string().optional(),
  regulation: z.string(),
  privacyModes: z.array(PrivacyMode),
  consentLocations: z.array(ConsentLocation),
  cmpVersion: z.union([z.literal('latest'), z.number()]),
  editable: z.boolean(),
  applyToSubDomains: z.boolean(),
  ampEnabled: z.boolean(),
  publisherCC: z.string(),
  gbcEnabled: z.boolean(),
  googleEnabled: z.boolean(),
  consentScope: ConsentScope,
  noLegalBasis: z.boolean(),
  purposeIds: z.array(z.number()),
  purposeLegitimateIds: z.array(z.number()),
  propertyTypeLabel: z.string(),
  updatedAt: z.string(),
  /**
   * Row extras of the spec: consents accepted and the consent rate (percent). The server leaves
   * them out (the list is cached per content version, visits are not); the console reads them per
   * page from the analytics call (`listConsentRate`).
   */
  totalConsentAccepted: z.number().int().nonnegative().optional(),
  consentRate: z.number().nullable().optional(),
});
export type PropertyListItem = z.infer<typeof PropertyListItem>;

/**
 * One row of the properties table (GET /customization/v2/site/rows): what its columns, its filter
 * and its row actions read, and nothing more. The full item stays for the bulk update's filters;
 * the table of 1,000 properties loads this (a third of the bytes). The type column reads
 * `PROPERTY_TYPE_LABELS[propertyType]`.
 */
export const PropertyListRow = PropertyListItem.pick({
  uuid: true,
  propertyType: true,
  url: true,
  packageId: true,
  publisherName: true,
  themeId: true,
  themeName: true,
  regulation: true,
  cmpVersion: true,
  editable: true,
  ampEnabled: true,
});
export type PropertyListRow = z.infer<typeof PropertyListRow>;

/** Defaults of the site form. */
export const defaultSiteValues = (): PropertyValues =>
  PropertySettings.parse({ propertyType: 'SITE' });

/** Defaults of the app form: type APP and the first fetched CMP version (the field is disabled there). */
export const defaultAppValues = (firstVersion: CmpVersion = DEFAULT_CMP_VERSION): PropertyValues =>
  PropertySettings.parse({ propertyType: 'APP', cmpVersion: firstVersion });

/** The identifier the publisher sees: url for sites, packageId for apps. */
export const propertyIdentifier = (p: {
  propertyType: PropertyType;
  url?: string;
  packageId?: string;
}): string => (p.propertyType === 'APP' ? p.packageId : p.url) ?? '';

/** The property's TCF legal basis, whichever field names its type uses. */
export function legalBasisOf(
  p: Pick<
    PropertyDraft,
    | 'propertyType'
    | 'purposeIds'
    | 'purposeLegitimateIds'
    | 'purposeIdsV2'
    | 'purposeLegitimateIdsV2'
  >,
): {
  consent: number[];
  legitimate: number[];
} {
  return p.propertyType === 'APP'
    ? { consent: p.purposeIds ?? [], legitimate: p.purposeLegitimateIds ?? [] }
    : {
        consent: p.purposeIdsV2 ?? p.purposeIds ?? [],
        legitimate: p.purposeLegitimateIdsV2 ?? p.purposeLegitimateIds ?? [],
      };
}

/** Writes the legal basis under the field names of the property's type (and clears the others). */
export function withLegalBasis<T extends Pick<PropertyDraft, 'propertyType'>>(
  p: T,
  consent: number[],
  legitimate: number[],
): T {
  const {
    purposeIds: _a,
    purposeLegitimateIds: _b,
    purposeIdsV2: _c,
    purposeLegitimateIdsV2: _d,
    ...rest
  } = p as T &
    Pick<
      PropertyDraft,
      'purposeIds' | 'purposeLegitimateIds' | 'purposeIdsV2' | 'purposeLegitimateIdsV2'
    >;
  return (p.propertyType === 'APP'
    ? { ...rest, purposeIds: consent, purposeLegitimateIds: legitimate }
    : { ...rest, purposeIdsV2: consent, purposeLegitimateIdsV2: legitimate }) as unknown as T;
}
