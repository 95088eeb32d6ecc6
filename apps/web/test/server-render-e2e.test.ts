// @vitest-environment node
import { PROPERTIES_TITLE } from '@assent/core/property';
import type { TestUser } from '@assent/server/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FIND_CONSENT } from '../src/properties/find-consent';
import type { E2eBrowser, E2eServer } from './e2e-support';
import {
  closeAll,
  closeWithEscape,
  describeInChromium,
  openConsole,
  recordConsoleErrors,
  startE2eServer,
  untilServerRendered,
} from './e2e-support';

const SITES = ['alpha.example.com', 'bravo.example.com', 'charlie.example.com'];

describeInChromium('server-rendered console pages in a real browser', () => {
  let server: E2eServer;
  let browser: E2eBrowser;
  let page: Page;
  let owner: TestUser;

  beforeAll(async () => {
    server = await startE2eServer();
    owner = await server.user('ssr.owner@example.com');
    const api = server.api(owner);
    for (const url of SITES) {
      await api.sites.create({
        query: { pCode: owner.pcode },
        body: { url, publisherName: 'Nora News', themeId: '1' },
      });
    }
    browser = await openConsole(server, { as: owner, timeoutMs: 60_000 });
    page = browser.page;
    await untilServerRendered(server, `/protect/p-${owner.pcode}/properties`, owner);
  });
  afterAll(() => closeAll(server, browser));

  it(
    'the properties page arrives with its rows, hydrates without a mismatch or a call again, then works',
    { timeout: 120_000 },
    async () => {
      const apiCalls: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (/^\/(auth|customization)\//.test(url.pathname)) apiCalls.push(url.pathname);
      });
      // React reports recovered hydration errors through `onRecoverableError`; main.tsx logs them.
      const consoleErrors = await recordConsoleErrors(page);
      const response = await page.goto(`${server.url}/protect/p-${owner.pcode}/properties`);
      // The document itself holds the rows (the server rendered them).
      const html = (await response?.text()) ?? '';
      for (const url of SITES) expect(html).toContain(url);
      expect(response?.headers()['cache-control']).toBe('private, no-store');

      // page.goto returned once #root was hydrated (e2e-support's waitForHydration).
      expect(await page.locator('#root').getAttribute('inert')).toBeNull();
      await page.getByRole('heading', { name: PROPERTIES_TITLE }).waitFor();
      for (const url of SITES) await page.getByText(url, { exact: true }).waitFor();
      expect(await consoleErrors()).toEqual([]);
      expect(browser.problems).toEqual([]);
      // The session, organisations and rows came with the page: not asked for again.
      expect(apiCalls.filter((path) => path === '/auth/me' || path.endsWith('/site/rows'))).toEqual(
        [],
      );

      // It works: a button opens its dialog, and the filter filters.
      await page.getByRole('button', { name: FIND_CONSENT }).click();
      await closeWithEscape(page.getByRole('dialog'));
      await page.getByRole('searchbox').fill('bravo');
      await page.getByText('1 of 3').waitFor();
      await expect.poll(() => page.getByText('alpha.example.com', { exact: true }).count()).toBe(0);
      expect(browser.problems).toEqual([]);
    },
  );

  it(
    'hydration waits for the page chunk, then hydrates the page in the commit that makes it work',
    { timeout: 120_000 },
    async () => {
      // Each React commit, as React DevTools would see it: whether the first table row was
      // hydrated by then (React's key on the element), and whether #root worked.
      await page.addInitScript(() => {
        const commits: string[] = [];
        const w = window as unknown as Record<string, unknown>;
        w.reactCommits = commits;
        w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
          supportsFiber: true,
          renderers: new Map(),
          inject: () => {
            w.reactLoaded = true;
            return 1;
          },
          checkDCE() {},
          onScheduleFiberRoot() {},
          onCommitFiberUnmount() {},
          onPostCommitFiberRoot() {},
          onCommitFiberRoot() {
            const row = document.querySelector('.assent-properties-table tbody tr');
            const hydrated = row !== null && Object.keys(row).some((k) => k.startsWith('__react'));
            const works = document.getElementById('root')?.dataset.hydrated !== undefined;
            commits.push(
              `${hydrated ? 'row hydrated' : 'row not hydrated'}, ${works ? 'works' : 'inert'}`,
            );
          },
        };
      });
      // The properties page's chunk is held until React has loaded and has nothing left to do.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      let requested = () => {};
      const chunkRequested = new Promise<void>((resolve) => (requested = resolve));
      await page.route(/\/assets\/PropertiesPage-[\w-]+\.js$/, async (route) => {
        requested();
        await held;
        await route.continue();
      });
      try {
        const loaded = page.goto(`${server.url}/protect/p-${owner.pcode}/properties`);
        await chunkRequested;
        await page.waitForFunction(
          () => (window as unknown as Record<string, unknown>).reactLoaded,
        );
        // Idle twice: React's scheduled work (a hydration pass) runs before the browser is idle.
        for (let i = 0; i < 2; i += 1)
          await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
        const beforeChunk = await page.evaluate(
          () => (window as unknown as { reactCommits: string[] }).reactCommits.length,
        );
        release();
        await loaded;
        const commits = await page.evaluate(
          () => (window as unknown as { reactCommits: string[] }).reactCommits,
        );
        // Nothing was hydrated while the page's chunk was missing (it would suspend hydration).
        expect(beforeChunk).toBe(0);
        // The commit that hydrated the rows is the one that lifted inert, not a later one.
        expect(commits.find((commit) => commit.startsWith('row hydrated'))).toBe(
          'row hydrated, works',
        );
        expect(commits.filter((commit) => commit.endsWith('works')).length).toBeGreaterThan(0);
        expect(browser.problems).toEqual([]);
      } finally {
        release();
        await page.unroute(/\/assets\/PropertiesPage-[\w-]+\.js$/);
      }
    },
  );

  it('a signed-out visitor of the same page lands on the sign-in page, as before', async () => {
    const visitor = await openConsole(server);
    try {
      const response = await visitor.page.goto(`${server.url}/protect/p-${owner.pcode}/properties`);
      expect(await response?.text()).toContain('<div id="root"></div>');
      await visitor.page.waitForURL('**/login');
    } finally {
      await visitor.close();
    }
  });
});
