import type { BannerConfig, BannerConfigInput, BannerTexts, BannerVendor } from './config';
import { BannerConfig as BannerConfigSchema } from './config';
import { CONSENT_LIFETIME_MONTHS, compactVendor } from './rules';
import { packVendors } from './vendor-sets';

/** English texts as the server would compile them from the default theme. */
export const BANNER_EN_TEXTS: BannerTexts = {
  agreeButton: 'Accept all',
  disagreeButton: 'Reject all',
  moreOptionsButton: 'More options',
  saveAndExitButton: 'Save & exit',
  privacyHeader: 'We value your privacy',
  privacyBody:
    'We and our {{partnerCount}} partners store and access information on your device, such as cookies, for up to {{storageMonths}} months. You can accept, reject or choose per purpose, and change your mind at any time with the privacy link on this page.',
  consentLinkLabel: 'Privacy settings',
  footerLinks: [{ text: 'Privacy policy', url: 'https://publisher.example/privacy' }],
  purposeNames: {
    '1': 'Store and/or access information on a device',
    '2': 'Use limited data to select advertising',
    '3': 'Create profiles for personalised advertising',
    '4': 'Use profiles to select personalised advertising',
    '7': 'Measure advertising performance',
    '8': 'Measure content performance',
    '9': 'Understand audiences through statistics or combinations of data from different sources',
    '10': 'Develop and improve services',
  },
  specialFeatureNames: {
    '1': 'Use precise geolocation data',
    '2': 'Actively scan device characteristics for identification',
  },
  stackNames: {},
  labels: {
    purposes: 'Purposes',
    specialFeatures: 'Special features',
    vendors: 'Vendors',
    consent: 'Consent',
    legitimateInterest: 'Legitimate interest',
    close: 'Close',
    back: 'Back',
    loading: 'Loading…',
    consentId: 'Consent ID',
  },
  us: {
    dnsTitle: 'Do Not Sell or Share My Personal Information',
    dnsBody: [
      {
        p: [
          { text: 'We and our partners may sell or share your personal information for ' },
          { text: 'targeted advertising', b: true },
          { text: '. You can opt out at any time.' },
        ],
      },
    ],
    optOutLabel: 'Opt out of the sale and sharing of my personal information',
    confirmLabel: 'Confirm',
    linkLabel: 'Do Not Sell or Share My Personal Information',
    suppressLinks: false,
    privacyPolicyLink: { text: 'Privacy policy', url: 'https://publisher.example/privacy' },
  },
};

/** German texts, to exercise the visitor-language choice. */
export const BANNER_DE_TEXTS: BannerTexts = {
  ...BANNER_EN_TEXTS,
  agreeButton: 'Alle akzeptieren',
  disagreeButton: 'Alle ablehnen',
  moreOptionsButton: 'Weitere Optionen',
  saveAndExitButton: 'Speichern',
  privacyHeader: 'Ihre Privatsphäre',
  privacyBody:
    'Wir und unsere {{partnerCount}} Partner speichern Informationen auf Ihrem Gerät für bis zu {{storageMonths}} Monate.',
  consentLinkLabel: 'Datenschutz-Einstellungen',
};

/** A few real-looking vendor declarations (ids and declarations as in GVL v3). */
export const BANNER_FIXTURE_VENDORS = [
  {
    id: 1,
    purposes: [1, 2, 3, 4, 7, 8, 9, 10],
    legIntPurposes: [],
    flexiblePurposes: [7, 8, 9, 10],
    specialFeatures: [],
  },
  {
    id: 2,
    purposes: [1],
    legIntPurposes: [2, 7, 8, 9, 10],
    flexiblePurposes: [2, 7],
    specialFeatures: [],
  },
  {
    id: 4,
    purposes: [1, 3, 4],
    legIntPurposes: [2, 7, 10],
    flexiblePurposes: [2, 7, 10],
    specialFeatures: [],
  },
  { id: 6, purposes: [1, 2, 7, 10], legIntPurposes: [], flexiblePurposes: [], specialFeatures: [] },
  {
    id: 8,
    purposes: [1, 3, 4],
    legIntPurposes: [2, 7, 8, 9, 10],
    flexiblePurposes: [2, 7, 8, 9, 10],
    specialFeatures: [2],
  },
  {
    id: 10,
    purposes: [1, 2, 3, 4, 7, 9, 10],
    legIntPurposes: [],
    flexiblePurposes: [2, 7, 9, 10],
    specialFeatures: [],
  },
  {
    id: 11,
    purposes: [1],
    legIntPurposes: [2, 7, 8, 9, 10],
    flexiblePurposes: [],
    specialFeatures: [1],
  },
  {
    id: 21,
    purposes: [1, 3, 4],
    legIntPurposes: [2, 7, 9, 10],
    flexiblePurposes: [2, 7, 9, 10],
    specialFeatures: [],
  },
  {
    id: 32,
    purposes: [1, 2, 3, 4],
    legIntPurposes: [7, 9, 10],
    flexiblePurposes: [7, 9, 10],
    specialFeatures: [],
  },
  {
    id: 755,
    purposes: [1, 3, 4, 9, 10],
    legIntPurposes: [2, 7, 8],
    flexiblePurposes: [],
    specialFeatures: [],
  },
] as const;

