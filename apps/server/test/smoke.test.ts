import { UNREGISTERED_CMP_ID_WARNING } from '@assent/core/banner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './harness';
import { createTestServer, json, stores } from './harness';

describe.each(stores())('smoke (%s)', (store) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(store);
  });
  afterAll(() => server?.close());

  it('answers /healthz once the database is ready; without ASSENT_CMP_ID it says the strings carry an unregistered id (issue 15 item 13)', async () => {
    const res = await server.request({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ status: 'ok', warnings: [UNREGISTERED_CMP_ID_WARNING] });
  });

  it('has no warning once ASSENT_CMP_ID is the operator’s IAB id', async () => {
    const registered = await createTestServer(store, { env: { ASSENT_CMP_ID: '300' } });
    try {
      const res = await registered.request({ method: 'GET', url: '/healthz' });
      expect(json(res)).toEqual({ status: 'ok' });
    } finally {
      await registered.close();
    }
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
