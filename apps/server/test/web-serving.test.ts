import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { CONSOLE_CACHE_SECONDS } from '@assent/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './harness';
import { createTestServer } from './harness';

// A console build as vite and its compression plugin lay it out: a hashed asset with its brotli and
// gzip copies beside it, and index.html.
const ASSET_SOURCE = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `row ${i}`))};\n`;
const INDEX_HTML = `<!doctype html><title>Assent</title><script type="module" src="/assets/index-AbC123.js"></script>${'<!-- padding -->'.repeat(80)}`;

function writeConsoleBuild(dir: string): void {
  mkdirSync(path.join(dir, 'assets'));
  const asset = path.join(dir, 'assets', 'index-AbC123.js');
  writeFileSync(asset, ASSET_SOURCE);
  writeFileSync(`${asset}.br`, brotliCompressSync(ASSET_SOURCE));
  writeFileSync(`${asset}.gz`, gzipSync(ASSET_SOURCE));
  writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(dir, 'index.html.br'), brotliCompressSync(INDEX_HTML));
  writeFileSync(path.join(dir, 'index.html.gz'), gzipSync(INDEX_HTML));
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(
    path.join(dir, '.vite', 'manifest.json'),
    JSON.stringify({ 'src/main.tsx': { file: 'assets/index-AbC123.js', isEntry: true } }),
  );
}

describe('serving the console and compressed API responses', () => {
  let server: TestServer;
  let webDist: string;

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(os.tmpdir(), 'assent-web-dist-'));
    writeConsoleBuild(webDist);
    server = await createTestServer('pglite', { env: { ASSENT_WEB_DIST: webDist } });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    server.request({
      method: 'GET',
      url,
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  it('sends a hashed asset as its build-time brotli copy, cached for a year as immutable', async () => {
    const res = await get('/assets/index-AbC123.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(ASSET_SOURCE);
    expect(res.rawPayload.length).toBeLessThan(ASSET_SOURCE.length / 3);
    // Never revalidated: no validators to send with each of a page's ~60 assets.
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers['last-modified']).toBeUndefined();
    expect(res.headers['accept-ranges']).toBeUndefined();
  });

  it('keeps the validators of index.html (revalidated on each load) and never serves the build manifest', async () => {
    const page = await get('/', 'br');
    expect(page.headers.etag).toBeDefined();
    const again = await server.request({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(page.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const manifest = await get('/.vite/manifest.json');
    expect(manifest.statusCode).toBe(404);
    expect(manifest.body).not.toContain('assets/index-AbC123.js');
  });

  it('sends the gzip copy to a browser without brotli, and the file itself to one without either', async () => {
    const gz = await get('/assets/index-AbC123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(ASSET_SOURCE);

    const plain = await get('/assets/index-AbC123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(ASSET_SOURCE);
  });

  it('revalidates index.html, at / and as the fallback of a console route', async () => {
    for (const url of ['/', '/login', '/protect/p-abc/properties']) {
      const res = await get(url, 'gzip, deflate, br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(INDEX_HTML);
    }
  });

  it('serves a console rebuilt while it runs: the new hashed assets, not 404', async () => {
    // `node scripts/run.mjs build` during a long benchmark or on a running server writes new
    // hashed names (and index.html naming them); a server that only knew the files present at
    // start answered them 404, so the console never started and made no API call (the 10-million
    // first-paint runs that "hung" with the server and PostgreSQL idle).
    const source = 'export const rebuilt = true;\n';
    const asset = path.join(webDist, 'assets', 'index-New456.js');
    writeFileSync(asset, source);
    writeFileSync(`${asset}.br`, brotliCompressSync(source));
    const rebuiltIndex = INDEX_HTML.replace('index-AbC123.js', 'index-New456.js');
    writeFileSync(path.join(webDist, 'index.html'), rebuiltIndex);
    writeFileSync(path.join(webDist, 'index.html.br'), brotliCompressSync(rebuiltIndex));
    writeFileSync(path.join(webDist, 'index.html.gz'), gzipSync(rebuiltIndex));

    const page = await get('/protect/p-abc/reports', 'br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('/assets/index-New456.js');
    const res = await get('/assets/index-New456.js', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(source);
    const plain = await get('/assets/index-New456.js');
    expect(plain.body).toBe(source);
    // A file that is in no build is still the API's JSON 404, never index.html.
    const missing = await get('/assets/index-Gone789.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/json/);
  });

  it('gzips a JSON list when the caller accepts gzip, and not a small JSON answer', async () => {
    const user = await server.user();
    const list = await server.request({
      method: 'GET',
      url: '/customization/v2/vendors',
      headers: { 'accept-encoding': 'gzip' },
      as: user,
    });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-encoding']).toBe('gzip');
    expect(list.headers.vary).toMatch(/accept-encoding/i);
    const body = gunzipSync(list.rawPayload);
    expect((JSON.parse(body.toString()) as { gvlVersion: number }).gvlVersion).toBe(3);
    expect(list.rawPayload.length).toBeLessThan(body.length / 4);

    const me = await server.request({
      method: 'GET',
      url: '/auth/me',
      headers: { 'accept-encoding': 'gzip, br' },
      as: user,
    });
    expect(me.statusCode).toBe(200);
    expect(me.rawPayload.length).toBeLessThan(1024);
    expect(me.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(me.body)).toMatchObject({ email: user.email });
  });

  it("lets the user's browser keep slowly changing answers a minute, per session, revalidated by ETag", async () => {
    // Issue 16: a reload of the properties page reads these from the cache instead of the network.
    const user = await server.user();
    const first = await server.request({
      method: 'GET',
      url: '/customization/announcements',
      as: user,
    });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe(`private, max-age=${CONSOLE_CACHE_SECONDS}`);
    expect(first.headers.vary).toMatch(/cookie/i);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"/);
    const again = await server.request({
      method: 'GET',
      url: '/customization/announcements',
      headers: { 'if-none-match': etag },
      as: user,
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // A list the user's own changes alter at any moment is not kept.
    const rows = await server.request({
      method: 'GET',
      url: `/customization/v2/site/rows?pCode=${user.pcode}`,
      as: user,
    });
    expect(rows.statusCode).toBe(200);
    expect(String(rows.headers['cache-control'] ?? '')).not.toMatch(/max-age/);
    const health = await get('/healthz');
    expect(health.headers['cache-control']).toBe(`private, max-age=${CONSOLE_CACHE_SECONDS}`);
  });
});
