import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMemoryConsoleStorage, isAnnouncementVisible } from '@assent/core/account';
import type { Announcement } from '@assent/core/account';
import { CMP_VERSIONS, LATEST_CMP_VERSION } from '@assent/core/property';
import type { CmpVersionInfo } from '@assent/core/property';
import type { GoogleAtp } from '@assent/core/vendors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer, TestUser } from './harness';
import { createTestServer, json, stores } from './harness';

/** Google's provider CSV as Google publishes it: a header row, quoted fields with commas. */
const ATP_CSV = [
  'Provider ID,Provider Name,Policy URL,Domains',
  '12,Example Ads,https://ads.example/privacy,ads.example',
  '89,"Analytics, Inc.",https://analytics.example/policy,"analytics.example,stats.example"',
  'not-a-row,ignored,,',
  '',
].join('\r\n');

type UpstreamMode = 'ok' | 'error' | 'unreachable';

/** A stand-in for Google's CSV host: serves the list, fails with 500, or drops the connection. */
async function startAtpUpstream() {
  const state = { mode: 'ok' as UpstreamMode, hits: 0 };
  const server: Server = createServer((req, res) => {
    state.hits += 1;
    if (state.mode === 'unreachable') {
      req.socket.destroy();
      return;
    }
    if (state.mode === 'error') {
      res.writeHead(500).end('upstream broke');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/csv', 'cache-control': 'max-age=60' }).end(ATP_CSV);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/providers.csv`;
  return { state, url, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe.each(stores())('CMP versions, Google providers and announcements (%s)', (store) => {
  let server: TestServer;
  let user: TestUser;
  let upstream: Awaited<ReturnType<typeof startAtpUpstream>>;
  let clock = new Date('2026-11-22T10:00:00.000Z');
  beforeAll(async () => {
    upstream = await startAtpUpstream();
    server = await createTestServer(store, {
      now: () => clock,
      env: { ASSENT_GOOGLE_ATP_URL: upstream.url },
      workers: false,
    });
    user = await server.user();
  });
  afterAll(async () => {
    await server?.close();
    await upstream?.close();
  });

  const googleAtp = async () => {
    const res = await server.request({
      method: 'GET',
      url: '/customization/v2/vendors/google-atp',
      as: user,
    });
    expect(res.statusCode).toBe(200);
    return json<GoogleAtp[]>(res);
  };

  it("serves Google's provider list from its URL, cached, and [] while it cannot be fetched", async () => {
    // Nothing stored yet and the host unreachable: the Vendors tab simply lists no providers.
    upstream.state.mode = 'unreachable';
    expect(await googleAtp()).toEqual([]);
    // For a minute the failure is remembered: the tab does not wait on the host again.
    const hitsAfterFailure = upstream.state.hits;
    upstream.state.mode = 'error';
    expect(await googleAtp()).toEqual([]);
    expect(upstream.state.hits).toBe(hitsAfterFailure);
    clock = new Date(clock.getTime() + 61_000);
    expect(await googleAtp()).toEqual([]);
    expect(upstream.state.hits).toBe(hitsAfterFailure + 1);
    // After that minute, once the host answers, the list appears.
    clock = new Date(clock.getTime() + 61_000);
    upstream.state.mode = 'ok';
    const hitsBefore = upstream.state.hits;
    const expected = [
      {
        id: 12,
        name: 'Example Ads',
        policyUrl: 'https://ads.example/privacy',
        domains: 'ads.example',
      },
      {
        id: 89,
        name: 'Analytics, Inc.',
        policyUrl: 'https://analytics.example/policy',
        domains: 'analytics.example,stats.example',
      },
    ];
    expect(await googleAtp()).toEqual(expected);
    expect(upstream.state.hits).toBe(hitsBefore + 1);
    // Within its max-age the list comes from the cache, not from the host.
    expect(await googleAtp()).toEqual(expected);
    expect(upstream.state.hits).toBe(hitsBefore + 1);
    const stored = await server.deps.db.query<{ source: string }>(
      `select source from external_lists where key = 'google-atp'`,
    );
    expect(stored).toEqual([{ source: upstream.url }]);

    // Expired and the host down again: the stored copy is served, not [].
    clock = new Date(clock.getTime() + 61_000);
    upstream.state.mode = 'unreachable';
    expect(await googleAtp()).toEqual(expected);
    expect(upstream.state.hits).toBe(hitsBefore + 2);
    upstream.state.mode = 'ok';
  });

  it('lists the CMP versions newest first, "latest" standing for the newest release', async () => {
    const res = await server.request({
      method: 'GET',
      url: '/customization/v2/cmp-versions',
      as: user,
    });
    expect(res.statusCode).toBe(200);
    const versions = json<CmpVersionInfo[]>(res);
    expect(versions).toEqual(CMP_VERSIONS);
    expect(versions[0]).toEqual({
      version: 'latest',
      label: `Latest (v${LATEST_CMP_VERSION})`,
      notes: 'Always the newest release.',
    });
    const releases = versions.slice(1).map((v) => v.version as number);
    expect(releases[0]).toBe(LATEST_CMP_VERSION);
    expect(releases).toEqual([...releases].sort((a, b) => b - a));
    expect(new Set(releases).size).toBe(releases.length);
    expect(versions.find((v) => v.version === 62)).toMatchObject({ notes: 'Consent or Pay.' });
  });

  it('lists the announcements running now (start and end included), in start order', async () => {
    const now = clock;
    const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
    const modal = (title: string) => ({
      title,
      content: 'First paragraph.\n\nSecond paragraph.',
      linkText: 'Read more',
      linkUrl: 'https://assent.example/news',
    });
    const rows = [
      { id: 'ended', start: at(-120), end: at(-1), title: 'Ended' },
      { id: 'ends-now', start: at(-60), end: at(0), title: 'Ends now' },
      { id: 'running', start: at(-90), end: at(60), title: 'Running', expire: 2, units: 'weeks' },
      { id: 'starts-now', start: at(0), end: at(30), title: 'Starts now' },
      { id: 'later', start: at(1), end: at(600), title: 'Later' },
    ];
    for (const r of rows) {
      await server.deps.db.query(
        `insert into announcements (id, starts_at, ends_at, expire, expire_units, modal) values ($1, $2, $3, $4, $5, $6)`,
        [r.id, r.start, r.end, r.expire ?? 7, r.units ?? 'days', modal(r.title)],
      );
    }
    const list = json<Announcement[]>(
      await server.request({ method: 'GET', url: '/customization/announcements', as: user }),
    );
    expect(list.map((a) => a.id)).toEqual(['running', 'ends-now', 'starts-now']);
    expect(list[0]).toEqual({
      id: 'running',
      start: at(-90).toISOString(),
      end: at(60).toISOString(),
      expire: 2,
      expireUnits: 'weeks',
      modal: modal('Running'),
    });
    // The console's rule agrees: every one is visible to a user who dismissed nothing.
    const storage = createMemoryConsoleStorage();
    expect(list.every((a) => isAnnouncementVisible(a, now, storage))).toBe(true);

    clock = at(2);
    user = await server.refresh(user);
    const later = json<Announcement[]>(
      await server.request({ method: 'GET', url: '/customization/announcements', as: user }),
    );
    expect(later.map((a) => a.id)).toEqual(['running', 'starts-now', 'later']);
  });
});
