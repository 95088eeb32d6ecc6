import type { PropertyValues } from '../../property/schema';
import { isSafeLink } from '../../validation';
import type { BannerConsentScope } from '../config';
import { stableHash } from './hash';

/**
 * The group a 'service group' property belongs to: a short key of its group URL (scheme, host and
 * path, case- and trailing-slash-insensitive). Sites of one account with the same group URL share
 * consent.
 */
export function consentGroupKey(groupUrl: string): string {
  const normalised = groupUrl
    .trim()
    .toLowerCase()
    .replace(/[?#].*$/, '')
    .replace(/\/+$/, '');
  return `g${stableHash(normalised)}`;
}

/**
 * Where consent is kept: per site, or in the group's storage for a 'service group' property with an
 * http(s) group URL. ('global' scope was withdrawn from TCF 2.2: consent is asked per site.)
 */
export function compileConsentScope(
  property: PropertyValues,
  groupStorageUrl: string | undefined,
): BannerConsentScope {
  const groupUrl = (groupStorageUrl ?? property.consentScopeGroupURL).trim();
  return property.consentScope === 'service group' && isSafeLink(groupUrl)
    ? { type: 'serviceGroup', groupUrl, storage: property.thirdPartyStorageType ?? 'iframe' }
    : { type: 'service' };
}
