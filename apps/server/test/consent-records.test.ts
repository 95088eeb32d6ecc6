import {
  CONSENT_RECORD_NOT_FOUND,
  DEFAULT_CONSENT_RETENTION_DAYS,
  TC_STRING_RULE,
} from '@assent/core/audit-log';
import type { ConsentRecord } from '@assent/core/audit-log';
import { VISIT_FOREIGN_ORIGIN } from '@assent/core/api';
import type { Property } from '@assent/core/property';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchVisitPartitions } from '../src/analytics/storage';
import { loadConfig } from '../src/config';
import type { TestServer, TestUser } from './harness';
import { ORIGIN, createTestServer, gvlFixture, json, stores } from './harness';
import { GEO_HEADER_ENV, silentLogger } from './live-server';
import { consentBeacon, storeConsentRecords } from './visit-records';

const NOW = new Date('2026-03-02T09:00:00Z');
const ID = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';

describe.each(stores())('consent records (%s)', (store) => {
  let server: TestServer;
  let user: TestUser;
  let other: TestUser;
  let news: Property;

  beforeAll(async () => {
    server = await createTestServer(store, { env: GEO_HEADER_ENV, now: () => NOW });
    user = await server.user();
    other = await server.user();
    news = json<Property>(
      await server.request({
        method: 'POST',
        url: `/customization/v2/site?pCode=${user.pcode}`,
        payload: { url: 'news.example', themeId: '1', applyToSubDomains: true },
        as: user,
      }),
    );
  });
  afterAll(() => server?.close());

  const post = (body: unknown, headers: Record<string, string> = {}) =>
    server.request({
      method: 'POST',
      url: '/banner/consent',
      payload: typeof body === 'string' ? body : JSON.stringify(body),
      headers: {
        'content-type': 'text/plain;charset=UTF-8',
        origin: 'https://www.news.example',
        ...headers,
      },
    });
  const lookup = (as: TestUser, id: string) =>
    server.request({
      method: 'GET',
      url: `/customization/v2/consent-record/${id}?pCode=${as.pcode}`,
      as,
    });
  const stored = (id: string) =>
    server.deps.db.query<Record<string, unknown>>(
      `select pcode, property_uuid, created_at, config_version, vendor_list_version, tc_string,
         gpp_string, usp_string, country from consent_records where id = $1`,
      [id],
    );

  it('stores a choice sent by sendBeacon before answering 204, once per consent id', async () => {
    const beacon = consentBeacon(news.uuid, ID, { gppString: 'DBABMA~CQJ0FMA.QA' });
    const res = await post(beacon, { 'cf-ipcountry': 'de' });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('https://www.news.example');
    // No cookies are asked for: a page of the site may read the answer, never with credentials.
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    // The 204 means stored: the row is there as soon as the answer is.
    const rows = await stored(ID);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      pcode: user.pcode,
      property_uuid: news.uuid,
      config_version: 'cfg-1',
      vendor_list_version: 90,
      tc_string: beacon.tcString,
      gpp_string: 'DBABMA~CQJ0FMA.QA',
      usp_string: null,
      country: 'DE',
    });
    expect(new Date(rows[0]!.created_at as string).toISOString()).toBe(NOW.toISOString());
    // The same beacon again (a retry) keeps one record.
    expect((await post(beacon)).statusCode).toBe(204);
    expect(await stored(ID)).toHaveLength(1);
  });

  it('refuses unknown fields and strings that are not TC strings, naming the field', async () => {
    const misspelt = await post({
      ...consentBeacon(news.uuid, crypto.randomUUID()),
      tcStrng: 'CAAA',
    });
    expect(misspelt.statusCode).toBe(400);
    expect(misspelt.body).toContain('tcStrng');
    const junk = await post(
      consentBeacon(news.uuid, crypto.randomUUID(), { tcString: '<img onerror=x>' }),
    );
    expect(junk.statusCode).toBe(400);
    expect(json<{ fields: Record<string, string> }>(junk).fields).toEqual({
      tcString: TC_STRING_RULE,
    });
  });

  it("refuses a page of another site than the property's, and an unknown property", async () => {
    const foreign = await post(consentBeacon(news.uuid, crypto.randomUUID()), {
      origin: 'https://evil.example',
    });
    expect(foreign.statusCode).toBe(403);
    expect(json(foreign)).toMatchObject({ message: VISIT_FOREIGN_ORIGIN });
    // Another site's page gets no CORS answer at all, and never one with credentials.
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    expect(foreign.headers['access-control-allow-credentials']).toBeUndefined();
    const preflight = await server.app.inject({
      method: 'OPTIONS',
      url: '/banner/consent',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
    // sendBeacon from a page with Referrer-Policy: no-referrer sends Origin: null (no site named).
    const opaque = await post(consentBeacon(news.uuid, crypto.randomUUID()), { origin: 'null' });
    expect(opaque.statusCode).toBe(204);
    expect(opaque.headers['access-control-allow-origin']).toBeUndefined();
    // The AMP prompt page amp-consent loads from this server posts its choices from here.
    const fromAmpPrompt = await post(consentBeacon(news.uuid, crypto.randomUUID()), {
      origin: ORIGIN,
    });
    expect(fromAmpPrompt.statusCode).toBe(204);
    const unknown = await post(consentBeacon(crypto.randomUUID(), crypto.randomUUID()));
    expect(unknown.statusCode).toBe(404);
  });

  it("finds a record by consent id for its account only, its choices in words by the GVL's names", async () => {
    const id = crypto.randomUUID();
    expect((await post(consentBeacon(news.uuid, id))).statusCode).toBe(204);
    // Quoted by a visitor in capitals with spaces around: the same id.
    const found = await lookup(user, ` ${id.toUpperCase()} `.replace(/ /g, '%20'));
    expect(found.statusCode, found.body).toBe(200);
    const record = json<ConsentRecord>(found);
    expect(record).toMatchObject({
      id,
      propertyUuid: news.uuid,
      property: 'news.example',
      configVersion: 'cfg-1',
      createdAt: NOW.toISOString(),
    });
    expect(record.words[0]).toEqual({ label: 'Choice', text: 'Saved own choices' });
    const purposes = record.words.find((l) => l.label === 'Purposes consented')!.text;
    expect(purposes).toMatch(/^1 Store and\/or access information on a device; 7 /);
    // Another account's member asking with their own account: not found, as for any unknown id.
    const foreign = await lookup(other, id);
    expect(foreign.statusCode).toBe(404);
    expect(json<{ message: string }>(foreign).message).toBe(CONSENT_RECORD_NOT_FOUND);
    // Nor can they name the owner's account without being its member.
    const asOwner = await server.request({
      method: 'GET',
      url: `/customization/v2/consent-record/${id}?pCode=${user.pcode}`,
      as: other,
    });
    expect(asOwner.statusCode).toBe(403);
  });

  it('keeps records ASSENT_CONSENT_RETENTION_DAYS (5 years by default); the maintenance purges older ones', async () => {
    expect(DEFAULT_CONSENT_RETENTION_DAYS).toBe(1826);
    expect(loadConfig({}).consentRetentionDays).toBe(1826);
    expect(loadConfig({ ASSENT_CONSENT_RETENTION_DAYS: '30' }).consentRetentionDays).toBe(30);
    expect(() => loadConfig({ ASSENT_CONSENT_RETENTION_DAYS: '0' })).toThrow(
      /ASSENT_CONSENT_RETENTION_DAYS/,
    );
    const day = 86_400_000;
    const kept = crypto.randomUUID();
    const expired = crypto.randomUUID();
    await storeConsentRecords(server.deps.db, user.pcode, [
      { beacon: consentBeacon(news.uuid, kept), at: new Date(NOW.getTime() - 1825 * day) },
      { beacon: consentBeacon(news.uuid, expired), at: new Date(NOW.getTime() - 1827 * day) },
    ]);
    const job = watchVisitPartitions(server.deps.db, {
      now: () => NOW,
      retentionDays: 400,
      consentRetentionDays: DEFAULT_CONSENT_RETENTION_DAYS,
      logger: silentLogger,
    });
    await job.ready;
    job.stop();
    expect(await stored(kept)).toHaveLength(1);
    expect(await stored(expired)).toHaveLength(0);
    expect((await lookup(user, expired)).statusCode).toBe(404);
  });
  it("writes a record's choices with its own vendor-list version's names, not the newest", async () => {
    // Two versions imported in turn: 200 renames vendor 755 and purpose 1; 201 (newest) does not.
    const original = JSON.parse(gvlFixture('gvl3-vendor-list.json')) as {
      vendorListVersion: number;
      purposes: Record<string, { name: string }>;
      vendors: Record<string, { name: string }>;
    };
    const vendorName = original.vendors['755']!.name;
    const renamed = structuredClone(original);
    renamed.vendorListVersion = 200;
    renamed.vendors['755']!.name = 'Renamed Advertising Co';
    renamed.purposes['1']!.name = 'Renamed purpose one';
    await server.deps.lists.importVendorList(JSON.stringify(renamed), 'test');
    await server.deps.lists.importVendorList(
      JSON.stringify({ ...original, vendorListVersion: 201 }),
      'test',
    );
    const words = async (vendorListVersion: number) => {
      const id = crypto.randomUUID();
      expect((await post(consentBeacon(news.uuid, id, { vendorListVersion }))).statusCode).toBe(
        204,
      );
      const record = json<ConsentRecord>(await lookup(user, id));
      expect(record.vendorListVersion).toBe(vendorListVersion);
      const text = (label: string) => record.words.find((l) => l.label === label)!.text;
      return { purposes: text('Purposes consented'), vendors: text('IAB vendors consented') };
    };
    const old = await words(200);
    expect(old.vendors).toBe('Renamed Advertising Co (755)');
    expect(old.purposes).toMatch(/^1 Renamed purpose one; 7 /);
    const newest = await words(201);
    expect(newest.vendors).toBe(`${vendorName} (755)`);
    expect(newest.purposes).toMatch(/^1 Store and\/or access information on a device; 7 /);
    // A version this server never had is written with the newest list's names.
    expect((await words(90)).vendors).toBe(`${vendorName} (755)`);
  });
});
