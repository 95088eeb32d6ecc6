import type { VendorListResponse } from '@assent/core/vendors';

/** The runtime's vendor list: GVL v3 JSON (vendors keyed by id, privacy URLs), from the API's list. */
export function gvlJson(list: VendorListResponse) {
  const byId = <T extends { id: number }>(items: readonly T[]) =>
    Object.fromEntries(items.map((i) => [String(i.id), i]));
  return {
    gvlSpecificationVersion: list.gvlVersion,
    vendorListVersion: list.vendorListVersion,
    tcfPolicyVersion: list.tcfPolicyVersion,
    lastUpdated: list.lastUpdated,
    purposes: byId(list.purposes),
    specialPurposes: byId(list.specialPurposes),
    features: byId(list.features),
    specialFeatures: byId(list.specialFeatures),
    stacks: byId(list.stacks),
    vendors: byId(
      list.vendors.map(({ policyUrl, usesCookies, cookieMaxAgeSeconds, deletedDate, ...v }) => ({
        ...v,
        ...(policyUrl ? { urls: [{ langId: 'en', privacy: policyUrl }] } : {}),
        ...(usesCookies !== null ? { usesCookies } : {}),
        ...(cookieMaxAgeSeconds !== null ? { cookieMaxAgeSeconds } : {}),
        ...(deletedDate ? { deletedDate } : {}),
      })),
    ),
  };
}
