import type { ConsoleStorage } from '@assent/core/account';
import { createClient } from '@assent/core/api';
import type { AssentClient, FetchLike } from '@assent/core/api';
import { createQueryClientDefaults } from '@assent/core/queries';
import { QueryClient } from '@tanstack/react-query';

/** Everything the console needs from its platform, created once in `main` and passed down. */
export interface Services {
  client: AssentClient;
  queryClient: QueryClient;
  /** Small UI memories: announcement dismissals, promotion timings. */
  storage: ConsoleStorage;
  now: () => Date;
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

export function createServices(options: {
  fetch: FetchLike;
  storage: ConsoleStorage;
  /** @default '' (same origin: the server serves the console) */
  baseUrl?: string;
  now?: () => Date;
}): Services {
  return {
    client: createClient({ baseUrl: options.baseUrl ?? '', fetch: options.fetch }),
    queryClient: createQueryClient(),
    storage: options.storage,
    now: options.now ?? (() => new Date()),
  };
}

/** The browser's services: same-origin client over window.fetch, localStorage. */
export const createBrowserServices = (win: Window): Services =>
  createServices({
    // The core client types its transport loosely (its signal is `unknown`); the browser's fetch fits.
    fetch: win.fetch.bind(win) as unknown as FetchLike,
    storage: webStorage(win.localStorage),
  });
