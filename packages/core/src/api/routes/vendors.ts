import { z } from 'zod';
import { GoogleAtp, VendorSelection, VendorSelectionResponse } from '../../vendors/selection';
import { VendorListResponse } from '../../vendors/vendor-list';
import { ACCOUNT_QUERY, USER, defineRoute } from '../route';

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
    cache: 'minute',
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
