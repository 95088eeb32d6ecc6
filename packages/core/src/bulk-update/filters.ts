import { z } from 'zod';
import { CmpVersion } from '../property/cmp-version';
import { regulationsOf } from '../property/regulations';
import type { PropertyListItem } from '../property/schema';
import { ConsentLocation, ConsentScope, propertyIdentifier } from '../property/schema';

/** The bulk type filter (themes-and-bulk-update §9). */
export const BulkPropertyType = z.enum(['App', 'Site', 'Site & Subdomains', 'Site AMP']);
export type BulkPropertyType = z.infer<typeof BulkPropertyType>;

/** The bulk regulation filter: GDPR only, USP only, both, or none. */
export const BulkRegulation = z.enum(['GDPR', 'USP', 'both', 'None']);
export type BulkRegulation = z.infer<typeof BulkRegulation>;
export const BULK_REGULATION_LABELS: Record<BulkRegulation, string> = {
  GDPR: 'GDPR',
  USP: 'USP',
  both: 'GDPR & USP',
  None: 'None',
};

/**
 * Legal basis: applyRecommended is "No legal basis" (none declared, the recommended purposes of
 * the vendors apply); customized is a declared legal basis.
 */
export const BulkLegalBasis = z.enum(['applyRecommended', 'customized']);
export type BulkLegalBasis = z.infer<typeof BulkLegalBasis>;
export const BULK_LEGAL_BASIS_LABELS: Record<BulkLegalBasis, string> = {
  applyRecommended: 'No legal basis',
  customized: 'Customized',
};

/** The filters of step 1; an empty list or an unset value does not filter. */
export const BulkFilters = z.object({
  type: z.array(BulkPropertyType).default([]),
  regulation: z.array(BulkRegulation).default([]),
  /** Case-insensitive part of the url, package id or name. */
  name: z.string().default(''),
  cmpVersion: z.array(CmpVersion).default([]),
  themeId: z.array(z.string()).default([]),
  publisherCC: z.array(z.string()).default([]),
  /** Google Basic Consent on or off. */
  gbcEnabled: z.boolean().optional(),
  googleEnabled: z.boolean().optional(),
  /** Properties asking consent in any of these locations. */
  consentLocations: z.array(ConsentLocation).default([]),
  consentScope: z.array(ConsentScope).default([]),
  legalBasis: BulkLegalBasis.optional(),
  /** With customized: properties declaring every one of these purposes (consent or LI). */
  customizedPurposes: z.array(z.number().int().positive()).default([]),
});
export type BulkFilters = z.output<typeof BulkFilters>;
export type BulkFiltersInput = z.input<typeof BulkFilters>;

export const emptyBulkFilters = (): BulkFilters => BulkFilters.parse({});

/** The bulk type of a listed property. */
export function bulkTypeOf(
  item: Pick<PropertyListItem, 'propertyType' | 'ampEnabled' | 'applyToSubDomains'>,
): BulkPropertyType {
  if (item.propertyType === 'APP') return 'App';
  if (item.ampEnabled) return 'Site AMP';
  return item.applyToSubDomains ? 'Site & Subdomains' : 'Site';
}

/** The regulation combination of a listed property, read as the Regulation column reads it. */
export function bulkRegulationOf(
  item: Pick<PropertyListItem, 'cmpVersion' | 'consentLocations' | 'privacyModes'>,
): BulkRegulation {
  const { gdpr, us } = regulationsOf(item);
  if (gdpr && us) return 'both';
  if (gdpr) return 'GDPR';
  return us ? 'USP' : 'None';
}

const anyOrIncludes = <T>(wanted: readonly T[], value: T) =>
  wanted.length === 0 || wanted.includes(value);

/** Whether a property of the list passes every filter. */
export function matchesBulkFilters(item: PropertyListItem, filters: BulkFilters): boolean {
  const name = filters.name.trim().toLowerCase();
  const purposes = new Set([...item.purposeIds, ...item.purposeLegitimateIds]);
  return (
    anyOrIncludes(filters.type, bulkTypeOf(item)) &&
    anyOrIncludes(filters.regulation, bulkRegulationOf(item)) &&
    (!name ||
      propertyIdentifier(item).toLowerCase().includes(name) ||
      item.publisherName.toLowerCase().includes(name)) &&
    anyOrIncludes(filters.cmpVersion, item.cmpVersion) &&
    anyOrIncludes(filters.themeId, item.themeId) &&
    (filters.publisherCC.length === 0 ||
      filters.publisherCC.some((cc) => cc.toUpperCase() === item.publisherCC.toUpperCase())) &&
    (filters.gbcEnabled === undefined || item.gbcEnabled === filters.gbcEnabled) &&
    (filters.googleEnabled === undefined || item.googleEnabled === filters.googleEnabled) &&
    (filters.consentLocations.length === 0 ||
      filters.consentLocations.some((l) => item.consentLocations.includes(l))) &&
    anyOrIncludes(filters.consentScope, item.consentScope) &&
    (filters.legalBasis === undefined ||
      (filters.legalBasis === 'applyRecommended'
        ? item.noLegalBasis
        : !item.noLegalBasis && filters.customizedPurposes.every((p) => purposes.has(p))))
  );
}

/** The properties of the list that pass the filters. */
export const filterBulkProperties = (
  items: readonly PropertyListItem[],
  filters: BulkFilters,
): PropertyListItem[] => items.filter((item) => matchesBulkFilters(item, filters));

/** Choosing No legal basis (applyRecommended) clears the customised purpose filter. */
export function setLegalBasisFilter(
  filters: BulkFilters,
  legalBasis: BulkLegalBasis | undefined,
): BulkFilters {
  return legalBasis === 'customized'
    ? { ...filters, legalBasis }
    : { ...filters, legalBasis, customizedPurposes: [] };
}
