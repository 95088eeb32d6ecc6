import type { AssentClient } from '../api';
import type { GvlVersion } from '../vendors/gvl';
import { queryOptionsOf } from './query-options';

/** The IAB Global Vendor List of one version (2 for TCF 2.0, 3 for TCF 2.2). */
export const vendorKeys = {
  all: ['vendors'] as const,
  list: (gvlVersion: GvlVersion) => [...vendorKeys.all, gvlVersion] as const,
};
/** @param gvlVersion @default 3 */
export const vendorsQuery = (client: AssentClient, gvlVersion: GvlVersion = 3) =>
  queryOptionsOf(vendorKeys.list(gvlVersion), ({ signal }) =>
    client.vendors.list({ query: { gvlVersion } }, { signal }),
  );

/** The account's vendor selection (the Vendors tab). */
export const vendorSelectionKeys = {
  all: ['vendorSelection'] as const,
  account: (pCode: string) => [...vendorSelectionKeys.all, pCode] as const,
};
export const vendorSelectionQuery = (client: AssentClient, pCode: string) =>
  queryOptionsOf(vendorSelectionKeys.account(pCode), ({ signal }) =>
    client.vendors.selection({ query: { pCode } }, { signal }),
  );

/** Google's ad-technology providers (Additional Consent). */
export const googleAtpKeys = { all: ['googleAtp'] as const };
export const googleAtpQuery = (client: AssentClient) =>
  queryOptionsOf(googleAtpKeys.all, ({ signal }) =>
    client.vendors.googleAtp(undefined, { signal }),
  );
