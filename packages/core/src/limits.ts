import { LanguageCode } from './language';
import type { Issue } from './validation';
import { issue } from './validation';

/**
 * Issue 19 item 9: texts have a maximum length and lists a maximum count and no duplicates, so no
 * request can store 100,000-character names, 100,000 duplicate ids or 3,000 custom vendors (each
 * one in every visitor's cmp.js). One table, docs/security.md lists it. The limits are checked by
 * the save rules (validateProperty, validateTheme, validateVendorSelection), not by the schemas,
 * because those schemas also read stored rows: a row stored before a limit still reads (and
 * serves its banner), and is refused only when it is saved again.
 */
export const TEXT_LIMITS = {
  /** One-line text: names, publisher name, ids, do-not-sell text. */
  oneLine: 255,
  /** A theme's custom CSS. */
  customCss: 20_000,
  /** A URL (site url, logo, privacy policy, audit-log URL). */
  url: 2048,
  /** A custom vendor's id. */
  customVendorId: 64,
  /** A custom vendor's name. */
  customVendorName: 128,
  /** A custom vendor's privacy-policy URL (it is in every visitor's cmp.js). */
  customVendorPolicyUrl: 1024,
  /** Rich text (a privacy body, the Do Not Sell text): the longest default body has 745. */
  richText: 10_000,
  /** An e-mail address (RFC 5321's path limit). */
  email: 254,
} as const;

export const LIST_LIMITS = {
  /** Custom (non-IAB) vendors of an account: each is in every visitor's cmp.js. */
  customVendors: 250,
  /** IAB vendor ids (the GVL has about 1,100; ids are below 4,096 for years to come). */
  vendorIds: 4096,
  /** Google ad-technology provider ids. */
  googleAtpIds: 4096,
  /** Purpose, feature or stack ids (the TCF has a few dozen), and choices of a small enum. */
  purposeIds: 64,
  /** A theme's language entries (Advanced Customisation, Consent or Pay): one per language. */
  languages: LanguageCode.options.length,
  /** Footer links of a theme or a language entry (the forms allow 2 or 3). */
  footerLinks: 3,
  /** Recipients of a scheduled report. */
  reportRecipients: 50,
  /** Dimensions, metrics and filters of a saved report (the catalogue has fewer). */
  reportDimensions: 32,
  reportMetrics: 64,
  reportFilters: 32,
  /** Values of one report filter (a propertyId filter lists the account's properties). */
  reportFilterValues: 10_000,
  /** Properties of one bulk update (its sites, its items) or one `assent apply` document. */
  bulkProperties: 10_000,
} as const;

/** Not shown in the spec (docs/decisions.md); the theme texts' wording. */
export const tooLongText = (max: number): string => `Please use no more than ${max} characters.`;
export const tooManyItems = (max: number): string => `Please list no more than ${max} items.`;
export const duplicateItem = (value: string): string =>
  `${value} is listed more than once: each item may be listed once.`;

/**
 * A list's issues: more than `max` items (naming the list), and each item listed again (naming its
 * index), compared by `keyOf` (the item itself by default).
 */
export function listLimitIssues<T>(
  field: string,
  items: readonly T[],
  max: number,
  keyOf: ((item: T) => unknown) | null = (item) => item,
): Issue[] {
  if (items.length > max) return [issue(field, 'maxItems', tooManyItems(max))];
  if (keyOf === null) return [];
  const seen = new Set<unknown>();
  return items.flatMap((item, index) => {
    const key = keyOf(item);
    if (seen.has(key)) return [issue(`${field}.${index}`, 'unique', duplicateItem(String(key)))];
    seen.add(key);
    return [];
  });
}

/**
 * Length issues of the named text fields of a value (`{ field: max }`), for save rules whose schema
 * also reads stored rows: a row stored before a limit still reads, and is refused only when saved.
 */
