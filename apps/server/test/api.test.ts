import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UNKNOWN_ERROR_MESSAGE } from '@assent/core';
import { COP_REQUEST_EVENT } from '@assent/core/account';
import { listRoutes, routes } from '@assent/core/api';
import { END_DATE_IN_FUTURE } from '@assent/core/audit-log';
import { LOGO_NOT_AN_IMAGE, LOGO_URL_INVALID, REPROMPT_DAYS_MINIMUM } from '@assent/core/property';
import { summaryRequestFor } from '@assent/core/reports';
import { PNG_1X1 } from '@assent/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES, buildApp } from '../src/app';
import { createExternalLists } from '../src/services/external-lists';
import { INTERNAL_MESSAGE, NOT_FOUND_MESSAGE } from '../src/routes/errors';
import type { TestServer, TestUser } from './harness';
import { consentBeacon, storeConsentRecords, storeVisits, visitRecord } from './visit-records';
import { createTestServer, gvlFixture, json, stores } from './harness';

describe.each(stores())('vendors, audit logs, feedback and errors (%s)', (store) => {
  let server: TestServer;
  let user: TestUser;
  beforeAll(async () => {
    server = await createTestServer(store);
    user = await server.user();
  });
  afterAll(() => server?.close());

  it('serves the IAB vendor lists of both versions from the cache', async () => {
    const v3 = json<{
      gvlVersion: number;
      vendorListVersion: number;
      vendors: Array<{ id: number; name: string }>;
    }>(
      await server.request({
        method: 'GET',
        url: '/customization/v2/vendors?gvlVersion=3',
        as: user,
      }),
    );
    const fixture = JSON.parse(gvlFixture('gvl3-vendor-list.json')) as {
      vendorListVersion: number;
      vendors: object;
    };
    expect(v3).toMatchObject({ gvlVersion: 3, vendorListVersion: fixture.vendorListVersion });
    expect(v3.vendors).toHaveLength(Object.keys(fixture.vendors).length);
    const v2 = json<{ gvlVersion: number }>(
      await server.request({
        method: 'GET',
        url: '/customization/v2/vendors?gvlVersion=2',
        as: user,
      }),
    );
    expect(v2.gvlVersion).toBe(2);
    expect(
      (
        await server.request({
          method: 'GET',
          url: '/customization/v2/vendors?gvlVersion=4',
          as: user,
        })
      ).statusCode,
    ).toBe(400);
  });

  it("saves the account's vendor selection with the 6-day minimum", async () => {
    const url = `/customization/v2/vendors/selection?pCode=${user.pcode}`;
    expect(json(await server.request({ method: 'GET', url, as: user }))).toMatchObject({
      vendorIds: [],
      showNewVendorsEveryDays: 30,
      updatedAt: null,
    });
    const tooShort = await server.request({
      method: 'PUT',
      url,
      payload: { vendorIds: [1, 2], showNewVendorsEveryDays: 5 },
      as: user,
    });
    expect(json(tooShort)).toMatchObject({
      fields: { showNewVendorsEveryDays: REPROMPT_DAYS_MINIMUM },
    });
    const saved = await server.request({
      method: 'PUT',
      url,
      payload: { vendorIds: [755, 1], showNewVendorsEveryDays: 7 },
      as: user,
    });
    expect(json(saved)).toMatchObject({ vendorIds: [755, 1], showNewVendorsEveryDays: 7 });
    expect(json<{ vendorListVersion: number }>(saved).vendorListVersion).toBeGreaterThan(0);
  });

  it('fetches a vendor list from its URL with caching, and says how to import one offline', async () => {
    let hits = 0;
    const body = gvlFixture('gvl3-vendor-list-v17.json');
    const upstream = createServer((req, res) => {
      hits += 1;
      if (req.url === '/v3/vendor-list.json') {
        res.writeHead(200, {
          'content-type': 'application/json',
          'cache-control': 'max-age=600',
          etag: '"v17"',
        });
        res.end(body);
      } else {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const port = (upstream.address() as AddressInfo).port;
    try {
      // A fresh store: nothing cached yet.
      await server.deps.db.query(`delete from external_lists`);
      const lists = createExternalLists({
        db: server.deps.db,
        gvlBaseUrl: `http://127.0.0.1:${port}`,
        googleAtpUrl: `http://127.0.0.1:${port}/atp.csv`,
        logger: { info() {}, warn() {}, error() {} },
        now: () => new Date(),
      });
      const first = await lists.vendorList(3);
      const second = await lists.vendorList(3);
      expect(first.vendorListVersion).toBe(17);
      expect(second).toBe(first);
      expect(hits).toBe(1);
      const stored = await server.deps.db.query<{ version: number; etag: string }>(
        `select version, etag from external_lists where key = 'gvl:3'`,
      );
      expect(stored).toEqual([{ version: 17, etag: '"v17"' }]);
      // v2 is not served upstream and was deleted locally: a clear error naming the URL and the import command.
      await expect(lists.vendorList(2)).rejects.toThrow(
        `Could not fetch http://127.0.0.1:${port}/v2/vendor-list.json (HTTP 404). On a host without internet access, import the list with: assent server gvl import FILE`,
      );
    } finally {
      upstream.close();
    }
  });

  it('prepares a consent-log export, lists its status, downloads it once and hides acknowledged logs', async () => {
    const site = json<{ uuid: string }>(
      await server.request({
        method: 'POST',
        url: `/customization/v2/site?pCode=${user.pcode}`,
        payload: { url: 'logs.example', themeId: '1' },
        as: user,
      }),
    );
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
    await storeConsentRecords(server.deps.db, user.pcode, [
      { beacon: consentBeacon(site.uuid, crypto.randomUUID()), at: daysAgo(1), country: 'FR' },
      { beacon: consentBeacon(site.uuid, crypto.randomUUID()), at: daysAgo(2), country: 'DE' },
    ]);
    const today = new Date().toISOString().slice(0, 10);
    const future = await server.request({
      method: 'POST',
      url: `/customization/v2/audit-log?pCode=${user.pcode}`,
      payload: { url: 'logs.example', endDate: '2999-01-01', daysBack: 30 },
      as: user,
    });
    expect(json(future)).toMatchObject({ fields: { endDate: END_DATE_IN_FUTURE } });
    const created = await server.request({
      method: 'POST',
      url: `/customization/v2/audit-log?pCode=${user.pcode}`,
      payload: { url: 'logs.example', endDate: today, daysBack: 30 },
      as: user,
    });
    expect(created.statusCode).toBe(202);
    expect(json(created)).toMatchObject({ url: 'http://logs.example', queryState: 'QUEUED' });
    let logs: Array<{ id: string; queryState: string; rows: number | null }> = [];
    for (let i = 0; i < 100; i++) {
      logs = json(
        await server.request({
          method: 'GET',
          url: `/customization/v2/audit-log/status?pCode=${user.pcode}`,
          as: user,
        }),
      );
      if (logs[0]?.queryState === 'SUCCEEDED') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(logs[0]).toMatchObject({ queryState: 'SUCCEEDED', rows: 2 });
    const csv = await server.request({
      method: 'GET',
      url: `/customization/v2/audit-log/download?pCode=${user.pcode}&logId=${logs[0]!.id}`,
      as: user,
    });
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body.split('\n')[0]).toBe(
      'consent_id,timestamp,config_version,vendor_list_version,country,choice,choices_in_words,tc_string,gpp_string,usp_string',
    );
    expect(csv.body.trim().split('\n')).toHaveLength(3);
    const unknownSite = json<{ id: string }>(
      await server.request({
        method: 'POST',
        url: `/customization/v2/audit-log?pCode=${user.pcode}`,
        payload: { url: 'https://not-mine.example', endDate: today, daysBack: 60 },
        as: user,
      }),
    );
    let failed: Array<{ id: string; queryState: string; error: string | null }> = [];
    for (let i = 0; i < 100; i++) {
      failed = json(
        await server.request({
          method: 'GET',
          url: `/customization/v2/audit-log/status?pCode=${user.pcode}`,
          as: user,
        }),
      );
      if (failed.find((l) => l.id === unknownSite.id)?.queryState === 'FAILED') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(failed.find((l) => l.id === unknownSite.id)).toMatchObject({
      queryState: 'FAILED',
      error: 'No property of this account has the url https://not-mine.example',
    });
    const hidden = await server.request({
      method: 'POST',
      url: `/customization/v2/audit-log/hide?pCode=${user.pcode}`,
      payload: { ids: failed.map((l) => l.id) },
      as: user,
    });
    expect(json(hidden)).toEqual({ hidden: 2 });
    expect(
      json(
        await server.request({
          method: 'GET',
          url: `/customization/v2/audit-log/status?pCode=${user.pcode}`,
          as: user,
        }),
      ),
    ).toEqual([]);
  });

  it('stores the survey and Consent-or-Pay banner events, newest first', async () => {
    const url = `/customization/${user.pcode}/survey`;
    expect(json(await server.request({ method: 'GET', url, as: user }))).toEqual({ filled: false });
    const missing = await server.request({ method: 'POST', url, payload: { answer: 9 }, as: user });
    expect(missing.statusCode).toBe(400);
    expect(json<{ fields: Record<string, string> }>(missing).fields).toHaveProperty('answer');
    expect(
      json(
        await server.request({
          method: 'POST',
          url,
          payload: { answer: 3, comment: 'Premium please' },
          as: user,
        }),
      ),
    ).toEqual({ filled: true });
    expect(json(await server.request({ method: 'GET', url, as: user }))).toEqual({ filled: true });

    await server.request({
      method: 'POST',
      url: '/customization/cop-banner-event',
      payload: { pcode: user.pcode, eventType: COP_REQUEST_EVENT },
      as: user,
    });
    await new Promise((r) => setTimeout(r, 5));
    await server.request({
      method: 'POST',
      url: '/customization/cop-banner-event',
      payload: { pcode: user.pcode, eventType: 'ASSENT_SSP' },
      as: user,
    });
    const events = json<Array<{ eventType: string }>>(
      await server.request({
        method: 'GET',
        url: `/customization/cop-banner-event/${user.pcode}`,
        as: user,
      }),
    );
    expect(events.map((e) => e.eventType)).toEqual(['ASSENT_SSP', 'REQUEST']);
    const bad = await server.request({
      method: 'POST',
      url: '/customization/cop-banner-event',
      payload: { pcode: user.pcode, eventType: 'hack' },
      as: user,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('checks a logo URL by loading it, and gives a version suffix', async () => {
    const images = createServer((req, res) => {
      const pathname = new URL(req.url ?? '/', 'http://x').pathname;
      if (pathname === '/logo.png')
        res.writeHead(200, { 'content-type': 'image/png', etag: '"abc"' }).end(PNG_1X1);
      // A Content-Type that claims an image is not enough: the bytes decide.
      else if (pathname === '/fake.png')
        res.writeHead(200, { 'content-type': 'image/png' }).end('<!doctype html><p>Not found');
      else if (pathname === '/page.png')
        res.writeHead(200, { 'content-type': 'text/html' }).end('<html>');
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
    const check = async (url: string) =>
      json<{ ok: boolean; suffix: string; message: string | null }>(
        await server.request({
          method: 'POST',
          url: '/customization/v2/logo-check',
          payload: { url },
          as: user,
        }),
      );
    try {
      const ok = await check(`${base}/logo.png`);
      expect(ok).toMatchObject({ ok: true, message: null });
      expect(ok.suffix).toMatch(/^\?v=[0-9a-f]{8}$/);
      expect(await check(`${base}/logo.png?w=2`)).toEqual({ ok: true, suffix: '', message: null });
      expect(await check(`${base}/missing.png`)).toEqual({
        ok: false,
        suffix: '',
        message: `${LOGO_NOT_AN_IMAGE} (HTTP 404)`,
      });
      expect(await check(`${base}/fake.png`)).toEqual({
        ok: false,
        suffix: '',
        message: `${LOGO_NOT_AN_IMAGE} (its content is not a PNG, JPEG, GIF, BMP, WebP or SVG image)`,
      });
      expect(await check(`${base}/page.png`)).toEqual({
        ok: false,
        suffix: '',
        message: `${LOGO_NOT_AN_IMAGE} (it is text/html)`,
      });
      expect(await check('https://example.com/logo.webp')).toMatchObject({
        ok: false,
        message: LOGO_URL_INVALID,
      });
    } finally {
      images.close();
    }
    // Without ASSENT_ALLOW_PRIVATE_FETCH the server never fetches private addresses.
    const strict = await createTestServer(store, { env: { ASSENT_ALLOW_PRIVATE_FETCH: '0' } });
    try {
      const owner = await strict.user();
      const res = json<{ ok: boolean; message: string }>(
        await strict.request({
          method: 'POST',
          url: '/customization/v2/logo-check',
          payload: { url: `${base}/logo.png` },
          as: owner,
        }),
      );
      expect(res).toEqual({
        ok: false,
        suffix: '',
        message: `${LOGO_NOT_AN_IMAGE} (the address is not public)`,
      });
    } finally {
      await strict.close();
    }
  });

  it('answers unknown routes with 404, oversized bodies with 413, and hides internals on 500', async () => {
    const unknown = await server.request({
      method: 'GET',
      url: '/customization/v2/nothing-here',
      as: user,
    });
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown)).toEqual({ status: 'NOT_FOUND', message: NOT_FOUND_MESSAGE });
    const big = await server.request({
      method: 'POST',
      url: `/customization/v2/site?pCode=${user.pcode}`,
      payload: { url: 'big.example', publisherName: 'x'.repeat(BODY_LIMIT_BYTES) },
      as: user,
    });
    expect(big.statusCode).toBe(413);
    expect(json(big)).toMatchObject({ status: 'PAYLOAD_TOO_LARGE' });
    const notJson = await server.request({
      method: 'POST',
      url: `/customization/v2/site?pCode=${user.pcode}`,
      payload: '{not json',
      headers: { 'content-type': 'application/json' },
      as: user,
    });
    expect(notJson.statusCode).toBe(400);
    const app = await buildApp(server.deps, { logger: false });
    app.get('/__boom', async () => {
      throw new Error('secret stack detail: password=hunter2');
    });
    const boom = await app.inject({ method: 'GET', url: '/__boom' });
    await app.close();
    expect(boom.statusCode).toBe(500);
    expect(json(boom)).toEqual({ status: 'INTERNAL_ERROR', message: INTERNAL_MESSAGE });
    expect(boom.body).not.toContain('hunter2');
  });

  it('answers per-property analytics and the summary from the same visits', async () => {
    const site = json<{ uuid: string }>(
      await server.request({
        method: 'POST',
        url: `/customization/v2/site?pCode=${user.pcode}`,
        payload: { url: 'rates.example', themeId: '1' },
        as: user,
      }),
    );
    const at = (day: string, event: Parameters<typeof visitRecord>[3]) =>
      visitRecord(user.pcode, site.uuid, `${day}T12:00:00Z`, event);
    await storeVisits(server.deps.db, [
      at('2026-11-10', { o: 'a' }),
      at('2026-11-11', { o: 'a' }),
      at('2026-11-11', { o: 'r' }),
      at('2026-11-12', { o: 'b' }),
      at('2026-11-12', { o: 'a', x: 1 }),
      at('2026-11-12', { o: 'r', r: 3, n: 2 }),
    ]);
    const res = await server.request({
      method: 'POST',
      url: `/analytics/v1/properties/pcode/${user.pcode}`,
      payload: { propertyIds: [site.uuid], startDate: '2026-11-01', endDate: '2026-11-30' },
      as: user,
    });
    const analytics =
      json<Record<string, Record<string, { totalShown: number; consentRatePercentage: number }>>>(
        res,
      )[site.uuid]!;
    expect(analytics['1']).toMatchObject({
      totalShown: 4,
      acceptAll: 2,
      rejectAll: 1,
      consentRatePercentage: 50,
      bounceRatePercentage: 25,
    });
    // A US state-section visit without a known state is a national one: under CCPA (2).
    expect(analytics['2']).toMatchObject({
      totalShown: 1,
      rejectAll: 1,
      doNotSellRequestReceived: 1,
      doNotSellRequestFulfilled: 1,
    });
    expect(analytics['3']).toBeUndefined();
    const later = await server.request({
      method: 'POST',
      url: `/analytics/v1/summary/pcode/${user.pcode}`,
      payload: summaryRequestFor({ startDate: '2026-11-01', endDate: '2026-11-30' }, [site.uuid]),
      as: user,
    });
    // Six page views, five with the banner shown: 2 accept all, 2 reject all, 1 bounce.
    expect(later.statusCode).toBe(200);
    expect(json(later)).toEqual({
      totalTraffic: 6,
      totalSessions: 5,
      optInPercent: 40,
      optOutPercent: 40,
      partialOptInPercent: 0,
      bouncePercent: 20,
    });
    // Saved reports are served (report-jobs.test.ts): a new account has none.
    const jobs = await server.request({
      method: 'GET',
      url: `/analytics/v1/pcode/${user.pcode}/jobs`,
      as: user,
    });
    expect([jobs.statusCode, json(jobs)]).toEqual([200, []]);
  });

  it('publishes an OpenAPI document of every route and the docs page', async () => {
    // The docs page's own JSON, asked first: the document is built at its first request.
    const docsJson = json<{ openapi: string; paths: Record<string, unknown> }>(
      await server.request({ method: 'GET', url: '/api/docs/json' }),
    );
    expect(docsJson.openapi).toBe('3.1.0');
    expect(docsJson.paths['/customization/v2/site']).toBeTruthy();
    const doc = json<{
      openapi: string;
      paths: Record<string, Record<string, { operationId: string }>>;
    }>(await server.request({ method: 'GET', url: '/api/openapi.json' }));
    expect(doc.openapi).toBe('3.1.0');
    const operations = Object.values(doc.paths).flatMap((methods) =>
      Object.values(methods).map((o) => o.operationId),
    );
    expect(operations.sort()).toEqual(
      listRoutes(routes)
        .map(({ group, name }) => `${group}.${name}`)
        .sort(),
    );
    expect(doc.paths['/customization/v2/site']?.get).toBeTruthy();
    const docs = await server.request({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toMatch(/html/);
  });

  it('keeps the unknown-error wording for bodies that are not ours', () => {
    expect(UNKNOWN_ERROR_MESSAGE).toBe('An unknown error occured. Please try again.');
  });
});
