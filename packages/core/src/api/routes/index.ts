import type { RouteTable } from '../route';
import { analytics } from './analytics';
import { auth } from './auth';
import { auditLogs } from './audit-logs';
import { banner } from './banner';
import { bulkUpdate } from './bulk-update';
import { feedback } from './feedback';
import { history } from './history';
import { meta } from './meta';
import { organisation } from './organisation';
import { apps, sites } from './properties';
import { purposes } from './purposes';
import { tags } from './tags';
import { textRequests } from './text-requests';
import { themes } from './themes';
import { vendors } from './vendors';

/**
 * Every call of the API, grouped by entity. Each group lives in its own file beside this one;
 * the server registers every route from this table and the client is generated from it.
 */
export const routes = {
  auth,
  organisation,
  analytics,
  feedback,
  meta,
  sites,
  apps,
  vendors,
  purposes,
  tags,
  auditLogs,
  themes,
  textRequests,
  bulkUpdate,
  history,
  banner,
} satisfies RouteTable;

export type Routes = typeof routes;
