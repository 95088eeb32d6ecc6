import type { Property } from '@assent/core/property';
import { TCString } from '@iabtechlabtcf/core';
import type { Browser, Page } from '@assent/testing';
import { hasChromium, launchChromium, noChromiumMessage } from '@assent/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublisherServer } from './banner-e2e-support';
import { HOST_RULES, buildBanner, publisherPage, startPublisherServer } from './banner-e2e-support';
import type { LiveServer } from './live-server';
import { startLiveServer } from './live-server';

if (!hasChromium()) console.warn(noChromiumMessage('return-visit test'));

type CmpWindow = {
  __tcfapi: (command: string, version: number, cb: (data: unknown, ok: boolean) => void) => void;
};

interface Loaded {
  url: string;
  /** Answered from the browser's cache (memory or disk), without a request to the server. */
  cached: boolean;
  failed?: string;
}

/** What the page asked of Assent's origin, and how each was answered (CDP Network events). */
async function recordRequests(page: Page, origin: string): Promise<() => Loaded[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const seen = new Map<string, Loaded>();
  cdp.on('Network.requestWillBeSent', (e: { requestId: string; request: { url: string } }) => {
    if (e.request.url.startsWith(origin))
      seen.set(e.requestId, { url: e.request.url.slice(origin.length), cached: false });
  });
  cdp.on('Network.requestServedFromCache', (e: { requestId: string }) => {
    const r = seen.get(e.requestId);
    if (r) r.cached = true;
  });
  cdp.on(
    'Network.responseReceived',
    (e: { requestId: string; response: { fromDiskCache?: boolean } }) => {
      const r = seen.get(e.requestId);
      if (r && e.response.fromDiskCache) r.cached = true;
    },
  );
  cdp.on(
    'Network.loadingFailed',
    (e: { requestId: string; errorText: string; blockedReason?: string }) => {
      const r = seen.get(e.requestId);
      if (r) r.failed = e.blockedReason ?? e.errorText;
    },
  );
  return () => [...seen.values()];
}

const tcData = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ tcString: string; cmpStatus: string; eventStatus: string }>((resolve) =>
        (window as unknown as CmpWindow).__tcfapi('getTCData', 2, (d) =>
          resolve(d as { tcString: string; cmpStatus: string; eventStatus: string }),
        ),
      ),
  );

/**
 * Issue 16, return visits: cmp.js (the tag's script, a loader carrying the configuration) and the
 * runtime file come from the browser's cache, and with a stored choice the CMP APIs answer from
 * the kept answers without a request to the network.
 */
