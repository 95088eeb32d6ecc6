import type { AnyRoute, RouteTable } from '@assent/core';
import { AssentError, issuesFromZod, listRoutes } from '@assent/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { rateLimits } from '../repositories/codes';
import { authenticate, originMatches } from '../services/auth';
import { PRIVATE_REVALIDATE, ifNoneMatch } from '../services/http-cache';
import type { AppDeps, Auth, FileReply, Handler, HandlerContext, TableHandlers } from './context';
import { RawJson } from './context';
import {
  ADMIN_ONLY_MESSAGE,
  CSRF_MESSAGE,
  FORBIDDEN_MESSAGE,
  RATE_LIMITED_MESSAGE,
  UNAUTHORIZED_MESSAGE,
} from './errors';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Per IP and per account, on rate-limited routes (sign-in and password routes). */
export const RATE_LIMITS = {
  windowMs: 15 * 60_000,
  perIp: 30,
  perAccount: 10,
};

function parsePart(schema: z.ZodType | undefined, value: unknown, fallback: unknown): unknown {
  if (!schema) return fallback;
  const result = schema.safeParse(value);
  if (!result.success) throw AssentError.fromIssues(issuesFromZod(result.error));
  return result.data;
}

async function enforceRateLimit(
  route: AnyRoute,
  routeId: string,
  request: FastifyRequest,
  deps: AppDeps,
  account: string | undefined,
) {
  const now = deps.now();
  const checks = [{ key: `ip:${request.ip}:${routeId}`, limit: RATE_LIMITS.perIp }];
  // Keyed as users are looked up (trimmed, any case), so ' Ada@x.com' is not a fresh allowance.
  if (account)
    checks.push({
      key: `account:${account.trim().toLowerCase()}:${route.path}`,
      limit: RATE_LIMITS.perAccount,
    });
  for (const check of checks) {
    const result = await rateLimits.hit(deps.db, check.key, check.limit, RATE_LIMITS.windowMs, now);
    if (!result.allowed) {
      throw Object.assign(new AssentError('RATE_LIMITED', RATE_LIMITED_MESSAGE), {
        retryAfter: result.retryAfterSeconds,
      });
    }
  }
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

function sendFile(reply: FastifyReply, status: number, file: FileReply) {
  reply.code(status).header('content-type', file.contentType);
  if (file.filename)
    reply.header(
      'content-disposition',
      `attachment; filename="${file.filename.replace(/"/g, '')}"`,
    );
  for (const [name, value] of Object.entries(file.headers ?? {})) reply.header(name, value);
  return reply.send(file.body);
}

export interface RegisterOptions {
  /** Check every JSON response against the route's schema (tests turn this on). */
  validateResponses?: boolean;
}

/**
 * Registers every route of the table: authentication, CSRF and rate limits, input parsing with the
 * core schemas (400 naming each field), account membership (403), then the handler.
 */
export function registerRoutes<T extends RouteTable>(
  app: FastifyInstance,
  table: T,
  handlers: TableHandlers<T>,
  deps: AppDeps,
  options: RegisterOptions = {},
): void {
  for (const { group, name, route } of listRoutes(table)) {
    const handler = (handlers as Record<string, Record<string, Handler<AnyRoute>>>)[group]?.[name];
    if (!handler)
      throw new Error(`No handler for route ${group}.${name} (${route.method} ${route.path})`);
    const routeId = `${group}.${name}`;

    app.route({
      method: route.method,
      url: route.path.replace(/\{(\w+)\}/g, ':$1'),
      config: { routeId },
      handler: async (request, reply) => {
        const auth: Auth | null = await authenticate(request, deps);
        if (route.access.kind !== 'public' && !auth)
          throw new AssentError('UNAUTHORIZED', UNAUTHORIZED_MESSAGE);

        // CSRF: cookie-authenticated writes, and the identity routes (login CSRF), need our origin.
        const cookieWrite = WRITE_METHODS.has(route.method) && auth?.via === 'session';
        const identityWrite =
          WRITE_METHODS.has(route.method) && group === 'auth' && auth?.via !== 'token';
        if (
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
          if (!auth!.user.pcodes.includes(pCode))
            throw new AssentError('FORBIDDEN', FORBIDDEN_MESSAGE);
        }
        if (route.access.kind === 'admin' && !auth!.user.isAdmin)
          throw new AssentError('FORBIDDEN', ADMIN_ONLY_MESSAGE);

        const input = {
          params: parsePart(route.params, request.params ?? {}, {}),
          query: parsePart(route.query, request.query ?? {}, {}),
          body: parsePart(route.body, request.body, undefined),
        };

        if (route.rateLimited) {
          const email = (input.body as { email?: unknown } | undefined)?.email;
          await enforceRateLimit(
            route,
            routeId,
            request,
            deps,
            typeof email === 'string' ? email : auth?.user.email,
          );
        }

        const ctx: HandlerContext = {
          deps,
          request,
          reply,
          auth,
          pCode,
          user() {
            if (!auth) throw new AssentError('UNAUTHORIZED', UNAUTHORIZED_MESSAGE);
            return auth.user;
          },
        };
        const result = await handler(input as never, ctx);
        if (reply.sent) return reply;
        if (route.responseKind !== 'json')
          return sendFile(reply, route.status, result as FileReply);
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
        if (raw) {
          if (result.etag) {
            reply.header('etag', result.etag).header('cache-control', PRIVATE_REVALIDATE);
            if (ifNoneMatch(request, result.etag)) return reply.code(304).send();
          }
          return reply
            .code(route.status)
            .type('application/json; charset=utf-8')
            .send(result.bytes);
        }
        return reply.code(route.status).send(result);
      },
    });
  }
}
