import { accountCodeFromSegment } from '@assent/core/account';
import {
  meQuery,
  organisationsQuery,
  propertyRowsQuery,
  reportPropertiesQuery,
  vendorSelectionQuery,
} from '@assent/core/queries';
import type { FetchQueryOptions, QueryKey } from '@tanstack/react-query';
import { operatorWarningsQuery } from '../shell/OperatorWarnings';
import { paths } from './paths';
import type { Services } from './services';

/**
 * How long data fetched at start stays fresh for the page that mounts after it: long enough for
 * the page's chunks to arrive under load, so the page reads it instead of asking again.
 */
const PREFETCH_FRESH_MS = 10_000;

/**
 * Starts the calls the page at `location` will make, at start-up, in parallel: who is signed in,
 * the server's health and the organisations (the shell), and the page's own data (the properties
 * list, then its first page's consent rates; the reports properties, then the default dashboard's
 * three calls), instead of one after the other as the shell, then the page, render. The queries
 * are the pages' own (same factories, same keys), so the pages find them in the cache; a failure
 * is the page's to show when it asks again. The promise settles when every call has (the server
 * render waits on it; the browser does not).
 */
export function prefetchForLocation(
  location: { pathname: string; search: string },
  services: Services,
): Promise<void> {
  const { client, queryClient } = services;
  const [, root, segment, page, sub] = location.pathname.split('/');
  if (`/${root}` !== paths.protect) return Promise.resolve();
  const prefetch = <T>(options: FetchQueryOptions<T, Error, T, QueryKey>) => {
    queryClient.setQueryDefaults(options.queryKey, { staleTime: PREFETCH_FRESH_MS });
    return queryClient.fetchQuery(options);
  };
  // The session and organisations keep their own 60 s (useSession, useOrganisation). The shell's
  // operator warnings come with the first paint, not as a callout pushing the page down after it.
  const calls: Promise<unknown>[] = [
    queryClient.prefetchQuery({ ...meQuery(client), staleTime: 60_000 }),
    queryClient.prefetchQuery(operatorWarningsQuery(client)),
  ];
  const pCode = accountCodeFromSegment(safeDecode(segment ?? ''));
  if (pCode) {
    calls.push(queryClient.prefetchQuery({ ...organisationsQuery(client), staleTime: 60_000 }));
    if (!page || page === 'properties') {
      calls.push(prefetchProperties(services, pCode, prefetch).catch(() => {}));
    } else if (page === 'reports' && sub !== 'view-reports') {
      calls.push(
        prefetchDashboard(services, pCode, sub, location.search, prefetch).catch(() => {}),
      );
    }
  }
  return Promise.all(calls).then(() => {});
}

/**
 * The properties list, then the consent rates of the rows its page shows first; beside them the
 * account's vendor selection, whose notice ('No IAB vendor is selected yet') sits above the table.
 */
async function prefetchProperties(
  services: Services,
  pCode: string,
  prefetch: <T>(options: FetchQueryOptions<T, Error, T, QueryKey>) => Promise<T>,
): Promise<void> {
  const rates = async () => {
    const listed = prefetch(propertyRowsQuery(services.client, pCode));
    listed.catch(() => {}); // the page asks again and shows the failure
    // From the page's own chunk, which the start-up loads anyway (preloadRoute): no request more,
    // and nothing more in the entry chunk (/login's bytes).
    const [{ firstPageAnalyticsQuery }, rows] = await Promise.all([
      import('../properties/PropertiesPage'),
      listed,
    ]);
    if (rows.length > 0)
      await prefetch(firstPageAnalyticsQuery(services.client, pCode, rows, services.now()));
  };
  await Promise.all([prefetch(vendorSelectionQuery(services.client, pCode)), rates()]);
}

async function prefetchDashboard(
  services: Services,
  pCode: string,
  routePropertyId: string | undefined,
  search: string,
  prefetch: <T>(options: FetchQueryOptions<T, Error, T, QueryKey>) => Promise<T>,
): Promise<void> {
  // The reports page reads the account's properties whatever its tab.
  const listed = prefetch(reportPropertiesQuery(services.client, pCode));
  listed.catch(() => {}); // the page asks again and shows the failure
  // The reports rules and the dashboard's queries load here, beside the properties call, so they
  // stay out of the entry chunk (and /login's bytes).
  const [reports, dashboard] = await Promise.all([
    import('@assent/core/reports'),
    import('../reports/dashboard/queries'),
  ]);
  // A saved report opens the Analytics tab, not the dashboard.
  if (new URLSearchParams(search).get(reports.REPORT_ID_QUERY_KEY) !== null) return;
  const { analyticsPropertyIds, initialReportPropertySelection } = reports;
  const { dashboardQueries, defaultDashboardInput } = dashboard;
  const properties = await listed;
  const selected = initialReportPropertySelection({
    properties,
    routePropertyId: routePropertyId ? safeDecode(routePropertyId) : undefined,
  });
  const ids = analyticsPropertyIds(properties, selected);
  if (ids.length === 0) return;
  const queries = dashboardQueries(
    services.client,
    pCode,
    defaultDashboardInput(services.now(), ids),
  );
  const calls = [
    prefetch(queries.summary),
    prefetch(queries.insights),
    prefetch(queries.countries),
  ];
  // The charts' chunk (plotly, ~1 MB) is evaluated while the server answers the three calls, not
  // between the properties' answer and sending them (in the browser: the server draws no chart).
  services.preloadPlot();
  await Promise.all(calls);
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
