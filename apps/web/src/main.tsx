import '@blueprintjs/core/lib/css/blueprint.css';
import './styles.css';
import { FocusStyleManager } from '@blueprintjs/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app/App';
import { prefetchForLocation } from './app/prefetch';
import { appRoutes, preloadRoute } from './app/routes';
import { createBrowserServices } from './app/services';

const root = document.getElementById('root');
if (!root) throw new Error('Assent: #root is missing from index.html');

// Focus rings for keyboard users only.
FocusStyleManager.onlyShowFocusOnTabs();

// Created once and passed down: no module-level singletons.
const services = createBrowserServices(window);
const router = createBrowserRouter(appRoutes);

// The page's chunks and first calls start now, side by side, not one after another as it renders.
// The calls first: they queue the API client's chunk ahead of the page's ~60 chunks (HTTP/1.1's six
// connections), so the answers are in before the page has loaded, not asked for after it.
prefetchForLocation(window.location, services);
preloadRoute(window.location.pathname);

createRoot(root).render(
  <StrictMode>
    <App services={services} router={router} />
  </StrictMode>,
);
