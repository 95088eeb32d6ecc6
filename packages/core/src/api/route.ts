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

/**
 * How the successful response is encoded: JSON (validated by `response`), text (of the route's
 * `contentType`: plain text, JavaScript, HTML), bytes, or no body at all (204).
 */
export type ResponseKind = 'json' | 'text' | 'binary' | 'empty';

/**
 * Who may use a response from another origin. The console's API is same-origin; the consent
 * runtime's endpoints are called from publishers' pages.
 * - `none`: no CORS headers.
 * - `embed`: loaded by a `<script>` of another site (`Cross-Origin-Resource-Policy: cross-origin`).
 * - `any`: readable by any page (`Access-Control-Allow-Origin: *`, and embeddable as above).
 * - `credentialed`: called with the visitor's cookies; the caller's Origin is echoed with
 *   `Access-Control-Allow-Credentials: true` and OPTIONS answers the preflight. `origins: 'any'`
 *   echoes every origin; `'checked'` asks the route's origin rule (a server handler part) and
 *   answers 403 with `refused` to an origin it does not allow, and to a preflight without one.
 * - `beacon`: posted from a property's pages without cookies; the handler checks the Origin
 *   against the property the body names and echoes an accepted one without credentials; OPTIONS
 *   answers the preflight of any origin, also without credentials (the body is not known yet).
 */
export type CorsPolicy =
  | { kind: 'none' }
  | { kind: 'embed' }
  | { kind: 'any' }
  | { kind: 'beacon' }
  | { kind: 'credentialed'; origins: 'any' }
  | { kind: 'credentialed'; origins: 'checked'; refused: string };

/**
 * How long a success may be kept.
 * - `no-store`: never (`no-store`, errors included).
 * - `no-cache`: kept but revalidated on every use (`private, no-cache`), without a validator.
 * - `revalidate`: `private, no-cache` with a strong ETag (304 on If-None-Match) and gzip.
 * - `public-hour`: the same for everyone for an hour (`public, max-age=3600`), ETag and gzip.
 * - `short`: a per-visitor answer kept a few minutes, then used while it is revalidated in the
 *   background (`private, max-age=300, stale-while-revalidate=604800, stale-if-error=86400`),
 *   ETag and gzip: cmp.js's loader and the banner configuration.
 * - `minute`: a signed-in user's slowly changing answer (a status, a setting), kept by that
 *   browser for CONSOLE_CACHE_SECONDS (`private, max-age=60`, `Vary: Cookie`), ETag and gzip, so
 *   a reload of a console page does not ask again. The console revalidates any later read of it
 *   in the same page, and every read for that long after a change it made.
 * - `immutable`: a content-hashed file, the same for everyone for a year
 *   (`public, max-age=31536000, immutable`), ETag and gzip. A handler may answer another
 *   Cache-Control (FileReply.cacheControl) when the hash asked for is not the current one.
 */
export type CachePolicy =
  'no-store' | 'no-cache' | 'revalidate' | 'public-hour' | 'short' | 'minute' | 'immutable';

type Schema = z.ZodType;

/** One endpoint of the API, declared once; the server registers it and the client calls it. */
export interface RouteDef<
  P extends Schema | undefined = Schema | undefined,
  Q extends Schema | undefined = Schema | undefined,
  B extends Schema | undefined = Schema | undefined,
  R extends Schema = Schema,
  K extends ResponseKind = ResponseKind,
  C extends CorsPolicy = CorsPolicy,
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
  /** Media type of a `text` or `binary` success (e.g. `text/javascript; charset=utf-8`). */
  contentType: string | undefined;
  /** @default { kind: 'none' } */
  cors: C;
  /** Undefined: the handler decides (the console's API). */
  cache: CachePolicy | undefined;
  /** Largest body accepted, in bytes (413 above it). Undefined: the server's limit. */
  bodyLimit: number | undefined;
  /** The JSON body may also arrive as `text/plain` (navigator.sendBeacon, amp-consent). */
  textBody: boolean;
  /**
   * The caller's Assent session is never read: no authentication and no CSRF check (the consent
   * runtime's endpoints, which visitors' browsers call from publishers' pages).
   */
  sessionless: boolean;
}

export type AnyRoute = RouteDef;

/** Declares a route; omitted parts are `undefined`, so the client's input type omits them too. */
export function defineRoute<
  R extends Schema,
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
  K extends ResponseKind = 'json',
  C extends CorsPolicy = { kind: 'none' },
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
  contentType?: string;
  cors?: C;
  cache?: CachePolicy;
  bodyLimit?: number;
  textBody?: boolean;
  sessionless?: boolean;
}): RouteDef<P, Q, B, R, K, C> {
  return {
    ...def,
    params: def.params as P,
    query: def.query as Q,
    body: def.body as B,
    responseKind: def.responseKind ?? ('json' as K),
    status: def.status ?? (def.responseKind === 'empty' ? 204 : 200),
    rateLimited: def.rateLimited ?? false,
    contentType: def.contentType,
    cors: def.cors ?? ({ kind: 'none' } as C),
    cache: def.cache,
    bodyLimit: def.bodyLimit,
    textBody: def.textBody ?? false,
    sessionless: def.sessionless ?? false,
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
 * buildPath's inverse: the `{name}` segments of `path` (decoded) when it is `template` filled in,
 * else undefined. A query string or an origin before the path is not part of the match.
 */
export function matchPath(template: string, path: string): Record<string, string> | undefined {
  const names: string[] = [];
  const pattern = template
    .split(/\{(\w+)\}/)
    .map((part, i) =>
      i % 2 ? (names.push(part), '([^/?#]+)') : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'),
    )
    .join('');
  const found = new RegExp(`^(?:[a-zA-Z][a-zA-Z0-9+.-]*://[^/]+)?${pattern}(?:[?#].*)?$`).exec(
    path,
  );
  if (!found) return undefined;
  try {
    return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(found[i + 1]!)]));
  } catch {
    return undefined; // a malformed %-escape
  }
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
