import type { Property, PropertyDraft } from '@assent/core/property';
import { US_DEFAULT_TEXTS } from '@assent/core/theme';
import { GppModel } from '@iabgpp/cmpapi';
import { TCString } from '@iabtechlabtcf/core';
import type { Browser, BrowserContext, Page } from '@assent/testing';
import { hasChromium, launchChromium, noChromiumMessage } from '@assent/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublisherServer, VisitRow } from './banner-e2e-support';
import {
  HOST_RULES,
  buildBanner,
  publisherPage,
  startPublisherServer,
  visitRows,
  waitForVisits,
} from './banner-e2e-support';
import type { LiveServer } from './live-server';
import { GEO_HEADER_ENV, startLiveServer } from './live-server';

/**
 * The consent runtime's APIs as vendors and integrators use them, in Debian's Chromium: a running
 * server, the real tags from the console API, publisher pages on loopback host names, and every
 * consent string checked with IAB's own libraries (@iabtechlabtcf/core, @iabgpp/cmpapi).
 */

const CMP_ID = 300;
const GVL_VERSION = 7;
const SHOWN = { timeout: 15_000 } as const;

if (!hasChromium()) console.warn(noChromiumMessage('banner APIs end-to-end test'));

type Callback = (data: never, success: boolean) => void;
interface CmpWindow {
  __tcfapi(command: string, version: number, cb: Callback, parameter?: unknown): void;
  __gpp(command: string, cb: Callback, parameter?: unknown): void;
  __uspapi(command: string, version: number, cb: Callback): void;
  dataLayer?: ArrayLike<unknown>[];
  /** Recorded by the publisher's inline script, which runs before cmp.js has loaded. */
  __stubPing?: Record<string, unknown>;
  __stubGppPing?: Record<string, unknown>;
  __events: Array<{ eventStatus?: string; cmpStatus?: string; tcString?: string; ok: boolean }>;
  __gppEvents: Array<{ eventName: string; data: unknown; gppString: string }>;
  __usp: Array<{ version: number; uspString: string } | null>;
  __ampMessages: Array<Record<string, unknown>>;
}

/**
 * The publisher's own script right after the tag: it calls the APIs while only the stub exists
 * (the stub must answer `ping` and queue the rest), and records what it gets.
 */
const PUBLISHER_RECORDER = `<script>
window.__events = []; window.__gppEvents = []; window.__usp = [];
if (window.__tcfapi) {
  __tcfapi('ping', 2, function (d) { window.__stubPing = d; });
  __tcfapi('addEventListener', 2, function (d, ok) {
    window.__events.push({ eventStatus: d.eventStatus, cmpStatus: d.cmpStatus, tcString: d.tcString, ok: ok });
  });
}
if (window.__gpp) {
  __gpp('ping', function (d) { window.__stubGppPing = d; });
  __gpp('addEventListener', function (e) {
    window.__gppEvents.push({ eventName: e.eventName, data: e.data, gppString: e.pingData.gppString });
  });
}
if (window.__uspapi) __uspapi('getUSPData', 1, function (d) { window.__usp.push(d); });
</script>`;

/**
 * A third party's frame on another host, without any CMP API of its own: it finds the CMP through
 * the `__tcfapiLocator` / `__gppLocator` frame by walking up `window.parent`, as IAB's reference
 * code does, and talks to it with postMessage.
 */
const AD_FRAME = `<!doctype html><html><head><meta charset="utf-8"><title>Ad</title></head><body>
<p>An advertiser's frame</p>
<script>
(function () {
  var pending = {}; var next = 1;
  function locate(name) {
    for (var f = window; f; f = f.parent) {
      try { if (f.frames[name]) return f; } catch (e) { /* not reachable */ }
      if (f === window.top) break;
    }
    return null;
  }
  window.addEventListener('message', function (e) {
    var d = e.data;
    if (typeof d === 'string') { try { d = JSON.parse(d); } catch (x) { return; } }
    if (!d || typeof d !== 'object') return;
    ['__tcfapiReturn', '__gppReturn'].forEach(function (key) {
      var r = d[key];
      if (r && pending[r.callId]) pending[r.callId](r.returnValue, r.success);
    });
  });
  window.ownApis = [typeof window.__tcfapi, typeof window.__gpp];
  window.cmpCall = function (api, command, version, parameter, onReturn) {
    var target = locate(api + 'Locator');
    if (!target) return false;
    var callId = 'ad-' + next++;
    pending[callId] = onReturn;
    var call = {};
    call[api + 'Call'] = { command: command, version: version, parameter: parameter, callId: callId };
    target.postMessage(call, '*');
    return callId;
  };
})();
</script></body></html>`;

