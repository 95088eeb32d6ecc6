import { REPORT_ID_QUERY_KEY } from '@assent/core/reports';

// Read by the server render only (entry-server.tsx): kept out of the browser's entry chunk, which
// must not carry core's reports rules.

/** The pages the server renders (`serverRenderedPage`). */
export type ServerRenderedPage = 'properties' | 'dashboard';

/**
 * The page the server renders at `url` (a console page the console opens on, whose first data
 * `prefetchForLocation` fetches), or null: an account's properties list, and its reports page on
 * the Dashboard tab (`/reports`, `/reports/{propertyId}`; a saved report's `report_id` opens the
 * Analytics tab, rendered in the browser).
 */
export function serverRenderedPage(url: {
  pathname: string;
  searchParams: URLSearchParams;
}): ServerRenderedPage | null {
  const [, root, segment, page, ...rest] = url.pathname.split('/');
  if (root !== 'protect' || !(segment?.startsWith('p-') ?? false)) return null;
  if (page === 'properties' && rest.every((part) => part === '')) return 'properties';
  const [propertyId, ...more] = rest;
  if (
    page === 'reports' &&
    propertyId !== 'view-reports' &&
    more.every((part) => part === '') &&
    !url.searchParams.has(REPORT_ID_QUERY_KEY)
  )
    return 'dashboard';
  return null;
}
