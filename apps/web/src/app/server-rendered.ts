/** The id of the script element holding the server render's query cache (JSON, never executed). */
export const SERVER_STATE_ID = 'assent-state';

/**
 * Whether the server renders the page at `pathname` (a console page the console opens on, whose
 * first data `prefetchForLocation` fetches): the properties list of an account.
 */
export function serverRenderedPage(pathname: string): boolean {
  const [, root, segment, page, ...rest] = pathname.split('/');
  return (
    root === 'protect' &&
    (segment?.startsWith('p-') ?? false) &&
    page === 'properties' &&
    rest.every((part) => part === '')
  );
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
