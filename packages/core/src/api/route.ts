import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route.
 * - `public`: anyone.
 * - `user`: a signed-in user (session cookie or personal access token).
 * - `account`: a signed-in member of the account code read from `from`.`key` of the request.
 * - `admin`: a signed-in admin user.
 */
export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'user' }
  | { kind: 'account'; from: 'params' | 'query' | 'body'; key: string }
  | { kind: 'admin' };

/** How the successful response is encoded: JSON (validated by `response`), plain text, or bytes. */
export type ResponseKind = 'json' | 'text' | 'binary';

type Schema = z.ZodType;

/** One endpoint of the API, declared once; the server registers it and the client calls it. */
export interface RouteDef<
  P extends Schema | undefined = Schema | undefined,
  Q extends Schema | undefined = Schema | undefined,
  B extends Schema | undefined = Schema | undefined,
  R extends Schema = Schema,
  K extends ResponseKind = ResponseKind,
> {
  method: HttpMethod;
  /** OpenAPI-style path, e.g. `/customization/v2/site/{id}`. */
  path: string;
  summary: string;
  access: RouteAccess;
  params: P;
  query: Q;
  body: B;
  response: R;
  /** @default 'json' */
  responseKind: K;
  /** Success status. @default 200 */
  status: number;
  /** Rate-limited per IP and per account (sign-in and password routes). */
  rateLimited: boolean;
}

export type AnyRoute = RouteDef;

/** Declares a route; omitted parts are `undefined`, so the client's input type omits them too. */
export function defineRoute<
  R extends Schema,
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
  K extends ResponseKind = 'json',
>(def: {
  method: HttpMethod;
  path: string;
  summary: string;
  access: RouteAccess;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  responseKind?: K;
  status?: number;
  rateLimited?: boolean;
}): RouteDef<P, Q, B, R, K> {
  return {
    ...def,
    params: def.params as P,
    query: def.query as Q,
    body: def.body as B,
    responseKind: def.responseKind ?? ('json' as K),
    status: def.status ?? 200,
    rateLimited: def.rateLimited ?? false,
  };
}

export const PUBLIC: RouteAccess = { kind: 'public' };
export const USER: RouteAccess = { kind: 'user' };
export const ADMIN: RouteAccess = { kind: 'admin' };
/** Member of the account code given as the `pCode` query parameter (the spec's `?pCode=`). */
export const ACCOUNT_QUERY: RouteAccess = { kind: 'account', from: 'query', key: 'pCode' };
/** Member of the account code given as the `pCode` path parameter. */
export const ACCOUNT_PARAM: RouteAccess = { kind: 'account', from: 'params', key: 'pCode' };

type Part<K extends string, S> = S extends Schema ? { [k in K]: z.input<S> } : { [k in K]?: never };

/** What a caller passes: `params`, `query` and `body`, each present only when the route has it. */
export type RouteInput<R extends AnyRoute> = Part<'params', R['params']> &
  Part<'query', R['query']> &
  Part<'body', R['body']>;

/** What the server's handler receives: the parsed (output) values. */
export type RouteParsedInput<R extends AnyRoute> = {
  params: R['params'] extends Schema ? z.output<R['params']> : Record<string, never>;
  query: R['query'] extends Schema ? z.output<R['query']> : Record<string, never>;
  body: R['body'] extends Schema ? z.output<R['body']> : undefined;
};

export type RouteOutput<R extends AnyRoute> = z.output<R['response']>;

/** A table of routes grouped by entity: `{ sites: { list, get, ... }, themes: { ... } }`. */
export type RouteTable = Record<string, Record<string, AnyRoute>>;

/** Fills `{name}` segments of a path; each value is URI-encoded. */
export function buildPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`Missing path parameter "${name}" for ${path}`);
    }
    return encodeURIComponent(String(value));
  });
}

/**
 * Serialises a query object. Arrays repeat the key; undefined and null are left out. Commas are
 * kept literal so the spec's `sort=url,ASC` reads as written.
 */
export function buildQuery(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const parts: string[] = [];
  const encode = (v: string) => encodeURIComponent(v).replace(/%2C/gi, ',');
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) {
      if (v === undefined || v === null) continue;
      parts.push(`${encode(key)}=${encode(String(v))}`);
    }
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** Lists every route of a table with its group and name, e.g. for the server and the OpenAPI document. */
export function listRoutes(
  table: RouteTable,
): Array<{ group: string; name: string; route: AnyRoute }> {
  return Object.entries(table).flatMap(([group, routes]) =>
    Object.entries(routes).map(([name, route]) => ({ group, name, route })),
  );
}
