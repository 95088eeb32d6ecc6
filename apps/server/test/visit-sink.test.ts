import { VISIT_OUTCOMES } from '@assent/core/banner';
import type { Property, PropertyDraft } from '@assent/core/property';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VisitRecord, VisitSink } from '../src/analytics/visit-sink';
import type { TestServer, TestUser } from './harness';
import { GEO_HEADER_ENV } from './live-server';
import { createTestServer, json, stores } from './harness';
import { visit } from './visit-records';

const NOW = new Date('2026-03-02T09:00:00Z');

/** A sink that records what it is handed and stores it only when the test releases it. */
function gatedSink(inner: VisitSink) {
  const handed: VisitRecord[] = [];
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const sink: VisitSink = {
    async accept(record) {
      handed.push(record);
      await gate;
      await inner.accept(record);
    },
    close: () => inner.close(),
  };
  return { sink, handed, release };
}

describe.each(stores())('the visit sink (%s)', (store) => {
  let server: TestServer;
  let user: TestUser;
  let site: Property;
  let amp: Property;
  let original: VisitSink;

  const createSite = async (draft: PropertyDraft): Promise<Property> => {
    const res = await server.request({
      method: 'POST',
      url: `/customization/v2/site?pCode=${user.pcode}`,
      payload: { themeId: '1', publisherName: 'Example', ...draft },
      as: user,
    });
    expect(res.statusCode, res.body).toBe(201);
    return json<Property>(res);
  };
  const stored = (uuid: string) =>
    server.deps.db.query<{ outcome: string; country: string | null; created_at: Date }>(
      `select outcome, country, created_at from visits where property_uuid = $1 order by id`,
      [uuid],
    );

  beforeAll(async () => {
    server = await createTestServer(store, { env: GEO_HEADER_ENV, now: () => NOW });
    user = await server.user();
    site = await createSite({ url: 'sink.example', consentLocations: ['EEA'] });
    amp = await createSite({
      url: 'amp-sink.example',
      consentLocations: ['EEA'],
      ampEnabled: true,
      gdprEncodingMode: 'TCF',
    });
    original = server.deps.visits;
  });
  afterAll(async () => {
    if (server) server.deps.visits = original;
    await server?.close();
  });

  it('/banner/visit answers 204 only once the sink has stored the visit', async () => {
    const { sink, handed, release } = gatedSink(original);
    server.deps.visits = sink;
    try {
      let answered = false;
      const response = server
        .request({
          method: 'POST',
          url: '/banner/visit',
          payload: JSON.stringify(visit(site.uuid)),
          headers: {
            'content-type': 'text/plain;charset=UTF-8',
            origin: 'https://sink.example',
            'cf-ipcountry': 'DE',
          },
        })
        .then((res) => {
          answered = true;
          return res;
        });
      await expect.poll(() => handed.length).toBe(1);
      expect(answered).toBe(false);
      expect(handed[0]).toEqual<VisitRecord>({
        pcode: user.pcode,
        propertyUuid: site.uuid,
        event: visit(site.uuid) as VisitRecord['event'],
        country: 'DE',
        region: null,
        receivedAt: NOW,
      });
      expect(await stored(site.uuid)).toEqual([]);
      release();
      expect((await response).statusCode).toBe(204);
      expect(await stored(site.uuid)).toEqual([
        { outcome: 'acceptAll', country: 'DE', created_at: NOW },
      ]);
    } finally {
      server.deps.visits = original;
    }
  });

  it('the AMP check hands the page view it answers from the stored choice to the sink', async () => {
    const { sink, handed, release } = gatedSink(original);
    release();
    server.deps.visits = sink;
    try {
      const res = await server.request({
        method: 'POST',
        url: `/banner/amp/${amp.uuid}/check`,
        payload: JSON.stringify({
          consentInstanceId: `assent-${amp.uuid}`,
          consentStateValue: 'rejected',
        }),
        headers: {
          'content-type': 'text/plain;charset=utf-8',
          origin: 'https://amp-sink.example',
          'cf-ipcountry': 'FR',
        },
      });
      expect(res.statusCode).toBe(200);
      expect(handed).toEqual([
        expect.objectContaining({
          pcode: user.pcode,
          propertyUuid: amp.uuid,
          country: 'FR',
          event: expect.objectContaining({ f: 'A', o: VISIT_OUTCOMES.rejectAll, x: 1 }),
        }),
      ]);
      expect(await stored(amp.uuid)).toEqual([
        { outcome: 'rejectAll', country: 'FR', created_at: NOW },
      ]);
    } finally {
      server.deps.visits = original;
    }
  });

  it('a deleted site stops taking visits once its cached lookup expires (ASSENT_VISIT_PROPERTY_CACHE_MS)', async () => {
    const gone = await createSite({ url: 'gone-sink.example', consentLocations: ['EEA'] });
    const post = async () =>
      (
        await server.request({
          method: 'POST',
          url: '/banner/visit',
          payload: JSON.stringify(visit(gone.uuid)),
          headers: {
            'content-type': 'text/plain;charset=UTF-8',
            origin: 'https://gone-sink.example',
          },
        })
      ).statusCode;
    expect(await post()).toBe(204);
    const deleted = await server.request({
      method: 'DELETE',
      url: `/customization/v2/site/${gone.uuid}?pCode=${user.pcode}`,
      as: user,
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    // The default keeps a lookup for one second: well within five, visits are refused.
    await expect.poll(post, { timeout: 5_000, interval: 100 }).toBe(404);
  });
});