export function textLimitIssues(
  values: Readonly<Record<string, unknown>>,
  limits: Readonly<Record<string, number>>,
  prefix = '',
): Issue[] {
  return Object.entries(limits).flatMap(([field, max]) => {
    const value = values[field];
    return typeof value === 'string' && value.length > max
      ? [issue(`${prefix}${field}`, 'maxLength', tooLongText(max))]
      : [];
  });
}

/**
 * A list's limit: at most `max` items, each listed once (compared by its `by` property for
 * objects); `unique: false` allows repeats (e.g. empty footer-link rows that keep a position).
 */
interface ListLimit {
  max: number;
  by?: string;
  unique?: boolean;
}

/** Count and duplicate issues of the named lists of a value (`{ field: limit }`). */
export function listLimitsIssues(
  values: Readonly<Record<string, unknown>>,
  limits: Readonly<Record<string, ListLimit>>,
  prefix = '',
): Issue[] {
  return Object.entries(limits).flatMap(([field, limit]) => {
    const items = values[field];
    if (!Array.isArray(items)) return [];
    const keyOf =
      limit.unique === false
        ? null
        : limit.by === undefined
          ? (item: unknown) => item
          : (item: unknown) =>
              typeof item === 'object' && item !== null
                ? (item as Record<string, unknown>)[limit.by as string]
                : item;
    return listLimitIssues(`${prefix}${field}`, items as unknown[], limit.max, keyOf);
  });
}

const ids = { max: LIST_LIMITS.purposeIds };

/** The property's text fields and their limits (site/app saves, bulk updates, the CLI). */
export const PROPERTY_TEXT_LIMITS: Readonly<Record<string, number>> = {
  url: TEXT_LIMITS.url,
  packageId: TEXT_LIMITS.oneLine,
  publisherName: TEXT_LIMITS.oneLine,
  uspDnsText: TEXT_LIMITS.oneLine,
  mspaFooterHtmlId: TEXT_LIMITS.oneLine,
  publisherLogoUrl: TEXT_LIMITS.url,
  redirectUrl: TEXT_LIMITS.url,
  gdprPrivacyLink: TEXT_LIMITS.url,
  consentScopeGroupURL: TEXT_LIMITS.url,
  groupOfWebsitesURL: TEXT_LIMITS.url,
  cookieAccessUrl: TEXT_LIMITS.url,
};

/**
 * The property's lists (site/app saves, bulk updates, the CLI): purposes, stacks and features of
 * its legal basis, its regulations and locations, MSPA and Google basic consent purposes.
 */
export const PROPERTY_LIST_LIMITS: Readonly<Record<string, ListLimit>> = {
  purposeIdsV2: ids,
  purposeLegitimateIdsV2: ids,
  purposeIds: ids,
  purposeLegitimateIds: ids,
  stackIds: ids,
  specialFeatures: ids,
  specialPurposes: ids,
  features: ids,
  consentLocations: ids,
  privacyModes: ids,
  gbcLocations: ids,
  gbcApplicablePurposes: { max: LIST_LIMITS.purposeIds, by: 'id' },
  mspaOptOutPurposeIds: ids,
  mspaPurposeIds: ids,
  mspaSensitiveDataPurposeIds: ids,
  uspJurisdiction: ids,
};

/**
 * Every text of a theme: its name and custom CSS, each button, label and link text (one line),
 * the Do Not Sell body (rich text), the US links and the colours. The spec's shorter limits
 * (24-character buttons) are checked beside these, where the spec gives them.
 */
