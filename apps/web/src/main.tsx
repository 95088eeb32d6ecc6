import '@blueprintjs/core/lib/css/blueprint.css';
import './styles.css';
import { FocusStyleManager } from '@blueprintjs/core';
import { hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App, ClientRouter } from './app/App';
import { prefetchForLocation } from './app/prefetch';
import { appRoutes, preloadRoute } from './app/routes';
import { readServerState, renderClock, SERVER_STATE_ID } from './app/server-rendered';
import { createBrowserServices } from './app/services';

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
preloadRoute(window.location.pathname);

if (serverState) {
  hydrateRoot(root, ui, {
    onRecoverableError: (error) => console.error('Assent: hydration recovered from', error),
  });
} else {
  createRoot(root).render(ui);
}