describe.skipIf(!hasChromium())('return visits in Chromium (runtime/config split)', () => {
  let live: LiveServer;
  let publisher: PublisherServer;
  let site: Property;
  let page = '';

  beforeAll(async () => {
    buildBanner();
    live = await startLiveServer({ env: { ASSENT_CMP_ID: '300' } });
    const user = await live.user('publisher@return.test');
    const api = live.api(user);
    site = await api.sites.create({
      query: { pCode: user.pcode },
      body: {
        url: 'return.test',
        publisherName: 'Return Visits',
        themeId: '1',
        consentLocations: ['WORLDWIDE'],
      },
    });
    // The tag as the console shows it: the publisher pasted it once and never changes it.
    const tag = await api.tags.get({ query: { pCode: user.pcode, type: 'site', id: site.uuid } });
    expect(tag.snippet).toContain(
      `<script async src="${live.url}/banner/property/${site.uuid}/cmp.js">`,
    );
    page = publisherPage(tag.snippet, 'Return visit');
    publisher = await startPublisherServer(() => page);
  }, 120_000);

  afterAll(async () => {
    await publisher?.close();
    await live?.close();
  });

  it('with a stored choice, the APIs answer from the kept answers without a request, and cmp.js and the runtime come from the cache', async () => {
    const browser: Browser = await launchChromium({ args: HOST_RULES });
    try {
      const tab = browser.context.pages()[0] ?? (await browser.context.newPage());
      const errors: string[] = [];
      tab.on('pageerror', (e) => errors.push(e.message));
      const url = `${publisher.origin('return.test')}/article`;

      // First visit: cmp.js (the loader, the configuration inline), then the runtime file.
      const first = await recordRequests(tab, live.url);
      await tab.goto(url);
      const accept = tab.locator('#assent-cmp [data-action="accept"]');
      await accept.waitFor({ state: 'visible', timeout: 30_000 });
      const firstLoads = first().map((r) => r.url.replace(/runtime\/[^/]+\//, 'runtime/{build}/'));
      expect(firstLoads).toEqual(
        expect.arrayContaining([
          `/banner/property/${site.uuid}/cmp.js`,
          '/banner/runtime/{build}/cmp-gdpr.js',
        ]),
      );
      expect(firstLoads.filter((u) => u.includes('config.json'))).toEqual([]);
      // While the banner asks there is nothing to keep: keep.js is not fetched, even once the
      // page has been idle (it comes after the choice, below).
      await tab.evaluate(
        () => new Promise((r) => requestIdleCallback(() => requestIdleCallback(() => r(null)))),
      );
      await tab.evaluate(() => fetch('/article?idle', { cache: 'no-store' }).then(() => null));
      expect(first().filter((r) => r.url.endsWith('/keep.js'))).toEqual([]);
      // The runtime has already told the next page view's stub this visitor's locator frames (a
      // second page view without a choice creates 2, not 3).
      expect(await tab.evaluate(() => localStorage.getItem('assent-loc'))).toBe('__tcfapi,__gpp');
      await accept.click();
      await accept.waitFor({ state: 'detached' });
      const chosen = await tcData(tab);
      expect(TCString.decode(chosen.tcString).purposeConsents.size).toBeGreaterThan(0);
      // Once the page is idle, the runtime file runs a second time, from the cache, so that
      // Chromium keeps its compiled code for the next page view; that run does nothing. And the
      // runtime keeps its answers for the stored choice (the fast path's), and runs fast.js once.
      await expect
        .poll(() => tab.evaluate(() => localStorage.getItem('assent-warm')), { timeout: 30_000 })
        .toMatch(/\/banner\/runtime\/[^/]+\/cmp-gdpr\.js$/);
      await expect
        .poll(
          () =>
            tab.evaluate(() => Object.keys(localStorage).some((k) => k.startsWith('assent-fast:'))),
          { timeout: 30_000 },
        )
        .toBe(true);
      // (a hit in Blink's memory cache: no request at all, even to the HTTP cache)
      const runtimeScripts = (file: string) =>
        tab.evaluate(
          (f) =>
            [...document.querySelectorAll(`script[src*="/banner/runtime/"][src$="/${f}"]`)].length,
          file,
        );
      await expect.poll(() => runtimeScripts('cmp-gdpr.js')).toBe(2);
      await expect.poll(() => runtimeScripts('fast.js')).toBe(1);
      expect(first().filter((r) => r.url.endsWith('/cmp-gdpr.js'))).toHaveLength(1);
      expect(first().filter((r) => r.url.endsWith('/keep.js'))).toHaveLength(1);
      await expect(tab.locator('#assent-cmp').count()).resolves.toBe(1);
      expect((await tcData(tab)).tcString).toBe(chosen.tcString);

      // Return visit: the APIs answer through the fast path (fast.js from the cache); the
      // runtime file does not run at all, and nothing but the visit beacon goes to the network.
      const again = await recordRequests(tab, live.url);
      await tab.goto(url);
      const answer = await tcData(tab);
      expect(answer.tcString).toBe(chosen.tcString);
      expect(answer.cmpStatus).toBe('loaded');
      expect(answer.eventStatus).toBe('tcloaded');
      await expect(tab.locator('#assent-cmp [data-action="accept"]').count()).resolves.toBe(0);
      // The stub created only the locator frames of this visitor's regulation (the runtime told it),
      // and a frame finding the CMP through __tcfapiLocator is answered with the choice.
      const locators = await tab.evaluate(() =>
        [...document.querySelectorAll('iframe')]
          .map((f) => f.name)
          .filter((n) => /Locator$/.test(n)),
      );
      expect(locators).toEqual(['__tcfapiLocator', '__gppLocator']);
      // (this site's tag has no USP API; the stub's unit test shows a frame left out)
      expect(await tab.evaluate(() => localStorage.getItem('assent-loc'))).toBe('__tcfapi,__gpp');
      const crossFrame = await tab.evaluate(
        () =>
          new Promise<{ returnValue: { tcString: string }; success: boolean }>((resolve) => {
            addEventListener('message', (e: MessageEvent) => {
              const r = (e.data as { found?: never } | null)?.found;
              if (r) resolve(r);
            });
            const f = document.createElement('iframe');
            f.srcdoc = `<script>
              let w = window;
              while (!w.frames.__tcfapiLocator && w !== top) w = w.parent;
              addEventListener('message', (e) => {
                if (e.data && e.data.__tcfapiReturn) parent.postMessage({ found: e.data.__tcfapiReturn }, '*');
              });
              w.postMessage({ __tcfapiCall: { command: 'getTCData', version: 2, callId: 1 } }, '*');
            </script>`;
            document.body.appendChild(f);
          }),
      );
      expect(crossFrame.success).toBe(true);
      expect(crossFrame.returnValue.tcString).toBe(chosen.tcString);
      const loads = again().filter((r) => !r.url.startsWith('/banner/visit'));
      const script = loads.find((r) => r.url.endsWith('/cmp.js'));
      const fast = loads.find((r) => r.url.endsWith('/fast.js'));
      expect(
        loads.filter((r) => !r.cached),
        JSON.stringify(loads),
      ).toEqual([]);
      expect(script, JSON.stringify(loads)).toMatchObject({ cached: true });
      expect(fast, JSON.stringify(loads)).toMatchObject({ cached: true });
      expect(
        loads.filter((r) => r.url.endsWith('/cmp-gdpr.js')),
        JSON.stringify(loads),
      ).toEqual([]);
      // A call the kept answers cannot answer (the vendor list) runs the runtime, which answers it.
      const gvl = await tab.evaluate(
        () =>
          new Promise<{ vendorListVersion?: number }>((resolve) =>
            (
              window as unknown as {
                __tcfapi: (c: string, v: number, cb: (d: unknown) => void) => void;
              }
            ).__tcfapi('getVendorList', 2, (d) => resolve(d as { vendorListVersion?: number })),
          ),
      );
      expect(gvl.vendorListVersion).toBeGreaterThan(0);
      expect(again().filter((r) => r.url.endsWith('/cmp-gdpr.js'))).toHaveLength(1);
      expect((await tcData(tab)).tcString).toBe(chosen.tcString);
      expect(errors).toEqual([]);

      // Without a stored choice the banner shows again, from the cached cmp.js and runtime.
      await browser.context.clearCookies();
      await tab.goto(url);
      await accept.waitFor({ state: 'visible', timeout: 30_000 });
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 120_000);
});
