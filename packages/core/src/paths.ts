import { z } from 'zod';
import { accountHomePath, accountPath } from './account/user';

/**
 * Every route of the console (properties-and-tags §2), built in one place: the console's router and
 * links, and core's navigation rules (where a save, a cancel or a missing item leads) use these.
 * Codes and ids are URL-encoded.
 */

const account = accountPath;
const id = (value: string): string => encodeURIComponent(value);

/** The optional page segment of /sites/detail/{id}/{page}. */
export const SiteDetailPage = z.enum(['ab-testing', 'edit']);
export type SiteDetailPage = z.infer<typeof SiteDetailPage>;

/**
 * Where the Help Center button leads: the server redirects it to the operator's help target
 * (`ASSENT_HELP_URL`), by default the project's own documentation at /docs/ (issue 17 item 11).
 */
export const HELP_CENTER_PATH = '/help';

export const consolePaths = {
  login: '/login',
  resetPassword: '/reset-password',
  protect: '/protect',
  /** /protect/{product}-products, the operator's products page. */
  products: (product: string) => `/protect/${product}-products`,
  /** /protect/p-{pCode} */
  account,
  properties: (pCode: string) => accountHomePath(pCode),
  themes: (pCode: string) => `${account(pCode)}/themes`,
  vendors: (pCode: string) => `${account(pCode)}/vendors`,
  reports: (pCode: string) => `${account(pCode)}/reports`,
  bulkUpdate: (pCode: string) => `${account(pCode)}/bulk-update`,
  /** The status page of the account's latest bulk update (reports-and-account §2). */
  bulkUpdateStatus: (pCode: string) => `${account(pCode)}/bulk-update-status`,
  monetisation: (pCode: string) => `${account(pCode)}/monetisation`,
  /** The account's members and invitations (issue 17 item 16; docs/decisions.md). */
  organisation: (pCode: string) => `${account(pCode)}/organisation`,
  /** The signed-in user's two-factor sign-in settings (issue 19 item 22; docs/decisions.md). */
  security: (pCode: string) => `${account(pCode)}/security`,
  /** The mailed invitation link's page: join, or sign up and join. */
  invitation: (token: string) => `/invitation/${id(token)}`,
  /** /protect/p-{pCode}/sites, the site pages without an action (they lead to the properties). */
  sites: (pCode: string) => `${account(pCode)}/sites`,
  siteNew: (pCode: string) => `${account(pCode)}/sites/new`,
  siteEdit: (pCode: string, siteId: string) => `${account(pCode)}/sites/edit/${id(siteId)}`,
  siteDetail: (pCode: string, siteId: string, page?: SiteDetailPage) =>
    `${account(pCode)}/sites/detail/${id(siteId)}${page ? `/${page}` : ''}`,
  siteReports: (pCode: string, siteId: string) => `${account(pCode)}/sites/reports/${id(siteId)}`,
  appNew: (pCode: string) => `${account(pCode)}/apps/new`,
  appEdit: (pCode: string, appId: string) => `${account(pCode)}/apps/edit/${id(appId)}`,
  appDetail: (pCode: string, appId: string) => `${account(pCode)}/apps/detail/${id(appId)}`,
};
