/**
 * The return visit's fast path (issue 16): after a page view on which the runtime restored the
 * visitor's stored choice without asking, it keeps the answers its CMP APIs gave (and the Consent
 * Mode update, the visit beacon and the persistent link) in localStorage, tied to the meta cookie
 * and to the kept configuration. On the next page view the loader (the tag's cmp.js) answers
 * `__tcfapi`, `__gpp` and `__uspapi` from them at once and does not run the runtime at all; it
 * runs it only for what the answers cannot do (another API command, a reopened banner, a stale
 * choice). The answers are the runtime's own, so both paths answer alike by construction.
 */

import { CONSENT_COOKIES } from '@assent/core/runtime';
import type { PendingBoot } from './loader';
import { addScript, BOOT_CACHE_PREFIX, FAST_PREFIX, LOADER_KEY } from './loader';

type Answer = unknown;
type Callback = (value: Answer, success: boolean) => void;
type Api = (...args: unknown[]) => unknown;

export interface FastAnswers {
  /** The meta cookie (raw) the answers were given for. */
  m: string;
  /** The visitor's languages and GPC when written (visitorKey). */
  k: string;
  /** The time (ms) from which the choice is asked for again (a newer vendor list), if any. */
  e?: number;
  /** `__tcfapi`: ping, getTCData (no listener id), getNonIABVendorConsents. */
  t?: [Answer, Record<string, unknown>, Answer];
  /** `__gpp`: ping data, and the events a listener registered with the stub got (name, data). */
  g?: [Record<string, unknown>, Array<[string, Answer]>];
  /** `__uspapi`: getUSPData's answer. */
  u?: Answer;
  /** gtag() calls the runtime made (`['consent', 'update', {...}]`). */
  d?: unknown[][];
  /** The visit beacon: URL and body (its `ts` is the page view's). */
  v?: [string, string];
  /** The banner's shadow root (the persistent link) as HTML. */
  l?: string;
  /** The publisher's footer element that opens the US screen. */
  f?: string;
}

/** What the answers depend on besides the stored choice and the configuration. */
export const visitorKey = (w: Window): string => {
  const nav = w.navigator as Navigator & { globalPrivacyControl?: boolean };
  return `${(nav.languages?.length ? nav.languages : [nav.language]).join()}|${nav.globalPrivacyControl === true}`;
};

/** The meta cookie's raw value ('' without one). */
export const metaCookie = (d: Document, name: string): string => {
  for (const part of d.cookie.split(';')) {
    const i = part.indexOf('=');
    if (part.slice(0, i).trim() === name) return part.slice(i + 1).trim();
  }
  return '';
};

/**
 * dist/fast.js, which the loader runs instead of the runtime when answers are kept: answers from
 * them when they are for this visitor's stored choice, else runs the runtime. The configuration's
 * fetch then only refreshes the kept configuration: a changed one drops the answers, so the next
 * page view runs the runtime with it.
 */
export function startFast(w: Window, p: PendingBoot): void {
  const run = (reopen?: boolean) => {
    (w as unknown as Record<string, PendingBoot>)[LOADER_KEY] =
      reopen === undefined ? p : { ...p, fast: { reopen } };
    addScript(w.document, p.runtime!);
  };
  let store: Storage | undefined;
  let a: FastAnswers | undefined;
  try {
    store = w.localStorage;
    a = readFast(w, store, p.url, metaCookie(w.document, CONSENT_COOKIES.meta));
  } catch {
    a = undefined; // blocked storage, unreadable answers: the runtime answers
  }
  if (!a) return run();
  p.text.then(
    (t) => {
      try {
        if (t !== store!.getItem(BOOT_CACHE_PREFIX + p.url)) {
          store!.setItem(BOOT_CACHE_PREFIX + p.url, t);
          store!.removeItem(FAST_PREFIX + p.url);
        }
      } catch {
        // full or blocked storage: the answers stand until the runtime runs again
      }
    },
    () => {},
  );
  serveFast(w, a, run);
}

/** The kept answers when they are for this visitor's stored choice and still stand. */
export function readFast(
  w: Window,
  store: Storage,
  url: string,
  meta: string,
): FastAnswers | undefined {
  const text = store.getItem(FAST_PREFIX + url);
  const a = text ? (JSON.parse(text) as FastAnswers) : undefined;
  return a && meta && a.m === meta && a.k === visitorKey(w) && !(Date.now() >= a.e!)
    ? a
    : undefined;
}

/**
 * Installs the APIs answering from `a`, replays what the stub queued, pushes the Consent Mode
 * update, sends the visit beacon after the paint and shows the persistent link. `upgrade(reopen)`
 * runs the runtime (once): the APIs then queue every call for it, with their listeners, as the
 * stub does.
 */