/** A page of the AMP site that talks to amp-consent's endpoints as amp-consent does. */
const AMP_HOST_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>AMP article</title>
<script>window.__ampMessages = [];
window.addEventListener('message', function (e) { window.__ampMessages.push(e.data); });</script>
</head><body><h1>An AMP article</h1></body></html>`;

describe.skipIf(!hasChromium())(
  'consent runtime APIs end to end: running server → real tags → publisher pages in Chromium',
  () => {
    let live: LiveServer;
    let assent: string;
    let publisher: PublisherServer;
    let browser: Browser;
    let gdprSite: Property;
    let usSite: Property;
    let ampSite: Property;
    let ampConfig: {
      consentInstanceId: string;
      consentRequired: string;
      checkConsentHref: string;
      promptUISrc: string;
      uiConfig: unknown;
    };
    const pages = new Map<string, string>();

    beforeAll(async () => {
      buildBanner();
      live = await startLiveServer({ env: { ...GEO_HEADER_ENV, ASSENT_CMP_ID: String(CMP_ID) } });
      assent = live.url;
      const user = await live.user('integrator@news.test', {
        organisation: { name: 'The Daily Example' },
      });
      const pcode = user.pcode;
      const api = live.api(user);
      const query = { pCode: pcode };

      const theme = await api.themes.create({
        query,
        body: {
          themeType: 'SITE',
          themeName: 'Daily Example',
          initScreenRejectButtonShowing: true,
          uxPersistentConsentButton: true,
        },
      });
      const site = (draft: PropertyDraft) =>
        api.sites.create({
          query,
          body: { publisherName: 'The Daily Example', themeId: theme.themeId, ...draft },
        });
      // GDPR with TCF and GPP encoding, and Google consent mode for four storage types.
      gdprSite = await site({
        url: 'news.test',
        consentLocations: ['EEA'],
        gbcEnabled: true,
        gbcLocations: ['WORLDWIDE'],
        gbcApplicablePurposes: [1, 2, 3, 4].map((id) => ({
          id,
          enabled: true,
          defaultValue: 'DENIED',
        })),
      });
      // EEA and the US: US visitors get the US screen, usnat and their state's section, and USP.
      usSite = await site({
        url: 'us-news.test',
        consentLocations: ['EEA', 'USA'],
        ccpaViaUsp: true,
      });
      // AMP with the default encoding (TCF and GPP) and US visitors too (issue 15 item 5).
      ampSite = await site({
        url: 'amp.test',
        consentLocations: ['EEA', 'USA'],
        ccpaViaUsp: true,
        ampEnabled: true,
      });
      const tag = (type: 'site' | 'amp', id: string) =>
        api.tags.get({ query: { ...query, type, id } });
      const gdprTag = await tag('site', gdprSite.uuid);
      const usTag = await tag('site', usSite.uuid);
      const ampTag = await tag('amp', ampSite.uuid);
      const universal = await api.tags.get({ query: { ...query, type: 'universal' } });
      const json = /<script type="application\/json">(.*?)<\/script>/s.exec(ampTag.snippet)?.[1];
      ampConfig = JSON.parse(json ?? 'null') as typeof ampConfig;

      publisher = await startPublisherServer((path, host) => pages.get(`${host}${path}`));
      const adFrame = `<iframe name="ad" title="Advertisement" width="300" height="120" src="${publisher.origin('ads.test')}/frame"></iframe>`;
      const withRecorder = (tagSnippet: string) => `${tagSnippet}\n${PUBLISHER_RECORDER}`;
      pages.set('news.test/', publisherPage(withRecorder(gdprTag.snippet), 'GDPR article'));
      pages.set(
        'news.test/with-ad',
        publisherPage(withRecorder(gdprTag.snippet), 'Article with an ad', adFrame),
      );
      pages.set('ads.test/frame', AD_FRAME);
      pages.set('us-news.test/', publisherPage(withRecorder(usTag.snippet), 'US article'));
      pages.set('amp.test/article', AMP_HOST_PAGE);
      // The universal tag, then the page's own gtag snippet (issue 15 item 6).
      const withGtag = `${universal.snippet}\n<script>window.dataLayer = window.dataLayer || [];
