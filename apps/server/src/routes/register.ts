import { AssentError, issuesFromZod } from '@assent/core';
import { listRoutes, unknownFieldIssues } from '@assent/core/api';
import type { AnyRoute, RouteTable } from '@assent/core/api';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { z } from 'zod';
import { authenticate, originMatches } from '../services/auth';
import {
  NO_STORE,
  PRIVATE_REVALIDATE,
  acceptedEncoding,
  ifNoneMatch,
} from '../services/http-cache';
import { COMPRESS_THRESHOLD_BYTES } from '../web-serving';
import type {
  AppDeps,
  Auth,
  CheckedOriginHandler,
  FileReply,
  Handler,
  HandlerContext,
  OriginRule,
  RouteHandler,
  TableHandlers,
} from './context';
import { RawJson } from './context';
import {
  ADMIN_ONLY_MESSAGE,
  CSRF_MESSAGE,
  FORBIDDEN_MESSAGE,
  rateLimitedError,
  UNAUTHORIZED_MESSAGE,
} from './errors';
import type { CompressedCache } from './http-options';
import {
  CACHE_CONTROL,
  addVary,
  allowCredentialedOrigin,
  createCompressedCache,
  hasEtag,
  preflight,
  requestOrigin,
  sendWithEtag,
} from './http-options';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const SIGN_IN_ROUTE = 'auth.signIn';
/** Groups whose public writes sign a browser in (login CSRF): our origin is required. */
const IDENTITY_GROUPS = new Set(['auth', 'organisation']);

function parsePart(schema: z.ZodType | undefined, value: unknown, fallback: unknown): unknown {
  if (!schema) return fallback;
  const result = schema.safeParse(value);
  if (!result.success) throw AssentError.fromIssues(issuesFromZod(result.error));
  return result.data;
}

/**
 * A request body: unknown fields are refused (400 naming each), then the schema parses it. The
 * runtime's endpoints (`banner`: visitors' browsers and amp-consent, which send fields of their
 * own) only parse, so a newer or foreign client's extra field never loses a visit or a choice.
 */
function parseBody(schema: z.ZodType | undefined, value: unknown, refuseUnknown: boolean): unknown {
  if (!schema) return undefined;
  const unknown = refuseUnknown ? unknownFieldIssues(schema, value) : [];
  if (unknown.length) throw AssentError.fromIssues(unknown);
  return parsePart(schema, value, undefined);
}

/**
 * The identity routes' limits: attempts per address, then per account (written any way: trimmed,
 * any case). Sign-in's per-account limit is its failures' increasing delays, in its handler.
 */
async function enforceRateLimit(
  routeId: string,
  request: FastifyRequest,
  deps: AppDeps,
  account: string | undefined,
) {
  const byAddress = await deps.throttle.attempt(request.ip, routeId);
  if (!byAddress.allowed) throw rateLimitedError(byAddress.retryAfterSeconds);
  if (account === undefined || routeId === SIGN_IN_ROUTE) return;
  const byAccount = await deps.throttle.accountAttempt(account, routeId);
  if (!byAccount.allowed) throw rateLimitedError(byAccount.retryAfterSeconds);
}

function accountCodeOf(
  route: AnyRoute,
  input: { params: unknown; query: unknown; body: unknown },
): string | undefined {
  if (route.access.kind !== 'account') return undefined;
  const source = input[route.access.from] as Record<string, unknown> | undefined;
  const value = source?.[route.access.key];
  return typeof value === 'string' ? value : undefined;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * A JSON text already serialised: from 1 KB up, compressed as the request accepts, once per
 * RawJson (a cached list is compressed once per content version, not once per request).
 */
function sendRawJson(request: FastifyRequest, reply: FastifyReply, raw: RawJson, status: number) {
  reply.code(status).type(JSON_TYPE);
  const encoding =
    raw.bytes.length >= COMPRESS_THRESHOLD_BYTES ? acceptedEncoding(request) : undefined;
  addVary(reply, 'Accept-Encoding');
  if (!encoding) return reply.send(raw.bytes);
  return reply.header('content-encoding', encoding).send(raw.compressedAs(encoding));
}

/** A text or binary success; with an ETag policy, a 304 or a gzipped body as the browser allows. */
function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  route: AnyRoute,
  file: FileReply,
  gzip: CompressedCache,
) {
  const contentType = file.contentType ?? route.contentType ?? 'application/octet-stream';
  for (const [name, value] of Object.entries(file.headers ?? {})) reply.header(name, value);
  const status = file.status ?? route.status;
  if (status !== route.status)
    return reply.code(status).header('content-type', contentType).send(file.body);
  if (route.cache && hasEtag(route.cache) && typeof file.body === 'string') {
    return sendWithEtag(request, reply, gzip, file.body, {
      type: contentType,
      cacheControl: file.cacheControl ?? CACHE_CONTROL[route.cache],
      etag: file.etag,
      status,
    });
  }
  if (route.cache === 'no-cache') reply.header('cache-control', CACHE_CONTROL['no-cache']);
  reply.code(status).header('content-type', contentType);
  if (file.filename)
    reply.header(
      'content-disposition',
      `attachment; filename="${file.filename.replace(/"/g, '')}"`,
    );
  return reply.send(file.body);
}