export function serveFast(w: Window, a: FastAnswers, upgrade: (reopen: boolean) => void): void {
  const W = w as unknown as Record<string, Api | undefined>;
  const d = w.document;
  let up = false;
  const handOver: Array<() => void> = [];
  const go = (reopen: boolean) => {
    if (up) return;
    up = true;
    for (const f of handOver) f();
    upgrade(reopen);
  };
  /** `handle` answers a call (true) or leaves it to the runtime. */
  const put = (name: string, handle: (args: unknown[], q: unknown[][]) => unknown) => {
    const q: unknown[][] = [];
    const stub = W[name];
    const queued = typeof stub === 'function' ? stub() : undefined;
    const api = (W[name] = (...args: unknown[]) => {
      if (!args.length) return q;
      if (up || !handle(args, q)) {
        q.push(args);
        go(false);
      }
      return undefined;
    });
    if (Array.isArray(queued)) for (const args of queued) api(...(args as unknown[]));
    return q;
  };
  const later = (f: () => void) => w.requestAnimationFrame(() => w.setTimeout(f));
  // Each caller gets its own copy, as from the runtime. Dates were kept as {$d: ms} (keep.ts): only
  // answers that hold one are parsed with a reviver, a callback per key (4 times the plain parse
  // of getTCData's 1,400 vendor keys).
  const copy = <T>(x: T): T => {
    const text = JSON.stringify(x);
    return JSON.parse(
      text,
      text.includes('"$d":')
        ? (_k, v: { $d?: number } | null) => (v?.$d === undefined ? v : new Date(v.$d))
        : undefined,
    ) as T;
  };

  const t = a.t;
  if (t) {
    const listeners = new Map<number, Callback>();
    let next = 1;
    const q = put('__tcfapi', ([command, version, cb, parameter]) => {
      if (typeof cb !== 'function') return true;
      const reply = cb as Callback;
      if (!(version == null || version === 0 || version === 2)) return (reply(null, false), true);
      if (command === 'ping') return (reply(copy(t[0]), true), true);
      // With vendor ids, getTCData is the runtime's to answer.
      if (command === 'getTCData' && parameter === undefined)
        return (reply(copy(t[1]), true), true);
      if (command === 'getNonIABVendorConsents') return (reply(copy(t[2]), true), true);
      if (command === 'addEventListener') {
        listeners.set(next, reply);
        return (reply({ ...copy(t[1]), listenerId: next++ }, true), true);
      }
      if (command === 'removeEventListener') {
        const removed = listeners.delete(parameter as number);
        return (reply(removed, removed), true);
      }
      return false;
    });
    // The runtime registers them again (new ids) and tells them the same TC data.
    handOver.push(() => {
      for (const cb of listeners.values()) q.push(['addEventListener', 2, cb]);
    });
  }
  const g = a.g;
  if (g) {
    const [ping, events] = g;
    const listeners = new Map<number, Callback>();
    let next = 1;
    const sections = ping.parsedSections as Record<string, Record<string, unknown>>;
    const fire = (id: number, cb: Callback) => {
      for (const [eventName, data] of events)
        cb({ eventName, listenerId: id, data, pingData: copy(ping) }, true);
    };
    const q = put('__gpp', ([command, cb, parameter, , adopted]) => {
      const reply = cb as Callback;
      // A listener the stub registered (and answered): it gets the runtime's events.
      if (typeof adopted === 'number') {
        next = Math.max(next, adopted + 1);
        if (cb) {
          listeners.set(adopted, reply);
          fire(adopted, reply);
        }
        return true;
      }
      if (typeof cb !== 'function') return true;
      if (command === 'ping') return (reply(copy(ping), true), true);
      if (command === 'addEventListener') {
        listeners.set(next, reply);
        return (
          reply(
            {
              eventName: 'listenerRegistered',
              listenerId: next++,
              data: true,
              pingData: copy(ping),
            },
            true,
          ),
          true
        );
      }
      if (command === 'removeEventListener') {
        const removed = listeners.delete(parameter as number);
        return (reply(removed, removed), true);
      }
      if (command === 'hasSection') return (reply(!!sections[parameter as string], true), true);
      if (command === 'getSection')
        return (reply(copy(sections[parameter as string] ?? null), true), true);
      if (command === 'getField') {
        const [name, field] = String(parameter).split('.');
        return (reply(copy(sections[name!]?.[field ?? ''] ?? null), true), true);
      }
      return (reply(null, false), true);
    });
    handOver.push(() => {
      for (const [id, cb] of listeners) q.push(['addEventListener', cb, undefined, 0, id]);
    });
  }
  if ('u' in a)
    put('__uspapi', ([command, version, cb]) => {
      if (typeof cb === 'function')
        (cb as Callback)(
          ...((command === 'getUSPData' && (version === 1 || version === undefined)
            ? [a.u, true]
            : [null, false]) as [Answer, boolean]),
        );
      return true;
    });

  for (const call of a.d ?? [])
    ((w as unknown as { dataLayer?: unknown[] }).dataLayer ??= []).push(
      // gtag() pushes its arguments object, not an array.
      (function (..._a: unknown[]) {
        // eslint-disable-next-line prefer-rest-params
        return arguments;
      })(...call),
    );

  const v = a.v;
  if (v) {
    let sent = false;
    const send = () => {
      if (sent) return;
      sent = true;
      w.navigator.sendBeacon?.(v[0], v[1].replace(/"ts":\d+/, `"ts":${Date.now()}`));
    };
    later(send);
    w.addEventListener('pagehide', send);
    d.addEventListener('visibilitychange', send);
  }

  // The persistent link and the footer element open the banner: the runtime's to show.
  const ready = () => {
    if (!d.body) return void d.addEventListener('DOMContentLoaded', ready, { once: true });
    if (a.l && !up) {
      const host = d.createElement('div');
      host.id = 'assent-cmp';
      const root = host.attachShadow({ mode: 'open' });
      root.innerHTML = a.l;
      root.addEventListener('click', (e) => {
        if ((e.target as Element).closest?.('[data-action="reopen"]')) go(true);
      });
      handOver.push(() => host.remove());
      d.body.appendChild(host);
    }
    if (a.f)
      d.getElementById(a.f)?.addEventListener('click', (e) => {
        if (up) return;
        e.preventDefault();
        go(true);
      });
  };
  ready();
}
