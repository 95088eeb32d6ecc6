import { AssentError } from '@assent/core';
import { listRoutes, routes, unknownFieldIssues } from '@assent/core/api';
import type { AnyRoute, FetchInit, FetchLike } from '@assent/core/api';

/** What a fake route answers: a status and a JSON body (or bytes for binary routes). */
export interface FakeResponse {
  status?: number;
  body?: unknown;
}

export type FakeHandler = (request: {
  url: URL;
  body: unknown;
  init: FetchInit;
}) => FakeResponse | Promise<FakeResponse>;

export interface FakeApi {
  fetch: FetchLike;
  /** Every request made, in order: "METHOD /path?query" with its parsed JSON body. */
  calls: Array<{ method: string; path: string; search: string; body: unknown }>;
  /** Answers "METHOD /path" (path without query); later registrations win. */
  on(route: string, handler: FakeHandler | FakeResponse): FakeApi;
  /** Like `on`, unless the route already has a handler. */
  onDefault(route: string, handler: FakeHandler | FakeResponse): FakeApi;
}

const TABLE = listRoutes(routes).map(({ route }) => ({
  route,
  pattern: new RegExp(`^${route.path.replace(/\{\w+\}/g, '[^/]+')}$`),
}));

/** The route of the table a request is for (a literal path wins over a parameter). */
const routeOf = (method: string, path: string): AnyRoute | undefined =>
  TABLE.filter((r) => r.route.method === method && r.pattern.test(path)).sort(
    (a, b) => b.route.path.length - a.route.path.length,
  )[0]?.route;

/**
 * An in-memory API for component tests: routes are matched on method and path; anything not
 * registered answers 404 with the server's error body, so a missing stub shows up as a failure.
 * A body with a field its route does not know is refused with 400, as the server refuses it.
 */
export function createFakeApi(): FakeApi {
  const handlers = new Map<string, FakeHandler>();
  const calls: FakeApi['calls'] = [];
  const api: FakeApi = {
    calls,
    on(route, handler) {
      handlers.set(route, typeof handler === 'function' ? handler : () => handler);
      return api;
    },
    onDefault(route, handler) {
      return handlers.has(route) ? api : api.on(route, handler);
    },
    fetch: async (input, init) => {
      const url = new URL(input, 'http://assent.test');
      const body = init.body ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method: init.method, path: url.pathname, search: url.search, body });
      const handler = handlers.get(`${init.method} ${url.pathname}`);
      const schema = routeOf(init.method, url.pathname)?.body;
      const unknown = schema && body !== undefined ? unknownFieldIssues(schema, body) : [];
      const response = unknown.length
        ? { status: 400, body: AssentError.fromIssues(unknown).toBody() }
        : handler
          ? await handler({ url, body, init })
          : {
              status: 404,
              body: { status: 'NOT_FOUND', message: `No stub for ${init.method} ${url.pathname}` },
            };
      const status = response.status ?? 200;
      const payload = response.body;
      return {
        status,
        headers: { get: () => null },
        text: async () => (payload === undefined ? '' : JSON.stringify(payload)),
        arrayBuffer: async () =>
          payload instanceof ArrayBuffer
            ? payload
            : new TextEncoder().encode(JSON.stringify(payload ?? '')).buffer,
      };
    },
  };
  return api;
}

/** The error body the server sends, as a fake response. */
export const apiError = (status: number, code: string, message: string): FakeResponse => ({
  status,
  body: { status: code, message },
});
