import { z } from 'zod';
import {
  ConsentLocation,
  GdprEncodingMode,
  GbcDefaultValue,
  MspaAutoPopUp,
  MspaJurisdiction,
  ThirdPartyStorageType,
  UspJurisdiction,
} from '../property/schema';
import { CONSENT_LIFETIME_MONTHS } from './consent-lifetime';

/**
 * The banner configuration: the small JSON the server compiles from a property, its theme and its
 * vendor selection, and serves with the consent runtime (cached by ETag). It carries only what the
 * runtime needs; vendor names, descriptions and translations stay in the lazily loaded vendor list.
 */

const Id = z.number().int().min(1);
const Ids = z.array(Id);
const HexColor = z.string().regex(/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i, 'Hex value not valid');
const HttpUrl = z.string().regex(/^https?:\/\//i, 'Only http(s) links');
const Lang = z.string().regex(/^[a-z]{2}$/);

/**
 * The TCF policy version of the vendor list in use (4 is TCF 2.2, 5 is TCF 2.3; the TC string's
 * field is 6 bits). GVL v3 lists start at 4.
 */
export const TcfPolicyVersion = z.number().int().min(4).max(63);

/**
 * One vendor in scope, compact: `[id, purposes, legIntPurposes, flexiblePurposes, specialFeatures]`
 * where each list is a bit mask (bit n-1 set for id n) of the vendor's GVL declarations.
 */
export const BannerVendor = z.tuple([
  Id,
  z.number().int().nonnegative(),
  z.number().int().nonnegative(),
  z.number().int().nonnegative(),
  z.number().int().nonnegative(),
]);
export type BannerVendor = z.infer<typeof BannerVendor>;

/** TCF restriction types: 0 not allowed, 1 require consent, 2 require legitimate interest. */
export const TcfRestrictionType = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export type TcfRestrictionType = z.infer<typeof TcfRestrictionType>;

export const BannerRestriction = z.object({
  purposeId: Id.max(63),
  type: TcfRestrictionType,
  vendorIds: Ids,
});
export type BannerRestriction = z.infer<typeof BannerRestriction>;

/** The publisher's own purposes (publisher TC segment); custom purposes are numbered from 1. */
export const BannerPublisherTC = z.object({
  consents: Ids,
  legitimateInterests: Ids,
  customPurposes: z.array(
    z.object({ id: Id.max(63), legalBasis: z.enum(['CONSENT', 'LEGITIMATE_INTEREST']) }),
  ),
});
export type BannerPublisherTC = z.infer<typeof BannerPublisherTC>;

/** A vendor outside the GVL the publisher declared (Vendors tab), asked for consent by the banner. */
export const BannerCustomVendor = z.object({
  /** Letters, digits, - and _ (so the consent cookie needs no escaping). */
  id: z.string().regex(/^[\w-]{1,64}$/),
  name: z.string(),
  /** An http(s) privacy policy, or '' when the stored one is not a safe link. */
  policyUrl: z.union([HttpUrl, z.literal('')]),
  purposes: Ids.default([]),
  legIntPurposes: Ids.default([]),
});
export type BannerCustomVendor = z.infer<typeof BannerCustomVendor>;

export const BannerConsentScope = z.discriminatedUnion('type', [
  z.object({ type: z.literal('service') }),
  z.object({
    type: z.literal('serviceGroup'),
    /** The group's storage origin: an iframe page or an API base URL. */
    groupUrl: HttpUrl,
    storage: ThirdPartyStorageType,
  }),
]);
export type BannerConsentScope = z.infer<typeof BannerConsentScope>;

export const BannerGdpr = z.object({
  encodingMode: GdprEncodingMode.default('TCF_AND_GPP'),
  tcfPolicyVersion: TcfPolicyVersion.default(4),
  vendorListVersion: z.number().int().min(1),
  /** When the vendor list in scope last changed (ISO date), for the re-prompt rule. */
  vendorListUpdatedAt: z.string().optional(),
  /** Purposes the publisher asks consent for. */
  consentPurposes: Ids,
  /** Purposes the publisher relies on legitimate interest for (3 to 6 are dropped: TCF 2.2). */
  legitimateInterestPurposes: Ids,
  specialFeatures: Ids,
  stacks: Ids.default([]),
  purposeOneTreatment: z.boolean().default(false),
  publisherCC: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .default('GB'),
  isServiceSpecific: z.boolean().default(true),
  includeVendorsDisclosedSegment: z.boolean().default(true),
  /**
   * The vendors in scope, packed (`packVendors`): one character per vendor id from 1, '0' not in
   * scope, else 1, + 1 when accept all consents to it, + 2 when it keeps legitimate interest. The
   * runtime reads it with `vendorSets`; the declarations are the vendor list's (issue 16).
   */
  vendors: z.string().regex(/^[0-4]*$/),
  restrictions: z.array(BannerRestriction).default([]),
  /** Google ad-technology providers asked for Additional Consent (the property's Google vendors). */
  googleVendors: Ids.default([]),
  /** The account's non-IAB vendors. */
  customVendors: z.array(BannerCustomVendor).default([]),
  publisherTC: BannerPublisherTC.optional(),
  /** How long the visitor's choice is kept, in months, for the privacy body's `{{storageMonths}}`. */
  storageMonths: z.number().int().nonnegative().default(CONSENT_LIFETIME_MONTHS),
});
export type BannerGdpr = z.infer<typeof BannerGdpr>;

export const BannerMspa = z.object({
  coveredTransaction: z.boolean(),
  jurisdiction: MspaJurisdiction,
  optOutPurposes: z.array(z.number().int().min(1).max(4)).min(1),
  /** usnat SensitiveDataProcessing categories (1 to 16) the publisher processes. */
  sensitiveDataCategories: z.array(z.number().int().min(1).max(16)).default([]),
  childSensitiveData: z.boolean().default(false),
  autoPopUp: MspaAutoPopUp.default(true),
  /** Element whose click opens the US screen when autoPopUp is 'link'. */
  footerElementId: z.string().optional(),
});
export type BannerMspa = z.infer<typeof BannerMspa>;

export const BannerUs = z.object({
  /** ccpaViaUsp: also write the legacy US privacy string (`__uspapi`, `usprivacy` cookie). */
  uspEnabled: z.boolean().default(false),
  uspLspact: z.boolean().default(false),
  uspJurisdiction: UspJurisdiction.default('US'),
  mspa: BannerMspa.optional(),
});
export type BannerUs = z.infer<typeof BannerUs>;

export const ConsentModeSignal = z.enum([
  'ad_storage',
  'analytics_storage',
  'ad_user_data',
  'ad_personalization',
  'functionality_storage',
  'personalization_storage',
  'security_storage',
]);
export type ConsentModeSignal = z.infer<typeof ConsentModeSignal>;

export const BannerGbc = z.object({
  enabled: z.boolean(),
  /** gtag regions (ISO 3166-1/2 codes) the defaults apply to; empty means everywhere. */
  regions: z.array(z.string()).default([]),
  purposes: z.array(z.object({ id: ConsentModeSignal, default: GbcDefaultValue })),
  urlPassThrough: z.boolean().default(false),
  adsDataRedaction: z.boolean().default(false),
});
export type BannerGbc = z.infer<typeof BannerGbc>;

export const BannerCopTexts = z.object({
  privacyHeader: z.string().max(24),
  privacyBody: z.string(),
  acceptLabel: z.string(),
  viewPreferencesLabel: z.string(),
  subscribeLabel: z.string(),
  loginLabel: z.string().optional(),
});

export type BannerCopTexts = z.infer<typeof BannerCopTexts>;

export const BannerConsentOrPay = z.object({
  enabled: z.boolean(),
  /** Visitor countries (upper-case ISO codes, 'eea' already expanded by the server). */
  countries: z.array(z.string()),
  layout: z.enum(['Subscribe', 'SubscribeAndLogin']).default('Subscribe'),
  callbacks: z.object({ action1: HttpUrl, action2: HttpUrl.optional() }),
  redirect: z.enum(['SAME_TAB', 'NEW_TAB']).default('SAME_TAB'),
  texts: z.record(Lang, BannerCopTexts),
});
export type BannerConsentOrPay = z.infer<typeof BannerConsentOrPay>;

export const BannerLink = z.object({ text: z.string(), url: z.string() });
export type BannerLink = z.infer<typeof BannerLink>;

/** A run of rich text (US Do-Not-Sell body): plain text with optional marks and an http(s) link. */
export const BannerRichRun = z.object({
  text: z.string(),
  b: z.boolean().optional(),
  i: z.boolean().optional(),
  u: z.boolean().optional(),
  href: z.string().optional(),
});
export const BannerRichBlock = z.union([
  z.object({ p: z.array(BannerRichRun) }),
  z.object({ ul: z.array(z.array(BannerRichRun)) }),
  z.object({ ol: z.array(z.array(BannerRichRun)) }),
]);
export const BannerRichText = z.array(BannerRichBlock);
export type BannerRichRun = z.infer<typeof BannerRichRun>;
export type BannerRichBlock = z.infer<typeof BannerRichBlock>;

export const BannerUsTexts = z.object({
  dnsTitle: z.string(),
  dnsBody: BannerRichText,
  optOutLabel: z.string(),
  confirmLabel: z.string(),
  linkLabel: z.string(),
  suppressLinks: z.boolean().default(false),
  deleteDataLink: BannerLink.optional(),
  accessDataLink: BannerLink.optional(),
  privacyPolicyLink: BannerLink.optional(),
  /**
   * The consent step for the sensitive-data categories the publisher declares (usnat ids with
   * their names): absent when none is declared.
   */
  sensitive: z
    .object({
      title: z.string(),
      intro: z.string(),
      categories: z.array(z.object({ id: z.number().int().min(1).max(16), name: z.string() })),
    })
    .optional(),
});
export type BannerUsTexts = z.infer<typeof BannerUsTexts>;

/** Texts of the runtime's own controls; the server fills them from the language defaults. */
export const BannerLabels = z.object({
  purposes: z.string(),
  specialFeatures: z.string(),
  vendors: z.string(),
  consent: z.string(),
  legitimateInterest: z.string(),
  close: z.string(),
  back: z.string(),
  loading: z.string(),
  /** "Consent ID", before the id of the choice in force in the second layer. */
  consentId: z.string(),
});
export type BannerLabels = z.infer<typeof BannerLabels>;

export const BannerTexts = z.object({
  agreeButton: z.string().max(40),
  disagreeButton: z.string().max(40),
  moreOptionsButton: z.string().max(40),
  saveAndExitButton: z.string().max(40),
  privacyHeader: z.string(),
  /** Placeholders `{{partnerCount}}` and `{{storageMonths}}` are filled by the runtime. */
  privacyBody: z.string(),
  consentLinkLabel: z.string(),
  footerLinks: z.array(BannerLink).max(3).default([]),
  /** TCF names in this language (from the GVL translations), for the first layer. */
  purposeNames: z.record(z.string(), z.string()).default({}),
  specialFeatureNames: z.record(z.string(), z.string()).default({}),
  stackNames: z.record(z.string(), z.string()).default({}),
  labels: BannerLabels,
  us: BannerUsTexts.optional(),
});
export type BannerTexts = z.infer<typeof BannerTexts>;

/** The spec's default colours (themes-and-bulk-update §9). */
export const BANNER_DEFAULT_COLORS = {
  fontColor: '#141E23',
  linkColor: '#206DC5',
  backgroundColor: '#FFFFFF',
  toggleActiveColor: '#206DC5',
  primaryButtonColor: '#206DC5',
  primaryButtonTextColor: '#FFFFFF',
  secondaryButtonColor: '#FFFFFF',
  secondaryButtonTextColor: '#206DC5',
} as const;

export const BannerColors = z.object({
  fontColor: HexColor.default(BANNER_DEFAULT_COLORS.fontColor),
  linkColor: HexColor.default(BANNER_DEFAULT_COLORS.linkColor),
  backgroundColor: HexColor.default(BANNER_DEFAULT_COLORS.backgroundColor),
  toggleActiveColor: HexColor.default(BANNER_DEFAULT_COLORS.toggleActiveColor),
  primaryButtonColor: HexColor.default(BANNER_DEFAULT_COLORS.primaryButtonColor),
  primaryButtonTextColor: HexColor.default(BANNER_DEFAULT_COLORS.primaryButtonTextColor),
  secondaryButtonColor: HexColor.default(BANNER_DEFAULT_COLORS.secondaryButtonColor),
  secondaryButtonTextColor: HexColor.default(BANNER_DEFAULT_COLORS.secondaryButtonTextColor),
});
export type BannerColors = z.infer<typeof BannerColors>;

export const BannerLinkLocation = z.enum(['BOTTOM_RIGHT', 'BOTTOM_LEFT', 'TOP_RIGHT', 'TOP_LEFT']);
export type BannerLinkLocation = z.infer<typeof BannerLinkLocation>;

export const BannerTheme = z.object({
  /** popup: centred modal box; banner: bottom tray. @default 'popup' */
  displayUi: z.enum(['popup', 'banner']).default('popup'),
  initialScreen: z.enum(['SUMMARY', 'STACKS_AND_PURPOSES']).default('SUMMARY'),
  colors: BannerColors.default(BANNER_DEFAULT_COLORS),
  rejectButton: z.boolean().default(true),
  closeButton: z.boolean().default(false),
  persistentLink: z
    .object({ enabled: z.boolean(), location: BannerLinkLocation.default('BOTTOM_RIGHT') })
    .default({ enabled: true, location: 'BOTTOM_RIGHT' }),
  /** Applied inside the banner's shadow root only; validated by the theme rules on save. */
  customCss: z.string().default(''),
  defaultLanguage: Lang.default('en'),
  texts: z.record(Lang, BannerTexts),
});
export type BannerTheme = z.infer<typeof BannerTheme>;

/**
 * A site's A/B test of themes: every variant with its share of the traffic; each but the first
 * (the control, which the configuration is) carries the JSON merge patch from the control's
 * configuration to its own (`ab-variant.ts`).
 */
export const BannerAbTest = z.object({
  variants: z
    .array(
      z.object({
        name: z.string().min(1).max(32),
        traffic: z.number().int().min(1).max(99),
        patch: z.record(z.string(), z.unknown()).optional(),
      }),
    )
    .min(2),
});
export type BannerAbTest = z.infer<typeof BannerAbTest>;

export const BannerConfig = z.object({
  /** Schema version of this JSON. */
  schema: z.literal(1),
  /** Policy/config version: a change discards stored consent strings. */
  configVersion: z.string().min(1),
  propertyId: z.string().min(1),
  themeId: z.string().min(1),
  /** The A/B test variant this configuration is (visit beacons report it). */
  abVariant: z.string().optional(),
  /** The site's A/B test, when it runs one: the runtime draws a variant and applies its patch. */
  abTest: BannerAbTest.optional(),
  /**
   * The IAB CMP id the strings carry. Assent is not a registered CMP: each operator configures the
   * id IAB assigned to them (IAB's own library rejects ids below 2).
   */
  cmpId: z.number().int().min(2).max(4095),
  cmpVersion: z.number().int().min(1).max(4095),
  consentLocations: z.array(ConsentLocation).min(1),
  consentScope: BannerConsentScope,
  /** Cookie domain; default the site's registrable domain as the runtime computes it. */
  cookieDomain: z.string().optional(),
  /** Days after a vendor list change before asking again (spec name, typo kept). @default 30 */
  repromtDaysAfterGvlUpdate: z.number().int().min(0).max(350).default(30),
  gdpr: BannerGdpr.optional(),
  us: BannerUs.optional(),
  gbc: BannerGbc.optional(),
  consentOrPay: BannerConsentOrPay.optional(),
  theme: BannerTheme,
});
export type BannerConfig = z.infer<typeof BannerConfig>;
export type BannerConfigInput = z.input<typeof BannerConfig>;

/** Visitor-side regulation codes, as reports key them (1 GDPR, 2 CCPA, 3 US state, 10 GBC). */
export const VisitorRegulation = z.enum(['GDPR', 'US', 'NONE']);
export type VisitorRegulation = z.infer<typeof VisitorRegulation>;

export const VISIT_OUTCOMES = {
  acceptAll: 'a',
  rejectAll: 'r',
  partial: 'p',
  bounce: 'b',
} as const;

/**
 * One page view, posted with sendBeacon. Short keys keep it under `VISIT_EVENT_MAX_BYTES`:
 * p property, t theme, r regulation (1 GDPR, 2 CCPA/US national, 3 US state, 10 GBC only, 0 none),
 * s US state, o outcome, f page format, d device, os, b browser, v A/B variant, ts client time (ms),
 * x existing consent (no banner shown), g Google basic consent's Consent Mode state (when it applies
 * to the visitor), c Consent or Pay's screen (when it was shown), n a do-not-sell request.
 */
export const VisitEvent = z.object({
  p: z.string().min(1).max(64),
  t: z.string().min(1).max(64),
  r: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(10)]),
  s: z.string().max(2).optional(),
  o: z.enum(['a', 'r', 'p', 'b']),
  f: z.enum(['H', 'A']),
  d: z.enum(['m', 't', 'd']),
  os: z.string().max(16),
  b: z.string().max(16),
  v: z.string().max(32).optional(),
  ts: z.number().int().nonnegative(),
  /** 1 when no banner was shown: the outcome is the stored one (returning visitor). */
  x: z.literal(1).optional(),
  /**
   * Google basic consent applied to this visitor: the Consent Mode state in force when the event was
   * sent, one letter per signal of `GBC_REPORTED_SIGNALS` (g granted, d denied, - not set).
   */
  g: z
    .string()
    .regex(/^[gd-]{4}$/)
    .optional(),
  /** Consent or Pay's screen was shown: y (no pay action), s (subscribe clicked), l (log in clicked). */
  c: z.enum(['y', 's', 'l']).optional(),
  /**
   * A US do-not-sell (opt-out) request made on this page view: 1 received, 2 received and
   * fulfilled (stored, with the US signals sent) before the event was sent.
   */
  n: z.union([z.literal(1), z.literal(2)]).optional(),
});
export type VisitEvent = z.infer<typeof VisitEvent>;

export const VISIT_EVENT_MAX_BYTES = 300;
