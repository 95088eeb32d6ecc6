// @vitest-environment happy-dom
import { GppModel } from '@iabgpp/cmpapi';
import { TCString } from '@iabtechlabtcf/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bannerConfigFixture } from '@assent/core/banner';
import type { BannerConfig, VisitorRegion } from '@assent/core/banner';
import { call, flush, resetWindow, setNavigator, start } from '../../test/harness';
import type { InitOptions } from '../cmp';
import { init } from '../cmp';
import { installStub } from '../stub';
import type { FastAnswers } from './fast';
import { serveFast } from './fast';
import { fastAnswers, keepFast, keptText } from './keep';
import { BOOT_CACHE_PREFIX, FAST_PREFIX } from './loader';
import { LOCATOR_KEY } from '../stub';

type Win = Window & Record<string, unknown>;
type Api = (...a: unknown[]) => unknown;

/** The harness's boot (test/harness.ts start) for a config and region. */
const bootOf = (config: BannerConfig, region: VisitorRegion): InitOptions => ({
  config,
  region,
  endpoints: {
    vendorList: 'https://cdn.example/gvl/v{version}/{lang}.json',
    googleVendors: 'https://cdn.example/google-vendors.json',
    visit: 'https://t.example/visit',
    consent: 'https://t.example/consent',
  },
});

/** A new page view: the page's globals and DOM go, the cookies stay; the stub runs again. */
function newPageView(config: BannerConfig) {
  const w = window as unknown as Win;
  for (const name of ['__tcfapi', '__gpp', '__uspapi', 'dataLayer']) delete w[name];
  document.body.replaceChildren();
  installStub(w, { tcf: true, gpp: true, usp: true, cmpId: config.cmpId });
  // A vendor's listeners, registered with the stub before the CMP answers.
  const events: unknown[] = [];
  (w.__tcfapi as Api)('addEventListener', 2, (d: unknown) => events.push(['tcf', d]));
  (w.__gpp as Api)('addEventListener', (e: unknown) => events.push(['gpp', e]));
  return events;
}

/** Every answer a vendor's script can read on the page, as plain data. */
async function answers(events: unknown[]) {
  const gppPing = (await call('__gpp', 'ping'))[0] as { parsedSections: Record<string, object> };
  const sections = Object.keys(gppPing.parsedSections);
  return {
    events: JSON.parse(JSON.stringify(events)) as unknown,
    tcfPing: await call('__tcfapi', 'ping'),
    tcData: await call('__tcfapi', 'getTCData'),
    nonIab: await call('__tcfapi', 'getNonIABVendorConsents'),
    version3: await call('__tcfapi', 'getTCData', 3),
    gppPing,
    has: await Promise.all(['tcfeuv2', 'usnat', 'usca'].map((s) => call('__gpp', 'hasSection', s))),
    got: await Promise.all(sections.map((s) => call('__gpp', 'getSection', s))),
    fields: await Promise.all(
      sections.flatMap((s) => [
        call('__gpp', 'getField', `${s}.Version`),
        call('__gpp', 'getField', `${s}.Created`),
      ]),
    ),
    usp: await call('__uspapi', 'getUSPData', 1),
    dataLayer: ((window as unknown as { dataLayer: IArguments[] }).dataLayer ?? []).map((a) => [
      ...a,
    ]),
    link: document.getElementById('assent-cmp')?.shadowRoot?.innerHTML ?? '',
  };
}

const noTs = (body: string) => body.replace(/"ts":\d+/, '"ts":0');

beforeEach(() => {
  resetWindow();
  localStorage.clear();
  setNavigator({ languages: ['en-GB'], gpc: false });
  vi.spyOn(navigator, 'sendBeacon').mockImplementation(() => true);
});
afterEach(() => {
  // The fast path's visit beacons still waiting for a frame go now, to the mock.
  window.dispatchEvent(new Event('pagehide'));
  vi.restoreAllMocks();
});