/** sendBeacon and amp-consent post JSON as text/plain (routes declaring `textBody`). */
function parseTextJson(
  _request: FastifyRequest,
  body: string | Buffer,
  done: (err: Error | null, body?: unknown) => void,
) {
  try {
    done(null, body === '' ? undefined : JSON.parse(body as string));
  } catch {
    done(
      Object.assign(new Error('The request body is not valid JSON'), { statusCode: 400 }),
      undefined,
    );
  }
}

const contextFor = (
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): HandlerContext => ({
  deps,
  request,
  reply,
  auth: null,
  pCode: '',
  user() {
    throw new AssentError('UNAUTHORIZED', UNAUTHORIZED_MESSAGE);
  },
});

export interface RegisterOptions {
  /** Check every JSON response against the route's schema (tests turn this on). */
  validateResponses?: boolean;
}

/**
 * Registers every route of the table: authentication, CSRF and rate limits, input parsing with the
 * core schemas (400 naming each field, unknown body fields included), account membership (403),
 * then the handler. The route's
 * options apply around it: CORS (with the preflight of credentialed routes, and their origin rule),
 * caching (Cache-Control, ETag with 304, gzip), the body limit and text/plain JSON bodies.
 */
export function registerRoutes<T extends RouteTable>(
  app: FastifyInstance,
  table: T,
  handlers: TableHandlers<T>,
  deps: AppDeps,
  options: RegisterOptions = {},
): void {
  const gzip = createCompressedCache();
  const textBodyRoutes: RouteOptions[] = [];
  const preflights = new Map<
    string,
    { route: AnyRoute; origins: OriginRule<AnyRoute> | undefined; methods: string[] }
  >();

  for (const { group, name, route } of listRoutes(table)) {
    const entry = (handlers as Record<string, Record<string, Handler<AnyRoute> | undefined>>)[
      group
    ]?.[name] as RouteHandler<AnyRoute> | CheckedOriginHandler<AnyRoute> | undefined;
    const cors = route.cors;
    const checked = cors.kind === 'credentialed' && cors.origins === 'checked';
    const refused = checked ? cors.refused : FORBIDDEN_MESSAGE;
    const handler = checked
      ? (entry as CheckedOriginHandler<AnyRoute> | undefined)?.handle
      : (entry as RouteHandler<AnyRoute> | undefined);
    const origins = checked ? (entry as CheckedOriginHandler<AnyRoute>).origins : undefined;
    if (typeof handler !== 'function' || (checked && typeof origins !== 'function'))
      throw new Error(`No handler for route ${group}.${name} (${route.method} ${route.path})`);
    const routeId = `${group}.${name}`;
    const url = route.path.replace(/\{(\w+)\}/g, ':$1');

    if (cors.kind === 'credentialed' || cors.kind === 'beacon') {
      const entry = preflights.get(url) ?? { route, origins, methods: [] };
      entry.methods.push(route.method);
      preflights.set(url, entry);
    }

    const definition: RouteOptions = {
      method: route.method,
      url,
      ...(route.bodyLimit ? { bodyLimit: route.bodyLimit } : {}),
      // A page view's beacons are not access-logged (two info lines per page view cost as much as
      // storing it, scripts/bench/visits.ts); their warnings and errors still are.
      ...(cors.kind === 'beacon' ? { logLevel: 'warn' } : {}),
      config: { routeId } as RouteOptions['config'],
      handler: async (request, reply) => {
        if (cors.kind === 'any') reply.header('access-control-allow-origin', '*');
        if (cors.kind === 'any' || cors.kind === 'embed')
          reply.header('cross-origin-resource-policy', 'cross-origin');

        // The runtime's endpoints never read the console session (visitors on publishers' pages).
        let auth: Auth | null = route.sessionless ? null : await authenticate(request, deps);
        if (route.access.kind !== 'public' && !auth)
          throw new AssentError('UNAUTHORIZED', UNAUTHORIZED_MESSAGE);
        // A signed-in caller's answers are never stored by a browser or a proxy; an answer with an
        // ETag (the properties list) sets its own `private, no-cache` below, for the console's 304s.
        if (auth) reply.header('cache-control', NO_STORE);
        // CSRF: cookie-authenticated writes, and the identity routes (login CSRF), need our origin.
        const cookieWrite = WRITE_METHODS.has(route.method) && auth?.via === 'session';
        const identityWrite =
          WRITE_METHODS.has(route.method) && IDENTITY_GROUPS.has(group) && auth?.via !== 'token';
        if (
          !route.sessionless &&
          (cookieWrite || identityWrite) &&
          (request.headers.origin || cookieWrite) &&
          !originMatches(request, deps)
        ) {
          throw new AssentError('CSRF_REJECTED', CSRF_MESSAGE);
        }

        // Membership first, on the raw request: a non-member learns nothing, not even validation errors.
        let pCode = '';
        if (route.access.kind === 'account') {
          pCode =
            accountCodeOf(route, {
              params: request.params,
              query: request.query,
              body: request.body,
            }) ?? '';
          if (!auth!.user.pcodes.includes(pCode)) {
            // The caller may come from the cache of the last second: an account joined since (on
            // another server, say) counts at once. Read again before refusing.
            auth = await authenticate(request, deps, { fresh: true });
            if (!auth?.user.pcodes.includes(pCode))
              throw new AssentError('FORBIDDEN', FORBIDDEN_MESSAGE);
          }
        }
        if (route.access.kind === 'admin' && !auth!.user.isAdmin)
          throw new AssentError('FORBIDDEN', ADMIN_ONLY_MESSAGE);

        const params = parsePart(route.params, request.params ?? {}, {});
        const query = parsePart(route.query, request.query ?? {}, {});
        const ctx: HandlerContext = {
          ...contextFor(deps, request, reply),
          auth,
          pCode,
          user() {
            if (!auth) throw new AssentError('UNAUTHORIZED', UNAUTHORIZED_MESSAGE);
            return auth.user;
          },
        };
        if (cors.kind === 'credentialed') {
          const origin = requestOrigin(request);
          if (origins && origin) {
            const allows = await origins(params as never, ctx);
            if (!allows(origin)) throw new AssentError('FORBIDDEN', refused);
          } else if (origins) await origins(params as never, ctx);
          if (origin) allowCredentialedOrigin(reply, origin);
        }
        if (route.cache === 'no-store') reply.header('cache-control', CACHE_CONTROL['no-store']);
        const input = {
          params,
          query,
          body: parseBody(route.body, request.body, group !== 'banner'),
        };

        if (route.rateLimited) {
          const email = (input.body as { email?: unknown } | undefined)?.email;
          await enforceRateLimit(
            routeId,
            request,
            deps,
            typeof email === 'string' ? email : auth?.user.email,
          );
        }

        const result = await handler(input as never, ctx);
        if (reply.sent) return reply;
        if (route.responseKind === 'empty') return reply.code(route.status).send();
        if (route.responseKind !== 'json')
          return sendFile(request, reply, route, result as FileReply, gzip);
        const raw = result instanceof RawJson;
        if (options.validateResponses) {
          const checked = route.response.safeParse(
            raw ? (JSON.parse(result.text) as unknown) : result,
          );
          if (!checked.success) {
            throw new Error(
              `Response of ${routeId} does not match its schema: ${JSON.stringify(checked.error.issues.slice(0, 3))}`,
            );
          }
        }
        if (route.cache && hasEtag(route.cache)) {
          // A user's own answer: another session (a sign-in as someone else) does not reuse it.
          if (route.cache === 'minute') addVary(reply, 'Cookie');
          return sendWithEtag(request, reply, gzip, raw ? result.text : JSON.stringify(result), {
            type: JSON_TYPE,
            cacheControl: CACHE_CONTROL[route.cache],
            etag: raw ? result.etag : undefined,
            status: route.status,
          });
        }
        if (route.cache === 'no-cache') reply.header('cache-control', CACHE_CONTROL['no-cache']);
        if (raw) {
          if (result.etag) {
            reply.header('etag', result.etag).header('cache-control', PRIVATE_REVALIDATE);
            if (ifNoneMatch(request, result.etag)) return reply.code(304).send();
          }
          return sendRawJson(request, reply, result, route.status);
        }
        return reply.code(route.status).send(result);
      },
    };
    if (route.textBody) textBodyRoutes.push(definition);
    else app.route(definition);
  }

  if (textBodyRoutes.length) {
    // Encapsulated: only these routes take text/plain bodies (a simple request for CORS).
    void app.register(async (scope) => {
      scope.addContentTypeParser('text/plain', { parseAs: 'string' }, parseTextJson);
      for (const definition of textBodyRoutes) scope.route(definition);
    });
  }

  for (const [url, { route, origins, methods }] of preflights) {
    const cors = route.cors;
    const refused =
      cors.kind === 'credentialed' && cors.origins === 'checked' ? cors.refused : FORBIDDEN_MESSAGE;
    app.options(url, async (request, reply) => {
      const origin = requestOrigin(request);
      if (origins) {
        const params = parsePart(route.params, request.params ?? {}, {});
        const allows = await origins(params as never, contextFor(deps, request, reply));
        if (!origin || !allows(origin)) throw new AssentError('FORBIDDEN', refused);
      } else if (!origin) return reply.code(204).send();
      return preflight(reply, origin, methods.join(', '), cors.kind === 'credentialed');
    });
  }
}
