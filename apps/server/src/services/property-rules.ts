import { AssentError, issue } from '@assent/core';
import {
  identifierChanged,
  propertyIdentifier,
  toSavePayload,
  validateProperty,
} from '@assent/core/property';
import type { PropertyValues } from '@assent/core/property';
import { loadVendorPurposes } from '@assent/core/vendors';
import type { VendorPurposes } from '@assent/core/vendors';
import type { Queryable } from '../db';
import type { SaveRuleContext } from '../repositories/properties';
import { properties, saveRuleContext } from '../repositories/properties';
import { vendorSelections } from '../repositories/vendors';
import type { ExternalLists } from './external-lists';
import type { LogoChecker } from './logo-check';

/** What the save rules read besides the database: the vendor lists and the logo check. */
export interface SaveServices {
  lists: ExternalLists;
  logos: LogoChecker;
}

export interface SaveCheck {
  /**
   * The property being edited: its own identifier is not a duplicate, and its stored logo is not
   * loaded again.
   */
  existing?: { uuid: string; identifier: string; publisherLogoUrl?: string };
  /** The console's url-changed flag: check the identifier even if it looks unchanged. */
  identifierChanged?: boolean;
  /**
   * The account's rule context already read in this transaction (`saveRuleContext`): a bulk
   * update's batch reads it once for all its properties.
   */
  context?: SaveRuleContext;
}

/** Issues whose rule marks unsafe text are reported as XSS_ERROR (properties and themes alike). */
export const isUnsafeIssue = (rule: string): boolean => rule === 'unsafe' || rule === 'xss';

/**
 * Every rule of a single save, on the server: validation against the account's properties, themes
 * and vendors, the logo check (a new or changed logo must load as an image; its URL is saved with
 * the version suffix), then the save-payload transform. Bulk updates and `assent apply` go through
 * this too, so one property obeys the same rules whichever way it is changed. Throws AssentError
 * with every broken field.
 */
export async function checkPropertyForSave(
  q: Queryable,
  { lists, logos }: SaveServices,
  pcode: string,
  values: PropertyValues,
  check: SaveCheck = {},
): Promise<PropertyValues> {
  const identifier = propertyIdentifier(values);
  const isNewIdentifier =
    !check.existing ||
    check.identifierChanged ||
    identifierChanged(check.existing.identifier, identifier);
  // One after the other: inside a transaction they share one connection.
  const { copEnabled, themes } = check.context ?? (await saveRuleContext(q, pcode));
  const existingIdentifiers = isNewIdentifier
    ? await properties.identifiersLike(q, pcode, identifier, check.existing?.uuid)
    : undefined;
  const vendors = values.consentOrPayConfig.enabled
    ? await vendorsInScope(q, lists, pcode)
    : undefined;
  const result = validateProperty(values, {
    ...(existingIdentifiers ? { existingIdentifiers } : {}),
    themes,
    ...(vendors ? { vendors } : {}),
    consentOrPayEnabled: copEnabled,
  });
  if (!result.ok) {
    const xss = result.issues.some((i) => isUnsafeIssue(i.rule));
    throw AssentError.fromIssues(result.issues, xss ? 'XSS_ERROR' : 'VALIDATION_ERROR');
  }
  const logo = result.value.publisherLogoUrl.trim();
  if (!logo || logo === check.existing?.publisherLogoUrl?.trim())
    return toSavePayload(result.value);
  const loaded = await logos.check(logo);
  if (!loaded.ok)
    throw AssentError.fromIssues([issue('publisherLogoUrl', 'logoImage', loaded.message)]);
  return toSavePayload({ ...result.value, publisherLogoUrl: loaded.url });
}

/** The vendors the account's banners ask consent for, with their declared purposes. */
export async function vendorsInScope(
  q: Queryable,
  lists: ExternalLists,
  pcode: string,
): Promise<VendorPurposes[]> {
  return loadVendorPurposes({
    selection: () => vendorSelections.get(q, pcode),
    vendorList: (gvlVersion) => lists.vendorList(gvlVersion),
  });
}
