import { z } from 'zod';
import { GoogleAtp, VendorSelection, VendorSelectionResponse } from '../../vendors/selection';
import { ACCOUNT_QUERY, USER, defineRoute } from '../route';

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

export const vendors = {
  list: defineRoute({
    method: 'GET',
    path: '/customization/v2/vendors',
    summary: 'All vendors of the IAB Global Vendor List, version 2 (TCF 2.0) or 3 (TCF 2.2)',
    access: USER,
    query: z.object({
      gvlVersion: z.coerce
        .number()
        .pipe(z.union([z.literal(2), z.literal(3)]))
        .default(3),
    }),
    response: VendorListResponse,
  }),
  googleAtp: defineRoute({
    method: 'GET',
    path: '/customization/v2/vendors/google-atp',
    summary: "Google's ad-technology providers list",
    access: USER,
    response: z.array(GoogleAtp),
  }),
  selection: defineRoute({
    method: 'GET',
    path: '/customization/v2/vendors/selection',
    summary: "The account's vendor selection",
    access: ACCOUNT_QUERY,
    query: z.object({ pCode: z.string().min(1) }),
    response: VendorSelectionResponse,
  }),
  saveSelection: defineRoute({
    method: 'PUT',
    path: '/customization/v2/vendors/selection',
    summary: "Save the account's vendor selection",
    access: ACCOUNT_QUERY,
    query: z.object({ pCode: z.string().min(1) }),
    body: VendorSelection,
    response: VendorSelectionResponse,
  }),
};
