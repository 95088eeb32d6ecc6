import { VISIT_FOREIGN_ORIGIN } from '@assent/core/api';
import type { Property } from '@assent/core/property';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISITS_RATE_LIMITED_MESSAGE } from '../src/routes/errors';
import type { TestServer, TestUser } from './harness';
import { createTestServer, json, stores } from './harness';
import { visit } from './visit-records';

/**
 * Issue 19 item 14: the visit beacon takes visits only from the property's own pages, without
 * cookies, at most ASSENT_VISIT_RATE_LIMIT a minute per address and property, and its 413 names
 * its own limit.
 */
describe.each(stores())('visit beacon limits (%s)', (store) => {
  const LIMIT = 3;
  let server: TestServer;
  let user: TestUser;
  let shop: Property;
  let news: Property;

  const createSite = async (url: string): Promise<Property> => {
    const res = await server.request({
      method: 'POST',
      url: `/customization/v2/site?pCode=${user.pcode}`,
      payload: { url, themeId: '1', publisherName: 'Example' },
      as: user,
    });
    expect(res.statusCode, res.body).toBe(201);
    return json<Property>(res);
  };
  const post = (body: string, headers: Record<string, string>, remoteAddress = '203.0.113.7') =>
    server.app.inject({
      method: 'POST',
      url: '/banner/visit',
      remoteAddress,
      headers: { 'content-type': 'text/plain', ...headers },
      payload: body,
    });
  const stored = async (uuid: string) =>
    Number(
      (
        await server.deps.db.query<{ n: number }>(
          `select count(*) as n from visits where property_uuid = $1`,
          [uuid],
        )
      )[0]!.n,
    );

  beforeAll(async () => {
    server = await createTestServer(store, { env: { ASSENT_VISIT_RATE_LIMIT: String(LIMIT) } });
    user = await server.user();
    shop = await createSite('shop.example');
    news = await createSite('news.example');
  });
  afterAll(() => server?.close());

  it('says the route’s own limit in its 413 (1 KB for a visit), not the app-wide 1024 KB', async () => {
    const res = await post(JSON.stringify(visit(shop.uuid, { pad: 'x'.repeat(2000) })), {
      origin: 'https://shop.example',
    });
    expect(res.statusCode).toBe(413);
    expect(json(res)).toEqual({
      status: 'PAYLOAD_TOO_LARGE',
      message: 'The request body is too large (limit 1 KB)',
    });
  });

  it('takes visits from the property’s own pages without credentials, and refuses other origins', async () => {
    const own = await post(JSON.stringify(visit(news.uuid)), {
      origin: 'https://www.news.example',
    });
    expect(own.statusCode).toBe(204);
    expect(own.headers['access-control-allow-origin']).toBe('https://www.news.example');
    expect(own.headers['access-control-allow-credentials']).toBeUndefined();
    const evil = await post(JSON.stringify(visit(news.uuid)), { origin: 'https://evil.example' });
    expect(evil.statusCode).toBe(403);
    expect(json(evil)).toMatchObject({ message: VISIT_FOREIGN_ORIGIN });
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
    expect(evil.headers['access-control-allow-credentials']).toBeUndefined();
    const preflight = await server.app.inject({
      method: 'OPTIONS',
      url: '/banner/visit',
      headers: { origin: 'https://news.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
    // sendBeacon from a page with Referrer-Policy: no-referrer sends Origin: null.
    const opaque = await post(JSON.stringify(visit(news.uuid)), { origin: 'null' });
    expect(opaque.statusCode).toBe(204);
    expect(opaque.headers['access-control-allow-origin']).toBeUndefined();
    expect(await stored(news.uuid)).toBe(2);
  });

  it('refuses a burst from one address for one property with 429 and stores none of it', async () => {
    const origin = { origin: 'https://shop.example' };
    const before = await stored(shop.uuid);
    const answers: number[] = [];
    for (let i = 0; i < LIMIT + 2; i += 1)
      answers.push(
        (await post(JSON.stringify(visit(shop.uuid)), origin, '198.51.100.9')).statusCode,
      );
    expect(answers).toEqual([204, 204, 204, 429, 429]);
    const refused = await post(JSON.stringify(visit(shop.uuid)), origin, '198.51.100.9');
    expect(json(refused)).toEqual({ status: 'RATE_LIMITED', message: VISITS_RATE_LIMITED_MESSAGE });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await stored(shop.uuid)).toBe(before + LIMIT);
    // Another address, and the same address for another property, are not held by that burst.
    expect((await post(JSON.stringify(visit(shop.uuid)), origin, '198.51.100.10')).statusCode).toBe(
      204,
    );
    expect(
      (
        await post(
          JSON.stringify(visit(news.uuid)),
          { origin: 'https://news.example' },
          '198.51.100.9',
        )
      ).statusCode,
    ).toBe(204);
  });
});