type FixtureGdpr = Omit<NonNullable<BannerConfigInput['gdpr']>, 'vendors'> & {
  /** Packed as compiled, or declarations (`compactVendor`) to pack with this section's settings. */
  vendors?: string | readonly BannerVendor[];
};

const FIXTURE_DECLARATIONS = BANNER_FIXTURE_VENDORS.map(compactVendor);
/** The fixture's GDPR settings the vendors are packed with. */
const FIXTURE_GDPR_SETTINGS = {
  consentPurposes: [1, 2, 3, 4, 7, 8, 9, 10],
  legitimateInterestPurposes: [2, 7, 8, 9, 10],
  specialFeatures: [1, 2],
  restrictions: [],
};

/** The section's vendors packed as the compiler packs them (`packVendors`) from its settings. */
function packedGdpr(gdpr: FixtureGdpr, defaultPacked: string) {
  const { vendors = FIXTURE_DECLARATIONS } = gdpr;
  // The fixture's own vendors (packed, as a spread of another fixture's gdpr carries them) are
  // packed again with this section's purposes and restrictions, as the compiler would.
  const declared =
    typeof vendors != 'string' ? vendors : vendors === defaultPacked ? FIXTURE_DECLARATIONS : null;
  return {
    ...gdpr,
    vendors: declared
      ? packVendors({
          vendors: declared,
          consentPurposes: gdpr.consentPurposes,
          legitimateInterestPurposes: gdpr.legitimateInterestPurposes,
          specialFeatures: gdpr.specialFeatures,
          restrictions: gdpr.restrictions ?? [],
        })
      : (vendors as string),
  };
}

/**
 * A fixed, valid banner configuration for tests: GDPR worldwide with US MSPA, Google basic consent
 * and Consent or Pay present but off. `overrides` are shallow-merged before parsing; the GDPR
 * section's vendors are packed from its settings (`packedGdpr`).
 */
export function bannerConfigFixture(
  overrides: Partial<Omit<BannerConfigInput, 'gdpr'>> & { gdpr?: FixtureGdpr } = {},
): BannerConfig {
  const input: Omit<BannerConfigInput, 'gdpr'> & { gdpr?: FixtureGdpr } = {
    schema: 1,
    configVersion: 'cfg-1',
    propertyId: 'site-1',
    themeId: 'theme-1',
    cmpId: 300,
    cmpVersion: 1,
    consentLocations: ['WORLDWIDE'],
    consentScope: { type: 'service' },
    repromtDaysAfterGvlUpdate: 30,
    gdpr: {
      encodingMode: 'TCF_AND_GPP',
      tcfPolicyVersion: 4,
      vendorListVersion: 17,
      ...FIXTURE_GDPR_SETTINGS,
      stacks: [],
      purposeOneTreatment: false,
      publisherCC: 'GB',
      isServiceSpecific: true,
      includeVendorsDisclosedSegment: true,
      vendors: FIXTURE_DECLARATIONS,
      restrictions: [],
      storageMonths: CONSENT_LIFETIME_MONTHS,
    },
    us: {
      uspEnabled: true,
      uspLspact: false,
      uspJurisdiction: 'US',
      mspa: {
        coveredTransaction: false,
        jurisdiction: 'STATE_AND_NATIONAL',
        optOutPurposes: [1, 2, 3],
        sensitiveDataCategories: [],
        childSensitiveData: false,
        autoPopUp: true,
      },
    },
    gbc: {
      enabled: true,
      regions: [],
      purposes: [
        { id: 'ad_storage', default: 'DENIED' },
        { id: 'analytics_storage', default: 'DENIED' },
        { id: 'ad_user_data', default: 'DENIED' },
        { id: 'ad_personalization', default: 'DENIED' },
      ],
      urlPassThrough: false,
      adsDataRedaction: true,
    },
    consentOrPay: {
      enabled: false,
      countries: [],
      layout: 'Subscribe',
      callbacks: { action1: 'https://publisher.example/subscribe' },
      redirect: 'SAME_TAB',
      texts: {},
    },
    theme: {
      displayUi: 'popup',
      initialScreen: 'SUMMARY',
      rejectButton: true,
      closeButton: false,
      persistentLink: { enabled: true, location: 'BOTTOM_RIGHT' },
      customCss: '',
      defaultLanguage: 'en',
      texts: { en: BANNER_EN_TEXTS, de: BANNER_DE_TEXTS },
    },
    ...overrides,
  };
  const defaultPacked = packVendors({ ...FIXTURE_GDPR_SETTINGS, vendors: FIXTURE_DECLARATIONS });
  return BannerConfigSchema.parse({
    ...input,
    gdpr: input.gdpr && packedGdpr(input.gdpr, defaultPacked),
  });
}