function gtag(){dataLayer.push(arguments);}
gtag('js', new Date()); gtag('config', 'G-TEST123');</script>`;
      pages.set('news.test/universal', publisherPage(withGtag, 'Universal tag article'));
      pages.set('us-news.test/universal', publisherPage(withGtag, 'Universal tag US article'));

      browser = await launchChromium({ args: HOST_RULES });
    }, 120_000);

    afterAll(async () => {
      await browser?.close();
      await publisher?.close();
      await live?.close();
    });

    /** A new visitor: a fresh browser context (no cookies) located by the proxy's geo headers. */
    async function newVisitor(
      geo: { country: string; state?: string },
      options: { gpc?: boolean } = {},
    ): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
      const context = await browser.context.browser()!.newContext({
        viewport: { width: 1024, height: 720 },
      });
      // The trusted proxy headers (cf-ipcountry, cf-region-code) on requests to Assent only.
      await context.route(`${assent}/**`, (route) =>
        route.continue({
          headers: {
            ...route.request().headers(),
            'cf-ipcountry': geo.country,
            ...(geo.state ? { 'cf-region-code': geo.state } : {}),
          },
        }),
      );
      if (options.gpc)
        await context.addInitScript(() =>
          Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }),
        );
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') errors.push(m.text());
      });
      return { context, page, errors };
    }

    const tcfapi = <T>(target: Page, command: string, parameter?: unknown) =>
      target.evaluate(
        ([command, parameter]) =>
          new Promise<{ data: unknown; ok: boolean }>((resolve) =>
            (window as unknown as CmpWindow).__tcfapi(
              command as string,
              2,
              (data, ok) => resolve({ data, ok }),
              parameter,
            ),
          ),
        [command, parameter] as const,
      ) as Promise<{ data: T; ok: boolean }>;

    const gppapi = <T>(page: Page, command: string, parameter?: unknown) =>
      page.evaluate(
        ([command, parameter]) =>
          new Promise<{ data: unknown; ok: boolean }>((resolve) =>
            (window as unknown as CmpWindow).__gpp(
              command as string,
              (data, ok) => resolve({ data, ok }),
              parameter,
            ),
          ),
        [command, parameter] as const,
      ) as Promise<{ data: T; ok: boolean }>;

    const uspData = (page: Page) =>
      page.evaluate(
        () =>
          new Promise<{ version: number; uspString: string }>((resolve) =>
            (window as unknown as CmpWindow).__uspapi('getUSPData', 1, (d) => resolve(d)),
          ),
      );

    const recorded = <K extends keyof CmpWindow>(page: Page, key: K) =>
      page.evaluate((k) => (window as unknown as CmpWindow)[k], key) as Promise<CmpWindow[K]>;

    /** gtag calls in dataLayer order, as arrays (gtag pushes `arguments`). */
    const gtagCalls = (page: Page) =>
      page.evaluate(() =>
        ((window as unknown as CmpWindow).dataLayer ?? []).map((a) => Array.from(a)),
      );

    const cookie = async (context: BrowserContext, url: string, name: string) => {
      const found = (await context.cookies(url)).find((c) => c.name === name);
      return found && decodeURIComponent(found.value);
    };

    const ids = (vector: { values(): IterableIterator<number> }) => [...vector.values()];

    /** How many visits a property has stored: each test counts its own from there. */
    const visitCount = async (uuid: string) => (await visitRows(live, uuid)).length;
    /** The `count` visits stored after the first `before` (beacons arrive asynchronously). */
    const visitsSince = async <R extends object = VisitRow>(
      uuid: string,
      before: number,
      count: number,
      columns?: string,
    ) => (await waitForVisits<R>(live, uuid, before + count, columns)).slice(before);

    const banner = (page: Page, view: string) => page.locator(`#assent-cmp [data-view="${view}"]`);

    describe('a GDPR visitor (France)', () => {
      it('stub queues calls before cmp.js; events cmpuishown → useractioncomplete; a partial choice in the second layer is exactly the TC string, the cookie, GPP tcfeuv2 and consent mode', async () => {
        const before = await visitCount(gdprSite.uuid);
        const { context, page, errors } = await newVisitor({ country: 'FR' });
        try {
          await page.goto(`${publisher.origin('news.test')}/`);
          await banner(page, 'first').waitFor(SHOWN);

          // The publisher's script ran before cmp.js: the stub answered ping itself.
          expect(await recorded(page, '__stubPing')).toMatchObject({
            cmpLoaded: false,
            cmpStatus: 'stub',
            cmpId: CMP_ID,
            apiVersion: '2.2',
          });
          expect(await recorded(page, '__stubGppPing')).toMatchObject({ cmpStatus: 'stub' });
          const { data: ping } = await tcfapi<Record<string, unknown>>(page, 'ping');
          expect(ping).toMatchObject({
            gdprApplies: true,
            cmpLoaded: true,
            cmpStatus: 'loaded',
            displayStatus: 'visible',
            cmpId: CMP_ID,
            gvlVersion: GVL_VERSION,
          });
          // The listener queued in the stub was registered when cmp.js loaded.
          // TCF 2.2: the shown UI's TC string has legitimate interest and no consent.
          const shownEvents = await recorded(page, '__events');
          expect(shownEvents).toEqual([
            {
              eventStatus: 'cmpuishown',
              cmpStatus: 'loaded',
              tcString: expect.any(String),
              ok: true,
            },
          ]);
          const shown = TCString.decode(shownEvents[0]!.tcString!);
          expect(ids(shown.purposeConsents)).toEqual([]);
          expect(ids(shown.vendorConsents)).toEqual([]);
          expect(ids(shown.purposeLegitimateInterests).length).toBeGreaterThan(0);

          // Second layer: consent to purposes 1, 3 and 4, legitimate interest for purpose 7 only,
          // consent for the first and third vendor, legitimate interest for the second only.
          // Legitimate interest is objection-based (issue 15 item 7): its switches start on, so
          // the visitor switches off every other one.
          await banner(page, 'first').locator('[data-action="more"]').click();
          const second = banner(page, 'second');
          await second.locator('[data-vendor]').first().waitFor(SHOWN);
          const switchOf = (selector: string, name: string) =>
            second.locator(selector).getByRole('switch', { name, exact: true });
          for (const p of [1, 3, 4]) await switchOf(`[data-purpose="${p}"]`, 'Consent').check();
          const liPurposes = (await second
            .locator('[data-purpose]')
            .filter({ has: page.getByRole('switch', { name: 'Legitimate interest' }) })
            .evaluateAll((els) =>
              els.map((el) => Number(el.getAttribute('data-purpose'))),
            )) as number[];
          expect(liPurposes).toContain(7);
          for (const p of liPurposes) {
            const li = switchOf(`[data-purpose="${p}"]`, 'Legitimate interest');
            await expect(li.isChecked()).resolves.toBe(true);
            if (p !== 7) await li.uncheck();
          }
          const vendorIds = (await second
            .locator('[data-vendor]')
            .evaluateAll((els) =>
              els.map((el) => Number(el.getAttribute('data-vendor'))),
            )) as number[];
          const liVendor = await second
            .locator('[data-vendor]')
            .filter({ has: page.getByRole('switch', { name: 'Legitimate interest' }) })
            .first()
            .getAttribute('data-vendor');
          const consentVendors = [vendorIds[0]!, vendorIds[2]!];
          for (const v of consentVendors) await switchOf(`[data-vendor="${v}"]`, 'Consent').check();
          const liVendors = (await second
            .locator('[data-vendor]')
            .filter({ has: page.getByRole('switch', { name: 'Legitimate interest' }) })
            .evaluateAll((els) =>
              els.map((el) => Number(el.getAttribute('data-vendor'))),
            )) as number[];
          for (const v of liVendors) {
            const li = switchOf(`[data-vendor="${v}"]`, 'Legitimate interest');
            await expect(li.isChecked()).resolves.toBe(true);
            if (v !== Number(liVendor)) await li.uncheck();
          }
          await second.locator('[data-action="save"]').click();
          await expect(banner(page, 'second').count()).resolves.toBe(0);

          // The choice reaches listeners in the task after the banner closes (decisions.md).
          await page.waitForFunction(
            () => (window as unknown as CmpWindow).__events.length > 1,
            undefined,
            SHOWN,
          );
          const events = await recorded(page, '__events');
          expect(events.map((e) => e.eventStatus)).toEqual(['cmpuishown', 'useractioncomplete']);
          const tcString = events[1]!.tcString!;
          const { data: tcData } = await tcfapi<{ tcString: string }>(page, 'getTCData');
          expect(tcData.tcString).toBe(tcString);

          const decoded = TCString.decode(tcString);
          expect(decoded.cmpId).toBe(CMP_ID);
          expect(decoded.vendorListVersion).toBe(GVL_VERSION);
          expect(decoded.consentScreen).toBe(2);
          expect(decoded.consentLanguage).toBe('EN');
          expect(ids(decoded.purposeConsents)).toEqual([1, 3, 4]);
          expect(ids(decoded.purposeLegitimateInterests)).toEqual([7]);
          expect(ids(decoded.specialFeatureOptins)).toEqual([]);
          expect(ids(decoded.vendorConsents)).toEqual(consentVendors);
          expect(ids(decoded.vendorLegitimateInterests)).toEqual([Number(liVendor)]);

          // Stored for vendors that read the cookie, and for the next page.
          expect(await cookie(context, publisher.origin('news.test'), 'euconsent-v2')).toBe(
            tcString,
          );

          // GPP carries the same TC string in its tcfeuv2 section.
          const { data: gppPing } = await gppapi<{
            gppString: string;
            applicableSections: number[];
            signalStatus: string;
          }>(page, 'ping');
          expect(gppPing).toMatchObject({ applicableSections: [2], signalStatus: 'ready' });
          const gpp = new GppModel(gppPing.gppString);
          expect(gpp.getSectionIds()).toEqual([2]);
          expect(gpp.getFieldValue('tcfeuv2', 'PurposeConsents')).toEqual(
            Array.from({ length: 24 }, (_, i) => [1, 3, 4].includes(i + 1)),
          );
          expect(gpp.getFieldValue('tcfeuv2', 'VendorConsents')).toEqual(consentVendors);

          // Consent mode: the stub's defaults first, then one update from the choices.
          const calls = await gtagCalls(page);
          const consent = calls.filter((c) => c[0] === 'consent').map((c) => c[1]);
          expect(consent).toEqual(['default', 'update']);
          expect(calls.find((c) => c[1] === 'default')).toEqual([
            'consent',
            'default',
            {
              wait_for_update: 500,
              ad_storage: 'denied',
              analytics_storage: 'denied',
              ad_user_data: 'denied',
              ad_personalization: 'denied',
            },
          ]);
          expect(calls.find((c) => c[1] === 'update')).toEqual([
            'consent',
            'update',
            {
              ad_storage: 'granted',
              analytics_storage: 'denied',
              ad_user_data: 'denied',
              ad_personalization: 'granted',
            },
          ]);

          // The next page: no banner, the listener gets tcloaded with the same string.
          await page.reload();
          await page.waitForFunction(
            () => (window as unknown as CmpWindow).__events?.length > 0,
            undefined,
            SHOWN,
          );
          expect(await recorded(page, '__stubPing')).toMatchObject({ cmpStatus: 'stub' });
          expect(await recorded(page, '__events')).toEqual([
            { eventStatus: 'tcloaded', cmpStatus: 'loaded', tcString, ok: true },
          ]);
          expect(await banner(page, 'first').count()).toBe(0);
          await expect(
            page.locator('#assent-cmp [data-action="reopen"]').isVisible(),
          ).resolves.toBe(true);
          const again = (await gtagCalls(page)).filter((c) => c[0] === 'consent');
          expect(again.map((c) => c[1])).toEqual(['default', 'update']);
          expect(errors).toEqual([]);

          expect(await visitsSince(gdprSite.uuid, before, 2)).toEqual<VisitRow[]>([
            { outcome: 'partial', shown: true, page_format: 'HTTP', regulation: 1 },
            { outcome: 'partial', shown: false, page_format: 'HTTP', regulation: 1 },
          ]);
        } finally {
          await context.close();
        }
      }, 90_000);

      it("universal tag: Consent Mode default before the page's gtag config, then an update after accept; a site without Google basic consent follows the choice too (issue 15 item 6)", async () => {
        const { context, page, errors } = await newVisitor({ country: 'FR' });
        const DENIED = {
          wait_for_update: 500,
          ad_storage: 'denied',
          analytics_storage: 'denied',
          ad_user_data: 'denied',
          ad_personalization: 'denied',
        };
        try {
          await page.goto(`${publisher.origin('news.test')}/universal`);
          // Before cmp.js has loaded: the stub's default is the first command, before config.
          const early = await gtagCalls(page);
          expect(early[0]).toEqual(['consent', 'default', DENIED]);
          expect(early.findIndex((c) => c[0] === 'config')).toBeGreaterThan(0);
          await banner(page, 'first').locator('[data-action="accept"]').click(SHOWN);
          await page.waitForFunction(() =>
            ((window as unknown as CmpWindow).dataLayer ?? []).some(
              (c) => c[0] === 'consent' && c[1] === 'update',
            ),
          );
          const calls = await gtagCalls(page);
          const config = calls.findIndex((c) => c[0] === 'config');
          const update = calls.findIndex((c) => c[0] === 'consent' && c[1] === 'update');
          expect(calls.findIndex((c) => c[0] === 'consent')).toBe(0);
          expect(update).toBeGreaterThan(config);
          expect(calls[update]).toEqual([
            'consent',
            'update',
            {
              ad_storage: 'granted',
              analytics_storage: 'granted',
              ad_user_data: 'granted',
              ad_personalization: 'granted',
            },
          ]);
          expect(errors).toEqual([]);
        } finally {
          await context.close();
        }
        // The account's US site has no Google basic consent: the universal default still comes
        // first, and the Californian's choice updates it.
        const us = await newVisitor({ country: 'US', state: 'CA' });
        try {
          await us.page.goto(`${publisher.origin('us-news.test')}/universal`);
          expect((await gtagCalls(us.page))[0]).toEqual(['consent', 'default', DENIED]);
          const screen = banner(us.page, 'us');
          await screen.getByRole('switch', { name: US_DEFAULT_TEXTS.optOutLabel }).check(SHOWN);
          await screen.locator('[data-action="confirm"]').click();
          await us.page.waitForFunction(() =>
            ((window as unknown as CmpWindow).dataLayer ?? []).some(
              (c) => c[0] === 'consent' && c[1] === 'update',
            ),
          );
          const consent = (await gtagCalls(us.page)).filter((c) => c[0] === 'consent');
          expect(consent).toEqual([
            ['consent', 'default', DENIED],
            [
              'consent',
              'update',
              {
                ad_storage: 'granted',
                analytics_storage: 'granted',
                ad_user_data: 'denied',
                ad_personalization: 'denied',
              },
            ],
          ]);
          expect(us.errors).toEqual([]);
        } finally {
          await us.context.close();
        }
      }, 90_000);

      it('cross-frame: a frame on another host calls __tcfapi and __gpp through the locator frames', async () => {
        const before = await visitCount(gdprSite.uuid);
        const { context, page, errors } = await newVisitor({ country: 'FR' });
        try {
          await page.goto(`${publisher.origin('news.test')}/with-ad`);
          await banner(page, 'first').waitFor(SHOWN);
          const frame = page.frame({ name: 'ad' })!;
          await frame.waitForFunction(() => 'cmpCall' in window);
          expect(await frame.evaluate(() => (window as { ownApis?: string[] }).ownApis)).toEqual([
            'undefined',
            'undefined',
          ]);

          /** One postMessage call; resolves with the first return (listeners keep recording). */
          const call = <T>(api: string, command: string, version?: number, parameter?: unknown) =>
            frame.evaluate(
              ([api, command, version, parameter]) =>
                new Promise<{ value: unknown; success: boolean }>((resolve, reject) => {
                  const w = window as unknown as {
                    cmpCall(...a: unknown[]): string | false;
                    returns?: Record<string, unknown[]>;
                  };
                  const seen: unknown[] = [];
                  const id = w.cmpCall(
                    api,
                    command,
                    version,
                    parameter,
                    (v: unknown, s: boolean) => {
                      seen.push(v);
                      resolve({ value: v, success: s });
                    },
                  );
                  if (!id) reject(new Error(`no ${String(api)}Locator frame above`));
                  else (w.returns ??= {})[id] = seen;
                }),
              [api, command, version, parameter] as const,
            ) as Promise<{ value: T; success: boolean }>;

          const ping = await call<Record<string, unknown>>('__tcfapi', 'ping', 2);
          expect(ping).toMatchObject({
            success: true,
            value: { cmpLoaded: true, cmpStatus: 'loaded', gdprApplies: true, cmpId: CMP_ID },
          });
          const registered = await call<{ eventStatus: string; tcString: string }>(
            '__tcfapi',
            'addEventListener',
            2,
          );
          expect(registered.value).toMatchObject({ eventStatus: 'cmpuishown' });
          expect(ids(TCString.decode(registered.value.tcString).vendorConsents)).toEqual([]);

          await banner(page, 'first').locator('[data-action="accept"]').click();
          // The frame's listener is called again across frames with the visitor's choice.
          await frame.waitForFunction(() =>
            Object.values((window as { returns?: Record<string, unknown[]> }).returns ?? {}).some(
              (seen) => seen.length > 1,
            ),
          );
          const listened = (await frame.evaluate(() =>
            Object.values((window as { returns?: Record<string, unknown[]> }).returns ?? {}).find(
              (seen) => seen.length > 1,
            ),
          )) as Array<{ eventStatus: string; tcString: string }>;
          expect(listened.map((d) => d.eventStatus)).toEqual(['cmpuishown', 'useractioncomplete']);

          const { value: tcData } = await call<{ tcString: string; gdprApplies: boolean }>(
            '__tcfapi',
            'getTCData',
            2,
          );
          const { data: own } = await tcfapi<{ tcString: string }>(page, 'getTCData');
          expect(tcData.tcString).toBe(own.tcString);
          expect(listened[1]!.tcString).toBe(own.tcString);
          const decoded = TCString.decode(tcData.tcString);
          expect(decoded.cmpId).toBe(CMP_ID);
          expect(ids(decoded.purposeConsents)).toContain(1);
          expect(decoded.vendorConsents.size).toBeGreaterThan(100);

          const { value: gppPing } = await call<{ gppString: string; cmpStatus: string }>(
            '__gpp',
            'ping',
          );
          expect(gppPing.cmpStatus).toBe('loaded');
          const gpp = new GppModel(gppPing.gppString);
          expect(gpp.getSectionIds()).toEqual([2]);
          const { value: hasTcf } = await call<boolean>(
            '__gpp',
            'hasSection',
            undefined,
            'tcfeuv2',
          );
          expect(hasTcf).toBe(true);
          expect(errors).toEqual([]);
          expect(await visitsSince(gdprSite.uuid, before, 1)).toEqual<VisitRow[]>([
            { outcome: 'acceptAll', shown: true, page_format: 'HTTP', regulation: 1 },
          ]);
        } finally {
          await context.close();
        }
      }, 90_000);

      it('a visitor who leaves without choosing is stored as a bounce', async () => {
        const { context, page } = await newVisitor({ country: 'DE' });
        try {
          const before = await visitCount(gdprSite.uuid);
          await page.goto(`${publisher.origin('news.test')}/`);
          await banner(page, 'first').waitFor(SHOWN);
          await page.goto('about:blank'); // pagehide sends the beacon
          expect(await visitsSince(gdprSite.uuid, before, 1)).toEqual<VisitRow[]>([
            { outcome: 'bounce', shown: true, page_format: 'HTTP', regulation: 1 },
          ]);
        } finally {
          await context.close();
        }
      }, 60_000);
    });

    describe('a US visitor (California)', () => {
      const CA = { country: 'US', state: 'CA' };

      it('__gpp and __uspapi answer usnat, usca and USP; opting out on the Do Not Sell screen changes every string, and it is kept on the next page', async () => {
        const before = await visitCount(usSite.uuid);
        const { context, page, errors } = await newVisitor(CA);
        try {
          await page.goto(`${publisher.origin('us-news.test')}/`);
          const screen = banner(page, 'us');
          await screen.waitFor(SHOWN);
          await expect(screen.locator('h2').textContent()).resolves.toBe(US_DEFAULT_TEXTS.dnsTitle);

          // Before cmp.js: the GPP stub answered ping, getUSPData was queued and answered on load.
          expect(await recorded(page, '__stubGppPing')).toMatchObject({
            cmpStatus: 'stub',
            signalStatus: 'not ready',
          });
          expect(await recorded(page, '__usp')).toEqual([{ version: 1, uspString: '1YNN' }]);
          // GDPR does not apply to this visitor, and vendors can tell.
          const { data: tc } = await tcfapi<{ gdprApplies: boolean }>(page, 'getTCData');
          expect(tc.gdprApplies).toBe(false);

          const { data: ping } = await gppapi<Record<string, unknown>>(page, 'ping');
          expect(ping).toMatchObject({
            gppVersion: '1.1',
            cmpStatus: 'loaded',
            cmpDisplayStatus: 'visible',
            signalStatus: 'ready',
            cmpId: CMP_ID,
            applicableSections: [8],
            sectionList: [6, 7, 8],
          });
          expect(ping.supportedAPIs).toEqual(
            expect.arrayContaining(['6:uspv1', '7:usnat', '8:usca']),
          );
          const has = async (s: string) => (await gppapi<boolean>(page, 'hasSection', s)).data;
          const field = async (f: string) => (await gppapi<unknown>(page, 'getField', f)).data;
          expect([await has('usnat'), await has('usca'), await has('tcfeuv2')]).toEqual([
            true,
            true,
            false,
          ]);
          expect(await field('usnat.SaleOptOut')).toBe(2);
          expect(
            (await gppapi<Record<string, unknown>>(page, 'getSection', 'usca')).data,
          ).toMatchObject({ SaleOptOutNotice: 1, SaleOptOut: 2, SharingOptOut: 2 });

          // Opt out.
          await screen.getByRole('switch', { name: US_DEFAULT_TEXTS.optOutLabel }).check();
          await screen.locator('[data-action="confirm"]').click();
          await expect(banner(page, 'us').count()).resolves.toBe(0);
          await expect(
            page.locator('#assent-cmp [data-action="reopen"]').textContent(),
          ).resolves.toBe(US_DEFAULT_TEXTS.linkLabel);

          expect(await uspData(page)).toEqual({ version: 1, uspString: '1YYN' });
          expect(await field('usnat.SaleOptOut')).toBe(1);
          expect(await field('usnat.SharingOptOut')).toBe(1);
          expect(await field('usnat.TargetedAdvertisingOptOut')).toBe(1);
          expect(await field('usca.SaleOptOut')).toBe(1);
          expect(await field('usca.SharingOptOut')).toBe(1);
          const { data: after } = await gppapi<{ gppString: string; cmpDisplayStatus: string }>(
            page,
            'ping',
          );
          expect(after.cmpDisplayStatus).toBe('hidden');
          const gpp = new GppModel(after.gppString);
          expect(gpp.getSectionIds()).toEqual([6, 7, 8]);
          expect(gpp.getFieldValue('uspv1', 'OptOutSale')).toBe('Y');
          expect(gpp.getFieldValue('usnat', 'SaleOptOut')).toBe(1);
          expect(gpp.getFieldValue('usnat', 'SharingOptOut')).toBe(1);
          expect(gpp.getFieldValue('usnat', 'TargetedAdvertisingOptOut')).toBe(1);
          expect(gpp.getFieldValue('usnat', 'SaleOptOutNotice')).toBe(1);
          expect(gpp.getFieldValue('usnat', 'Gpc')).toBe(false);
          expect(gpp.getFieldValue('usca', 'SaleOptOut')).toBe(1);
          expect(gpp.getFieldValue('usca', 'SharingOptOut')).toBe(1);

          // The listener registered through the stub saw the section change with that string.
          const gppEvents = await recorded(page, '__gppEvents');
          expect(gppEvents[0]?.eventName).toBe('listenerRegistered');
          expect(gppEvents.filter((e) => e.eventName === 'sectionChange').at(-1)?.gppString).toBe(
            after.gppString,
          );
          expect(await cookie(context, publisher.origin('us-news.test'), 'usprivacy')).toBe('1YYN');

          // The next page: no screen, the opt-out still holds.
          await page.reload();
          await page.locator('#assent-cmp [data-action="reopen"]').waitFor(SHOWN);
          expect(await banner(page, 'us').count()).toBe(0);
          expect(await uspData(page)).toEqual({ version: 1, uspString: '1YYN' });
          expect(await field('usca.SaleOptOut')).toBe(1);
          expect(errors).toEqual([]);

          const rows = await visitsSince<VisitRow & { country: string; region: string }>(
            usSite.uuid,
            before,
            2,
            'outcome, shown, page_format, regulation, country, region',
          );
          expect(rows).toEqual([
            {
              outcome: 'rejectAll',
              shown: true,
              page_format: 'HTTP',
              regulation: 3,
              country: 'US',
              region: 'CA',
            },
            {
              outcome: 'rejectAll',
              shown: false,
              page_format: 'HTTP',
              regulation: 3,
              country: 'US',
              region: 'CA',
            },
          ]);
        } finally {
          await context.close();
        }
      }, 90_000);

      it('Global Privacy Control: no screen, and every US string says opted out', async () => {
        const { context, page, errors } = await newVisitor(CA, { gpc: true });
        try {
          const before = await visitCount(usSite.uuid);
          await page.goto(`${publisher.origin('us-news.test')}/`);
          await page.waitForFunction(
            () => (window as unknown as CmpWindow).__usp?.length > 0,
            undefined,
            SHOWN,
          );
          expect(await recorded(page, '__usp')).toEqual([{ version: 1, uspString: '1YYN' }]);
          expect(await banner(page, 'us').count()).toBe(0);
          const { data: ping } = await gppapi<{ gppString: string }>(page, 'ping');
          const gpp = new GppModel(ping.gppString);
          expect(gpp.getFieldValue('usnat', 'Gpc')).toBe(true);
          expect(gpp.getFieldValue('usnat', 'SaleOptOut')).toBe(1);
          expect(gpp.getFieldValue('usca', 'SaleOptOut')).toBe(1);
          expect(errors).toEqual([]);
          // The page view counts as a reject the visitor made without the banner.
          expect(await visitsSince(usSite.uuid, before, 1)).toEqual<VisitRow[]>([
            { outcome: 'rejectAll', shown: false, page_format: 'HTTP', regulation: 3 },
          ]);
        } finally {
          await context.close();
        }
      }, 60_000);
    });

    describe('AMP (a visitor in Germany)', () => {
      /** POST checkConsentHref from the page, credentialed, as amp-consent does. */
      const ampCheck = (page: Page, body: object) =>
        page.evaluate(
          async ([href, body]) => {
            const url = `${href}?__amp_source_origin=${encodeURIComponent(location.origin)}`;
            const res = await fetch(url, {
              method: 'POST',
              credentials: 'include',
              headers: { 'content-type': 'text/plain;charset=utf-8' },
              body: JSON.stringify(body),
            });
            return {
              status: res.status,
              sourceOrigin: res.headers.get('amp-access-control-allow-source-origin'),
              body: (await res.json()) as Record<string, unknown>,
            };
          },
          [ampConfig.checkConsentHref, body] as const,
        );
      /** amp-consent's prompt: promptUISrc in an iframe, its messages recorded by the host page. */
      const openPrompt = async (page: Page) => {
        await page.evaluate((src) => {
          (window as unknown as CmpWindow).__ampMessages = [];
          document.querySelector('iframe')?.remove();
          const frame = document.createElement('iframe');
          frame.name = 'prompt';
          frame.src = src;
          frame.style.cssText = 'width:100%;height:600px;border:0';
          document.body.append(frame);
        }, ampConfig.promptUISrc);
        return page.frameLocator('iframe[name="prompt"]');
      };
      const ampMessages = async (page: Page, count: number) => {
        await page.waitForFunction(
          (n) => (window as unknown as CmpWindow).__ampMessages.length >= n,
          count,
        );
        return recorded(page, '__ampMessages');
      };

      it('amp-consent round trip: checkConsentHref with credentials, the prompt iframe posts consent-response with the TC string as type 2 (TCF and GPP saved as chosen), the stored string checks back, every AMP page view stores a visit', async () => {
        // Issue 15 item 5: the encoding mode is saved as chosen, not turned into GPP.
        expect(ampSite.gdprEncodingMode).toBe('TCF_AND_GPP');
        expect(ampConfig).toEqual({
          consentInstanceId: `assent-${ampSite.uuid}`,
          consentRequired: 'remote',
          checkConsentHref: `${assent}/banner/amp/${ampSite.uuid}/check`,
          promptUISrc: `${assent}/banner/amp/${ampSite.uuid}/prompt`,
          uiConfig: { overlay: true },
        });
        const before = await visitCount(ampSite.uuid);
        const { context, page, errors } = await newVisitor({ country: 'DE' });
        try {
          await page.goto(`${publisher.origin('amp.test')}/article`);

          const check = (body: object) => ampCheck(page, body);
          const first = await check({ consentInstanceId: ampConfig.consentInstanceId });
          expect(first).toEqual({
            status: 200,
            sourceOrigin: publisher.origin('amp.test'),
            body: {
              consentRequired: true,
              expireCache: false,
              consentMetadata: { consentStringType: 2, gdprApplies: true, purposeOne: false },
            },
          });

          // The prompt: amp-consent loads promptUISrc in an iframe and listens for its messages.
          const prompt = async (action: 'accept' | 'reject') => {
            const ui = await openPrompt(page);
            await ui.locator(`#assent-cmp [data-action="${action}"]`).click(SHOWN);
            return ampMessages(page, 2);
          };

          const accepted = await prompt('accept');
          expect(accepted[0]).toEqual({ type: 'consent-ui', action: 'ready' });
          expect(accepted[1]).toMatchObject({
            type: 'consent-response',
            action: 'accept',
            consentMetadata: { consentStringType: 2, gdprApplies: true, purposeOne: false },
          });
          const info = accepted[1]!.info as string;
          // A TC string (amp-consent type 2), not a GPP string, that IAB's library decodes.
          expect(info).toMatch(/^C/);
          const decoded = TCString.decode(info);
          expect(decoded.cmpId).toBe(CMP_ID);
          expect(ids(decoded.purposeConsents)).toContain(1);
          expect(decoded.vendorConsents.size).toBeGreaterThan(100);
          expect(info.length).toBeLessThanOrEqual(1200);

          // amp-consent sends the stored state back on the next page view.
          const next = await check({
            consentInstanceId: ampConfig.consentInstanceId,
            consentStateValue: 'accepted',
            consentString: info,
          });
          expect(next.body).toMatchObject({
            consentRequired: true,
            consentStateValue: 'accepted',
            consentString: info,
            expireCache: false,
          });

          const rejected = await prompt('reject');
          expect(rejected[1]).toMatchObject({ type: 'consent-response', action: 'reject' });
          const none = TCString.decode(rejected[1]!.info as string);
          expect(none.purposeConsents.size).toBe(0);
          expect(none.vendorConsents.size).toBe(0);
          expect(errors).toEqual([]);

          // Each AMP choice is a consent record (proof of consent) carrying the stored string.
          const records = () =>
            live.deps.db.query<{ tc_string: string; choices: { outcome: string } }>(
              `select tc_string, choices from consent_records where property_uuid = $1
               order by created_at, id`,
              [ampSite.uuid],
            );
          await expect.poll(async () => (await records()).length, { timeout: 10_000 }).toBe(2);
          expect(
            (await records()).map((r) => [
              r.tc_string,
              (typeof r.choices === 'string' ? JSON.parse(r.choices) : r.choices).outcome,
            ]),
          ).toEqual(
            expect.arrayContaining([
              [info, 'a'],
              [rejected[1]!.info, 'r'],
            ]),
          );

          // Each prompt reported its AMP page view; the page view answered from the stored
          // string, without a prompt, was recorded by the check.
          expect(await visitsSince(ampSite.uuid, before, 3)).toEqual<VisitRow[]>([
            { outcome: 'acceptAll', shown: true, page_format: 'AMP', regulation: 1 },
            { outcome: 'acceptAll', shown: false, page_format: 'AMP', regulation: 1 },
            { outcome: 'rejectAll', shown: true, page_format: 'AMP', regulation: 1 },
          ]);
        } finally {
          await context.close();
        }
      }, 90_000);

      it('More options sends amp-consent enter-fullscreen, then shows the purposes and vendors; a partial choice is accepted with its TC string', async () => {
        const { context, page, errors } = await newVisitor({ country: 'DE' });
        try {
          await page.goto(`${publisher.origin('amp.test')}/article`);
          const ui = await openPrompt(page);
          await ui.locator('#assent-cmp [data-action="more"]').click(SHOWN);
          expect(await ampMessages(page, 2)).toEqual([
            { type: 'consent-ui', action: 'ready' },
            { type: 'consent-ui', action: 'enter-fullscreen' },
          ]);
          // The second layer (purposes, then vendors from the vendor list), in the prompt frame.
          const second = ui.locator('#assent-cmp [data-view="second"]');
          await second.locator('[data-purpose="1"]').waitFor(SHOWN);
          await second.locator('[data-vendor]').first().waitFor(SHOWN);
          await second
            .locator('[data-purpose="1"]')
            .getByRole('switch', { name: 'Consent', exact: true })
            .check();
          await second.locator('[data-action="save"]').click();
          const [, , answer] = await ampMessages(page, 3);
          expect(answer).toMatchObject({
            type: 'consent-response',
            action: 'accept',
            consentMetadata: { consentStringType: 2, gdprApplies: true },
          });
          const tc = TCString.decode(answer!.info as string);
          expect(ids(tc.purposeConsents)).toEqual([1]);
          expect(tc.vendorConsents.size).toBe(0);
          expect(errors).toEqual([]);
        } finally {
          await context.close();
        }
      }, 60_000);

      it('a Californian: checkConsentHref and the prompt give the US privacy string as type 3, never GPP', async () => {
        const { context, page, errors } = await newVisitor({ country: 'US', state: 'CA' });
        try {
          await page.goto(`${publisher.origin('amp.test')}/article`);
          const first = await ampCheck(page, { consentInstanceId: ampConfig.consentInstanceId });
          expect(first.body).toEqual({
            consentRequired: true,
            expireCache: false,
            consentMetadata: { consentStringType: 3, gdprApplies: false, purposeOne: false },
          });
          const answer = async (optOut: boolean) => {
            const ui = await openPrompt(page);
            const screen = ui.locator('#assent-cmp [data-view="us"]');
            await screen.waitFor(SHOWN);
            if (optOut)
              await screen.getByRole('switch', { name: US_DEFAULT_TEXTS.optOutLabel }).check();
            await screen.locator('[data-action="confirm"]').click();
            return (await ampMessages(page, 2))[1];
          };
          expect(await answer(false)).toEqual({
            type: 'consent-response',
            action: 'accept',
            info: '1YNN',
            consentMetadata: { consentStringType: 3, gdprApplies: false, purposeOne: false },
          });
          expect(await answer(true)).toMatchObject({
            action: 'reject',
            info: '1YYN',
            consentMetadata: { consentStringType: 3 },
          });
          // The stored string checks back as it is.
          const next = await ampCheck(page, {
            consentInstanceId: ampConfig.consentInstanceId,
            consentStateValue: 'rejected',
            consentString: '1YYN',
          });
          expect(next.body).toMatchObject({ consentString: '1YYN', expireCache: false });
          expect(errors).toEqual([]);
        } finally {
          await context.close();
        }
      }, 60_000);
    });
  },
);
