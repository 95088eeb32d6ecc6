import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { UNREGISTERED_CMP_ID_WARNING, VISIT_OUTCOMES } from '@assent/core/banner';
import { formatPercent } from '@assent/core';
import { NO_IAB_VENDORS_SELECTED } from '@assent/core/vendors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoPath } from '../src/paths';
import { RENDERED_CACHE_CONTROL, serverRenderDir } from '../src/ssr/console-page';
import type { TestServer, TestUser } from './harness';
import { createTestServer, json } from './harness';
import { storeVisits, visitRecord } from './visit-records';

// The built console and its server render (`node scripts/run.mjs build`).
const WEB_DIST = repoPath('apps', 'web', 'dist');
const HOSTILE_NAME = '</script><script>alert(1)</script>\u2028&amp;';

/** The JSON of the page's state block, as the browser's JSON.parse reads it. */
function stateOf(html: string): unknown {
  const match = /<script type="application\/json" id="assent-state">([\s\S]*?)<\/script>/.exec(
    html,
  );
  if (!match) throw new Error('no state block');
  return JSON.parse(match[1]!);
}

/** The hrefs of a page's `<link rel="modulepreload">` elements, in order. */
function modulePreloads(html: string): string[] {
  return [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
    (match) => match[1]!,
  );
}

/** The built console's manifest (`build.manifest`): source path → its chunk. */
function manifest(): Record<string, { file: string; imports?: string[] }> {
  return JSON.parse(readFileSync(path.join(WEB_DIST, '.vite', 'manifest.json'), 'utf8')) as never;
}

