import { CONSENT_COOKIES } from '@assent/core/runtime';
import type { InitOptions, RuntimeDeps } from '../cmp';
import type { init } from '../cmp';
import type { FastAnswers } from './fast';
import { metaCookie, visitorKey } from './fast';
import type { PendingBoot } from './loader';
import { addScript, BOOT_CACHE_PREFIX, FAST_PREFIX } from './loader';

const DAY_MS = 24 * 3600 * 1000;

type Api = (...args: unknown[]) => unknown;

/**
 * The answers the runtime gives on the next page view with the visitor's stored choice (fast.ts),
 * found by running the runtime itself once more, headless: against a detached document whose
 * cookies are the page's (read only), a window of its own (the page's APIs are left alone) and no
 * network. Undefined when that page view would not simply restore the choice (it would ask, or
 * the choice is not stored where the loader can see it).
 */
export async function fastAnswers(
  w: Window,
  boot: InitOptions,
  run: typeof init,
): Promise<FastAnswers | undefined> {
  const d = w.document;
  const m = metaCookie(d, CONSENT_COOKIES.meta);
  // Group storage is read over the network; an A/B test draws a variant per visitor.
  if (!m || boot.config.consentScope.type !== 'service' || boot.config.abTest) return undefined;
  const doc = d.implementation.createHTMLDocument('');
  Object.defineProperty(doc, 'cookie', { get: () => d.cookie, set: () => {} });
  const page = w as unknown as Record<string, unknown>;
  const fake: Record<string, unknown> = {
    document: doc,
    navigator: w.navigator,
    crypto: w.crypto,
    addEventListener: () => {},
    dataLayer: [],
  };
  // The page's stubs decide which APIs the runtime answers "not applicable" for. A listener
  // registered with the GPP stub (adopted with its id) records the events such listeners get.
  const events: Array<[string, unknown]> = [];
  const recorder = (e: { eventName: string; data: unknown }) =>
    void events.push([e.eventName, e.data]);
  const stubs: Record<string, Api> = {};
  for (const name of ['__tcfapi', '__gpp', '__uspapi'])
    if (typeof page[name] === 'function')
      fake[name] = stubs[name] = () =>
        name === '__gpp' ? [['addEventListener', recorder, undefined, 0, 1]] : [];
  let visit: [string, string] | undefined;
  const deps: RuntimeDeps = {
    win: fake as unknown as Window,
    now: () => new Date(),
    fetch: () => Promise.reject(new Error('headless')),
    loadSecondLayer: () => Promise.reject(new Error('headless')),
    navigate: () => {},
    sendBeacon: (url, body) => {
      if (url === boot.endpoints.visit) visit = [url, body];
    },
    newId: () => '',
    onError: () => {},
    afterPaint: (fn) => fn(),
  };
  const api = await run(boot, deps);
  const state = api.state();
  const view = api.view().view;
  if (state.phase === 'loading' || !(view === 'link' || view === 'none')) return undefined;
  if (boot.endpoints.visit && !visit?.[1].includes('"x":1')) return undefined;
  let out: unknown;
  const cb = (x: unknown) => void (out = x);
  /** The runtime's answer to a call (all answer at once once the choice is restored). */
  const call = (name: string, ...args: unknown[]) => {
    out = undefined;
    (fake[name] as Api)(...args);
    return out;
  };
  const installed = (name: string) =>
    typeof fake[name] === 'function' && fake[name] !== stubs[name];
  const a: FastAnswers = { m, k: visitorKey(w) };
  if (installed('__tcfapi'))
    a.t = [
      call('__tcfapi', 'ping', 2, cb),
      call('__tcfapi', 'getTCData', 2, cb) as Record<string, unknown>,
      call('__tcfapi', 'getNonIABVendorConsents', 2, cb),
    ];
  if (installed('__gpp')) a.g = [call('__gpp', 'ping', cb) as Record<string, unknown>, events];
  if (installed('__uspapi')) a.u = call('__uspapi', 'getUSPData', 1, cb);
  const calls = (fake.dataLayer as Array<ArrayLike<unknown>>).map((x) => Array.from(x));
  if (calls.length) a.d = calls;
  if (visit) a.v = visit;
  if (api.root.querySelector('[data-action="reopen"]')) a.l = api.root.innerHTML;
  const us = boot.config.us?.mspa;
  if (api.regulation === 'US' && us?.autoPopUp === 'link' && us.footerElementId)
    a.f = us.footerElementId;
  const model = state.consent.model;
  const gdpr = boot.config.gdpr;
  if (model && gdpr && model.vendorListVersion < gdpr.vendorListVersion)
    a.e = model.lastUpdated.getTime() + boot.config.repromtDaysAfterGvlUpdate * DAY_MS;
  return a;
}

/**
 * The answers as kept: dates (the GPP TCF section's Created and LastUpdated) as `{$d: ms}`, which
 * fast.ts turns back into dates.
 */
export const keptText = (a: FastAnswers): string =>
  JSON.stringify(a, function (this: Record<string, unknown>, key, value: unknown) {
    const raw = this[key];
    return raw instanceof Date ? { $d: raw.getTime() } : value;
  });

/**
 * dist/keep.js, imported by the runtime when the page is idle after a page view that restored a
 * stored choice and after each choice: keeps the answers for the next page view. `text` is the
 * configuration the runtime started from: answers are kept only while it is the kept configuration
 * (fast.ts and loader.ts drop them when it changes). The fast path's script then runs once, so the
 * browser has it for the next page view (that run does nothing).
 */
export async function keepFast(
  w: Window,
  p: PendingBoot,
  text: string,
  boot: InitOptions,
  run: typeof init,
): Promise<void> {
  const store = w.localStorage;
  const key = FAST_PREFIX + p.url;
  const a = await fastAnswers(w, boot, run);
  if (a && store.getItem(BOOT_CACHE_PREFIX + p.url) === text) {
    store.setItem(key, keptText(a));
    if (p.fastSrc) addScript(w.document, p.fastSrc);
  } else store.removeItem(key);
}
