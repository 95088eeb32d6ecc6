import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer, TestUser } from './harness';
import { createExternalLists } from '../src/services/external-lists';
import { createTestServer, gvlFixture, json, stores } from './harness';
import { silentLogger } from './live-server';

const HOUR_MS = 3_600_000;

/**
 * The IAB host, serving the TCF 2.0 fixture as a newer version (52) with an ETag and a one-hour
 * max-age; it answers 304 to a matching If-None-Match, and 503 while `down`.
 */
async function startGvlHost() {
  const fixture = JSON.parse(gvlFixture('gvl2-vendor-list.json')) as { vendorListVersion: number };
  const body = JSON.stringify({ ...fixture, vendorListVersion: 52 });
  const state = {
    down: false,
    requests: [] as Array<{ path: string; ifNoneMatch: string | undefined; status: number }>,
  };
  const server = createServer((req, res) => {
    const ifNoneMatch = req.headers['if-none-match'];
    const status =
      state.down || req.url !== '/v2/vendor-list.json' ? 503 : ifNoneMatch === '"v52"' ? 304 : 200;
    state.requests.push({ path: req.url ?? '', ifNoneMatch, status });
    if (status === 200) {
      res.writeHead(200, {
        'content-type': 'application/json',
        'cache-control': 'public, max-age=3600',
        etag: '"v52"',
      });
      res.end(body);
    } else if (status === 304) {
      res.writeHead(304, { 'cache-control': 'public, max-age=3600', etag: '"v52"' }).end();
    } else {
      res.writeHead(503).end('maintenance');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    state,
    base,
    originalVersion: fixture.vendorListVersion,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe.each(stores())('Global Vendor List fetching (%s)', (store) => {
  let server: TestServer;
  let user: TestUser;
  let host: Awaited<ReturnType<typeof startGvlHost>>;
  let clock = new Date('2026-11-22T10:00:00.000Z');
  beforeAll(async () => {
    host = await startGvlHost();
    server = await createTestServer(store, {
      now: () => clock,
      env: { ASSENT_GVL_URL: host.base },
      workers: false,
    });
    user = await server.user();
  });
  afterAll(async () => {
    await server?.close();
    await host?.close();
  });

  /** Moves the clock (and signs in again, past the session's idle time). */
  async function advance(ms: number) {
    clock = new Date(clock.getTime() + ms);
    user = await server.refresh(user);
  }
  const vendorList = (gvlVersion: 2 | 3) =>
    server.request({
      method: 'GET',
      url: `/customization/v2/vendors?gvlVersion=${gvlVersion}`,
      as: user,
    });
  const versionOf = async (gvlVersion: 2 | 3) => {
    const res = await vendorList(gvlVersion);
    expect(res.statusCode).toBe(200);
    return json<{ gvlVersion: number; vendorListVersion: number }>(res);
  };
  const stored = async () =>
    (
      await server.deps.db.query<{
        version: number;
        etag: string | null;
        source: string;
        expires_at: Date;
      }>(`select version, etag, source, expires_at from external_lists where key = 'gvl:2'`)
    )[0];

  it('serves the stored TCF 2.0 list until it expires, then fetches the new one', async () => {
    expect(await versionOf(2)).toMatchObject({
      gvlVersion: 2,
      vendorListVersion: host.originalVersion,
    });
    expect(host.state.requests).toEqual([]);

    await advance(8 * 24 * HOUR_MS);
    expect(await versionOf(2)).toMatchObject({ gvlVersion: 2, vendorListVersion: 52 });
    expect(host.state.requests).toEqual([
      { path: '/v2/vendor-list.json', ifNoneMatch: undefined, status: 200 },
    ]);
    expect(await stored()).toMatchObject({
      version: 52,
      etag: '"v52"',
      source: `${host.base}/v2/vendor-list.json`,
    });
    // Within its max-age the list is not fetched again.
    await versionOf(2);
    expect(host.state.requests).toHaveLength(1);
  });

  it('revalidates with the ETag: a 304 keeps the stored list without downloading it', async () => {
    const before = (await stored())!.expires_at;
    await advance(2 * HOUR_MS);
    expect(await versionOf(2)).toMatchObject({ vendorListVersion: 52 });
    expect(host.state.requests.slice(1)).toEqual([
      { path: '/v2/vendor-list.json', ifNoneMatch: '"v52"', status: 304 },
    ]);
    const after = await stored();
    expect(after).toMatchObject({ version: 52, etag: '"v52"' });
    expect(new Date(after!.expires_at).getTime()).toBe(clock.getTime() + HOUR_MS);
    expect(new Date(after!.expires_at).getTime()).toBeGreaterThan(new Date(before).getTime());
    await versionOf(2);
    expect(host.state.requests).toHaveLength(2);
  });

  it('falls back to the stored copy while the host fails, and tries again ten minutes later', async () => {
    host.state.down = true;
    await advance(2 * HOUR_MS);
    expect(await versionOf(2)).toMatchObject({ vendorListVersion: 52 });
    expect(host.state.requests.at(-1)).toMatchObject({ status: 503 });
    const attempts = host.state.requests.length;
    await advance(5 * 60_000);
    expect(await versionOf(2)).toMatchObject({ vendorListVersion: 52 });
    expect(host.state.requests).toHaveLength(attempts);

    host.state.down = false;
    await advance(6 * 60_000);
    expect(await versionOf(2)).toMatchObject({ vendorListVersion: 52 });
    expect(host.state.requests).toHaveLength(attempts + 1);
    expect(host.state.requests.at(-1)).toMatchObject({ ifNoneMatch: '"v52"', status: 304 });
    // The imported TCF 2.2 list expired too; the host has none to give (503): its copy is kept.
    const v3 = JSON.parse(gvlFixture('gvl3-vendor-list.json')) as { vendorListVersion: number };
    expect(await versionOf(3)).toMatchObject({
      gvlVersion: 3,
      vendorListVersion: v3.vendorListVersion,
    });
    expect(host.state.requests.at(-1)).toMatchObject({ path: '/v3/vendor-list.json', status: 503 });
  });

  it('answers 502 naming the URL and the import command when no copy is left', async () => {
    await server.deps.db.query(`delete from external_lists where key = 'gvl:2'`);
    host.state.down = true;
    await advance(2 * HOUR_MS);
    const res = await vendorList(2);
    expect(res.statusCode).toBe(502);
    expect(json(res)).toEqual({
      status: 'UPSTREAM_ERROR',
      message: `Could not fetch ${host.base}/v2/vendor-list.json (HTTP 503). On a host without internet access, import the list with: assent server gvl import FILE`,
    });
    host.state.down = false;
  });

  it('serves a list imported by another process at once, though the failed fetch is remembered', async () => {
    // Regression: the remembered failure (a minute) was answered before the stored row was read.
    host.state.down = true;
    await advance(2 * HOUR_MS);
    expect((await vendorList(2)).statusCode).toBe(502);
    const attempts = host.state.requests.length;
    // `assent server gvl import FILE` runs in its own process, with its own lists over the database.
    const cli = createExternalLists({
      db: server.deps.db,
      gvlBaseUrl: host.base,
      googleAtpUrl: `${host.base}/google-atp.csv`,
      logger: silentLogger,
      now: () => clock,
    });
    await cli.importVendorList(gvlFixture('gvl2-vendor-list.json'), 'import:vendor-list.json');
    expect(await versionOf(2)).toMatchObject({
      gvlVersion: 2,
      vendorListVersion: host.originalVersion,
    });
    expect(host.state.requests).toHaveLength(attempts);
    host.state.down = false;
  });
});
