import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { AssentError, findUnstorableText } from '@assent/core';
import { routes } from '@assent/core/api';
import type { FastifyBaseLogger, FastifyError, FastifyInstance } from 'fastify';
import Fastify from 'fastify';
import pino from 'pino';
import { createBannerRuntime } from './banner/runtime';
import { registerHelp } from './help';
import { repoPath } from './paths';
import type { LogTarget } from './services/log-destination';
import { resilientLogDestination } from './services/log-destination';
import type { AppDeps } from './routes/context';
import { HTTP_STATUS, INTERNAL_MESSAGE, NOT_FOUND_MESSAGE, tooLargeMessage } from './routes/errors';
import { createHandlers } from './routes/handlers';
import { openApiDocument } from './routes/openapi';
import { registerRoutes } from './routes/register';
import { expectedOrigin, HSTS, isSecureRequest } from './services/auth';
import { consolePages } from './ssr/console-page';
import { registerCompression, registerConsole } from './web-serving';

/** Prefixes that belong to the API (never answered with the console's index.html). */
const API_PREFIXES = [
  '/customization',
  '/auth',
  '/account',
  '/invitations',
  '/analytics',
  '/text-customization-request',
  '/api',
  '/banner',
  '/healthz',
];

export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface BuildOptions {
  /** Check JSON responses against the route table (tests). */
  validateResponses?: boolean;
  /** Log requests (off in tests). @default true */
  logger?: boolean;
  /** Where the request log goes. @default standard output */
  logTarget?: () => LogTarget;
}

/** Builds the whole server (API, console and banner) from its dependencies; `main` only listens. */
export async function buildApp(
  deps: AppDeps,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const { config } = deps;
  // A log write that fails (a full disk under the log file) drops lines; it never stops the server.
  const log = resilientLogDestination({
    open: options.logTarget ?? (() => pino.destination({ dest: 1, sync: true })),
  });
  const app = Fastify({
    ...(options.logger === false
      ? {}
      : { loggerInstance: pino({ level: config.logLevel }, log) as FastifyBaseLogger }),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    // A plugin's start is waited for up to a minute (Fastify's 10 s failed the start on a busy
    // 2-core machine, where loading a plugin module alone can take that long).
    pluginTimeout: 60_000,
  });

  await app.register(fastifyCookie);
  await registerCompression(app);

  // Background jobs wait for the requests in flight (interactive work first, jobs/interactive-first).
  const ends = new WeakMap<object, () => void>();
  app.addHook('onRequest', async (request) => {
    ends.set(request, deps.interactive.begin());
  });
  const end = async (request: object) => ends.get(request)?.();
  app.addHook('onResponse', end);
  app.addHook('onRequestAbort', end);

  // Text that no store can hold (NUL, a lone surrogate) is refused for every route, naming the field.
  app.addHook('preValidation', async (request) => {
    const issues = [
      ...findUnstorableText(request.params ?? {}),
      ...findUnstorableText(request.query ?? {}),
      ...(request.body === undefined ? [] : findUnstorableText(request.body)),
    ];
    if (issues.length) throw AssentError.fromIssues(issues);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    // Behind https (a trusted proxy's X-Forwarded-Proto, or an https ASSENT_PUBLIC_URL) browsers
    // are told to use https only; on plain http the header would be ignored, so it is not sent.
    if (isSecureRequest(request, deps)) reply.header('strict-transport-security', HSTS);
    const framable = request.url.startsWith('/banner/');
    if (!framable) reply.header('x-frame-options', 'SAMEORIGIN');
    const type = String(reply.getHeader('content-type') ?? '');
    // A route with a stricter policy of its own (the documentation pages) keeps it.
    if (type.startsWith('text/html') && !framable && !reply.hasHeader('content-security-policy')) {
      reply.header(
        'content-security-policy',
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' https: data:; font-src 'self' data:; connect-src 'self'; frame-src 'self'; frame-ancestors 'self'; base-uri 'self'; form-action 'self'",
      );
    }
    return payload;
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AssentError) {
      const retryAfter = (error as AssentError & { retryAfter?: number }).retryAfter;
      if (retryAfter) reply.header('retry-after', String(retryAfter));
      return reply.code(HTTP_STATUS[error.code]).send(error.toBody());
    }
    if (error.statusCode === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send({
        status: 'PAYLOAD_TOO_LARGE',
        // The route's own limit (the visit beacon's is 1 KB), else the app-wide one.
        message: tooLargeMessage(request.routeOptions.bodyLimit ?? BODY_LIMIT_BYTES),
      });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const status = error.statusCode === 404 ? 'NOT_FOUND' : 'VALIDATION_ERROR';
      return reply.code(error.statusCode).send({ status, message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ status: 'INTERNAL_ERROR', message: INTERNAL_MESSAGE });
  });

  registerRoutes(app, routes, createHandlers(createBannerRuntime(deps)), deps, {
    validateResponses: options.validateResponses ?? false,
  });

  // The OpenAPI document (every route's zod schemas to JSON Schema: a second of start-up on a busy
  // machine) is built at its first request; the swagger plugins hold this object and read it then.
  const document: Record<string, unknown> = {};
  const fillDocument = () => {
    if (!('openapi' in document))
      Object.assign(document, openApiDocument(routes, config.publicUrl));
  };
  app.get('/api/openapi.json', async () => {
    fillDocument();
    return document;
  });
  await app.register(fastifySwagger, {
    mode: 'static',
    specification: { document: document as never },
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    uiHooks: {
      onRequest: (_request, _reply, done) => {
        fillDocument();
        done();
      },
    },
  });
  registerHelp(app, { helpUrl: config.helpUrl });

  const webDist = config.webDist ?? repoPath('apps', 'web', 'dist');
  const hasConsole = await registerConsole(app, webDist);
  const sendConsolePage = consolePages(app, webDist, {
    timeLimitMs: config.ssrTimeLimitMs,
    originOf: (request) => expectedOrigin(request, deps),
  });

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((p) => url === p || url.startsWith(`${p}/`));
    if (request.method === 'GET' && !isApi && !path.extname(url)) {
      if (hasConsole) return sendConsolePage(request, reply);
      return reply
        .type('text/html')
        .send(
          '<!doctype html><title>Assent</title><h1>Assent API is running</h1><p>The console is not built. Run <code>npm start</code>, which builds it, or <code>pnpm --filter @assent/web build</code>.</p><p><a href="/api/docs">API documentation</a></p>',
        );
    }
    return reply.code(404).send({ status: 'NOT_FOUND', message: NOT_FOUND_MESSAGE });
  });

  return app;
}
