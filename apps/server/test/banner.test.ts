import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, crc32, gunzipSync } from 'node:zlib';
import { BannerConfig as BannerConfigSchema, consentGroupKey } from '@assent/core/banner';
import type { Property, PropertyDraft } from '@assent/core/property';
import { APP_USES_SDK } from '@assent/core/tags';
import type { TagResponse } from '@assent/core/tags';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoPath } from '../src/paths';
import type { TestServer, TestUser } from './harness';
import { ORIGIN, createTestServer, json, stores } from './harness';
import { GEO_HEADER_ENV, storeGoogleAtpList } from './live-server';
import { bootOf, loaderOf, servedBoot } from './boot-json';
import { visit } from './visit-records';

const DIST = repoPath('packages', 'banner', 'dist');

/** The banner runtime must be built for the server to serve it. */
function ensureBannerBuilt() {
  if (!existsSync(path.join(DIST, 'cmp-gdpr.js')))
    execFileSync(process.execPath, [repoPath('packages', 'banner', 'build.mjs')], {
      stdio: 'ignore',
    });
}

describe.each(stores())('banner runtime endpoints (%s)', (store) => {
  let server: TestServer;
  let user: TestUser;
  let other: TestUser;
  let news: Property;
  let shop: Property;
  let amp: Property;
  let foreign: Property;

  const createSite = async (as: TestUser, draft: PropertyDraft): Promise<Property> => {
    const res = await server.request({
      method: 'POST',
      url: `/customization/v2/site?pCode=${as.pcode}`,
      payload: { themeId: '1', publisherName: 'Example', ...draft },
      as,
    });
    expect(res.statusCode, res.body).toBe(201);
    return json<Property>(res);
  };

  const get = (url: string, headers: Record<string, string> = {}) =>
    server.request({ method: 'GET', url, headers });

  beforeAll(async () => {
    ensureBannerBuilt();
    server = await createTestServer(store, {
      env: GEO_HEADER_ENV,
      now: () => new Date('2026-03-02T09:00:00Z'),
    });
    user = await server.user();
    other = await server.user();
    news = await createSite(user, {
      url: 'news.example',
      consentLocations: ['WORLDWIDE'],
      applyToSubDomains: true,
      ccpaViaUsp: true,
      gbcEnabled: true,
      gbcLocations: ['EEA'],
      gbcApplicablePurposes: [{ id: 1, enabled: true, defaultValue: 'DENIED' }],
    });
    shop = await createSite(user, { url: 'shop.example', consentLocations: ['EEA'] });
    amp = await createSite(user, {
      url: 'amp.example',
      consentLocations: ['EEA'],
      ampEnabled: true,
      gdprEncodingMode: 'TCF',
    });
    foreign = await createSite(other, { url: 'other.example', consentLocations: ['EEA'] });
  });
  afterAll(() => server?.close());

  describe('tags', () => {
    const tag = (as: TestUser, query: string) =>
      server.request({
        method: 'GET',
        url: `/customization/v2/tag?pCode=${as.pcode}&${query}`,
        as,
      });

    it('answers the universal tag with the stub inlined and the loader for the account', async () => {
      const res = await tag(user, 'type=universal');
      expect(res.statusCode).toBe(200);
      const body = json<TagResponse>(res);
      expect(body.title).toBe('Your Universal Tag');
      expect(body.snippet).not.toContain('__ASSENT_STUB_OPTIONS__');
      expect(body.snippet).toContain('"tcf":true');
      expect(body.snippet).toContain(`${ORIGIN}/banner/account/${user.pcode}/cmp.js?host=`);
      // Issue 15 item 6: Consent Mode denied before any gtag command, in the regions of the
      // account's sites with Google basic consent (news.example: EEA & UK).
      const consentMode = /"consentMode":(\{"defaults":\[\{[^}]*\}\]\})/.exec(body.snippet)?.[1];
      const { defaults } = JSON.parse(consentMode ?? '{}') as {
        defaults?: Array<Record<string, unknown>>;
      };
      expect(defaults).toEqual([
        expect.objectContaining({ wait_for_update: 500, ad_storage: 'denied' }),
      ]);
      const region = defaults![0]!.region as string[];
      expect(region).toContain('FR');
      expect(region).toContain('GB');
      expect(region).not.toContain('US');
    });

    it('answers a site tag with the property’s stub options and script', async () => {
      const body = json<TagResponse>(await tag(user, `type=site&id=${news.uuid}`));
      expect(body.type).toBe('site');
      expect(body.snippet).toContain(
        `<script async src="${ORIGIN}/banner/property/${news.uuid}/cmp.js"></script>`,
      );
      expect(body.snippet).toContain('"usp":true');
      expect(body.snippet).toContain(
        '"consentMode":{"defaults":[{"wait_for_update":500,"ad_storage":"denied"',
      );
    });

    it('answers an AMP tag with its styles, the persistent link on request', async () => {
      const body = json<TagResponse>(
        await tag(user, `type=amp&id=${amp.uuid}&persistentLink=true`),
      );
      expect(body.title).toBe('Your Choice AMP Tag');
      expect(body.snippet).toContain(`"checkConsentHref":"${ORIGIN}/banner/amp/${amp.uuid}/check"`);
      expect(body.snippet).toContain('postPromptUI');
      expect(body.snippet).toContain('>Privacy settings</button>');
      expect(body.styles).toContain('amp-consent-0.1.js');
      const plain = json<TagResponse>(await tag(user, `type=amp&id=${amp.uuid}`));
      expect(plain.snippet).not.toContain('postPromptUI');
    });

    it('refuses an AMP tag for a site without AMP, and a site tag without id', async () => {
      const noAmp = await tag(user, `type=amp&id=${shop.uuid}`);
      expect(noAmp.statusCode).toBe(400);
      expect(json<{ fields: Record<string, string> }>(noAmp).fields.id).toMatch(
        /AMP is not enabled/,
      );
      const noId = await tag(user, 'type=site');
      expect(noId.statusCode).toBe(400);
      expect(json<{ fields: Record<string, string> }>(noId).fields).toHaveProperty('id');
    });

    it('tenant isolation: another account’s property is not found, another account is forbidden', async () => {
      expect((await tag(user, `type=site&id=${foreign.uuid}`)).statusCode).toBe(404);
      expect((await tag(user, `type=amp&id=${foreign.uuid}`)).statusCode).toBe(404);
      const res = await server.request({
        method: 'GET',
        url: `/customization/v2/tag?pCode=${other.pcode}&type=universal`,
        as: user,
      });
      expect(res.statusCode).toBe(403);
      expect(
        (
          await server.request({
            method: 'GET',
            url: `/customization/v2/tag?pCode=${user.pcode}&type=universal`,
          })
        ).statusCode,
      ).toBe(401);
    });
  });

  describe('cmp.js', () => {
    it('serves cmp.js as a loader of the hashed runtime carrying the config JSON, both per region', async () => {
      const res = await get(`/banner/property/${news.uuid}/cmp.js`, {
        'cf-ipcountry': 'FR',
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
      // Kept 5 minutes, then used while revalidated in the background: no blocking round trip.
      expect(res.headers['cache-control']).toBe(
        'private, max-age=300, stale-while-revalidate=604800, stale-if-error=86400',
      );
      expect(res.headers['x-frame-options']).toBeUndefined();
      expect(res.body).not.toContain('__ASSENT_LOADER__');
      const loader = loaderOf(res.body);
      // The configuration's URL names what the runtime keeps of it; its JSON rides inline.
      expect(loader.config).toBe(`${ORIGIN}/banner/property/${news.uuid}/config.json`);
      expect(loader.runtime).toMatch(
        new RegExp(`^${ORIGIN}/banner/runtime/[\\w-]{16}/cmp-gdpr\\.js$`),
      );

      const config = await get(`/banner/property/${news.uuid}/config.json`, {
        'cf-ipcountry': 'FR',
        origin: 'https://news.example',
      });
      expect(config.statusCode).toBe(200);
      expect(config.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(config.headers['cache-control']).toBe(
        'private, max-age=300, stale-while-revalidate=604800, stale-if-error=86400',
      );
      expect(config.headers['access-control-allow-origin']).toBe('*');
      expect(config.headers.etag).toMatch(/^"[\w-]+"$/);
      const boot = JSON.parse(config.body) as Awaited<ReturnType<typeof servedBoot>>;
      // The same JSON as cmp.js carries (kept loaders from before still fetch it).
      expect(loader.boot).toEqual(boot);
      expect(BannerConfigSchema.safeParse(boot.config).success).toBe(true);
      expect(boot.config.propertyId).toBe(news.uuid);
      expect(boot.config.gdpr?.vendorListVersion).toBe(7);
      expect(boot.config.gdpr?.vendors.length).toBeGreaterThan(300);
      expect(boot.config.us?.uspEnabled).toBe(true);
      expect(boot.config.gbc?.purposes).toEqual([{ id: 'ad_storage', default: 'DENIED' }]);
      expect(boot.region).toEqual({ country: 'FR' });
      expect(boot.endpoints).toEqual({
        vendorList: `${ORIGIN}/banner/vendor-list/{version}/{lang}.json`,
        visit: `${ORIGIN}/banner/visit`,
        consent: `${ORIGIN}/banner/consent`,
      });
      expect(
        (await get('/banner/property/6f1d2c7e-0000-4000-8000-000000000000/config.json')).statusCode,
      ).toBe(404);
    });

    it('serves the runtime files under their build id for a year, and an old id the current file for an hour', async () => {
      const { runtime } = loaderOf((await get(`/banner/property/${news.uuid}/cmp.js`)).body);
      const file = new URL(runtime).pathname;
      const res = await get(file);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.body).toBe(readFileSync(path.join(DIST, 'cmp-gdpr.js'), 'utf8'));
      // The second layer is imported next to it, under the same build id.
      const second = await get(file.replace(/cmp-gdpr\.js$/, 'second-layer.js'));
      expect(second.statusCode).toBe(200);
      expect(second.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // A loader kept from an older build still gets a runtime, but not for a year.
      const old = await get(file.replace(/\/runtime\/[^/]+\//, '/runtime/older-build-id00/'));
      expect(old.statusCode).toBe(200);
      expect(old.body).toBe(res.body);
      expect(old.headers['cache-control']).toBe('public, max-age=3600');
      const other = await get(file.replace(/cmp-gdpr\.js$/, 'stub.js'));
      expect(other.statusCode).toBe(404);
      expect(other.body).toContain('/* Assent: no runtime script stub.js */');
    });

    it('resolves the region from the proxy headers, else the publisher’s country', async () => {
      const us = await servedBoot(get, `/banner/property/${news.uuid}/cmp.js`, {
        'cf-ipcountry': 'US',
        'cf-region-code': 'CA',
      });
      expect(us.region).toEqual({ country: 'US', state: 'CA' });
      const prefixed = await servedBoot(get, `/banner/property/${news.uuid}/cmp.js`, {
        'cf-ipcountry': 'us',
        'cf-region-code': 'US-TX',
      });
      expect(prefixed.region).toEqual({ country: 'US', state: 'TX' });
      const unknown = await servedBoot(get, `/banner/property/${news.uuid}/cmp.js`, {
        'cf-ipcountry': 'XX',
      });
      expect(unknown.region).toEqual({ country: 'GB' });
    });

    it('sends the CMP without the US screen and encoders to visitors outside the US regulation', async () => {
      const runtimeOf = async (headers: Record<string, string>) =>
        (
          await get(
            new URL(
              loaderOf((await get(`/banner/property/${news.uuid}/cmp.js`, headers)).body).runtime,
            ).pathname,
          )
        ).body;
      const french = await runtimeOf({ 'cf-ipcountry': 'FR' });
      const californian = await runtimeOf({ 'cf-ipcountry': 'US', 'cf-region-code': 'CA' });
      expect(french).toBe(readFileSync(path.join(DIST, 'cmp-gdpr.js'), 'utf8'));
      expect(californian).toBe(readFileSync(path.join(DIST, 'cmp.js'), 'utf8'));
      // The usnat field layouts ride only in the US visitor's script.
      expect(californian).toContain('SaleOptOut');
      expect(french).not.toContain('SaleOptOut');
      expect(french.length).toBeLessThan(californian.length);
    });

    it('answers 304 to a matching ETag and a new config when the region changes', async () => {
      const url = `/banner/property/${news.uuid}/config.json`;
      const first = await get(url, { 'cf-ipcountry': 'DE' });
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[\w-]+"$/);
      const again = await get(url, { 'cf-ipcountry': 'DE', 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      const moved = await get(url, { 'cf-ipcountry': 'IT', 'if-none-match': etag });
      expect(moved.statusCode).toBe(200);
      expect(moved.headers.etag).not.toBe(etag);
      const script = await get(`/banner/property/${news.uuid}/cmp.js`, { 'cf-ipcountry': 'DE' });
      const scriptAgain = await get(`/banner/property/${news.uuid}/cmp.js`, {
        'cf-ipcountry': 'DE',
        'if-none-match': String(script.headers.etag),
      });
      expect(scriptAgain.statusCode).toBe(304);
    });

    it('sends the config and the runtime with brotli, else gzip, as the browser accepts', async () => {
      const res = await get(`/banner/property/${news.uuid}/config.json`, {
        'accept-encoding': 'gzip',
      });
      expect(res.headers['content-encoding']).toBe('gzip');
      const text = gunzipSync(res.rawPayload).toString('utf8');
      expect((JSON.parse(text) as { config: { propertyId: string } }).config.propertyId).toBe(
        news.uuid,
      );
      expect(res.rawPayload.length).toBeLessThan(text.length / 2);
      const { runtime } = loaderOf((await get(`/banner/property/${news.uuid}/cmp.js`)).body);
      const js = await get(new URL(runtime).pathname, { 'accept-encoding': 'gzip' });
      expect(js.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(js.rawPayload).toString('utf8')).toBe(
        readFileSync(path.join(DIST, 'cmp-gdpr.js'), 'utf8'),
      );
      // Brotli (best quality, once per ETag) when accepted: smaller than gzip on the wire.
      const br = await get(new URL(runtime).pathname, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(
        readFileSync(path.join(DIST, 'cmp-gdpr.js'), 'utf8'),
      );
      expect(br.rawPayload.length).toBeLessThan(js.rawPayload.length);
      const brConfig = await get(`/banner/property/${news.uuid}/config.json`, {
        'accept-encoding': 'br',
      });
      expect(brConfig.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(brConfig.rawPayload).toString('utf8')).toBe(text);
      expect(brConfig.rawPayload.length).toBeLessThan(res.rawPayload.length);
      // cmp.js, the loader (about 540 B), too: compressed once per ETag, so small bodies pay.
      const loader = await get(`/banner/property/${news.uuid}/cmp.js`, {
        'accept-encoding': 'gzip, deflate, br',
      });
      expect(loader.headers['content-encoding']).toBe('br');
      const loaderText = brotliDecompressSync(loader.rawPayload).toString('utf8');
      expect(loaderOf(loaderText).runtime).toBe(runtime);
      expect(loader.rawPayload.length).toBeLessThan(loaderText.length * 0.75);
    });

    it('stores the sanitised copy of the Do Not Sell rich text, and the banner renders that copy', async () => {
      const messy =
        '<h2 class="t">Your <span style="color:red">rights</span></h2>' +
        '<p class="lead">Opt out <b>now</b>: <a href="https://x.example/opt" target="_top">form</a></p>' +
        '<ul><li>One</li><li>Two &lt;3</li></ul>';
      const stored = await server.request({
        method: 'POST',
        url: `/customization/v2/theme?pCode=${user.pcode}`,
        payload: {
          themeType: 'SITE',
          themeName: 'Rich US',
          privacyModes: ['GDPR', 'USP'],
          uspDnsText: messy,
        },
        as: user,
      });
      expect(stored.statusCode, stored.body).toBe(201);
      const clean =
        '<p>Your rights</p><p>Opt out <strong>now</strong>: <a href="https://x.example/opt">form</a></p>' +
        '<ul><li><p>One</p></li><li><p>Two &lt;3</p></li></ul>';
      const { themeId, uspDnsText } = json<{ themeId: string; uspDnsText: string }>(stored);
      expect(uspDnsText).toBe(clean);
      const read = await server.request({
        method: 'GET',
        url: `/customization/v2/theme/${themeId}?pCode=${user.pcode}`,
        as: user,
      });
      expect(json<{ uspDnsText: string }>(read).uspDnsText).toBe(clean);

      const site = await createSite(user, {
        url: 'rich-us.example',
        themeId,
        consentLocations: ['WORLDWIDE'],
        ccpaViaUsp: true,
      });
      const boot = await servedBoot(get, `/banner/property/${site.uuid}/cmp.js`);
      expect(boot.config.theme.texts.en?.us?.dnsBody).toEqual([
        { p: [{ text: 'Your rights' }] },
        {
          p: [
            { text: 'Opt out ' },
            { text: 'now', b: true },
            { text: ': ' },
            { text: 'form', href: 'https://x.example/opt' },
          ],
        },
        { ul: [[{ text: 'One' }], [{ text: 'Two <3' }]] },
      ]);
    });

    it('answers 404 for an unknown property', async () => {
      const res = await get('/banner/property/6f1d2c7e-0000-4000-8000-000000000000/cmp.js');
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    });

    it('universal: finds the site by host name (www twin, subdomains when they apply)', async () => {
      const url = (host: string) => `/banner/account/${user.pcode}/cmp.js?host=${host}`;
      expect((await servedBoot(get, url('news.example'))).config.propertyId).toBe(news.uuid);
      expect((await servedBoot(get, url('www.news.example'))).config.propertyId).toBe(news.uuid);
      expect((await servedBoot(get, url('live.news.example'))).config.propertyId).toBe(news.uuid);
      expect((await servedBoot(get, url('www.shop.example'))).config.propertyId).toBe(shop.uuid);
      expect((await get(url('live.shop.example'))).statusCode).toBe(404);
      expect((await get(url('other.example'))).statusCode).toBe(404);
      // Without ?host=, the Referer names the page.
      const byReferer = await servedBoot(get, `/banner/account/${user.pcode}/cmp.js`, {
        referer: 'https://shop.example/a',
      });
      expect(byReferer.config.propertyId).toBe(shop.uuid);
    });

    it('universal: cmp.js starts with the site’s Google consent defaults', async () => {
      const res = await get(`/banner/account/${user.pcode}/cmp.js?host=news.example`);
      expect(
        res.body.startsWith(
          "(function(w){var l=w.dataLayer=w.dataLayer||[];function g(){l.push(arguments)}g('consent','default',",
        ),
      ).toBe(true);
      const plain = await get(`/banner/account/${user.pcode}/cmp.js?host=shop.example`);
      expect(plain.body).not.toContain("g('consent','default'");
      expect(loaderOf(plain.body).config).toBe(
        `${ORIGIN}/banner/property/${shop.uuid}/config.json?tag=universal`,
      );
      // A site without Google basic consent follows the visitor's choice under the universal tag
      // (its stub denied Consent Mode for the account's other sites), but not with its site tag.
      const universal = await servedBoot(
        get,
        `/banner/account/${user.pcode}/cmp.js?host=shop.example`,
      );
      expect(universal.config.gbc?.enabled).toBe(true);
      const own = await servedBoot(get, `/banner/property/${shop.uuid}/cmp.js`);
      expect(own.config.gbc?.enabled).not.toBe(true);
    });

    it('serves the lazy second layer next to cmp.js, with CORS for import()', async () => {
      for (const url of [
        `/banner/property/${news.uuid}/second-layer.js`,
        `/banner/account/${user.pcode}/second-layer.js`,
        '/banner/preview/second-layer.js',
      ]) {
        const res = await get(url);
        expect(res.statusCode).toBe(200);
        expect(res.headers['access-control-allow-origin']).toBe('*');
        expect(res.headers['cache-control']).toBe('public, max-age=3600');
        expect(res.body).toContain('renderSecondLayer');
      }
    });

    it('serves the runtime scripts as built under /banner/static/, a route of the table', async () => {
      const res = await get('/banner/static/stub.js');
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('__ASSENT_STUB_OPTIONS__');
      expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(res.headers['cache-control']).toBe('public, max-age=3600');
      for (const name of ['manifest.json', '..%2Fpackage.json', 'nothing.js']) {
        const missing = await get(`/banner/static/${name}`);
        expect(missing.statusCode).toBe(404);
        expect(missing.body).toMatch(/^\/\* Assent: no runtime script /);
      }
      const openapi = json<{ paths: Record<string, unknown> }>(await get('/api/openapi.json'));
      expect(openapi.paths).toHaveProperty(['/banner/static/{file}']);
    });
  });

  describe('vendor list', () => {
    it('answers the GVL v3 JSON the runtime reads, with CORS and caching', async () => {
      const res = await get('/banner/vendor-list/7/en.json');
      expect(res.statusCode).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['cache-control']).toBe('public, max-age=3600');
      const gvl = json<{
        vendorListVersion: number;
        purposes: Record<string, { name: string }>;
        vendors: Record<string, { id: number; name: string; urls?: Array<{ privacy: string }> }>;
      }>(res);
      expect(gvl.vendorListVersion).toBe(7);
      expect(gvl.purposes['1']?.name).toBeTruthy();
      const first = Object.values(gvl.vendors)[0]!;
      expect(gvl.vendors[String(first.id)]).toBe(first);
      expect(first.urls?.[0]?.privacy).toMatch(/^https?:/);
      const latest = await get('/banner/vendor-list/LATEST/de.json', {
        'if-none-match': String(res.headers.etag),
      });
      expect(latest.statusCode).toBe(304);
    });

    it("Google providers: a property with Google vendors gets the account's providers and custom vendors, and the names endpoint", async () => {
      const publisher = await server.user();
      const ads = await createSite(publisher, {
        url: 'ads.example',
        consentLocations: ['WORLDWIDE'],
        googleEnabled: true,
      });
      const plain = await createSite(publisher, {
        url: 'plain.example',
        consentLocations: ['WORLDWIDE'],
      });
      const saved = await server.request({
        method: 'PUT',
        url: `/customization/v2/vendors/selection?pCode=${publisher.pcode}`,
        as: publisher,
        payload: {
          vendorIds: [],
          googleAtpIds: [89, 12],
          customVendors: [
            {
              id: 'crm',
              name: 'In-house CRM',
              privacyPolicyUrl: 'https://ads.example/crm',
              purposes: [1],
            },
          ],
        },
      });
      expect(saved.statusCode, saved.body).toBe(200);

      const boot = await servedBoot(get, `/banner/property/${ads.uuid}/cmp.js`);
      expect(boot.config.gdpr!.googleVendors).toEqual([12, 89]);
      expect(boot.config.gdpr!.customVendors).toMatchObject([
        { id: 'crm', name: 'In-house CRM', policyUrl: 'https://ads.example/crm' },
      ]);
      expect(boot.endpoints).toMatchObject({
        googleVendors: expect.stringMatching(/\/banner\/google-vendors\.json$/),
      });
      // Google vendors off: no providers, no names to load; custom vendors are the account's.
      const other = await servedBoot(get, `/banner/property/${plain.uuid}/cmp.js`);
      expect(other.config.gdpr!.googleVendors).toEqual([]);
      expect(other.config.gdpr!.customVendors).toHaveLength(1);
      expect(other.endpoints).not.toHaveProperty('googleVendors');

      // The names, from Google's list as the server stores it.
      await storeGoogleAtpList(server.deps);
      const names = await get(new URL(boot.endpoints.googleVendors!).pathname);
      expect(names.statusCode).toBe(200);
      expect(names.headers['access-control-allow-origin']).toBe('*');
      expect(json(names)).toEqual({
        '12': { name: 'Example Ads', policyUrl: 'https://ads.example/privacy' },
        '89': { name: 'Analytics, Inc.', policyUrl: 'https://analytics.example/policy' },
      });
    });

    it('refuses other versions and bad language codes, naming the field', async () => {
      const old = await get('/banner/vendor-list/3/en.json');
      expect(old.statusCode).toBe(404);
      expect(json<{ message: string }>(old).message).toMatch(/the current one is 7/);
      const bad = await get('/banner/vendor-list/7/english.json');
      expect(bad.statusCode).toBe(400);
      expect(json<{ fields: object }>(bad).fields).toHaveProperty('lang');
    });
  });

  describe('visits', () => {
    const post = (body: string, headers: Record<string, string> = {}) =>
      server.request({
        method: 'POST',
        url: '/banner/visit',
        payload: body,
        headers: {
          'content-type': 'text/plain;charset=UTF-8',
          origin: 'https://www.news.example',
          ...headers,
        },
      });
    const rows = (uuid: string) =>
      server.deps.db.query<Record<string, unknown>>(
        `select pcode, theme_id, regulation, outcome, shown, page_format, device, os, browser, country, region, variant
         from visits where property_uuid = $1 order by id`,
        [uuid],
      );

    it('stores a beacon with the region from the request; a reused choice is not shown', async () => {
      const a = await post(JSON.stringify(visit(news.uuid)), { 'cf-ipcountry': 'DE' });
      expect(a.statusCode).toBe(204);
      expect(a.headers['access-control-allow-origin']).toBe('https://www.news.example');
      const b = await post(
        JSON.stringify(visit(news.uuid, { r: 3, s: 'CA', o: 'r', x: 1, v: 'b', d: 'm' })),
        { 'cf-ipcountry': 'US', 'cf-region-code': 'CA' },
      );
      expect(b.statusCode).toBe(204);
      // No Origin at all (a WebView or server-side caller): stored too.
      const c = await server.app.inject({
        method: 'POST',
        url: '/banner/visit',
        payload: visit(news.uuid, { o: 'b', f: 'A' }),
      });
      expect(c.statusCode).toBe(204);
      expect(await rows(news.uuid)).toEqual([
        {
          pcode: user.pcode,
          theme_id: '1',
          regulation: 1,
          outcome: 'acceptAll',
          shown: true,
          page_format: 'HTTP',
          device: 'pc',
          os: 'Linux',
          browser: 'Chrome',
          country: 'DE',
          region: null,
          variant: null,
        },
        {
          pcode: user.pcode,
          theme_id: '1',
          regulation: 3,
          outcome: 'rejectAll',
          shown: false,
          page_format: 'HTTP',
          device: 'mobile',
          os: 'Linux',
          browser: 'Chrome',
          country: 'US',
          region: 'CA',
          variant: 'b',
        },
        {
          pcode: user.pcode,
          theme_id: '1',
          regulation: 1,
          outcome: 'bounce',
          shown: true,
          page_format: 'AMP',
          device: 'pc',
          os: 'Linux',
          browser: 'Chrome',
          country: null,
          region: null,
          variant: null,
        },
      ]);
    });

    it('stores an AMP visit from the prompt page on this server; other visits from it are refused', async () => {
      const before = (await rows(shop.uuid)).length;
      const amp = await post(JSON.stringify(visit(shop.uuid, { f: 'A', o: 'r' })), {
        origin: ORIGIN,
      });
      expect(amp.statusCode).toBe(204);
      const http = await post(JSON.stringify(visit(shop.uuid)), { origin: ORIGIN });
      expect(http.statusCode).toBe(403);
      const stored = await rows(shop.uuid);
      expect(stored.slice(before)).toEqual([
        expect.objectContaining({ outcome: 'rejectAll', page_format: 'AMP', shown: true }),
      ]);
    });

    it('answers a preflight for JSON callers from any origin', async () => {
      const res = await server.request({
        method: 'OPTIONS',
        url: '/banner/visit',
        headers: { origin: 'https://news.example', 'access-control-request-method': 'POST' },
      });
      expect(res.statusCode).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe('https://news.example');
      expect(res.headers['access-control-allow-methods']).toBe('POST');
    });

    it('refuses bad input with 4xx, never 500, and stores nothing', async () => {
      const before = (await rows(shop.uuid)).length;
      const notJson = await post('{not json', { origin: 'https://shop.example' });
      expect(notJson.statusCode).toBe(400);
      const empty = await post('', { origin: 'https://shop.example' });
      expect(empty.statusCode).toBe(400);
      const array = await post('[1,2]', { origin: 'https://shop.example' });
      expect(array.statusCode).toBe(400);
      const invalid = await post(JSON.stringify(visit(shop.uuid, { o: 'x', d: 'phone' })), {
        origin: 'https://shop.example',
      });
      expect(invalid.statusCode).toBe(400);
      expect(Object.keys(json<{ fields: object }>(invalid).fields).sort()).toEqual(['d', 'o']);
      const large = await post(JSON.stringify(visit(shop.uuid, { pad: 'x'.repeat(2000) })), {
        origin: 'https://shop.example',
      });
      expect(large.statusCode).toBe(413);
      const unknown = await post(JSON.stringify(visit('6f1d2c7e-0000-4000-8000-000000000000')));
      expect(unknown.statusCode).toBe(404);
      const elsewhere = await post(JSON.stringify(visit(shop.uuid)), {
        origin: 'https://evil.example',
      });
      expect(elsewhere.statusCode).toBe(403);
      const xml = await post('<visit/>', {
        'content-type': 'application/xml',
        origin: 'https://shop.example',
      });
      expect(xml.statusCode).toBeGreaterThanOrEqual(400);
      expect(xml.statusCode).toBeLessThan(500);
      expect((await rows(shop.uuid)).length).toBe(before);
    });
  });

  describe('group consent', () => {
    let a: Property;
    let b: Property;
    let storageUrl: string;
    const groupUrl = 'https://consent.group.example/';

    beforeAll(async () => {
      a = await createSite(user, {
        url: 'group-a.example',
        consentLocations: ['EEA'],
        consentScope: 'service group',
        consentScopeGroupURL: groupUrl,
        thirdPartyStorageType: 'api',
      });
      b = await createSite(user, {
        url: 'group-b.example',
        consentLocations: ['EEA'],
        consentScope: 'service group',
        consentScopeGroupURL: groupUrl,
        thirdPartyStorageType: 'iframe',
        applyToSubDomains: true,
      });
      storageUrl = `/banner/group/${user.pcode}/${consentGroupKey(groupUrl)}/storage`;
    });

    it('points the runtime at the group storage of this server', async () => {
      const bootA = await servedBoot(get, `/banner/property/${a.uuid}/cmp.js`);
      expect(bootA.config.consentScope).toEqual({
        type: 'serviceGroup',
        groupUrl: `${ORIGIN}${storageUrl}`,
        storage: 'api',
      });
      const bootB = await servedBoot(get, `/banner/property/${b.uuid}/cmp.js`);
      expect(bootB.config.consentScope).toMatchObject({
        groupUrl: `${ORIGIN}${storageUrl.replace(/storage$/, 'frame')}`,
        storage: 'iframe',
      });
    });

    it('API storage: credentialed CORS for the group’s sites only; PUT then GET round-trips', async () => {
      const pre = await server.request({
        method: 'OPTIONS',
        url: storageUrl,
        headers: { origin: 'https://group-a.example', 'access-control-request-method': 'PUT' },
      });
      expect(pre.statusCode).toBe(204);
      expect(pre.headers['access-control-allow-origin']).toBe('https://group-a.example');
      expect(pre.headers['access-control-allow-credentials']).toBe('true');
      expect(pre.headers['access-control-allow-methods']).toBe('GET, PUT');
      const evil = await server.request({
        method: 'OPTIONS',
        url: storageUrl,
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'PUT' },
      });
      expect(evil.statusCode).toBe(403);
      expect(evil.headers['access-control-allow-origin']).toBeUndefined();

      const stored = {
        tcString: 'CQABCDEAAAAA.YAAAAAAAAAA',
        meta: 'v1|a|1767225600',
        gppString: 'DBABMA~CQAB',
        acString: '2~89~dv.12',
        vendorConsents: '1~crm',
      };
      const put = await server.request({
        method: 'PUT',
        url: storageUrl,
        payload: stored,
        headers: { origin: 'https://group-a.example' },
      });
      expect(put.statusCode).toBe(204);
      const cookies = put.cookies as Array<{
        name: string;
        value: string;
        path: string;
        sameSite: string;
      }>;
      expect(cookies.map((c) => c.name).sort()).toEqual([
        'addtl_consent',
        'assent-gpp',
        'assent-meta',
        'assent-vendors',
        'euconsent-v2',
      ]);
      expect(new Set(cookies.map((c) => c.path))).toEqual(
        new Set([storageUrl.replace(/storage$/, '')]),
      );
      const cookie = cookies.map((c) => `${c.name}=${encodeURIComponent(c.value)}`).join('; ');
      const read = await server.request({
        method: 'GET',
        url: storageUrl,
        headers: { origin: 'https://live.group-b.example', cookie },
      });
      expect(read.statusCode).toBe(200);
      expect(read.headers['access-control-allow-origin']).toBe('https://live.group-b.example');
      expect(read.headers['cache-control']).toBe('no-store');
      expect(json(read)).toEqual(stored);
      const foreignRead = await server.request({
        method: 'GET',
        url: storageUrl,
        headers: { origin: 'https://shop.example', cookie },
      });
      expect(foreignRead.statusCode).toBe(403);
    });

    it('API storage: refuses values that are not consent strings, naming the field', async () => {
      const res = await server.request({
        method: 'PUT',
        url: storageUrl,
        payload: { tcString: '<script>', uspString: 5 },
        headers: { origin: 'https://group-a.example' },
      });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(json<{ fields: object }>(res).fields).sort()).toEqual([
        'tcString',
        'uspString',
      ]);
      expect((await get(`/banner/group/${user.pcode}/gnothing/storage`)).statusCode).toBe(404);
    });

    it('iframe storage: a frameable page running group-frame.js for the group’s origins', async () => {
      const res = await get(storageUrl.replace(/storage$/, 'frame'), {
        referer: 'https://live.group-b.example/page',
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['x-frame-options']).toBeUndefined();
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain('frame-ancestors https://group-a.example http://group-a.example');
      expect(csp).toContain('https://live.group-b.example');
      expect(res.body).not.toContain('__ASSENT_GROUP_ORIGINS__');
      expect(res.body).toContain('"https://group-b.example"');
      expect(res.body).toContain(`;path='+p+a`);
    });
  });

  describe('AMP', () => {
    const check = (body: object, headers: Record<string, string> = {}, query = '') =>
      server.request({
        method: 'POST',
        url: `/banner/amp/${amp.uuid}/check${query}`,
        payload: JSON.stringify(body),
        headers: { 'content-type': 'text/plain;charset=utf-8', ...headers },
      });

    const ampVisits = () =>
      server.deps.db.query<Record<string, unknown>>(
        `select regulation, outcome, shown, page_format, device, browser, country
         from visits where property_uuid = $1 order by id`,
        [amp.uuid],
      );

    it('answers checkConsentHref with core’s rule, credentialed CORS for the site and AMP caches', async () => {
      const visitsBefore = (await ampVisits()).length;
      const eu = await check(
        {
          consentInstanceId: `assent-${amp.uuid}`,
          consentStateValue: 'accepted',
          consentString: 'CQAB',
        },
        { origin: 'https://amp-example.cdn.ampproject.org', 'cf-ipcountry': 'FR' },
      );
      expect(eu.statusCode).toBe(200);
      expect(eu.headers['access-control-allow-origin']).toBe(
        'https://amp-example.cdn.ampproject.org',
      );
      expect(eu.headers['access-control-allow-credentials']).toBe('true');
      expect(json(eu)).toEqual({
        consentRequired: true,
        consentStateValue: 'accepted',
        consentString: 'CQAB',
        expireCache: false,
        consentMetadata: { consentStringType: 2, gdprApplies: true, purposeOne: false },
      });
      const usVisitor = await check(
        { consentInstanceId: 'x' },
        { origin: 'https://amp.example', 'cf-ipcountry': 'US' },
      );
      expect(json(usVisitor)).toMatchObject({ consentRequired: false, expireCache: false });
      const long = await check(
        { consentInstanceId: 'x', consentString: 'A'.repeat(1300) },
        { origin: 'https://amp.example', 'cf-ipcountry': 'DE' },
      );
      expect(json(long)).toMatchObject({
        consentRequired: true,
        expireCache: true,
        consentStateValue: 'unknown',
      });

      // A page view answered from the stored choice is a visit, as a site's page would send; one
      // that will prompt (unknown, expired, or no regulation) is left to the prompt page.
      const visits = (await ampVisits()).slice(visitsBefore);
      expect(visits).toEqual([
        {
          regulation: 1,
          outcome: 'acceptAll',
          shown: false,
          page_format: 'AMP',
          device: 'pc',
          browser: 'Other',
          country: 'FR',
        },
      ]);
    });

    it('echoes __amp_source_origin for the site, refuses other origins and bad bodies', async () => {
      const res = await check(
        { consentInstanceId: 'x' },
        { origin: 'https://amp.example' },
        '?__amp_source_origin=https%3A%2F%2Famp.example',
      );
      expect(res.headers['amp-access-control-allow-source-origin']).toBe('https://amp.example');
      expect(
        (await check({ consentInstanceId: 'x' }, { origin: 'https://evil.example' })).statusCode,
      ).toBe(403);
      expect(
        (
          await check(
            { consentInstanceId: 'x' },
            { origin: 'https://amp.example' },
            '?__amp_source_origin=https%3A%2F%2Fevil.example',
          )
        ).statusCode,
      ).toBe(403);
      const bad = await check({ consentStateValue: 'maybe' }, { origin: 'https://amp.example' });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(json<{ fields: object }>(bad).fields).sort()).toEqual([
        'consentInstanceId',
        'consentStateValue',
      ]);
      const pre = await server.request({
        method: 'OPTIONS',
        url: `/banner/amp/${amp.uuid}/check`,
        headers: { origin: 'https://amp.example', 'access-control-request-method': 'POST' },
      });
      expect(pre.statusCode).toBe(204);
    });

    it('serves the promptUISrc page running the AMP prompt with its boot', async () => {
      const res = await get(`/banner/amp/${amp.uuid}/prompt`, { 'cf-ipcountry': 'FR' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['x-frame-options']).toBeUndefined();
      const boot = bootOf(res.body);
      expect(boot.config.propertyId).toBe(amp.uuid);
      // The prompt reports the AMP page's visit (page format AMP).
      expect(boot.endpoints.visit).toBe(`${ORIGIN}/banner/visit`);
      expect(res.body).not.toContain('__ASSENT_BOOT__');
      // An unknown uuid: the last digit changed (to 1 when it is 0, as 1 in 16 random uuids end).
      const unknown = foreign.uuid.replace(/.$/, (last) => (last === '0' ? '1' : '0'));
      expect((await get(`/banner/amp/${unknown}/prompt`)).statusCode).toBe(404);
    });
  });

  describe('theme preview', () => {
    it('answers the stub and cmp.js for unsaved theme values', async () => {
      const res = await server.request({
        method: 'POST',
        url: `/customization/v2/theme/preview?pCode=${user.pcode}`,
        payload: {
          themeType: 'SITE',
          themeName: 'Draft',
          agreeButton: 'Yes please',
          initScreenRejectButtonShowing: true,
        },
        as: user,
      });
      expect(res.statusCode).toBe(200);
      const { script } = json<{ script: string }>(res);
      expect(script).toContain('"agreeButton":"Yes please"');
      expect(script).toContain(`${ORIGIN}/banner/preview/cmp.js`);
      expect(script).not.toMatch(/__ASSENT_(BOOT|STUB_OPTIONS)__/);
      // GDPR forced on: the GDPR runtime, without the US encoders (about 6 KB less than cmp.js).
      expect(script).not.toContain('SaleOptOutNotice');
      expect(readFileSync(path.join(DIST, 'cmp.js'), 'utf8')).toContain('SaleOptOutNotice');
      expect(bootOf(script).region).toEqual({ country: 'FR' });
      expect(bootOf(script).endpoints.visit).toBeUndefined();
      // Choices made in a preview are not visitors' choices: no consent records.
      expect(bootOf(script).endpoints).not.toHaveProperty('consent');
    });

    it('answers an error value for an app theme', async () => {
      const res = await server.request({
        method: 'POST',
        url: `/customization/v2/theme/preview?pCode=${user.pcode}`,
        payload: { themeType: 'APP', themeName: 'App draft' },
        as: user,
      });
      expect(json(res)).toEqual({ error: expect.stringMatching(/site themes/) });
    });

    it('previews with a built-in sample site when the account has none', async () => {
      const res = await server.request({
        method: 'POST',
        url: `/customization/v2/theme/preview?pCode=${other.pcode}`,
        payload: { themeType: 'SITE', themeName: 'Draft' },
        as: other,
      });
      expect(bootOf(json<{ script: string }>(res).script).config.gdpr).toBeDefined();
    });
  });

  describe('app SDK', () => {
    it('downloads a zip with the WebView guide and the runtime files (CRC-32 checked)', async () => {
      const created = await server.request({
        method: 'POST',
        url: `/customization/v2/app?pCode=${user.pcode}`,
        payload: {
          packageId: 'com.example.news',
          publisherName: 'News app',
          themeId: '2',
          consentLocations: ['EEA'],
        },
        as: user,
      });
      const res = await server.request({
        method: 'GET',
        url: '/customization/v2/app/sdk',
        as: user,
      });
      expect(res.statusCode).toBe(200);
      // An app has no web tag: the tag endpoint points to the SDK instead.
      const appTag = await server.request({
        method: 'GET',
        url: `/customization/v2/tag?pCode=${user.pcode}&type=site&id=${json<Property>(created).uuid}`,
        as: user,
      });
      expect(appTag.statusCode).toBe(400);
      expect(json(appTag)).toEqual({
        status: 'VALIDATION_ERROR',
        message: APP_USES_SDK,
        fields: { id: APP_USES_SDK },
      });
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['content-disposition']).toBe('attachment; filename="assent-sdk.zip"');
      const entries = readZip(res);
      expect(entries.map((e) => e.name)).toEqual([
        'assent-sdk/README.md',
        'assent-sdk/webview/consent.html',
        'assent-sdk/runtime/stub.js',
        'assent-sdk/runtime/cmp.js',
        'assent-sdk/runtime/second-layer.js',
        'assent-sdk/runtime/manifest.json',
      ]);
      const readme = entries[0]!.data.toString('utf8');
      expect(readme).toContain('## Android (Kotlin)');
      expect(readme).toContain('## iOS (Swift)');
      expect(readme).toMatch(
        new RegExp(
          `\\| com\\.example\\.news \\| ${ORIGIN}/banner/property/[0-9a-f-]+/cmp\\.js \\|`,
        ),
      );
      expect(
        (await server.request({ method: 'GET', url: '/customization/v2/app/sdk' })).statusCode,
      ).toBe(401);
    });
  });
});

/** Reads a stored zip through its central directory, checking each entry's CRC-32 with zlib's. */
function readZip(res: LightMyRequestResponse): Array<{ name: string; data: Buffer }> {
  const zip = res.rawPayload;
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBeGreaterThan(0);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const out: Array<{ name: string; data: Buffer }> = [];
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const crc = zip.readUInt32LE(at + 16);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    expect(zip.readUInt32LE(local)).toBe(0x04034b50);
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(dataStart, dataStart + size);
    expect(crc32(data)).toBe(crc);
    out.push({ name, data });
    at += 46 + nameLength;
  }
  return out;
}
