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
} as const;

export const LIST_LIMITS = {
  /** Custom (non-IAB) vendors of an account: each is in every visitor's cmp.js. */
  customVendors: 250,
  /** IAB vendor ids (the GVL has about 1,100; ids are below 4,096 for years to come). */
  vendorIds: 4096,
  /** Google ad-technology provider ids. */
  googleAtpIds: 4096,
  /** Purpose, feature or stack ids (the TCF has a few dozen). */
  purposeIds: 64,
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
  keyOf: (item: T) => unknown = (item) => item,
): Issue[] {
  if (items.length > max) return [issue(field, 'maxItems', tooManyItems(max))];
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
): Issue[] {
  return Object.entries(limits).flatMap(([field, max]) => {
    const value = values[field];
    return typeof value === 'string' && value.length > max
      ? [issue(field, 'maxLength', tooLongText(max))]
      : [];
  });
}

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

/** The theme's name and custom CSS (its texts keep the spec's own limits). */
export const THEME_TEXT_LIMITS: Readonly<Record<string, number>> = {
  themeName: TEXT_LIMITS.oneLine,
  uxCustomizedCss: TEXT_LIMITS.customCss,
};

/** A custom vendor's texts (each custom vendor is in every visitor's cmp.js). */
export const CUSTOM_VENDOR_TEXT_LIMITS: Readonly<Record<string, number>> = {
  id: TEXT_LIMITS.customVendorId,
  name: TEXT_LIMITS.customVendorName,
  privacyPolicyUrl: TEXT_LIMITS.customVendorPolicyUrl,
};
