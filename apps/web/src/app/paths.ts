import { accountHomePath, accountLabel } from '@assent/core';
import { PRODUCT_SLUG } from './product';

const account = (pCode: string) => `/protect/${accountLabel(encodeURIComponent(pCode))}`;
const id = (value: string) => encodeURIComponent(value);

/** Every route of the console (properties-and-tags §2), built in one place. */
export const paths = {
  login: '/login',
  resetPassword: '/reset-password',
  protect: '/protect',
  products: (product: string = PRODUCT_SLUG) => `/protect/${product}-products`,
  account,
  properties: (pCode: string) => accountHomePath(pCode),
  themes: (pCode: string) => `${account(pCode)}/themes`,
  vendors: (pCode: string) => `${account(pCode)}/vendors`,
  reports: (pCode: string) => `${account(pCode)}/reports`,
  bulkUpdate: (pCode: string) => `${account(pCode)}/bulk-update`,
  monetisation: (pCode: string) => `${account(pCode)}/monetisation`,
  siteNew: (pCode: string) => `${account(pCode)}/sites/new`,
  siteEdit: (pCode: string, siteId: string) => `${account(pCode)}/sites/edit/${id(siteId)}`,
  siteDetail: (pCode: string, siteId: string, page?: 'ab-testing' | 'edit') =>
    `${account(pCode)}/sites/detail/${id(siteId)}${page ? `/${page}` : ''}`,
  siteReports: (pCode: string, siteId: string) => `${account(pCode)}/sites/reports/${id(siteId)}`,
  appNew: (pCode: string) => `${account(pCode)}/apps/new`,
  appEdit: (pCode: string, appId: string) => `${account(pCode)}/apps/edit/${id(appId)}`,
  appDetail: (pCode: string, appId: string) => `${account(pCode)}/apps/detail/${id(appId)}`,
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
const PROPERTY_SEGMENTS = ['sites', 'apps', 'bulk-update'];

/** The tab of a path /protect/p-{pCode}/{segment}/…, or undefined for pages outside the tabs. */
export function activeTab(pathname: string): TabId | undefined {
  const segment = pathname.split('/')[3] ?? '';
  if (PROPERTY_SEGMENTS.includes(segment)) return 'properties';
  return TABS.find((tab) => tab.id === segment)?.id;
}