describe('the fast path answers as the runtime does for the same stored choice', () => {
  const cases: Array<[string, VisitorRegion, 'accept' | 'reject' | 'usOptOut']> = [
    ['a French visitor who accepted all', { country: 'FR' }, 'accept'],
    ['a French visitor who rejected all', { country: 'FR' }, 'reject'],
    ['a Californian who opted out', { country: 'US', state: 'CA' }, 'usOptOut'],
  ];
  for (const [who, region, choice] of cases)
    it(who, async () => {
      const base = bannerConfigFixture();
      const config: BannerConfig = {
        ...base,
        theme: { ...base.theme, persistentLink: { enabled: true, location: 'BOTTOM_LEFT' } },
      };
      // The first page view: the visitor chooses.
      const first = await start({ config, region, consent: true, now: new Date() });
      if (choice === 'usOptOut') await first.cmp.decideUs(true);
      else await (choice === 'accept' ? first.cmp.acceptAll() : first.cmp.rejectAll());
      await flush();
      expect(document.cookie).toContain('assent-meta=');

      // The next page view with the runtime.
      let events = newPageView(config);
      const full = await start({ config, region, stub: false, now: new Date() });
      await flush();
      const fromRuntime = await answers(events);
      const runtimeVisits = full.beacons.filter((b) => b.url.endsWith('/visit'));
      expect(runtimeVisits).toHaveLength(1);

      // What the runtime keeps, then the same page view with the fast path.
      const kept = (await fastAnswers(window, bootOf(config, region), init)) as FastAnswers;
      expect(kept).toBeDefined();
      events = newPageView(config);
      const beacons: Array<[string, string]> = [];
      vi.spyOn(navigator, 'sendBeacon').mockImplementation(
        (url, body) => (beacons.push([String(url), String(body)]), true),
      );
      const upgrade = vi.fn();
      serveFast(window, JSON.parse(keptText(kept)) as FastAnswers, upgrade);
      const fromFast = await answers(events);
      window.dispatchEvent(new Event('pagehide'));
      expect(upgrade).not.toHaveBeenCalled();

      expect(fromFast).toEqual(fromRuntime);
      expect(beacons.map(([url, body]) => [url, noTs(body)])).toEqual(
        runtimeVisits.map((b) => [b.url, noTs(b.body)]),
      );
      // And it is the visitor's choice, as IAB's decoders read it.
      const tcData = fromFast.tcData[0] as { tcString: string; eventStatus: string };
      const gpp = new GppModel((fromFast.gppPing as unknown as { gppString: string }).gppString);
      if (region.country === 'FR') {
        expect(tcData.eventStatus).toBe('tcloaded');
        const purposes = TCString.decode(tcData.tcString).purposeConsents;
        expect(purposes.has(1)).toBe(choice === 'accept');
        expect(gpp.hasSection('tcfeuv2')).toBe(true);
      } else {
        expect(gpp.getFieldValue('usnat', 'SaleOptOut')).toBe(1);
        expect(fromFast.usp[0]).toMatchObject({ uspString: '1YYN' });
      }
    });

  /**
   * A French visitor accepts on a property with the persistent link; on the next page view the
   * fast path serves the kept answers, with `upgrade` standing for loading the runtime.
   */
  async function fastAfterAcceptWithLink() {
    const base = bannerConfigFixture();
    const config: BannerConfig = {
      ...base,
      theme: { ...base.theme, persistentLink: { enabled: true, location: 'BOTTOM_LEFT' } },
    };
    const first = await start({ config, consent: true, now: new Date() });
    await first.cmp.acceptAll();
    await flush();
    const kept = (await fastAnswers(window, bootOf(config, { country: 'FR' }), init))!;
    newPageView(config);
    const upgrade = vi.fn();
    serveFast(window, JSON.parse(keptText(kept)) as FastAnswers, upgrade);
    return { kept, upgrade };
  }

  it('hands over to the runtime what it cannot answer, with its queue and listeners, and reopens from the persistent link', async () => {
    const { upgrade } = await fastAfterAcceptWithLink();
    const w = window as unknown as Win;
    const tcfEvents: unknown[] = [];
    (w.__tcfapi as Api)('addEventListener', 2, (d: unknown) => tcfEvents.push(d));
    expect(upgrade).not.toHaveBeenCalled();
    const gvl = vi.fn();
    (w.__tcfapi as Api)('getVendorList', 2, gvl);
    expect(upgrade).toHaveBeenCalledWith(false);
    expect(gvl).not.toHaveBeenCalled();
    // The runtime takes the queue as it takes the stub's: the call, and the listeners again.
    const queue = (w.__tcfapi as Api)() as unknown[][];
    expect(queue.map((q) => q[0])).toEqual([
      'getVendorList',
      'addEventListener',
      'addEventListener',
    ]);
    // GPP listeners are adopted with their ids (a fifth item).
    expect(((w.__gpp as Api)() as unknown[][]).map((q) => q[4])).toEqual([1]);
    // Once handed over, every call waits for the runtime.
    const ping = vi.fn();
    (w.__tcfapi as Api)('ping', 2, ping);
    expect(ping).not.toHaveBeenCalled();
  });

  it('the persistent link opens the banner through the runtime', async () => {
    const { kept, upgrade } = await fastAfterAcceptWithLink();
    expect(kept.l).toContain('data-action="reopen"');
    const link = document
      .getElementById('assent-cmp')!
      .shadowRoot!.querySelector<HTMLButtonElement>('[data-action="reopen"]')!;
    link.click();
    expect(upgrade).toHaveBeenCalledWith(true);
    // The runtime draws its own link.
    expect(document.getElementById('assent-cmp')).toBeNull();
  });

  it('tells the next page view’s stub the locator frames of the visitor’s regulation, before any choice', async () => {
    const config = bannerConfigFixture();
    for (const [region, apis] of [
      [{ country: 'FR' }, '__tcfapi,__gpp'],
      [{ country: 'US', state: 'CA' }, '__gpp,__uspapi'],
    ] as const) {
      localStorage.removeItem(LOCATOR_KEY);
      const view = await start({ config, region, now: new Date() });
      // The banner asks: no choice, and keep.js has not run.
      expect(view.cmp.state().phase).toBe('prompting');
      expect(localStorage.getItem(LOCATOR_KEY)).toBe(apis);
    }
  });

  it('keeps nothing when the next page view would ask again, or without a stored choice', async () => {
    const config = bannerConfigFixture();
    await start({ config, now: new Date() });
    expect(await fastAnswers(window, bootOf(config, { country: 'FR' }), init)).toBeUndefined();
    const first = await start({ config, consent: true, now: new Date() });
    await first.cmp.acceptAll();
    await flush();
    const changed = { ...config, configVersion: `${config.configVersion}-2` };
    expect(await fastAnswers(window, bootOf(changed, { country: 'FR' }), init)).toBeUndefined();
  });
});