describe('server render of the console pages', () => {
  let server: TestServer;
  let user: TestUser;
  let propertiesPath: string;
  let alphaUuid: string;

  beforeAll(async () => {
    expect(
      existsSync(path.join(serverRenderDir(WEB_DIST), 'entry-server.js')),
      'the console is built with its server render (node scripts/run.mjs build)',
    ).toBe(true);
    server = await createTestServer('pglite', {
      env: { ASSENT_WEB_DIST: WEB_DIST, ASSENT_SSR_TIME_LIMIT_MS: '60000' },
    });
    user = await server.user();
    propertiesPath = `/protect/p-${user.pcode}/properties`;
    const uuids: string[] = [];
    for (const name of ['alpha', 'bravo']) {
      const res = await server.request({
        method: 'POST',
        url: `/customization/v2/site?pCode=${user.pcode}`,
        payload: { themeId: '1', url: `${name}.example.com`, publisherName: `Publisher ${name}` },
        as: user,
      });
      expect(res.statusCode).toBe(201);
      uuids.push(json<{ uuid: string }>(res).uuid);
    }
    alphaUuid = uuids[0]!;
    // Alpha's banner was answered 3 times in 4 two days ago: a consent rate of 75% in its row.
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    await storeVisits(
      server.deps.db,
      (['acceptAll', 'acceptAll', 'acceptAll', 'rejectAll'] as const).map((outcome) =>
        visitRecord(user.pcode, alphaUuid, twoDaysAgo, { o: VISIT_OUTCOMES[outcome] }),
      ),
    );
    // The API refuses script-like text; a row stored before that rule (or by hand) can hold it.
    await server.deps.db.query(
      `update properties set list_item = jsonb_set(list_item, '{publisherName}', to_jsonb($1::text)) where uuid = $2`,
      [HOSTILE_NAME, uuids[1]],
    );
  });
  afterAll(() => server?.close());

  it(
    'sends a signed-in properties page with its first rows and their data, private and per cookie',
    { timeout: 180_000 },
    async () => {
      // The first console page starts loading the render's bundle; pages are plain until it is in.
      const first = await server.request({ method: 'GET', url: propertiesPath, as: user });
      expect(first.statusCode).toBe(200);
      let res = first;
      await expect
        .poll(
          async () => {
            res = await server.request({ method: 'GET', url: propertiesPath, as: user });
            return res.headers['cache-control'];
          },
          { timeout: 120_000, interval: 200 },
        )
        .toBe(RENDERED_CACHE_CONTROL);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe(RENDERED_CACHE_CONTROL);
      expect(res.headers.vary).toMatch(/cookie/i);
      const html = res.body;
      // The markup of the table, inert until the browser has hydrated it.
      expect(html).toMatch(/<div id="root" inert>/);
      expect(html).toContain('alpha.example.com');
      expect(html).toContain('Publisher alpha');
      // The shell's operator warning (this server has no ASSENT_CMP_ID) is in the first paint,
      // not a callout that pushes the table down once the browser has asked /healthz.
      expect(html).toContain(UNREGISTERED_CMP_ID_WARNING.replaceAll("'", '&#x27;'));
      // The rows' consent rates are in the first paint too, not spinners until the browser asks;
      // so is the notice above the table of an account without IAB vendors (it would push the
      // table down once the browser had asked).
      expect(html).toContain(`>${formatPercent(75)}<`);
      expect(html).not.toContain('aria-label="Loading"');
      expect(html).toContain(NO_IAB_VENDORS_SELECTED.replaceAll("'", '&#x27;'));
      // The hostile name is text in the markup and a string in the state, nowhere markup.
      expect(html).not.toContain('<script>alert(1)');
      expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(html.match(/<\/script>/g)).toHaveLength(
        // index.html's own module script, the state block's end.
        (html.match(/<script\b/g) ?? []).length,
      );
      // The state block's text: no markup character, no line separator (escaped as \u003c, \u2028…).
      const block = /id="assent-state">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
      expect(block).toMatch(/\\u003c\/script\\u003e/);
      expect(block).not.toMatch(/[<>&\u2028\u2029]/);
      const state = stateOf(html) as {
        queries: Array<{ queryKey: unknown[]; state: { data: unknown } }>;
      };
      const rows = state.queries.find((query) => query.queryKey[2] === 'rows')?.state.data;
      expect(rows).toMatchObject([
        { url: 'alpha.example.com', publisherName: 'Publisher alpha' },
        { url: 'bravo.example.com', publisherName: HOSTILE_NAME },
      ]);
    },
  );

  it('links the chunks of the rendered page ahead (modulepreload), built, and a plain page only its entry', async () => {
    const built = manifest();
    const index = modulePreloads(readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8'));
    const linked = async (url: string) => {
      const res = await server.request({ method: 'GET', url, as: user });
      return {
        rendered: res.headers['cache-control'] === RENDERED_CACHE_CONTROL,
        links: modulePreloads(res.body),
      };
    };
    const chunkOf = (key: string) => `/${built[key]!.file}`;

    const properties = await linked(propertiesPath);
    expect(properties.rendered).toBe(true);
    // The route's lazy modules (routes.tsx: the shell, the page) and all they import statically,
    // each once, each a built file; index.html's own links kept as they were.
    const route = ['src/app/ProtectRoutes.tsx', 'src/properties/PropertiesPage.tsx'];
    const added = properties.links.slice(index.length);
    expect(properties.links.slice(0, index.length)).toEqual(index);
    expect(added).toEqual(expect.arrayContaining(route.map(chunkOf)));
    for (const key of route)
      for (const imported of built[key]!.imports ?? [])
        expect([...index, ...added, chunkOf('index.html')], imported).toContain(chunkOf(imported));
    expect(new Set(added).size).toBe(added.length);
    for (const href of added) expect(existsSync(path.join(WEB_DIST, href)), href).toBe(true);

    const dashboard = await linked(`/protect/p-${user.pcode}/reports/${alphaUuid}`);
    expect(dashboard.rendered).toBe(true);
    expect(dashboard.links).toContain(chunkOf('src/reports/ReportsPage.tsx'));
    // plotly's chunk loads when a chart draws, not ahead.
    expect(dashboard.links).not.toContain(chunkOf('src/components/plot/Plot.tsx'));

    for (const url of ['/login', `/protect/p-${user.pcode}/themes`]) {
      const plain = await linked(url);
      expect(plain.rendered, url).toBe(false);
      expect(plain.links, url).toEqual(index);
    }
  });

  it('sends the reports dashboard of a property with its cards, chart titles and country table', async () => {
    const res = await server.request({
      method: 'GET',
      url: `/protect/p-${user.pcode}/reports/${alphaUuid}`,
      as: user,
    });
    expect(res.headers['cache-control']).toBe(RENDERED_CACHE_CONTROL);
    expect(res.body).toContain('Display Count');
    expect(res.body).toContain('Consent breakdown');
    expect(res.body).toContain('Consent by country');
    const state = stateOf(res.body) as { renderedAt: number; queries: unknown[] };
    expect(Math.abs(state.renderedAt - Date.now())).toBeLessThan(60_000);
  });

  it('compresses the rendered page as it does index.html', async () => {
    const res = await server.request({
      method: 'GET',
      url: propertiesPath,
      as: user,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('alpha.example.com');
  });

  it('sends today’s plain page when signed out, to another account, or on a page not rendered on the server', async () => {
    const other = await server.user();
    for (const [url, as] of [
      [propertiesPath, undefined],
      [propertiesPath, other],
      [`/protect/p-${user.pcode}/themes`, user],
      [`/protect/p-${user.pcode}/reports?report_id=1`, user],
      [`/protect/p-${user.pcode}/reports/view-reports`, user],
      ['/login', user],
    ] as const) {
      const res = await server.request({ method: 'GET', url, ...(as ? { as } : {}) });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).not.toContain('assent-state');
    }
  });

  it('renders nothing on the server with ASSENT_SSR_TIME_LIMIT_MS=0 (plain pages, as before server rendering)', async () => {
    // This process has loaded the render's bundle already (the first test), so a server that
    // rendered would send rendered pages from its first or second request on.
    const off = await createTestServer('pglite', {
      env: { ASSENT_WEB_DIST: WEB_DIST, ASSENT_SSR_TIME_LIMIT_MS: '0' },
    });
    try {
      const owner = await off.user();
      const created = await off.request({
        method: 'POST',
        url: `/customization/v2/site?pCode=${owner.pcode}`,
        payload: { themeId: '1', url: 'charlie.example.com', publisherName: 'Publisher charlie' },
        as: owner,
      });
      expect(created.statusCode).toBe(201);
      for (let i = 0; i < 5; i++) {
        const res = await off.request({
          method: 'GET',
          url: `/protect/p-${owner.pcode}/properties`,
          as: owner,
        });
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.body).toContain('<div id="root"></div>');
        expect(res.body).not.toContain('charlie.example.com');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    } finally {
      await off.close();
    }
  });

  it('never serves the server render bundle as a file', async () => {
    for (const url of [
      '/.vite/manifest.json',
      '/../dist-ssr/entry-server.js',
      '/dist-ssr/entry-server.js',
      '/%2e%2e/dist-ssr/entry-server.js',
      '/entry-server.js',
    ]) {
      const res = await server.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('prerender');
    }
  });
});
