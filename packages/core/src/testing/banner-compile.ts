import type { BannerCompileInput } from '../banner/compile';
import { compileBannerConfig } from '../banner/compile';
import type { PropertyDraft } from '../property/schema';
import { PropertySettings } from '../property/schema';
import type { VendorListResponse } from '../vendors/vendor-list';
import { siteThemeValues } from './theme';

/** Fixed inputs of the banner compiler's tests. */

const named = (id: number, name = `Item ${id}`) => ({ id, name, description: `${name}.` });
/** A GVL vendor with no declarations unless given. */
export const gvlVendor = (
  id: number,
  d: Partial<VendorListResponse['vendors'][number]> = {},
): VendorListResponse['vendors'][number] => ({
  id,
  name: `Vendor ${id}`,
  purposes: [],
  legIntPurposes: [],
  flexiblePurposes: [],
  specialPurposes: [],
  features: [],
  specialFeatures: [],
  policyUrl: `https://vendor${id}.example/privacy`,
  usesCookies: true,
  cookieMaxAgeSeconds: 86_400,
  deletedDate: null,
  ...d,
});

/** A small vendor list: four vendors (one deleted), eleven purposes, two stacks. */
export const COMPILE_VENDOR_LIST: VendorListResponse = {
  gvlVersion: 3,
  vendorListVersion: 42,
  tcfPolicyVersion: 4,
  lastUpdated: '2026-01-08T16:00:00Z',
  purposes: Array.from({ length: 11 }, (_, i) => named(i + 1, `Purpose ${i + 1}`)),
  specialPurposes: [named(1)],
  features: [named(1)],
  specialFeatures: [named(1, 'Precise geolocation'), named(2, 'Device scanning')],
  stacks: [
    { ...named(1, 'Stack one'), purposes: [], specialFeatures: [1, 2] },
    { ...named(2, 'Stack two'), purposes: [2, 7], specialFeatures: [] },
  ],
  vendors: [
    gvlVendor(1, { purposes: [1, 2, 3, 4], legIntPurposes: [7, 8], flexiblePurposes: [2, 7] }),
    gvlVendor(2, {
      purposes: [1],
      legIntPurposes: [2, 10],
      flexiblePurposes: [2],
      specialFeatures: [1],
    }),
    gvlVendor(3, {
      purposes: [1, 5],
      legIntPurposes: [9],
      specialFeatures: [2],
      deletedDate: '2025-01-01T00:00:00Z',
    }),
    gvlVendor(4, { purposes: [1, 11] }),
  ],
};

/** A worldwide GDPR site property ('prop-1') using theme '7'. */
export const compileProperty = (overrides: PropertyDraft = {}) => ({
  ...PropertySettings.parse({
    propertyType: 'SITE',
    url: 'news.example',
    publisherName: 'Example News',
    themeId: '7',
    consentLocations: ['WORLDWIDE'],
    ...overrides,
  }),
  uuid: 'prop-1',
});

/** The site theme '7'. */
export const compileTheme = (overrides: Parameters<typeof siteThemeValues>[0] = {}) => ({
  ...siteThemeValues(overrides),
  themeId: '7',
});

/** The compiled banner of `compileProperty()` and `compileTheme()`, every vendor in scope, CMP id 300. */
export function compileTestConfig(over: Partial<BannerCompileInput> = {}) {
  return compileBannerConfig({
    property: compileProperty(),
    theme: compileTheme(),
    vendorList: COMPILE_VENDOR_LIST,
    vendorSelection: { vendorIds: [], includeNewVendors: true, updatedAt: null },
    cmpId: 300,
    ...over,
  });
}
