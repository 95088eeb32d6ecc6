import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './harness';
import { createTestServer, json, stores } from './harness';

describe.each(stores())('smoke (%s)', (store) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(store);
  });
  afterAll(() => server?.close());

  it('answers /healthz once the database is ready', async () => {
    const res = await server.request({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ status: 'ok' });
  });

  it('lists the demo-free account properties for a member', async () => {
    const user = await server.user();
    const res = await server.request({
      method: 'GET',
      url: `/customization/v2/site?pCode=${user.pcode}&sort=url,ASC`,
      as: user,
    });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual([]);
  });
});
