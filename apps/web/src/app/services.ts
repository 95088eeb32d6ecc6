import type { ConsoleStorage } from '@assent/core/account';
import { CONSOLE_CACHE_SECONDS } from '@assent/core';
import type { AssentClient, ClientOptions, FetchLike, callRoute, routes } from '@assent/core/api';
import { createQueryClientDefaults } from '@assent/core/queries';
import { QueryClient } from '@tanstack/react-query';
import { preloadPlot } from '../components/plot/load-plot';

/** Everything the console needs from its platform, created once in `main` and passed down. */
export interface Services {
  client: AssentClient;
  queryClient: QueryClient;
  /** Small UI memories: announcement dismissals, promotion timings. */
  storage: ConsoleStorage;
  now: () => Date;
  /**
   * Starts loading the charts' plotly chunk (`preloadPlot`) in the browser; nothing on the server,
   * which renders no chart and must not evaluate plotly.
   */
  preloadPlot: () => void;
}

/** Data queries: no retry and no refetch on window focus (properties-and-tags §9). */
export const createQueryClient = (): QueryClient =>
  new QueryClient({ defaultOptions: createQueryClientDefaults() });

/** A ConsoleStorage over the browser's localStorage; a full or blocked storage is logged, not fatal. */
export function webStorage(storage: Storage): ConsoleStorage {
  return {
    getItem: (key) => {
      try {
        return storage.getItem(key);
      } catch (error) {
        console.warn(`Assent: cannot read "${key}" from local storage`, error);
        return null;
      }
    },
    setItem: (key, value) => {
      try {
        storage.setItem(key, value);
      } catch (error) {
        console.warn(`Assent: cannot write "${key}" to local storage`, error);
      }
    },
    removeItem: (key) => {
      try {
        storage.removeItem(key);
      } catch (error) {
        console.warn(`Assent: cannot remove "${key}" from local storage`, error);
      }
    },
    keys: () => {
      try {
        return Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter(
          (key): key is string => key !== null,
        );
      } catch (error) {
        console.warn('Assent: cannot list local storage', error);
        return [];
      }
    },
  };
}

/**
 * The API client, its route table (every route's zod schemas, and zod) loaded with the first call
 * rather than in the entry chunk: /login, say, makes no call until the form is sent. Each method
 * is `client.group.name(input, options)` as in core's client, resolved on the table when called.
 */
function lazyClient(options: ClientOptions): AssentClient {
  let api: Promise<{ callRoute: typeof callRoute; routes: typeof routes }> | undefined;
  const group = (groupName: string) =>
    new Proxy(
      {},
      {
        get: (_, name) =>
          typeof name !== 'string' || name === 'then'
            ? undefined
            : async (...args: unknown[]) => {
                api ??= import('@assent/core/api');
                const { callRoute, routes } = await api;
                const route = (routes as Record<string, Record<string, unknown>>)[groupName]?.[
                  name
                ];
                if (!route) throw new Error(`Assent: no API route ${groupName}.${name}`);
                return callRoute(route as never, args[0] as never, options, args[1] as never);
              },
      },
    );
  const groups = new Map<string, object>();
  return new Proxy({} as AssentClient, {
    get: (_, name) => {
      if (typeof name !== 'string' || name === 'then') return undefined;
      let found = groups.get(name);
      if (!found) groups.set(name, (found = group(name)));
      return found;
    },
  });
}

export function createServices(options: {
  fetch: FetchLike;
  storage: ConsoleStorage;
  /** @default '' (same origin: the server serves the console) */
  baseUrl?: string;
  now?: () => Date;
  /** @default nothing (the server render's services) */
  preloadPlot?: () => void;
}): Services {
  return {
    client: lazyClient({ baseUrl: options.baseUrl ?? '', fetch: options.fetch }),
    queryClient: createQueryClient(),
    storage: options.storage,
    now: options.now ?? (() => new Date()),
    preloadPlot: options.preloadPlot ?? (() => {}),
  };
}

/** When the console last changed data (ms since the epoch): kept in storage for reloads and tabs. */
const CHANGED_AT_KEY = 'assent-changed-at';

/**
 * The console's reads and the browser's HTTP cache. Answers the server lets a browser keep a
 * minute (`minute` routes: statuses, the survey, the vendor selection, announcements, health)
 * come from the cache on the page's first read of them, so a reload does not ask again. A later
 * read of the same URL in the page (a refetch after a change, a poll) revalidates, and so does
 * every read for CONSOLE_CACHE_SECONDS after a write: a change never shows its old answer. Writes
 * under /auth/ (a new session has a new cookie, and those answers vary by cookie) and the report
 * queries posted under /analytics/ change nothing those answers hold.
 */
export function revalidatingFetch(
  fetch: FetchLike,
  storage: ConsoleStorage,
  now: () => number = Date.now,
): FetchLike {
  const read = new Set<string>();
  return (url, init) => {
    if (init.method !== 'GET') {
      const path = new URL(url, 'http://console.invalid').pathname;
      if (!path.startsWith('/auth/') && !path.startsWith('/analytics/'))
        storage.setItem(CHANGED_AT_KEY, String(now()));
      return fetch(url, init);
    }
    const changedAt = Number(storage.getItem(CHANGED_AT_KEY) ?? 0);
    const again = read.has(url) || now() - changedAt < CONSOLE_CACHE_SECONDS * 1000;
    read.add(url);
    return fetch(url, again ? { ...init, cache: 'no-cache' } : init);
  };
}

/**
 * The browser's services: same-origin client over window.fetch, localStorage, plotly's chunk
 * preloaded; `now` is the real time unless given (a server-rendered page's `renderClock`).
 */
export function createBrowserServices(win: Window, options: { now?: () => Date } = {}): Services {
  const storage = webStorage(win.localStorage);
  return createServices({
    // The core client types its transport loosely (its signal is `unknown`); the browser's fetch fits.
    fetch: revalidatingFetch(win.fetch.bind(win) as unknown as FetchLike, storage),
    storage,
    preloadPlot,
    ...options,
  });
}
