// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InitOptions } from '../cmp';
import type { PendingBoot } from './loader';
import {
  BOOT_CACHE_PREFIX,
  LOADER_KEY,
  startFromLoader,
  startLoader,
  takePendingBoot,
  WARM_KEY,
  warmCodeCache,
} from './loader';

const URL_ = 'https://assent.example/banner/property/p1/config.json';
const boot = (version: number) =>
  ({
    config: { configVersion: version },
    region: { country: 'FR' },
    endpoints: {},
  }) as unknown as InitOptions;

/** A fetch the test settles by hand. */
function pending(): PendingBoot & { resolve(text: string): void; reject(e: Error): void } {
  let resolve!: (text: string) => void;
  let reject!: (e: Error) => void;
  const text = new Promise<string>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { url: URL_, text, resolve, reject };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('cmp.js loader and the runtime start', () => {
  beforeEach(() => {
    localStorage.clear();
    document.cookie = 'assent-meta=; max-age=0; path=/';
  });
  afterEach(() => vi.restoreAllMocks());

  it('the loader hands the inline configuration to the runtime and adds the runtime script, without a request for the configuration', async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response('{}')));
    vi.stubGlobal('fetch', fetch);
    startLoader(window, {
      runtime: 'https://assent.example/banner/runtime/b1/cmp-gdpr.js',
      config: URL_,
      boot: boot(4),
    });
    expect(fetch).not.toHaveBeenCalled();
    const script = document.head.querySelector('script[src$="cmp-gdpr.js"]') as HTMLScriptElement;
    expect(script.src).toBe('https://assent.example/banner/runtime/b1/cmp-gdpr.js');
    expect(script.async).toBe(true);
    expect((window as unknown as Record<string, unknown>)[LOADER_KEY]).toBeDefined();
    const taken = takePendingBoot(window);
    expect(taken?.url).toBe(URL_);
    expect(JSON.parse(await taken!.text)).toEqual(boot(4));
    expect(takePendingBoot(window)).toBeUndefined();
    script.remove();
    vi.unstubAllGlobals();
  });

  it('with a stored choice and a kept configuration, starts at once, before the fetch answers', async () => {
    localStorage.setItem(BOOT_CACHE_PREFIX + URL_, JSON.stringify(boot(1)));
    document.cookie = 'assent-meta=1|a|1700000000; path=/';
    const fetch = pending();
    const start = vi.fn();
    startFromLoader(window, fetch, start, () => {});
    // Synchronously: no network answer was waited for.
    expect(start).toHaveBeenCalledWith(boot(1), JSON.stringify(boot(1)));
    // The fetch refreshes the kept configuration for the next page view, and starts nothing.
    fetch.resolve(JSON.stringify(boot(2)));
    await flush();
    expect(start).toHaveBeenCalledTimes(1);
    expect(JSON.parse(localStorage.getItem(BOOT_CACHE_PREFIX + URL_)!)).toEqual(boot(2));
  });

  it('without a stored choice, waits for the fetch even with a kept configuration, and keeps it', async () => {
    localStorage.setItem(BOOT_CACHE_PREFIX + URL_, JSON.stringify(boot(1)));
    // An emptied meta cookie (a cleared choice) is no choice.
    document.cookie = 'assent-meta=; path=/';
    const fetch = pending();
    const start = vi.fn();
    startFromLoader(window, fetch, start, () => {});
    expect(start).not.toHaveBeenCalled();
    fetch.resolve(JSON.stringify(boot(2)));
    await flush();
    expect(start).toHaveBeenCalledWith(boot(2), JSON.stringify(boot(2)));
    expect(JSON.parse(localStorage.getItem(BOOT_CACHE_PREFIX + URL_)!)).toEqual(boot(2));
  });

  it('a failed fetch starts from the kept configuration, else reports the error', async () => {
    const onError = vi.fn();
    const none = pending();
    const start = vi.fn();
    startFromLoader(window, none, start, onError);
    none.reject(new Error('Configuration: 503'));
    await flush();
    expect(start).not.toHaveBeenCalled();
    expect(onError).toHaveBeenCalledWith(new Error('Configuration: 503'));

    localStorage.setItem(BOOT_CACHE_PREFIX + URL_, JSON.stringify(boot(1)));
    const failing = pending();
    startFromLoader(window, failing, start, onError);
    failing.reject(new Error('offline'));
    await flush();
    expect(start).toHaveBeenCalledWith(boot(1), JSON.stringify(boot(1)));
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('blocked storage: starts from the fetch', async () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    document.cookie = 'assent-meta=1|a|1700000000; path=/';
    const fetch = pending();
    const start = vi.fn();
    startFromLoader(window, fetch, start, () => {});
    fetch.resolve(JSON.stringify(boot(3)));
    await flush();
    expect(start).toHaveBeenCalledWith(boot(3), JSON.stringify(boot(3)));
  });

  it("runs the runtime file once more when the page is idle, once per file (V8's code cache)", () => {
    const idle: Array<() => void> = [];
    const w = window as unknown as { requestIdleCallback?: (fn: () => void) => number };
    const before = w.requestIdleCallback;
    w.requestIdleCallback = (fn) => idle.push(fn);
    try {
      const src = 'https://assent.example/banner/runtime/b1/cmp-gdpr.js';
      const runs = () =>
        [...document.head.querySelectorAll('script')].filter((s) => s.src === src).length;
      warmCodeCache(window, src);
      expect(runs()).toBe(0); // not before the page is idle
      for (const fn of idle.splice(0)) fn();
      expect(runs()).toBe(1);
      expect(localStorage.getItem(WARM_KEY)).toBe(src);
      warmCodeCache(window, src); // the next page view: already done for this file
      for (const fn of idle.splice(0)) fn();
      expect(runs()).toBe(1);
      const next = 'https://assent.example/banner/runtime/b2/cmp-gdpr.js';
      warmCodeCache(window, next); // a new build: its file once
      for (const fn of idle.splice(0)) fn();
      expect([...document.head.querySelectorAll('script')].some((s) => s.src === next)).toBe(true);
      expect(localStorage.getItem(WARM_KEY)).toBe(next);
    } finally {
      w.requestIdleCallback = before;
      for (const s of document.head.querySelectorAll('script')) s.remove();
    }
  });
});
