import type { DehydratedState } from '@tanstack/react-query';

/** The id of the script element holding the server render's query cache (JSON, never executed). */
export const SERVER_STATE_ID = 'assent-state';

/** The server render's state: its query cache (`dehydrate`) and the time it rendered at. */
export interface ServerState extends DehydratedState {
  /** The server's clock when it rendered (ms since the epoch): the browser's first render uses it. */
  renderedAt: number;
}

/**
 * The state a server-rendered page carries in its `SERVER_STATE_ID` script element, its answers'
 * times moved onto this browser's clock (`now`): they were fetched as the server rendered, so
 * they are as fresh as the page whatever the two clocks' difference (a browser a minute off would
 * otherwise find them stale, or fresh for longer, and ask again at once).
 */
export function readServerState(element: HTMLElement, now: number = Date.now()): ServerState {
  const state = JSON.parse(element.textContent ?? '{}') as ServerState;
  const shift = now - state.renderedAt;
  return {
    ...state,
    queries: state.queries.map((query) => ({
      ...query,
      state:
        query.state.dataUpdatedAt > 0
          ? { ...query.state, dataUpdatedAt: query.state.dataUpdatedAt + shift }
          : query.state,
    })),
  };
}

/**
 * The browser's clock on a server-rendered page: the time the server rendered at until the page
 * has hydrated (`data-hydrated`), so that what the first render derives from the time (the
 * dashboard's default periods, core's 07:00 UTC rule) is what the server rendered, even across a
 * day's 07:00; the real time afterwards.
 */
export function renderClock(renderedAt: number, root: HTMLElement): () => Date {
  return () => (root.dataset.hydrated === undefined ? new Date(renderedAt) : new Date());
}

/**
 * Until React has hydrated the server's markup, it shows but does not work: `#root` is `inert`
 * (no clicks, focus or typing). The first page to hydrate calls this: it lifts `inert` and marks
 * `#root` `data-hydrated` (what tests and benchmarks wait on).
 */
export function markHydrated(): void {
  const root = document.getElementById('root');
  if (!root || root.dataset.hydrated !== undefined) return;
  root.removeAttribute('inert');
  root.dataset.hydrated = '';
}
