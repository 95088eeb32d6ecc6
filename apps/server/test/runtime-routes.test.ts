import { AMP_FOREIGN_ORIGIN, listRoutes, routes } from '@assent/core/api';
import type { Routes } from '@assent/core/api';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bannerHandlers } from '../src/banner/handlers';
import { createBannerRuntime } from '../src/banner/runtime';
import type { GroupHandlers, TableHandlers } from '../src/routes/context';
import { createHandlers } from '../src/routes/handlers';
import { registerRoutes } from '../src/routes/register';
import type { TestServer } from './harness';
import { createTestServer, json, stores } from './harness';

type Operation = {
  operationId: string;
  description: string;
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { content?: Record<string, unknown> }>;
};

/** The consent runtime's endpoints as docs/banner.md lists them: method, path, success type. */
const RUNTIME_ENDPOINTS: Array<[string, string, string, string | undefined]> = [
  ['get', '/banner/property/{id}/cmp.js', '200', 'text/javascript'],
  ['get', '/banner/property/{id}/config.json', '200', 'application/json'],
  ['get', '/banner/runtime/{build}/{file}', '200', 'text/javascript'],
  ['get', '/banner/account/{pCode}/cmp.js', '200', 'text/javascript'],
  ['get', '/banner/property/{id}/second-layer.js', '200', 'text/javascript'],
  ['get', '/banner/account/{pCode}/second-layer.js', '200', 'text/javascript'],
  ['get', '/banner/preview/second-layer.js', '200', 'text/javascript'],
  ['get', '/banner/preview/frame', '200', 'text/html'],
  ['get', '/banner/static/{file}', '200', 'text/javascript'],
  ['get', '/banner/vendor-list/{version}/{lang}.json', '200', 'application/json'],
  ['get', '/banner/google-vendors.json', '200', 'application/json'],
  ['post', '/banner/visit', '204', undefined],
  ['post', '/banner/consent', '204', undefined],
  ['get', '/banner/group/{pCode}/{group}/frame', '200', 'text/html'],
  ['get', '/banner/group/{pCode}/{group}/storage', '200', 'application/json'],
  ['put', '/banner/group/{pCode}/{group}/storage', '204', undefined],
  ['post', '/banner/amp/{id}/check', '200', 'application/json'],
  ['get', '/banner/amp/{id}/prompt', '200', 'text/html'],
];

describe.each(stores())("the consent runtime's routes in the route table (%s)", (store) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(store);
  });
  afterAll(() => server?.close());

  it('OpenAPI lists every runtime endpoint with its content type, CORS and caching', async () => {
    const doc = json<{ paths: Record<string, Record<string, Operation>> }>(
      await server.request({ method: 'GET', url: '/api/openapi.json' }),
    );
    const runtime = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/banner/'))
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, op]) => {
          const [status, response] = Object.entries(op.responses)[0]!;
          return [method, path, status, Object.keys(response.content ?? {})[0]];
        }),
      );
    expect(runtime).toEqual(RUNTIME_ENDPOINTS);

    const visit = doc.paths['/banner/visit']!.post!;
    expect(visit.operationId).toBe('banner.visit');
    expect(Object.keys(visit.requestBody!.content)).toEqual(['application/json', 'text/plain']);
    expect(visit.description).toContain('Origin checked against the property');
    expect(visit.description).toContain('without cookies');
    expect(visit.description).toContain('no-store');
    expect(visit.description).toContain('at most 1024 bytes');
    expect(doc.paths['/banner/vendor-list/{version}/{lang}.json']!.get!.description).toContain(
      'Access-Control-Allow-Origin: *',
    );
  });

  it('takes text/plain JSON bodies only on the routes that declare them (beacons, amp-consent)', async () => {
    const signIn = (contentType: string) =>
      server.request({
        method: 'POST',
        url: '/auth/sign-in',
        payload: JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' }),
        headers: { 'content-type': contentType },
      });
    // A console route reads a text/plain body as text, not as its JSON: a 400, not a sign-in try.
    expect((await signIn('text/plain')).statusCode).toBe(400);
    expect((await signIn('application/json')).statusCode).toBe(401);
  });

  it('refuses to start without the origin rule of a route with checked CORS', () => {
    const runtime = createBannerRuntime(server.deps);
    const banner = bannerHandlers(runtime);
    const withoutRule = {
      ...createHandlers(runtime),
      banner: { ...banner, ampCheck: { handle: banner.ampCheck.handle } },
    } as unknown as TableHandlers<typeof routes>;
    expect(() => registerRoutes(Fastify(), routes, withoutRule, server.deps)).toThrow(
      'No handler for route banner.ampCheck (POST /banner/amp/{id}/check)',
    );
    // The compiler refuses it too.
    // @ts-expect-error an origin rule is required beside the handler
    const typed: GroupHandlers<Routes['banner']> = { ...banner, ampCheck: banner.ampCheck.handle };
    expect(typed).toBeTruthy();
  });

  it('answers a preflight of a checked route only for allowed origins', async () => {
    const unknown = await server.request({
      method: 'OPTIONS',
      url: '/banner/amp/6f1d2c7e-0000-4000-8000-000000000000/check',
      headers: { origin: 'https://amp.example', 'access-control-request-method': 'POST' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(listRoutes({ banner: routes.banner }).length).toBe(RUNTIME_ENDPOINTS.length);
    expect(AMP_FOREIGN_ORIGIN).toBe("This AMP page is not part of the property's site");
  });
});
