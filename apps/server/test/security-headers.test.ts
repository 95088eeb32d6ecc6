import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HSTS, SECURE_SESSION_COOKIE, SESSION_COOKIE } from '../src/services/auth';
import type { TestServer } from './harness';
import { createTestServer, json, stores } from './harness';

/** The Set-Cookie line of a cookie, by name (undefined when it is not set). */
const setCookie = (header: string | string[] | undefined, name: string): string | undefined =>
  [header ?? []].flat().find((c) => c.startsWith(`${name}=`));

const cookieValue = (line: string): string => line.split(';')[0]!.split('=').slice(1).join('=');

describe.each(stores())('session cookie, HSTS and caching (%s) — issue 19 item 11', (store) => {
  let http: TestServer;
  let https: TestServer;
  let proxied: TestServer;
  beforeAll(async () => {
    http = await createTestServer(store, { workers: false });
    https = await createTestServer(store, {
      workers: false,
      env: { ASSENT_PUBLIC_URL: 'https://consent.example' },
    });
    proxied = await createTestServer(store, {
      workers: false,
      env: { ASSENT_PUBLIC_URL: '', ASSENT_TRUST_PROXY: '1' },
    });
  });
  afterAll(async () => {
    await Promise.all([http?.close(), https?.close(), proxied?.close()]);
  });

  it('over https the session cookie is __Host-assent_session: Secure, path /, no Domain; only that name is read', async () => {
    const user = await https.user('host-cookie@example.com');
    const signIn = await https.request({
      method: 'POST',
      url: '/auth/sign-in',
      payload: { email: user.email, password: user.password },
      headers: { origin: 'https://consent.example' },
    });
    expect(signIn.statusCode).toBe(200);
    expect(setCookie(signIn.headers['set-cookie'], SESSION_COOKIE)).toBeUndefined();
    const line = setCookie(signIn.headers['set-cookie'], SECURE_SESSION_COOKIE)!;
    expect(line).toBeDefined();
    expect(line).toMatch(/; Secure/);
    expect(line).toMatch(/; Path=\/(;|$)/);
    expect(line).toMatch(/; HttpOnly/);
    expect(line).not.toMatch(/Domain=/i);

    const value = cookieValue(line);
    const me = await https.request({
      method: 'GET',
      url: '/auth/me',
      headers: { cookie: `${SECURE_SESSION_COOKIE}=${value}` },
    });
    expect(me.statusCode).toBe(200);
    // The same session under the unprefixed name (which a sibling host could have planted) is not read.
    const planted = await https.request({
      method: 'GET',
      url: '/auth/me',
      headers: { cookie: `${SESSION_COOKIE}=${value}` },
    });
    expect(planted.statusCode).toBe(401);

    const signOut = await https.request({
      method: 'POST',
      url: '/auth/sign-out',
      headers: {
        origin: 'https://consent.example',
        cookie: `${SECURE_SESSION_COOKIE}=${value}`,
      },
    });
    expect(setCookie(signOut.headers['set-cookie'], SECURE_SESSION_COOKIE)).toMatch(/Expires=/);
  });

  it('behind a trusted proxy, X-Forwarded-Proto https gives the __Host- cookie and HSTS; plain http gives neither', async () => {
    const user = await proxied.user('proxied@example.com');
    const viaHttps = await proxied.request({
      method: 'POST',
      url: '/auth/sign-in',
      payload: { email: user.email, password: user.password },
      headers: {
        'x-forwarded-proto': 'https',
        host: 'consent.example',
        origin: 'https://consent.example',
      },
    });
    expect(viaHttps.statusCode).toBe(200);
    expect(setCookie(viaHttps.headers['set-cookie'], SECURE_SESSION_COOKIE)).toMatch(/; Secure/);
    expect(viaHttps.headers['strict-transport-security']).toBe(HSTS);

    const viaHttp = await proxied.request({
      method: 'POST',
      url: '/auth/sign-in',
      payload: { email: user.email, password: user.password },
      headers: { host: 'consent.example', origin: 'http://consent.example' },
    });
    expect(viaHttp.statusCode).toBe(200);
    const line = setCookie(viaHttp.headers['set-cookie'], SESSION_COOKIE)!;
    expect(line).toBeDefined();
    expect(line).not.toMatch(/Secure/);
    expect(viaHttp.headers['strict-transport-security']).toBeUndefined();
  });

  it('HSTS is sent on every answer over https (console, API, banner) and never on plain http', async () => {
    for (const url of ['/healthz', '/auth/me', '/login', '/banner/static/cmp.js']) {
      const secure = await https.request({ method: 'GET', url });
      expect(secure.headers['strict-transport-security'], url).toBe('max-age=31536000');
      const plain = await http.request({ method: 'GET', url });
      expect(plain.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it("signed-in API answers are no-store; the properties list keeps its ETag and 'private, no-cache' for the console's 304s", async () => {
    const user = await http.user('no-store@example.com');
    for (const url of [
      '/auth/me',
      '/auth/organisations',
      `/customization/v2/site/init?pCode=${user.pcode}&propertyType=SITE`,
    ]) {
      const res = await http.request({ method: 'GET', url, as: user });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    // A personal access token is a signed-in caller too.
    const created = await http.request({
      method: 'POST',
      url: '/auth/tokens',
      payload: { name: 'ci' },
      as: user,
    });
    expect(created.headers['cache-control']).toBe('no-store');
    const token = json<{ secret: string }>(created).secret;
    const viaToken = await http.request({
      method: 'GET',
      url: '/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(viaToken.headers['cache-control']).toBe('no-store');

    const list = await http.request({
      method: 'GET',
      url: `/customization/v2/site?pCode=${user.pcode}`,
      as: user,
    });
    expect(list.headers['cache-control']).toBe('private, no-cache');
    const etag = String(list.headers.etag);
    expect(etag).toBeTruthy();
    const again = await http.request({
      method: 'GET',
      url: `/customization/v2/site?pCode=${user.pcode}`,
      headers: { 'if-none-match': etag },
      as: user,
    });
    expect(again.statusCode).toBe(304);

    // Anonymous answers keep their own policy (the runtime's files are public for an hour).
    const script = await http.request({ method: 'GET', url: '/banner/static/cmp.js' });
    expect(script.headers['cache-control']).toBe('public, max-age=3600');
  });
});
