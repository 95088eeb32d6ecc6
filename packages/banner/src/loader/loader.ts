import { CONSENT_COOKIES } from '@assent/core/runtime';
import type { InitOptions } from '../cmp';

/**
 * cmp.js is a small loader (dist/loader.js, served per property and region with a short cache)
 * carrying the configuration (the boot JSON, inline: one response fewer before the first layer,
 * and none on a return visit while cmp.js is cached); it adds the runtime's script, a
 * content-hashed file cached for a year. The runtime takes the configuration from
 * `window[LOADER_KEY]`.
 */
export interface LoaderOptions {
  /** The runtime file (BANNER_PATHS.runtimeFile) for this visitor's regulation. */
  runtime: string;
  /**
   * The boot JSON's own URL (BANNER_PATHS.propertyConfig): the key of what the runtime keeps for
   * this configuration in localStorage (cmp.js does not fetch it).
   */
  config: string;
  /** The fast path (fast.js, beside the runtime file). */
  fast?: string;
  /** The boot JSON (`{config, region, endpoints}`), inline in cmp.js. */
  boot: object;
}

/**
 * The configuration as the loader leaves it for the runtime: cmp.js's inline boot JSON (a
 * promise, as it was a fetch before issue 16's stop 30, and a runtime still handles a failed one).
 */
export interface PendingBoot {
  url: string;
  text: Promise<string>;
  /**
   * Set when the loader answered from the kept answers (fast.ts) and runs the runtime after all:
   * the visit beacon is sent; `reopen`: the visitor opened the banner.
   */
  fast?: { reopen: boolean };
  /** The runtime file and the fast path's (LoaderOptions). */
  runtime?: string;
  fastSrc?: string;
}

export const LOADER_KEY = '__assentLoad';
/**
 * localStorage key prefix of the last configuration fetched from a URL. '2' since the configuration
 * packs its vendors (issue 16): a copy kept by an earlier runtime, with the declarations, is not read.
 */
export const BOOT_CACHE_PREFIX = 'assent-boot2:';
/** localStorage key prefix (+ the configuration's URL) of the runtime's kept answers (fast.ts). */
export const FAST_PREFIX = 'assent-fast:';
/** localStorage key of the runtime file whose compiled code the browser was helped to keep. */
export const WARM_KEY = 'assent-warm';

type LoaderWindow = Window & { [LOADER_KEY]?: PendingBoot };

/**
 * The loader: hands the inline configuration to the runtime and runs it, or, when
 * the runtime kept answers for a stored choice (fast.ts), the fast path (dist/fast.js, served
 * beside the runtime), which answers from them and runs the runtime only when needed.
 */
export function startLoader(w: Window, o: LoaderOptions): void {
  const d = w.document;
  const text = Promise.resolve(JSON.stringify(o.boot));
  let fast: string | null | undefined;
  try {
    fast = o.fast && storageOf(w)?.getItem(FAST_PREFIX + o.config) && o.fast;
  } catch {
    fast = undefined; // blocked storage
  }
  (w as LoaderWindow)[LOADER_KEY] = { url: o.config, text, runtime: o.runtime, fastSrc: o.fast };
  addScript(d, fast || o.runtime);
}

/** Runs a script (async). */
export function addScript(d: Document, src: string): void {
  const s = d.createElement('script');
  s.async = true;
  s.src = src;
  (d.head || d.documentElement).appendChild(s);
}

/** The fetch a loader started (taken once: a second runtime on the page does not reuse it). */
export function takePendingBoot(w: Window): PendingBoot | undefined {
  const pending = (w as LoaderWindow)[LOADER_KEY];
  delete (w as LoaderWindow)[LOADER_KEY];
  return pending;
}

export const storageOf = (w: Window): Storage | undefined => {
  try {
    return w.localStorage;
  } catch {
    return undefined; // blocked storage (sandboxed frames, some privacy settings)
  }
};

/**
 * Starts the runtime with the loader's configuration. Fast path: when the visitor has a stored
 * choice (the meta cookie) and the configuration fetched on an earlier page view is kept, the
 * runtime starts from it at once, so the CMP APIs answer from the stored choice before any
 * network; the fetch only refreshes the kept configuration for the next page view. Otherwise the
 * runtime waits for the fetch (the kept configuration if the fetch fails).
 */
export function startFromLoader(
  w: Window,
  pending: PendingBoot,
  start: (boot: InitOptions, text: string) => void,
  onError: (error: unknown) => void,
): void {
  const store = storageOf(w);
  const key = BOOT_CACHE_PREFIX + pending.url;
  let kept: string | null | undefined;
  try {
    kept = store?.getItem(key);
  } catch {
    kept = undefined;
  }
  let started = false;
  const go = (text: string) => {
    if (started) return;
    started = true;
    start(JSON.parse(text) as InitOptions, text);
  };
  // A meta cookie with a value: an emptied one (a cleared choice) is no choice.
  const chose = w.document.cookie.split(';').some((c) => {
    const [name, value] = c.trim().split('=', 2);
    return name === CONSENT_COOKIES.meta && !!value;
  });
  if (kept && chose) {
    try {
      go(kept);
    } catch (e) {
      started = false; // a kept text that no longer parses: wait for the fetch
      onError(e);
    }
  }
  pending.text.then(
    (text) => {
      if (text !== kept) {
        try {
          store?.setItem(key, text);
          store?.removeItem(FAST_PREFIX + pending.url);
        } catch {
          // full or blocked storage: the next page view waits for the fetch again
        }
      }
      go(text);
    },
    // A failed refresh after a start from the kept configuration loses nothing.
    (e: unknown) => (started ? undefined : kept ? go(kept) : onError(e)),
  );
}

/**
 * Helps the browser keep the runtime's compiled code (V8's code cache) from the visitor's first
 * page view: Chromium stores it only when a script runs for the second time, so without this the
 * second page view compiles the runtime again and the third is the first to skip it. Once per
 * runtime file (its URL kept in localStorage), when the page is idle, the same script runs once
 * more: from the HTTP cache (immutable, so no request), and it does nothing (the loader's
 * configuration is taken). decisions.md.
 */
export function warmCodeCache(w: Window, src: string): void {
  const store = storageOf(w);
  // Browsers without idle callbacks (Safari) keep compiled code on their own terms.
  if (!store || !w.requestIdleCallback) return;
  w.requestIdleCallback(
    () => {
      try {
        if (store.getItem(WARM_KEY) === src) return;
        store.setItem(WARM_KEY, src);
      } catch {
        return; // storage full or blocked: no way to do this only once
      }
      const s = w.document.createElement('script');
      s.src = src;
      w.document.head.appendChild(s);
    },
    { timeout: 5000 },
  );
}
