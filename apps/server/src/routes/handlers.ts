import type { Routes } from '@assent/core';
import { analyticsHandlers } from './analytics';
import { auditLogHandlers } from './audit-logs';
import { authHandlers } from './auth';
import { bulkUpdateHandlers } from './bulk-update';
import type { TableHandlers } from './context';
import { feedbackHandlers } from './feedback';
import { metaHandlers } from './meta';
import { appHandlers, siteHandlers } from './properties';
import { purposeHandlers } from './purposes';
import { tagHandlers, sdkHandler } from '../banner/tags';
import { textRequestHandlers } from './text-requests';
import { themeHandlers } from './themes';
import { vendorHandlers } from './vendors';

/** One handler for every route of the core table; the compiler refuses a missing one. */
export const handlers: TableHandlers<Routes> = {
  auth: authHandlers,
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
};
