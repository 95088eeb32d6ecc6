import '@blueprintjs/core/lib/css/blueprint.css';
import './styles.css';
import { FocusStyleManager } from '@blueprintjs/core';
import { hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App, ClientRouter } from './app/App';
import { prefetchForLocation } from './app/prefetch';
import { afterPaint } from './app/after-paint';
import { appRoutes, preloadRoute } from './app/routes';
import { readServerState, renderClock, SERVER_STATE_ID } from './app/server-rendered';
import { createBrowserServices } from './app/services';

/** What React DOM's hydration root does for a discrete event's target, asked for ahead. */
interface ScheduleHydration {
  unstable_scheduleHydration(target: Node): void;
}

const root = document.getElementById('root');
if (!root) throw new Error('Assent: #root is missing from index.html');

// Focus rings for keyboard users only.
FocusStyleManager.onlyShowFocusOnTabs();

// A page the server rendered (apps/server/src/ssr) brings its markup in #root and its data in a
// JSON script: the query cache takes that data, and React hydrates the markup. #root stays
// `inert` until the page has hydrated (`markHydrated`); until then the clock reads the time the
// server rendered at, so the first render (the dashboard's default periods) is the server's.
const serverStateElement = document.getElementById(SERVER_STATE_ID);
const serverState =
  serverStateElement !== null && root.firstElementChild !== null
    ? readServerState(serverStateElement)
    : undefined;

// Created once and passed down: no module-level singletons.
const services = createBrowserServices(
  window,
  serverState ? { now: renderClock(serverState.renderedAt, root) } : {},
);
const router = createBrowserRouter(appRoutes);
const ui = (
  <StrictMode>
    <App services={services}>
      <ClientRouter router={router} />
    </App>
  </StrictMode>
);

if (serverState) hydrate(services.queryClient, serverState);

// The page's chunks and first calls start now, side by side, not one after another as it renders.
// The calls first: they queue the API client's chunk ahead of the page's ~60 chunks (HTTP/1.1's
// six connections), so the answers are in before the page has loaded, not asked for after it.
// After a server render the answers are in the cache and fresh: nothing is asked again.
void prefetchForLocation(window.location, services);
const routeLoaded = preloadRoute(window.location.pathname);

if (serverState) {
  // Hydrated once the page's chunks are in (React stops hydrating at a page still loading and
  // starts again from its boundary when it arrives: a pass per lazy level) and the server's markup
  // has been painted: the chunks are linked ahead (modulepreload) and cached on a return visit, so
  // they can be in before the first frame, which hydration's work would then hold back.
  void Promise.all([routeLoaded, afterPaint()]).then(() => {
    const hydration = hydrateRoot(root, ui, {
      onRecoverableError: (error) => console.error('Assent: hydration recovered from', error),
    });
    // React hydrates what is inside each Suspense boundary (App's, the shell's) in a later pass
    // of the lowest priority, after any other work: the page down to its content, at once.
    // (React DOM's hydration root has `unstable_scheduleHydration`; its types leave it out.)
    const page = root.querySelector('.assent-page');
    if (page) (hydration as Root & ScheduleHydration).unstable_scheduleHydration(page);
  });
} else {
  createRoot(root).render(ui);
}
