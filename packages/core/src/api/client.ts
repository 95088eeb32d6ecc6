import { ApiError, UNKNOWN_ERROR_BODY, toErrorBody } from '../errors';
import type { AnyRoute, RouteInput, RouteOutput, RouteTable } from './route';
import { buildPath, buildQuery } from './route';

/** The subset of the Fetch API the client needs: the browser's fetch, undici's, or a test double. */
export type FetchLike = (url: string, init: FetchInit) => Promise<FetchResponse>;

export interface FetchInit {
  method: string;
  headers: Record<string, string>;
  body?: string;
  credentials: 'include';
  signal?: unknown;
  /** The browser's HTTP cache mode (the console's revalidating reads); other transports ignore it. */
  cache?: 'default' | 'no-cache';
}

export interface FetchResponse {
  status: number;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
  arrayBuffer(): Promise<ArrayBuffer>;
}

export interface ClientOptions {
  /** Origin (and optional prefix) of the Assent API, e.g. `http://127.0.0.1:4600`. Empty for same-origin. */
  baseUrl: string;
  /** The transport: `globalThis.fetch` in browsers, an undici fetch in Node. */
  fetch: FetchLike;
  /** Extra headers for every call, e.g. `Authorization: Bearer …` for the CLI. */
  headers?: () => Record<string, string>;
  /**
   * Validate successful responses against the route's response schema.
   * @default true
   */
  validateResponses?: boolean;
}

/** Per-call options. */
export interface CallOptions {
  signal?: unknown;
}

type Method<R extends AnyRoute> =
  object extends RouteInput<R>
    ? (input?: RouteInput<R>, options?: CallOptions) => Promise<RouteOutput<R>>
    : (input: RouteInput<R>, options?: CallOptions) => Promise<RouteOutput<R>>;

/** A client with one method per route: `client.sites.list({ query: { pCode } })`. */
export type Client<T extends RouteTable> = {
  [G in keyof T]: { [K in keyof T[G]]: Method<T[G][K]> };
};

async function readBody(response: FetchResponse): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Not JSON (a proxy's HTML error page, say): the caller falls back to the unknown error.
    return undefined;
  }
}

/**
 * Calls one route. Success is any status below 400; a failure throws an ApiError carrying the
 * server's error body (what it lacks filled in), or the spec's UNKNOWN_ERROR body when there is
 * none. A request that gets no answer throws UNKNOWN_ERROR with httpStatus 0 and the reason in
 * `detail`.
 */
export async function callRoute<R extends AnyRoute>(
  route: R,
  input: RouteInput<R> | undefined,
  options: ClientOptions,
  callOptions: CallOptions = {},
): Promise<RouteOutput<R>> {
  const { params, query, body } = (input ?? {}) as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: unknown;
  };
  const url = `${options.baseUrl.replace(/\/$/, '')}${buildPath(route.path, params)}${buildQuery(query)}`;
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers?.() };
  const init: FetchInit = { method: route.method, headers, credentials: 'include' };
  if (route.body !== undefined && body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  if (callOptions.signal !== undefined) init.signal = callOptions.signal;

  let response: FetchResponse;
  try {
    response = await options.fetch(url, init);
  } catch (error) {
    // No answer at all: the spec's unknown error, with the transport's reason beside it.
    throw new ApiError(
      0,
      { ...UNKNOWN_ERROR_BODY },
      { cause: error, detail: error instanceof Error ? error.message : String(error) },
    );
  }
  if (response.status >= 400) {
    throw new ApiError(response.status, toErrorBody(await readBody(response)));
  }
  if (route.responseKind === 'empty') return undefined as RouteOutput<R>;
  if (route.responseKind === 'binary') return (await response.arrayBuffer()) as RouteOutput<R>;
  if (route.responseKind === 'text') return (await response.text()) as RouteOutput<R>;
  const payload = await readBody(response);
  if (options.validateResponses === false) return payload as RouteOutput<R>;
  const parsed = route.response.safeParse(payload);
  if (!parsed.success) {
    throw new ApiError(response.status, {
      status: 'UNKNOWN_ERROR',
      message: `Unexpected response from ${route.method} ${route.path}: ${parsed.error.issues[0]?.message ?? 'invalid'}`,
    });
  }
  return parsed.data as RouteOutput<R>;
}

/** Builds a client from a route table (see `createClient` for Assent's own table). */
export function createClientFor<T extends RouteTable>(table: T, options: ClientOptions): Client<T> {
  const client: Record<string, Record<string, unknown>> = {};
  for (const [group, routes] of Object.entries(table)) {
    const methods: Record<string, unknown> = {};
    for (const [name, route] of Object.entries(routes)) {
      methods[name] = (input?: RouteInput<AnyRoute>, callOptions?: CallOptions) =>
        callRoute(route, input, options, callOptions);
    }
    client[group] = methods;
  }
  return client as Client<T>;
}