describe('keepFast: what the next page view of a returning visitor starts from', () => {
  const url = 'https://cdn.example/p/1/config';
  const fastSrc = 'https://cdn.example/fast.js';
  const fastScripts = () =>
    [...document.head.querySelectorAll('script')].filter((s) => s.src === fastSrc);

  /** A French visitor accepts; the loader had kept `kept` as the configuration of `url`. */
  async function afterChoice(kept: 'same' | 'changed') {
    const config = bannerConfigFixture();
    const boot = bootOf(config, { country: 'FR' });
    const first = await start({ config, consent: true, now: new Date() });
    await first.cmp.acceptAll();
    await flush();
    const text = JSON.stringify(boot);
    localStorage.setItem(BOOT_CACHE_PREFIX + url, kept === 'same' ? text : `${text} `);
    localStorage.setItem(FAST_PREFIX + url, '{"stale":1}');
    document.head.replaceChildren();
    await keepFast(window, { url, text: Promise.resolve(text), fastSrc }, text, boot, init);
    return { boot };
  }

  it('keeps the answers for the configuration the runtime started from, and fetches fast.js once', async () => {
    const { boot } = await afterChoice('same');
    const kept = JSON.parse(localStorage.getItem(FAST_PREFIX + url)!) as FastAnswers;
    // The stored choice's answers (the TC string a vendor gets), not the stale entry.
    const now = JSON.parse(keptText((await fastAnswers(window, boot, init))!)) as FastAnswers;
    expect({ ...kept, v: undefined }).toEqual({ ...now, v: undefined });
    expect(kept.v?.[0]).toBe('https://t.example/visit');
    expect((kept.t![1] as { eventStatus: string }).eventStatus).toBe('tcloaded');
    expect(fastScripts()).toHaveLength(1);
  });

  it('drops kept answers when the configuration changed since the runtime started', async () => {
    await afterChoice('changed');
    expect(localStorage.getItem(FAST_PREFIX + url)).toBeNull();
    expect(fastScripts()).toHaveLength(0);
  });

  it('drops kept answers when the next page view would ask again (no stored choice)', async () => {
    const config = bannerConfigFixture();
    const boot = bootOf(config, { country: 'FR' });
    await start({ config, now: new Date() });
    const text = JSON.stringify(boot);
    localStorage.setItem(BOOT_CACHE_PREFIX + url, text);
    localStorage.setItem(FAST_PREFIX + url, '{"stale":1}');
    document.head.replaceChildren();
    await keepFast(window, { url, text: Promise.resolve(text), fastSrc }, text, boot, init);
    expect(localStorage.getItem(FAST_PREFIX + url)).toBeNull();
    expect(fastScripts()).toHaveLength(0);
  });
});
