import { z } from 'zod';
import type { Gvl } from './gvl';
import { gvlStacks, gvlVendors } from './gvl';

/** A vendor of the Global Vendor List as the console lists it. */
export const GvlVendorSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  purposes: z.array(z.number()),
  legIntPurposes: z.array(z.number()),
  flexiblePurposes: z.array(z.number()),
  specialPurposes: z.array(z.number()),
  features: z.array(z.number()),
  specialFeatures: z.array(z.number()),
  policyUrl: z.string().nullable(),
  usesCookies: z.boolean().nullable(),
  cookieMaxAgeSeconds: z.number().nullable(),
  deletedDate: z.string().nullable(),
});
export type GvlVendorSummary = z.infer<typeof GvlVendorSummary>;

const Named = z.object({ id: z.number().int(), name: z.string(), description: z.string() });

/** The vendor list of one GVL version, in the shape the console and CLI read. */
export const VendorListResponse = z.object({
  gvlVersion: z.union([z.literal(2), z.literal(3)]),
  vendorListVersion: z.number().int(),
  tcfPolicyVersion: z.number().int(),
  lastUpdated: z.string(),
  purposes: z.array(Named),
  specialPurposes: z.array(Named),
  features: z.array(Named),
  specialFeatures: z.array(Named),
  stacks: z.array(
    Named.extend({ purposes: z.array(z.number()), specialFeatures: z.array(z.number()) }),
  ),
  vendors: z.array(GvlVendorSummary),
});
export type VendorListResponse = z.infer<typeof VendorListResponse>;

const declarations = (map: Gvl['purposes']) =>
  Object.values(map)
    .map(({ id, name, description }) => ({ id, name, description }))
    .sort((a, b) => a.id - b.id);

/** The API's vendor list from a Global Vendor List (v2 or v3): vendors by id, English policy URL. */
export function toVendorListResponse(gvl: Gvl): VendorListResponse {
  return {
    gvlVersion: gvl.gvlSpecificationVersion,
    vendorListVersion: gvl.vendorListVersion,
    tcfPolicyVersion: gvl.tcfPolicyVersion,
    lastUpdated: gvl.lastUpdated,
    purposes: declarations(gvl.purposes),
    specialPurposes: declarations(gvl.specialPurposes),
    features: declarations(gvl.features),
    specialFeatures: declarations(gvl.specialFeatures),
    stacks: gvlStacks(gvl),
    vendors: gvlVendors(gvl, { includeDeleted: true }).map((v) => ({
      id: v.id,
      name: v.name,
      purposes: v.purposes,
      legIntPurposes: v.legIntPurposes,
      flexiblePurposes: v.flexiblePurposes,
      specialPurposes: v.specialPurposes,
      features: v.features,
      specialFeatures: v.specialFeatures,
      policyUrl:
        v.policyUrl ??
        v.urls?.find((u) => u.langId === 'en')?.privacy ??
        v.urls?.[0]?.privacy ??
        null,
      usesCookies: v.usesCookies ?? null,
      cookieMaxAgeSeconds: v.cookieMaxAgeSeconds ?? null,
      deletedDate: v.deletedDate ?? null,
    })),
  };
}
