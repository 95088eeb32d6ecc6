import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { REQUIRED, UNSAFE_CONTENT } from '@assent/core';
import {
  AMP_VERSION_UNSUPPORTED,
  DUPLICATE_PROPERTY,
  LOGO_NOT_AN_IMAGE,
  NOT_ABLE_TO_DELETE,
  PACKAGE_ID_INVALID,
  PENDING_UPDATES,
  REPROMPT_DAYS_RANGE,
  SITE_URL_HAS_SCHEME,
  SITE_URL_INVALID,
  toSavePayload,
} from '@assent/core/property';
import type { Property, PropertyListItem } from '@assent/core/property';
import { PropertyListRow } from '@assent/core/property';
import { PNG_1X1 } from '@assent/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { properties as repo } from '../src/repositories/properties';
import type { TestServer, TestUser } from './harness';
import { createTestServer, json, stores } from './harness';

describe.each(stores())('sites and apps (%s)', (store) => {
  let server: TestServer;
  let user: TestUser;
  beforeAll(async () => {
    server = await createTestServer(store);
    user = await server.user();
  });
  afterAll(() => server?.close());

  const site = (body: object) =>
    server.request({
      method: 'POST',
      url: `/customization/v2/site?pCode=${user.pcode}`,
      payload: { themeId: '1', ...body },
      as: user,
    });
  const app = (body: object) =>
    server.request({
      method: 'POST',
      url: `/customization/v2/app?pCode=${user.pcode}`,
      payload: { themeId: '2', ...body },
      as: user,
    });

  it('creates a site with the defaults and the save-payload transform applied', async () => {
    const res = await site({
      url: 'news.example.com',
      publisherName: 'Example News',
      applyToSubDomains: true,
      consentLocations: ['WORLDWIDE'],
      mspaPurposeIds: [1, 2],
      mspaSensitiveDataProcessing: 'yes',
      mspaSensitiveDataPurposeIds: [8],
      uspJurisdiction: ['CA'],
      uspLspact: true,
      gbcEnabled: true,
      gbcLocations: 'EEA',
      gbcApplicablePurposes: [
        { id: 1, enabled: true, defaultValue: 'GRANTED' },
        { id: 2, enabled: false },
      ],
    });
    expect(res.statusCode).toBe(201);
    const p = json<Property>(res);
    expect(p).toMatchObject({
      propertyType: 'SITE',
      url: 'news.example.com',
      themeId: '1',
      themeName: 'Default theme',
      cmpVersion: 'latest',
      publisherCC: 'GB',
      repromtDaysAfterGvlUpdate: 30,
      isDefaultConsent: true,
      legitimateInterestOptIn: true,
      consentScope: 'service',
      editable: true,
      // not a bare domain: subdomains forced off
      applyToSubDomains: false,
      privacyModes: ['GDPR', 'USP'],
      mspaOptOutPurposeIds: [1, 2, 5],
      uspJurisdiction: 'CA',
      uspLspact: 'Y',
      gbcLocations: ['EEA'],
      gbcApplicablePurposes: [{ id: 1, defaultValue: 'GRANTED' }],
    });
    expect(p.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(typeof p.siteId).toBe('number');
  });

  it('refuses duplicates case-insensitively, for sites and apps, with the spec message', async () => {
    const dup = await site({ url: 'NEWS.Example.com' });
    expect(dup.statusCode).toBe(400);
    expect(json(dup)).toEqual({
      status: 'VALIDATION_ERROR',
      message: DUPLICATE_PROPERTY,
      fields: { url: DUPLICATE_PROPERTY },
    });
    expect((await app({ packageId: 'com.example.news' })).statusCode).toBe(201);
    const dupApp = await app({ packageId: 'COM.example.NEWS' });
    expect(json(dupApp)).toMatchObject({ fields: { packageId: DUPLICATE_PROPERTY } });
  });

  it('names each invalid field with the spec message and stores nothing', async () => {
    const before = (await repo.list(server.deps.db, user.pcode)).length;
    const scheme = await site({ url: 'https://example.org' });
    expect(json(scheme)).toMatchObject({
      message: SITE_URL_HAS_SCHEME,
      fields: { url: SITE_URL_HAS_SCHEME },
    });
    const many = await site({
      url: 'bad host!',
      themeId: '',
      consentLocations: [],
      repromtDaysAfterGvlUpdate: 400,
    });
    expect(many.statusCode).toBe(400);
    expect(json<{ fields: Record<string, string> }>(many).fields).toEqual({
      url: SITE_URL_INVALID,
      themeId: REQUIRED,
      consentLocations: REQUIRED,
      repromtDaysAfterGvlUpdate: REPROMPT_DAYS_RANGE,
    });
    const amp = await site({ url: 'amp.example', ampEnabled: true, cmpVersion: 10, themeId: '-3' });
    expect(json(amp)).toMatchObject({ fields: { cmpVersion: AMP_VERSION_UNSUPPORTED } });
    const pkg = await app({ packageId: '1nvalid' });
    expect(json(pkg)).toMatchObject({ fields: { packageId: PACKAGE_ID_INVALID } });
    const shape = await site({ url: 'typed.example', repromtDaysAfterGvlUpdate: 'thirty' });
    expect(shape.statusCode).toBe(400);
    expect(json<{ fields: Record<string, string> }>(shape).fields).toHaveProperty(
      'repromtDaysAfterGvlUpdate',
    );
    expect((await repo.list(server.deps.db, user.pcode)).length).toBe(before);
  });

  it('answers XSS_ERROR for unsafe US privacy text', async () => {
    const res = await site({
      url: 'xss.example',
      consentLocations: ['USA'],
      uspDnsText: '<img src=x onerror=alert(1)>',
    });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({
      status: 'XSS_ERROR',
      fields: { uspDnsText: UNSAFE_CONTENT },
    });
  });

  it('lists sites and apps sorted by url with theme, regulation, version and editability', async () => {
    await site({ url: 'a-first.example' });
    const res = await server.request({
      method: 'GET',
      url: `/customization/v2/site?pCode=${user.pcode}&sort=url,ASC`,
      as: user,
    });
    const list = json<PropertyListItem[]>(res);
    const ids = list.map((p) => p.url ?? p.packageId);
    expect(ids).toEqual([...ids].sort());
    expect(list.find((p) => p.packageId === 'com.example.news')).toMatchObject({
      propertyType: 'APP',
      propertyTypeLabel: 'App',
      themeName: 'Default app theme',
    });
    expect(list.find((p) => p.url === 'news.example.com')).toMatchObject({
      regulation: 'GDPR & US',
      cmpVersion: 'latest',
      editable: true,
    });
    const apps = json<PropertyListItem[]>(
      await server.request({
        method: 'GET',
        url: `/customization/v2/site?pCode=${user.pcode}&type=APP`,
        as: user,
      }),
    );
    expect(apps.every((p) => p.propertyType === 'APP')).toBe(true);
    const filtered = json<PropertyListItem[]>(
      await server.request({
        method: 'GET',
        url: `/customization/v2/site?pCode=${user.pcode}&filter=NEWS`,
        as: user,
      }),
    );
    expect(filtered.map((p) => p.url ?? p.packageId).sort()).toEqual([
      'com.example.news',
      'news.example.com',
    ]);
  });

  it('edits a site, checking a changed url for duplicates, and keeps data when a save fails', async () => {
    const created = json<Property>(await site({ url: 'edit-me.example', publisherName: 'Before' }));
    const url = `/customization/v2/site/${created.uuid}?pCode=${user.pcode}`;
    const ok = await server.request({
      method: 'PUT',
      url,
      payload: { ...toSavePayload(created), publisherName: 'After' },
      as: user,
    });
    expect(ok.statusCode).toBe(200);
    expect(json(ok)).toMatchObject({ publisherName: 'After', url: 'edit-me.example' });
    // The save answers with the property as stored: exactly what a read of it returns.
    expect(json(ok)).toEqual(json(await server.request({ method: 'GET', url, as: user })));
    const clash = await server.request({
      method: 'PUT',
      url: `${url}&urlChanged=true`,
      payload: { ...toSavePayload(created), url: 'NEWS.example.com' },
      as: user,
    });
    expect(json(clash)).toMatchObject({ fields: { url: DUPLICATE_PROPERTY } });
    const stored = json<Property>(await server.request({ method: 'GET', url, as: user }));
    expect(stored).toMatchObject({ publisherName: 'After', url: 'edit-me.example' });
  });

  it('refuses an unknown field with 400 naming it, and keeps the stored property (publisherCCC)', async () => {
    const created = json<Property>(await site({ url: 'typo.example', publisherCC: 'DE' }));
    const url = `/customization/v2/site/${created.uuid}?pCode=${user.pcode}`;
    const message = "Unknown field 'publisherCCC'. Did you mean 'publisherCC'?";
    const typo = await server.request({
      method: 'PUT',
      url,
      payload: { ...toSavePayload(created), publisherCCC: 'FR', publisherName: 'Changed' },
      as: user,
    });
    expect(typo.statusCode).toBe(400);
    expect(json(typo)).toEqual({
      status: 'VALIDATION_ERROR',
      message,
      fields: { publisherCCC: message },
    });
    const stored = json<Property>(await server.request({ method: 'GET', url, as: user }));
    expect(stored).toEqual(created);
    // Creating refuses it too, and nested mappings are checked by their path.
    const nested = await site({ url: 'typo2.example', consentOrPayConfig: { enabeld: true } });
    expect(nested.statusCode).toBe(400);
    expect(json(nested)).toMatchObject({
      fields: { 'consentOrPayConfig.enabeld': expect.any(String) },
    });
    const list = json<PropertyListItem[]>(
      await server.request({
        method: 'GET',
        url: `/customization/v2/site?pCode=${user.pcode}`,
        as: user,
      }),
    );
    expect(list.map((p) => p.url)).not.toContain('typo2.example');
  });

  it('loads a new or changed logo on save: a 404 or a page that is not an image is refused, an image saved with its version', async () => {
    let loads = 0;
    const images = createServer((req, res) => {
      loads += 1;
      if (req.url === '/logo.png')
        res.writeHead(200, { 'content-type': 'image/png', etag: '"v1"' }).end(PNG_1X1);
      else if (req.url === '/page.png')
        res.writeHead(200, { 'content-type': 'image/png' }).end('<!doctype html><p>Hello');
      else res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
    });
    await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
    try {
      const missing = await site({
        url: 'logo404.example',
        publisherLogoUrl: `${base}/missing.png`,
      });
      const notFound = `${LOGO_NOT_AN_IMAGE} (HTTP 404)`;
      expect(missing.statusCode).toBe(400);
      expect(json(missing)).toEqual({
        status: 'VALIDATION_ERROR',
        message: notFound,
        fields: { publisherLogoUrl: notFound },
      });
      const page = await site({ url: 'logo-page.example', publisherLogoUrl: `${base}/page.png` });
      expect(json(page)).toMatchObject({
        fields: {
          publisherLogoUrl: `${LOGO_NOT_AN_IMAGE} (its content is not a PNG, JPEG, GIF, BMP, WebP or SVG image)`,
        },
      });
      const saved = json<Property>(
        await site({ url: 'logo.example', publisherLogoUrl: `${base}/logo.png` }),
      );
      expect(saved.publisherLogoUrl).toMatch(new RegExp(`^${base}/logo\\.png\\?v=[0-9a-f]{8}$`));
      // An edit that keeps the stored logo does not load it again (a logo host that is down
      // later does not block other changes).
      const before = loads;
      const url = `/customization/v2/site/${saved.uuid}?pCode=${user.pcode}`;
      const edit = await server.request({
        method: 'PUT',
        url,
        payload: { ...toSavePayload(saved), publisherName: 'Logo kept' },
        as: user,
      });
      expect(json(edit)).toMatchObject({
        publisherName: 'Logo kept',
        publisherLogoUrl: saved.publisherLogoUrl,
      });
      expect(loads).toBe(before);
      const changed = await server.request({
        method: 'PUT',
        url,
        payload: { ...toSavePayload(saved), publisherLogoUrl: `${base}/gone.png` },
        as: user,
      });
      expect(json(changed)).toMatchObject({ fields: { publisherLogoUrl: notFound } });
      const stored = json<Property>(await server.request({ method: 'GET', url, as: user }));
      expect(stored.publisherLogoUrl).toBe(saved.publisherLogoUrl);
    } finally {
      images.close();
    }
  });

  it('blocks editing and deleting while updates are pending', async () => {
    const created = json<Property>(await site({ url: 'pending.example' }));
    await repo.setEditable(server.deps.db, user.pcode, [created.siteId], false);
    const url = `/customization/v2/site/${created.uuid}?pCode=${user.pcode}`;
    const edit = await server.request({
      method: 'PUT',
      url,
      payload: toSavePayload(created),
      as: user,
    });
    expect(edit.statusCode).toBe(409);
    expect(json(edit)).toEqual({ status: 'NOT_EDITABLE', message: PENDING_UPDATES });
    const del = await server.request({ method: 'DELETE', url, as: user });
    expect(json(del)).toEqual({ status: 'NOT_EDITABLE', message: NOT_ABLE_TO_DELETE });
    await repo.setEditable(server.deps.db, user.pcode, [created.siteId], true);
    expect(json(await server.request({ method: 'DELETE', url, as: user }))).toEqual({
      deleted: true,
    });
    expect((await server.request({ method: 'GET', url, as: user })).statusCode).toBe(404);
  });

  it('blocks editing and deleting an app while updates are pending', async () => {
    const created = json<Property>(await app({ packageId: 'com.example.pending' }));
    await repo.setEditable(server.deps.db, user.pcode, [created.siteId], false);
    const url = `/customization/v2/app/${created.uuid}?pCode=${user.pcode}`;
    const edit = await server.request({
      method: 'PUT',
      url,
      payload: { ...toSavePayload(created), publisherName: 'Too soon' },
      as: user,
    });
    expect(edit.statusCode).toBe(409);
    expect(json(edit)).toEqual({ status: 'NOT_EDITABLE', message: PENDING_UPDATES });
    const del = await server.request({
      method: 'DELETE',
      url: `${url}&packageId=com.example.pending`,
      as: user,
    });
    expect(del.statusCode).toBe(409);
    expect(json(del)).toEqual({ status: 'NOT_EDITABLE', message: NOT_ABLE_TO_DELETE });
    expect(json(await server.request({ method: 'GET', url, as: user }))).toMatchObject({
      packageId: 'com.example.pending',
      editable: false,
    });
    await repo.setEditable(server.deps.db, user.pcode, [created.siteId], true);
    expect(
      json(
        await server.request({
          method: 'DELETE',
          url: `${url}&packageId=com.example.pending`,
          as: user,
        }),
      ),
    ).toEqual({ deleted: true });
  });

  it('gets, edits and deletes an app by id (and package id)', async () => {
    const created = json<Property>(await app({ packageId: 'com.example.shop' }));
    const url = `/customization/v2/app/${created.uuid}?pCode=${user.pcode}`;
    expect(json(await server.request({ method: 'GET', url, as: user }))).toMatchObject({
      packageId: 'com.example.shop',
    });
    // The site routes do not serve apps.
    expect(
      (
        await server.request({
          method: 'GET',
          url: `/customization/v2/site/${created.uuid}?pCode=${user.pcode}`,
          as: user,
        })
      ).statusCode,
    ).toBe(404);
    const edited = await server.request({
      method: 'PUT',
      url,
      payload: { ...toSavePayload(created), publisherName: 'Shop' },
      as: user,
    });
    expect(json(edited)).toMatchObject({ publisherName: 'Shop', consentScope: 'service' });
    expect(
      (await server.request({ method: 'DELETE', url: `${url}&packageId=com.other.app`, as: user }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await server.request({
          method: 'DELETE',
          url: `${url}&packageId=COM.example.shop`,
          as: user,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('answers an unchanged list with 304 and shows every change at once (cache per content version)', async () => {
    const url = `/customization/v2/site?pCode=${user.pcode}&sort=url,ASC`;
    const first = await server.request({ method: 'GET', url, as: user });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\//);
    const same = await server.request({
      method: 'GET',
      url,
      as: user,
      headers: { 'if-none-match': etag },
    });
    expect(same.statusCode).toBe(304);
    // A browser holding several versions lists them all (RFC 9110): any match is a 304.
    const oneOfSeveral = await server.request({
      method: 'GET',
      url,
      as: user,
      headers: { 'if-none-match': `W/"older", ${etag}` },
    });
    expect(oneOfSeveral.statusCode).toBe(304);
    const theme = json<{ themeId: string }>(
      await server.request({
        method: 'POST',
        url: `/customization/v2/theme?pCode=${user.pcode}`,
        payload: { themeType: 'SITE', themeName: 'Before rename', privacyModes: ['GDPR'] },
        as: user,
      }),
    );
    const created = json<Property>(await site({ url: 'cached.example', themeId: theme.themeId }));
    const afterCreate = await server.request({
      method: 'GET',
      url,
      as: user,
      headers: { 'if-none-match': etag },
    });
    expect(afterCreate.statusCode).toBe(200);
    expect(
      json<PropertyListItem[]>(afterCreate).find((p) => p.url === 'cached.example')?.themeName,
    ).toBe('Before rename');
    await server.request({
      method: 'PUT',
      url: `/customization/v2/theme/${theme.themeId}?pCode=${user.pcode}`,
      payload: { themeType: 'SITE', themeName: 'After rename', privacyModes: ['GDPR'] },
      as: user,
    });
    await repo.setEditable(server.deps.db, user.pcode, [created.siteId], false);
    const row = json<PropertyListItem[]>(
      await server.request({ method: 'GET', url, as: user }),
    ).find((p) => p.url === 'cached.example');
    expect(row).toMatchObject({ themeName: 'After rename', editable: false });
    await repo.setEditable(server.deps.db, user.pcode, [created.siteId], true);
  });

  it("sends the table's rows with the list's columns only, compressed once per version as the browser accepts", async () => {
    await site({ url: 'rows.example', publisherName: 'Rows' });
    const query = `pCode=${user.pcode}&sort=url,ASC`;
    const items = json<PropertyListItem[]>(
      await server.request({ method: 'GET', url: `/customization/v2/site?${query}`, as: user }),
    );
    const url = `/customization/v2/site/rows?${query}`;
    const plain = await server.request({ method: 'GET', url, as: user });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const rows = json<PropertyListRow[]>(plain);
    // The same properties in the same order, each with the row fields alone (no bulk filters).
    expect(rows.map((r) => r.uuid)).toEqual(items.map((i) => i.uuid));
    const row = rows.find((r) => r.url === 'rows.example')!;
    expect(row).toEqual({
      uuid: row.uuid,
      propertyType: 'SITE',
      url: 'rows.example',
      publisherName: 'Rows',
      themeId: '1',
      themeName: 'Default theme',
      regulation: items.find((i) => i.url === 'rows.example')!.regulation,
      cmpVersion: 'latest',
      editable: true,
      ampEnabled: false,
    });
    for (const r of rows)
      expect(Object.keys(r).every((key) => key in PropertyListRow.shape)).toBe(true);
    expect(plain.body.length).toBeLessThan(JSON.stringify(items).length / 2);

    const br = await server.request({
      method: 'GET',
      url,
      as: user,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(rows);
    const gz = await server.request({
      method: 'GET',
      url,
      as: user,
      headers: { 'accept-encoding': 'gzip, br;q=0' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(rows);
    const cached = await server.request({
      method: 'GET',
      url,
      as: user,
      headers: { 'if-none-match': String(br.headers.etag) },
    });
    expect(cached.statusCode).toBe(304);

    const other = await server.user();
    expect((await server.request({ method: 'GET', url, as: other })).statusCode).toBe(403);
  });

  it('exports every property of the account in full, in url order', async () => {
    const all = json<Property[]>(
      await server.request({
        method: 'GET',
        url: `/customization/v2/site/export?pCode=${user.pcode}`,
        as: user,
      }),
    );
    const listed = json<PropertyListItem[]>(
      await server.request({
        method: 'GET',
        url: `/customization/v2/site?pCode=${user.pcode}`,
        as: user,
      }),
    );
    expect(all.map((p) => p.uuid)).toEqual(listed.map((p) => p.uuid));
    expect(all.find((p) => p.url === 'news.example.com')).toMatchObject({
      mspaOptOutPurposeIds: [1, 2, 5],
      uspJurisdiction: 'CA',
    });
    const apps = json<Property[]>(
      await server.request({
        method: 'GET',
        url: `/customization/v2/site/export?pCode=${user.pcode}&type=APP`,
        as: user,
      }),
    );
    expect(apps.length).toBeGreaterThan(0);
    expect(apps.every((p) => p.propertyType === 'APP')).toBe(true);
  });

  it('serves the form init data with the defaults of each form', async () => {
    const siteInit = json<{
      defaults: { themeId: string };
      themes: Array<{ themeType: string }>;
      cmpVersions: unknown[];
    }>(
      await server.request({
        method: 'GET',
        url: `/customization/v2/site/init?pCode=${user.pcode}`,
        as: user,
      }),
    );
    expect(siteInit.defaults).toMatchObject({
      themeId: '-3',
      publisherCC: 'GB',
      cmpVersion: 'latest',
      propertyType: 'SITE',
    });
    expect(siteInit.themes.every((t) => t.themeType === 'SITE')).toBe(true);
    const appInit = json<{ defaults: { propertyType: string } }>(
      await server.request({
        method: 'GET',
        url: `/customization/v2/site/init?pCode=${user.pcode}&propertyType=APP`,
        as: user,
      }),
    );
    expect(appInit.defaults.propertyType).toBe('APP');
  });
});
