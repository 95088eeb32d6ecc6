import type { Routes } from '@assent/core/api';
import { bannerHandlers } from '../banner/handlers';
import type { BannerRuntime } from '../banner/runtime';
import { sdkHandler, tagHandlers } from '../banner/tags';
import { analyticsHandlers } from './analytics';
import { auditLogHandlers } from './audit-logs';
import { authHandlers } from './auth';
import { bulkUpdateHandlers } from './bulk-update';
import type { TableHandlers } from './context';
import { feedbackHandlers } from './feedback';
import { historyHandlers } from './history';
import { metaHandlers } from './meta';
import { organisationHandlers } from './organisation';
import { appHandlers, siteHandlers } from './properties';
import { purposeHandlers } from './purposes';
import { textRequestHandlers } from './text-requests';
import { themeHandlers } from './themes';
import { vendorHandlers } from './vendors';

/**
 * One handler for every route of the core table; the compiler refuses a missing one. The consent
 * runtime's handlers share the runtime built once per app (assets, geo, serialised lists).
 */
export const createHandlers = (runtime: BannerRuntime): TableHandlers<Routes> => ({
  auth: authHandlers,
  organisation: organisationHandlers,
  analytics: analyticsHandlers,
  feedback: feedbackHandlers,
  meta: metaHandlers,
  sites: siteHandlers,
  apps: { ...appHandlers, sdk: sdkHandler },
  vendors: vendorHandlers,
  purposes: purposeHandlers,
  tags: tagHandlers,
  auditLogs: auditLogHandlers,
  themes: themeHandlers,
  textRequests: textRequestHandlers,
  bulkUpdate: bulkUpdateHandlers,
  history: historyHandlers,
  banner: bannerHandlers(runtime),
});
