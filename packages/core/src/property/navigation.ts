import { z } from 'zod';
import { accountHomePath } from '../account/user';
import { ApiError } from '../errors';
import { SiteDetailPage, consolePaths } from '../paths';

/**
 * Where the site and app pages go (properties-and-tags §2 route rules and §4 "Save of a site…",
 * "Site detail…", "Empty current items are cleared on leaving"): each decision as a pure function
 * the console's routes call. Paths are the console's, under /protect/p-{pCode} (`consolePaths`).
 */

/** /protect/p-{pCode}/sites/detail/{id}, with its optional page segment. */
export const siteDetailPath = consolePaths.siteDetail;

/** What a failed load of a property means: 404 or 400 not found, 401 or 403 access denied. */
export type PropertyLoadFailureView = 'not-found' | 'restricted' | 'failed';
export function propertyLoadFailureView(error: unknown): PropertyLoadFailureView {
  if (!(error instanceof ApiError)) return 'failed';
  if (error.httpStatus === 404 || error.httpStatus === 400) return 'not-found';
  if (error.httpStatus === 401 || error.httpStatus === 403) return 'restricted';
  return 'failed';
}

/**
 * An empty current item: a property fetch that brought nothing (no data, null, or no uuid). The
 * console clears such items from its cache when the user leaves the page, so coming back fetches
 * again instead of showing the empty result.
 */
export const isEmptyCurrentItem = (item: unknown): boolean =>
  item === undefined ||
  item === null ||
  typeof item !== 'object' ||
  !('uuid' in item) ||
  !(item as { uuid: unknown }).uuid;

// Sites

/** The site page's actions; the site page without an action is the properties list. */
export const SitePageAction = z.enum(['new', 'edit', 'delete', 'newuser']);
export type SitePageAction = z.infer<typeof SitePageAction>;

export type SitePageView =
  | { kind: 'form'; action: SitePageAction }
  | { kind: 'redirect'; to: string }
  | { kind: 'not-found' };

/**
 * /sites/{action}/{id?}: new, edit, delete or newuser show the site form (edit and delete need an
 * id); no action goes to the properties list; any other action shows not found.
 */
export function sitePageView(pCode: string, action: string | undefined, id?: string): SitePageView {
  if (action === undefined) return { kind: 'redirect', to: accountHomePath(pCode) };
  const known = SitePageAction.safeParse(action);
  if (!known.success) return { kind: 'not-found' };
  if ((known.data === 'edit' || known.data === 'delete') && !id) return { kind: 'not-found' };
  return { kind: 'form', action: known.data };
}

/**
 * Where a saved site (and CANCEL) goes: back to the site's detail when the form was opened from it
 * (/sites/detail/{id}/edit), otherwise the properties list.
 */
export const afterSiteSavePath = (pCode: string, openedFromDetailOf?: string): string =>
  openedFromDetailOf ? siteDetailPath(pCode, openedFromDetailOf) : accountHomePath(pCode);

export const SiteDetailTab = z.enum(['reports', 'ab-testing']);
export type SiteDetailTab = z.infer<typeof SiteDetailTab>;

export type SiteDetailView =
  | { kind: 'not-found' }
  | { kind: 'edit'; id: string }
  | { kind: 'detail'; id: string; tab: SiteDetailTab };

/**
 * /sites/detail/{id}/{page?} before the site loads: no id or an unknown page shows not found; /edit
 * shows the site form (which returns to the detail); otherwise the detail on the tab of the URL.
 */
export function siteDetailView(id: string | undefined, page: string | undefined): SiteDetailView {
  if (!id) return { kind: 'not-found' };
  if (page === undefined) return { kind: 'detail', id, tab: 'reports' };
  const known = SiteDetailPage.safeParse(page);
  if (!known.success) return { kind: 'not-found' };
  return known.data === 'edit' ? { kind: 'edit', id } : { kind: 'detail', id, tab: 'ab-testing' };
}

type AbTests = { abTestingSitesCollection?: readonly unknown[] | undefined };

/** The detail's tabs: the reports, and A/B Testing when the site has A/B test collections. */
export const siteDetailTabs = (site: AbTests): SiteDetailTab[] =>
  site.abTestingSitesCollection?.length ? ['reports', 'ab-testing'] : ['reports'];

/**
 * The tab follows the URL once the site has loaded; the A/B Testing tab of a site without A/B
 * test collections redirects to the detail.
 */
export function siteDetailTab(
  pCode: string,
  site: AbTests & { uuid: string },
  requested: SiteDetailTab,
): { tab: SiteDetailTab } | { redirect: string } {
  return siteDetailTabs(site).includes(requested)
    ? { tab: requested }
    : { redirect: siteDetailPath(pCode, site.uuid) };
}

// Apps

export const AppPageAction = z.enum(['new', 'edit', 'detail']);
export type AppPageAction = z.infer<typeof AppPageAction>;

export type AppPageView =
  | { kind: 'new' }
  | { kind: 'edit' | 'detail'; id: string }
  | { kind: 'redirect'; to: string }
  | { kind: 'not-found' };

/**
 * /apps/{action}/{id?}: new shows Create New App; edit and detail need an id, otherwise the user
 * goes to the properties list, as without an action; any other action shows not found.
 */
export function appPageView(pCode: string, action: string | undefined, id?: string): AppPageView {
  const home: AppPageView = { kind: 'redirect', to: accountHomePath(pCode) };
  if (action === undefined) return home;
  const known = AppPageAction.safeParse(action);
  if (!known.success) return { kind: 'not-found' };
  if (known.data === 'new') return { kind: 'new' };
  return id ? { kind: known.data, id } : home;
}

export type AppFetchView =
  | { kind: 'loading' }
  | { kind: 'form' }
  | { kind: 'failed'; view: PropertyLoadFailureView }
  | { kind: 'redirect'; to: string };

/**
 * The app edit page after its fetch: a fetch that brings no app (an empty result, 404 or 400)
 * sends the user back to the properties list; another failure shows (access denied, or its
 * message); a loaded app shows the form.
 */
export function appFetchView(
  pCode: string,
  fetch: { status: 'pending' | 'error' | 'success'; error?: unknown; data?: unknown },
): AppFetchView {
  const home: AppFetchView = { kind: 'redirect', to: accountHomePath(pCode) };
  if (fetch.status === 'pending') return { kind: 'loading' };
  if (fetch.status === 'success') return isEmptyCurrentItem(fetch.data) ? home : { kind: 'form' };
  const view = propertyLoadFailureView(fetch.error);
  return view === 'not-found' ? home : { kind: 'failed', view };
}
