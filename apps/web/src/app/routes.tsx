import { appPageView, sitePageView } from '@assent/core/property';
import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { Navigate, useParams } from 'react-router';
import { AuthGate } from '../auth/AuthGate';
import { NotFoundPage } from '../components/StatusPages';
import { useAccount } from './AccountContext';
import { paths } from './paths';
import type { PreloadableComponent } from './preloadable';
import { preloadable } from './preloadable';
import { RouteErrorPage } from './RouteErrorPage';

// Every page is its own chunk: the first load carries only the shell. The chunks of the page the
// console opens on start loading at once (`preloadRoute`, from main), alongside the first API
// calls, instead of one after the other as each lazy element renders. The pages preloadRoute knows
// are `preloadable`: once loaded they render without suspending, so a server-rendered page
// hydrates in one pass. Each names its module's source path, the build manifest's key: a
// server-rendered page links the chunks of its route ahead (`routeModules`; a test checks each
// path against the manifest).
const protect = () => import('./ProtectRoutes');
const PROTECT_MODULE = 'src/app/ProtectRoutes.tsx';
const SignInPage = preloadable(() => import('../auth/SignInPage'), 'src/auth/SignInPage.tsx');
// The shell (header, menus, tabs) loads with the first protected page.
const ProtectHome = preloadable(
  async () => ({ default: (await protect()).ProtectHome }),
  PROTECT_MODULE,
);
const ProtectSegment = preloadable(
  async () => ({ default: (await protect()).ProtectSegment }),
  PROTECT_MODULE,
);
const PropertiesPage = preloadable(
  () => import('../properties/PropertiesPage'),
  'src/properties/PropertiesPage.tsx',
);
const VendorsPage = preloadable(
  () => import('../vendors/VendorsPage'),
  'src/vendors/VendorsPage.tsx',
);
const ReportsPage = preloadable(
  () => import('../reports/ReportsPage'),
  'src/reports/ReportsPage.tsx',
);
const ViewReportsPage = preloadable(
  () => import('../reports/view-reports/ViewReportsPage'),
  'src/reports/view-reports/ViewReportsPage.tsx',
);
const MonetisationPage = lazy(() => import('../promotions/MonetisationPage'));
const SiteFormPage = lazy(() => import('../sites/SiteFormPage'));
const SiteDetailPage = preloadable(
  () => import('../sites/SiteDetailPage'),
  'src/sites/SiteDetailPage.tsx',
);
const AppFormPage = lazy(() => import('../apps/AppFormPage'));
const AppDetailPage = lazy(() => import('../apps/AppDetailPage'));
const BulkUpdateFlow = lazy(() => import('../bulk-update/BulkUpdateFlow'));
const BulkUpdateStatusPage = lazy(() => import('../bulk-update/BulkUpdateStatusPage'));
const ThemesPage = preloadable(() => import('../themes/ThemesPage'), 'src/themes/ThemesPage.tsx');
const ThemeFormPage = lazy(() => import('../themes/ThemeFormPage'));
const OrganisationPage = lazy(() => import('../organisation/OrganisationPage'));
const InvitationPage = lazy(() => import('../organisation/InvitationPage'));
const SecurityPage = lazy(() => import('../security/SecurityPage'));

/** The pages (and the shell) the console needs for `pathname`, on the common routes. */
function routePages(pathname: string): PreloadableComponent[] {
  const [, root, segment, page, sub] = pathname.split('/');
  const pages: PreloadableComponent[] = [];
  if (`/${root}` === paths.login || `/${root}` === paths.resetPassword) pages.push(SignInPage);
  if (`/${root}` === paths.protect) {
    pages.push(segment ? ProtectSegment : ProtectHome);
    if (segment?.startsWith('p-')) {
      if (page === 'sites' && sub === 'detail') pages.push(SiteDetailPage);
      else if (!page || page === 'properties' || (page === 'sites' && !sub))
        pages.push(PropertiesPage);
      else if (page === 'reports')
        pages.push(sub === 'view-reports' ? ViewReportsPage : ReportsPage);
      else if (page === 'vendors') pages.push(VendorsPage);
      else if (page === 'themes' && !sub) pages.push(ThemesPage);
    }
  }
  return pages;
}