export const THEME_TEXT_LIMITS: Readonly<Record<string, number>> = {
  themeName: TEXT_LIMITS.oneLine,
  uxCustomizedCss: TEXT_LIMITS.customCss,
  agreeButton: TEXT_LIMITS.oneLine,
  saveAndExitButton: TEXT_LIMITS.oneLine,
  initScreenRejectButton: TEXT_LIMITS.oneLine,
  consentLinkLabel: TEXT_LIMITS.oneLine,
  uspDnsTitleText: TEXT_LIMITS.oneLine,
  uspDnsText: TEXT_LIMITS.richText,
  uspDeleteDataLinkText: TEXT_LIMITS.oneLine,
  uspDeleteDataLink: TEXT_LIMITS.url,
  uspAccessDataLinkText: TEXT_LIMITS.oneLine,
  uspAccessDataLink: TEXT_LIMITS.url,
  uspPrivacyPolicyLinkText: TEXT_LIMITS.oneLine,
  uspPrivacyPolicyLink: TEXT_LIMITS.url,
  uxFontColor: TEXT_LIMITS.oneLine,
  uxLinkColor: TEXT_LIMITS.oneLine,
  uxBackgroundColor: TEXT_LIMITS.oneLine,
  uxToogleActiveColor: TEXT_LIMITS.oneLine,
  uxPrimaryButtonColor: TEXT_LIMITS.oneLine,
  uxPrimaryButtonTextColor: TEXT_LIMITS.oneLine,
  uxSecondaryButtonColor: TEXT_LIMITS.oneLine,
  uxSecondaryButtonTextColor: TEXT_LIMITS.oneLine,
};

/** The theme's texts that are one line: all but the custom CSS and the Do Not Sell body. */
export const THEME_ONE_LINE_FIELDS: readonly string[] = Object.keys(THEME_TEXT_LIMITS).filter(
  (field) => field !== 'uxCustomizedCss' && field !== 'uspDnsText',
);

/** A theme's lists: vendor purposes and features, stacks, restrictions, links, languages. */
export const THEME_LIST_LIMITS: Readonly<Record<string, ListLimit>> = {
  privacyModes: ids,
  stacks: { max: LIST_LIMITS.purposeIds, by: 'stacks' },
  vendorPurposeIds: ids,
  vendorPurposeLegitimateInterestIds: ids,
  vendorSpecialFeaturesIds: ids,
  vendorSpecialPurposesIds: ids,
  vendorFeaturesIds: ids,
  vendorFlexiblePurposesIds: ids,
  publisherConsentRestrictionIds: ids,
  publisherLIRestrictionIds: ids,
  uxInitialScreenCustomLinks: { max: LIST_LIMITS.footerLinks, unique: false },
  advancedCustomizationSettings: { max: LIST_LIMITS.languages, by: 'language' },
  consentOrPaySettings: { max: LIST_LIMITS.languages, by: 'language' },
};

/** A stack's disclosed special purposes and features. */
export const THEME_STACK_LIST_LIMITS: Readonly<Record<string, ListLimit>> = {
  specialPurposes: ids,
  features: ids,
};

/** The texts of one language entry (Advanced Customisation, Consent or Pay). */
export const LANGUAGE_TEXT_LIMITS: Readonly<Record<string, number>> = {
  agreeButton: TEXT_LIMITS.oneLine,
  secondaryButton: TEXT_LIMITS.oneLine,
  disagreeButton: TEXT_LIMITS.oneLine,
  privacyHeader: TEXT_LIMITS.oneLine,
  privacyBody: TEXT_LIMITS.richText,
  viewPreferencesLabel: TEXT_LIMITS.oneLine,
  action1Label: TEXT_LIMITS.oneLine,
  action2Label: TEXT_LIMITS.oneLine,
};

/** A language entry's texts that are one line: all but the privacy body. */
export const LANGUAGE_ONE_LINE_FIELDS: readonly string[] = Object.keys(LANGUAGE_TEXT_LIMITS).filter(
  (field) => field !== 'privacyBody',
);

/** A footer link's text and URL, by the names each form gives them. */
export const LINK_TEXT_LIMITS: Readonly<Record<string, number>> = {
  text: TEXT_LIMITS.oneLine,
  url: TEXT_LIMITS.url,
  label: TEXT_LIMITS.oneLine,
  link: TEXT_LIMITS.url,
};

/** A custom vendor's texts (each custom vendor is in every visitor's cmp.js). */
export const CUSTOM_VENDOR_TEXT_LIMITS: Readonly<Record<string, number>> = {
  id: TEXT_LIMITS.customVendorId,
  name: TEXT_LIMITS.customVendorName,
  privacyPolicyUrl: TEXT_LIMITS.customVendorPolicyUrl,
};
