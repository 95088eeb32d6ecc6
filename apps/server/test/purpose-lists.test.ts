import { createClient } from '@assent/core/api';
import type { FetchLike } from '@assent/core/api';
import { GBC_PURPOSES, MSPA_OPT_OUT_PURPOSE_IDS, MSPA_PURPOSES } from '@assent/core/property';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer, TestUser } from './harness';
import { createTestServer, json, stores } from './harness';

/** properties-and-tags §7: "fetch purposes for MSPA" and the Google basic consent purposes. */
describe.each(stores())('purpose lists (%s)', (store) => {
  let server: TestServer;
  let user: TestUser;
  beforeAll(async () => {
    server = await createTestServer(store, { workers: false });
    user = await server.user();
  });
  afterAll(() => server?.close());

  const get = (url: string, as?: TestUser) =>
    server.request({ method: 'GET', url, ...(as ? { as } : {}) });

  it('answers the MSPA purposes: the opt-outs 1 to 4, then the sensitive markers 5 and 6', async () => {
    const res = await get('/customization/v2/purposes/mspa', user);
    expect(res.statusCode).toBe(200);
    const purposes = json<Array<{ id: number; name: string; usnatField: string }>>(res);
    expect(purposes).toEqual(MSPA_PURPOSES.map((p) => ({ ...p })));
    expect(purposes.map((p) => p.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(purposes.slice(0, 4).map((p) => p.id)).toEqual([...MSPA_OPT_OUT_PURPOSE_IDS]);
  });

  it('answers the Google basic consent purposes with their Consent Mode storage types', async () => {
    const res = await get('/customization/v2/purposes/google-basic-consent', user);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual(GBC_PURPOSES.map((p) => ({ ...p })));
    expect(json<Array<{ consentType: string }>>(res).map((p) => p.consentType)).toEqual([
      'ad_storage',
      'analytics_storage',
      'ad_user_data',
      'ad_personalization',
      'functionality_storage',
      'personalization_storage',
      'security_storage',
    ]);
  });

  it('needs a signed-in user', async () => {
    for (const url of [
      '/customization/v2/purposes/mspa',
      '/customization/v2/purposes/google-basic-consent',
    ]) {
      const res = await get(url);
      expect(res.statusCode).toBe(401);
      expect(json<{ status: string }>(res).status).toBe('UNAUTHORIZED');
    }
  });

  it('is what the typed client reads, validated against the route table', async () => {
    const fetch: FetchLike = async (url, init) => {
      const res = await server.request({
        method: init.method as 'GET',
        url: new URL(url).pathname,
        as: user,
      });
      return {
        status: res.statusCode,
        headers: { get: (name) => String(res.headers[name] ?? '') || null },
        text: async () => res.body,
        arrayBuffer: async () => new ArrayBuffer(0),
      };
    };
    const client = createClient({ baseUrl: 'http://assent.test', fetch });
    await expect(client.purposes.mspa()).resolves.toHaveLength(6);
    await expect(client.purposes.googleBasicConsent()).resolves.toHaveLength(7);
  });
});