/**
 * Starts loading the chunks the console needs for `pathname` (the shell and the page of the
 * common routes); the route's elements then render them without suspending. Settles when they are
 * in or have failed (a failure is the page's to show, as its lazy element renders).
 */
export function preloadRoute(pathname: string): Promise<void> {
  return Promise.allSettled(routePages(pathname).map((component) => component.preload())).then(
    () => {},
  );
}

/**
 * The source paths (build manifest keys) of the modules `preloadRoute` loads for `pathname`: the
 * server render links their chunks in the page, so the browser fetches them beside the entry
 * script instead of once it has run.
 */
export function routeModules(pathname: string): string[] {
  return [...new Set(routePages(pathname).map((component) => component.source))];
}

/** Sends to the properties list of the current account (the "sites list path"). */
function ToProperties() {
  const { pCode } = useAccount();
  return <Navigate to={paths.properties(pCode)} replace />;
}

/** The site page's actions (properties-and-tags §2, core's `sitePageView`); anything else is not found. */
function SiteRoute() {
  const { action, id } = useParams();
  const { pCode } = useAccount();
  const view = sitePageView(pCode, action, id);
  if (view.kind === 'redirect') return <Navigate to={view.to} replace />;
  if (view.kind === 'not-found') return <NotFoundPage />;
  return <SiteFormPage action={view.action} id={id} />;
}

/** /apps/edit/{id} and /apps/detail/{id} (core's `appPageView`): without an id, the properties list. */
function AppRoute({ action }: { action: 'edit' | 'detail' }) {
  const { id } = useParams();
  const { pCode } = useAccount();
  const view = appPageView(pCode, action, id);
  if (view.kind === 'edit') return <AppFormPage action="edit" id={view.id} />;
  if (view.kind === 'detail') return <AppDetailPage id={view.id} />;
  if (view.kind === 'redirect') return <Navigate to={view.to} replace />;
  return <NotFoundPage />;
}

/** The pages of one account: /protect/p-{pCode}/… */
const accountRoutes: RouteObject[] = [
  { index: true, element: <ToProperties /> },
  { path: 'properties', element: <PropertiesPage /> },
  { path: 'themes', element: <ThemesPage /> },
  { path: 'themes/:type/:action/:id?', element: <ThemeFormPage /> },
  { path: 'vendors', element: <VendorsPage /> },
  { path: 'reports/view-reports', element: <ViewReportsPage /> },
  { path: 'reports/:id?', element: <ReportsPage /> },
  { path: 'bulk-update/:page?', element: <BulkUpdateFlow /> },
  { path: 'bulk-update-status', element: <BulkUpdateStatusPage /> },
  { path: 'monetisation', element: <MonetisationPage /> },
  { path: 'organisation', element: <OrganisationPage /> },
  { path: 'security', element: <SecurityPage /> },
  { path: 'sites', element: <ToProperties /> },
  { path: 'sites/detail/:id?/:page?', element: <SiteDetailPage /> },
  { path: 'sites/reports/:id', element: <SiteDetailPage premiumReports /> },
  { path: 'sites/:action/:id?', element: <SiteRoute /> },
  { path: 'apps', element: <ToProperties /> },
  { path: 'apps/new', element: <AppFormPage action="new" /> },
  { path: 'apps/edit/:id?', element: <AppRoute action="edit" /> },
  { path: 'apps/detail/:id?', element: <AppRoute action="detail" /> },
  { path: '*', element: <NotFoundPage /> },
];

/** The route map (properties-and-tags §2, reports-and-account §2). */
export const appRoutes: RouteObject[] = [
  {
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/', element: <Navigate to={paths.protect} replace /> },
      { path: paths.login, element: <SignInPage /> },
      { path: paths.resetPassword, element: <SignInPage /> },
      { path: `${paths.invitation('')}:token`, element: <InvitationPage /> },
      {
        path: paths.protect,
        element: <AuthGate />,
        children: [
          { index: true, element: <ProtectHome /> },
          { path: ':segment', element: <ProtectSegment />, children: accountRoutes },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
