import { z } from 'zod';

/**
 * The IAB Global Vendor List (GVL), as published at vendor-list.consensu.org: version 2 of the
 * format for TCF 2.0 and version 3 for TCF 2.2. Only what Assent reads is declared; other keys are
 * dropped on parse, so a newer list with extra fields still parses.
 */

const Id = z.number().int().positive();
const Ids = z.array(Id);

/** The GVL format version: 2 (TCF 2.0) or 3 (TCF 2.2). */
export const GvlVersion = z.union([z.literal(2), z.literal(3)]);
export type GvlVersion = z.infer<typeof GvlVersion>;

/** The TCF versions a theme can target. */
export const TcfVersion = z.enum(['2.0', '2.2']);
export type TcfVersion = z.infer<typeof TcfVersion>;

/** TCF 2.0 reads GVL v2; TCF 2.2 reads GVL v3. */
export const GVL_VERSION_OF_TCF: Record<TcfVersion, GvlVersion> = { '2.0': 2, '2.2': 3 };

export const TCF_VERSION_LABELS: Record<TcfVersion, string> = {
  '2.0': 'TCF 2.0',
  '2.2': 'TCF 2.2',
};

export const tcfVersionOfGvl = (version: GvlVersion): TcfVersion => (version === 2 ? '2.0' : '2.2');

/** A purpose, special purpose, feature or special feature. v2 has descriptionLegal, v3 illustrations. */
export const GvlDeclaration = z.object({
  id: Id,
  name: z.string(),
  description: z.string(),
  descriptionLegal: z.string().optional(),
  illustrations: z.array(z.string()).optional(),
});
export type GvlDeclaration = z.infer<typeof GvlDeclaration>;

/** A stack: a named combination of purposes and special features shown as one item. */
export const GvlStack = z.object({
  id: Id,
  name: z.string(),
  description: z.string(),
  purposes: Ids,
  specialFeatures: Ids,
});
export type GvlStack = z.infer<typeof GvlStack>;

/** v3: the categories of data vendors declare collecting. */
export const GvlDataCategory = z.object({ id: Id, name: z.string(), description: z.string() });
export type GvlDataCategory = z.infer<typeof GvlDataCategory>;

/** v3: per-vendor privacy and legitimate-interest claim URLs by language. */
export const GvlVendorUrl = z.object({
  langId: z.string(),
  privacy: z.string(),
  legIntClaim: z.string().optional(),
});

/** v3: retention in days, standard and per (special) purpose. */
export const GvlDataRetention = z.object({
  stdRetention: z.number().int().nonnegative().optional(),
  purposes: z.record(z.string(), z.number().int().nonnegative()).default({}),
  specialPurposes: z.record(z.string(), z.number().int().nonnegative()).default({}),
});

export const GvlVendor = z.object({
  id: Id,
  name: z.string(),
  purposes: Ids,
  legIntPurposes: Ids,
  flexiblePurposes: Ids,
  specialPurposes: Ids,
  features: Ids,
  specialFeatures: Ids,
  /** v2 only; v3 has `urls`. */
  policyUrl: z.string().optional(),
  urls: z.array(GvlVendorUrl).optional(),
  /** v3: null when the vendor does not use cookies with an expiry. */
  cookieMaxAgeSeconds: z.number().nullable().optional(),
  usesCookies: z.boolean().optional(),
  cookieRefresh: z.boolean().optional(),
  usesNonCookieAccess: z.boolean().optional(),
  dataRetention: GvlDataRetention.optional(),
  dataDeclaration: Ids.optional(),
  deviceStorageDisclosureUrl: z.string().optional(),
  overflow: z.object({ httpGetLimit: z.number().int() }).optional(),
  /** Set when the vendor left the list; it stays listed for a while. */
  deletedDate: z.string().optional(),
});
export type GvlVendor = z.infer<typeof GvlVendor>;

const byId = <T extends z.ZodType>(schema: T) => z.record(z.string(), schema);

export const Gvl = z.object({
  gvlSpecificationVersion: GvlVersion,
  vendorListVersion: z.number().int().positive(),
  tcfPolicyVersion: z.number().int().positive(),
  lastUpdated: z.string(),
  purposes: byId(GvlDeclaration),
  specialPurposes: byId(GvlDeclaration),
  features: byId(GvlDeclaration),
  specialFeatures: byId(GvlDeclaration),
  stacks: byId(GvlStack),
  /** v3 only. */
  dataCategories: byId(GvlDataCategory).optional(),
  vendors: byId(GvlVendor),
});
export type Gvl = z.infer<typeof Gvl>;

const sortById = <T extends { id: number }>(items: T[]): T[] => items.sort((a, b) => a.id - b.id);

/** The vendors of a list by id; those with a deletedDate only when asked for. */
export function gvlVendors(gvl: Gvl, options: { includeDeleted?: boolean } = {}): GvlVendor[] {
  const vendors = Object.values(gvl.vendors);
  return sortById(options.includeDeleted ? vendors : vendors.filter((v) => !v.deletedDate));
}

/** The stacks of a list by id. */
export const gvlStacks = (gvl: Gvl): GvlStack[] => sortById(Object.values(gvl.stacks));
