/**
 * The console's server render (`vite build --ssr`, into apps/web/dist-ssr, which the server's
 * static files never include; apps/server/src/ssr loads it). For the pages the console opens on
 * (the properties list, the reports dashboard), it runs the browser's own start-up calls (`prefetchForLocation`, through
 * the `fetch` the server gives: its own API with the request's cookie), renders the same `App` with
 * React Router's static router once every lazy page is in (`prerenderToNodeStream`), and returns
 * the markup and the query cache (`dehydrate`) for main.tsx to hydrate. Anything short of that
 * throws, and the server sends the plain index.html.
 */
import type { FetchLike } from '@assent/core/api';
import { createMemoryConsoleStorage } from '@assent/core/account';
import { dehydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { App } from './app/App';
import { prefetchForLocation } from './app/prefetch';
import { appRoutes, routeModules } from './app/routes';
import { createServices } from './app/services';
import type { ServerState } from './app/server-rendered';
import type { ServerRenderedPage } from './app/server-rendered-pages';
import { serverRenderedPage } from './app/server-rendered-pages';

export interface ServerRenderInput {
  /** The request's path and query string. */
  url: string;
  /** The API, as the signed-in browser would call it (its cookie). */
  fetch: FetchLike;
  now: Date;
  /** Aborts the render (the server's time limit). */
  signal: AbortSignal;
}

export interface ServerRender {
  /** The markup of `#root`. */
  html: string;
  /** The dehydrated query cache as JSON, safe inside a `<script type="application/json">`. */
  state: string;
}

/** JSON that cannot close its script element or be read as markup: `<`, `>`, `&`, U+2028/9 escaped. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The page the server renders at `url` (path and query string), or null (rendered in the browser). */
export function renderedPage(url: string): ServerRenderedPage | null {
  return serverRenderedPage(new URL(url, 'http://console.invalid'));
}

/**
 * The source paths (build manifest keys) of the modules the page at `url` loads first (its route's
 * lazy pages): the server links their chunks in the rendered page, to be fetched beside the entry.
 */
export function pageModules(url: string): string[] {
  return routeModules(new URL(url, 'http://console.invalid').pathname);
}

/** The server render of `url`, or null for a page rendered in the browser only. */
export async function render(input: ServerRenderInput): Promise<ServerRender | null> {
  const url = new URL(input.url, 'http://console.invalid');
  if (!serverRenderedPage(url)) return null;
  const failed: string[] = [];
  const services = createServices({
    fetch: async (path, init) => {
      const response = await input.fetch(path, init);
      if (response.status < 200 || response.status > 299)
        failed.push(`${init.method} ${path.split('?')[0]} answered ${response.status}`);
      return response;
    },
    storage: createMemoryConsoleStorage(),
    now: () => input.now,
  });
  await prefetchForLocation(url, services);
  if (failed.length > 0) throw new Error(failed.join('; '));
  input.signal.throwIfAborted();

  const handler = createStaticHandler(appRoutes);
  const context = await handler.query(new Request(url, { signal: input.signal }));
  if (context instanceof Response) throw new Error(`the route answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <App services={services}>
        {/* No hydration data: the routes have no loaders (and an inline script breaks the CSP). */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </App>
    </StrictMode>,
    {
      signal: input.signal,
      onError: (error) => void errors.push(error),
      // Every boundary inline, in place: React would otherwise move large ones after the shell
      // and put them in place with inline scripts, which the console's CSP does not run.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  let html = '';
  const decoder = new TextDecoder();
  for await (const chunk of prelude as AsyncIterable<Uint8Array | string>)
    html += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
  html += decoder.decode();
  if (errors.length > 0)
    throw errors[0] instanceof Error ? errors[0] : new Error(String(errors[0]));
  input.signal.throwIfAborted();
  // The time rendered at goes with the data: the browser's first render uses it (`renderClock`).
  const state: ServerState = {
    ...dehydrate(services.queryClient),
    renderedAt: input.now.getTime(),
  };
  return { html, state: scriptSafeJson(state) };
}
