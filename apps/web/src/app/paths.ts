import { consolePaths } from '@assent/core';
import { PRODUCT_SLUG } from './product';

/** Every route of the console: core's builder, with this build's product slug. */
export const paths = {
  ...consolePaths,
  products: (product: string = PRODUCT_SLUG) => consolePaths.products(product),
};

/** The tabs of the tab bar, in order, with the path segment that makes each active. */
export const TABS = [
  { id: 'properties', label: 'Properties', path: paths.properties },
  { id: 'themes', label: 'Themes', path: paths.themes },
  { id: 'vendors', label: 'Vendors', path: paths.vendors },
  { id: 'reports', label: 'Reports', path: paths.reports, isNew: true },
] as const;
export type TabId = (typeof TABS)[number]['id'];

/** Pages that belong to the Properties tab without being its path. */
const PROPERTY_SEGMENTS = ['sites', 'apps', 'bulk-update', 'bulk-update-status'];

/** The tab of a path /protect/p-{pCode}/{segment}/…, or undefined for pages outside the tabs. */
export function activeTab(pathname: string): TabId | undefined {
  const segment = pathname.split('/')[3] ?? '';
  if (PROPERTY_SEGMENTS.includes(segment)) return 'properties';
  return TABS.find((tab) => tab.id === segment)?.id;
}
