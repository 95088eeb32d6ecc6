import { INVALID_URL, NO_ANGLE_BRACKETS, REQUIRED } from '../messages';
import type { Issue } from '../validation';
import { hasAngleBrackets, isBlank, isValidHost, isValidUrl, issue } from '../validation';
import {
  DUPLICATE_PROPERTY,
  LOGO_URL_INVALID,
  PACKAGE_ID_INVALID,
  SITE_URL_HAS_SCHEME,
  SITE_URL_INVALID,
} from './messages';

/**
 * The spec's bare-domain rule (properties-and-tags §4): no 'http:' and no slash, and 2 parts; or 3
 * parts where the first is www or the last has 2 letters; or 4 parts with www first and a 2-letter
 * last part.
 */
export function isBareDomain(url: string): boolean {
  if (url.includes('http:') || url.includes('/')) return false;
  const parts = url.split('.');
  const last = parts[parts.length - 1] ?? '';
  switch (parts.length) {
    case 2:
      return true;
    case 3:
      return parts[0] === 'www' || last.length === 2;
    case 4:
      return parts[0] === 'www' && last.length === 2;
    default:
      return false;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A property's uuid (the third way to name one, beside its url or package id). */
export const isUuid = (value: string): boolean => UUID.test(value.trim());

/** Case-insensitive key used for duplicate checks of urls and package ids. */
export const identifierKey = (value: string): string => value.trim().toLowerCase();

/**
 * Whether an identifier (url or package id) changed, ignoring case and surrounding spaces: only then
 * does a save check it against the account's other properties again.
 */
export const identifierChanged = (before: string, after: string): boolean =>
  identifierKey(before) !== identifierKey(after);

const isDuplicate = (value: string, existing: readonly string[]): boolean => {
  const key = identifierKey(value);
  return existing.some((e) => identifierKey(e) === key);
};

/**
 * Site url: required; no scheme; a valid host with an optional port and path; on create not a
 * case-insensitive duplicate of the account's other properties.
 */
export function validateSiteUrl(
  url: string | undefined,
  options: { isNew: boolean; existing?: readonly string[] },
  field = 'url',
): Issue[] {
  if (isBlank(url)) return [issue(field, 'required', REQUIRED)];
  const value = (url ?? '').trim();
  if (/^https?:\/\//i.test(value)) return [issue(field, 'noScheme', SITE_URL_HAS_SCHEME)];
  const match = /^([^/:?#\s]+)(:\d{1,5})?(\/[^\s?#]*)?$/.exec(value);
  if (!match || !isValidHost(match[1] ?? '')) return [issue(field, 'host', SITE_URL_INVALID)];
  if (options.isNew && isDuplicate(value, options.existing ?? [])) {
    return [issue(field, 'duplicate', DUPLICATE_PROPERTY)];
  }
  return [];
}

/** A dotted identifier starting with a letter, e.g. com.example.app (Android ids and iOS bundle ids). */
const PACKAGE_ID = /^[A-Za-z][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)+$/;

export const isValidPackageId = (value: string): boolean => PACKAGE_ID.test(value.trim());

/** App packageId: required; a dotted identifier; on create unique case-insensitively. */
export function validatePackageId(
  packageId: string | undefined,
  options: { isNew: boolean; existing?: readonly string[] },
  field = 'packageId',
): Issue[] {
  if (isBlank(packageId)) return [issue(field, 'required', REQUIRED)];
  const value = (packageId ?? '').trim();
  if (!isValidPackageId(value)) return [issue(field, 'packageId', PACKAGE_ID_INVALID)];
  if (options.isNew && isDuplicate(value, options.existing ?? [])) {
    return [issue(field, 'duplicate', DUPLICATE_PROPERTY)];
  }
  return [];
}

export const LOGO_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'bmp', 'svg', 'svgi'] as const;

/** A valid URL whose path ends in an image extension, ignoring the query string and fragment. */
export function isValidLogoUrl(url: string): boolean {
  if (!isValidUrl(url)) return false;
  const path = url.split(/[?#]/)[0] ?? '';
  const extension = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  return path.includes('.') && (LOGO_EXTENSIONS as readonly string[]).includes(extension);
}

export function validateLogoUrl(url: string | undefined, field = 'publisherLogoUrl'): Issue[] {
  if (isBlank(url)) return [];
  return isValidLogoUrl((url ?? '').trim()) ? [] : [issue(field, 'logoUrl', LOGO_URL_INVALID)];
}

/**
 * Publisher or app name: required when GDPR is on and a legal basis is declared; never '<' or '>'.
 */
export function validatePublisherName(
  name: string | undefined,
  options: { required: boolean },
  field = 'publisherName',
): Issue[] {
  if (options.required && isBlank(name)) return [issue(field, 'required', REQUIRED)];
  if (name && hasAngleBrackets(name)) return [issue(field, 'noAngleBrackets', NO_ANGLE_BRACKETS)];
  return [];
}

/** An optional URL field: empty, or a valid URL. */
export function validateOptionalUrl(value: string | undefined, field: string): Issue[] {
  return isBlank(value) || isValidUrl((value ?? '').trim())
    ? []
    : [issue(field, 'url', INVALID_URL)];
}
