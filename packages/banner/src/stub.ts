/**
 * The synchronous inline stub (< 1 KB gzip), run in <head> before any tag: Google consent mode
 * defaults first, then `__tcfapi`, `__gpp` and `__uspapi` queues answering `ping`, the locator
 * iframes, and the postMessage bridge for cross-frame callers. The CMP replaces the functions and
 * drains the queues (calling a stub function with no arguments returns its queue).
 */

/** gtag consent defaults, already per region (the server expands 'EEA' to country codes). */
export interface StubConsentMode {
  defaults: Array<Record<string, string | number | string[]>>;
  urlPassThrough?: boolean;
  adsDataRedaction?: boolean;
}

export interface StubOptions {
  tcf?: boolean;
  gpp?: boolean;
  usp?: boolean;
  /** Whether GDPR applies, when the server knows it (else undefined until the CMP loads). */
  gdprApplies?: boolean;
  cmpId?: number;
  consentMode?: StubConsentMode;
}

type Fn = ((...args: unknown[]) => unknown) & { q?: unknown[][] };

/** localStorage key of the APIs whose locator frames the stub creates (the runtime writes it). */
export const LOCATOR_KEY = 'assent-loc';

export function installStub(w: Window & Record<string, unknown>, o: StubOptions): void {
  const d = w.document;
  const cm = o.consentMode;
  if (cm) {
    const dl = (w.dataLayer = (w.dataLayer as unknown[]) || []) as unknown[];
    // gtag() pushes its arguments object, not an array.
    const gtag = function (..._a: unknown[]) {
      // eslint-disable-next-line prefer-rest-params
      dl.push(arguments);
    };
    for (const x of cm.defaults) gtag('consent', 'default', x);
    if (cm.urlPassThrough) gtag('set', 'url_passthrough', true);
    if (cm.adsDataRedaction) gtag('set', 'ads_data_redaction', true);
  }

  // The locator iframes, created together in one task once the body exists: of every API the
  // stub has, or only of those the visitor's regulation has once the runtime said so on an
  // earlier page view (LOCATOR_KEY: the API names, core's LOCATOR_APIS).
  const locators: string[] = [];
  let only: string | null = null;
  try {
    only = w.localStorage.getItem(LOCATOR_KEY);
  } catch {
    // blocked storage: every API's frame
  }
  const locate = () => {
    if (!d.body) return void setTimeout(locate, 5);
    for (const name of locators)
      if (!w.frames[name as unknown as number]) {
        const f = d.createElement('iframe');
        f.style.display = 'none';
        f.name = name;
        d.body.appendChild(f);
      }
  };

  /** Answers `value` to a call's callback; true: the call is answered. */
  const reply = (cb: unknown, value: unknown) => ((cb as Fn)(value, true), true);
  /** `answer` answers a call at once (returning true) or leaves it queued for the CMP. */
  const stub = (
    api: string,
    answer: (args: unknown[], queue: unknown[][]) => unknown = () => 0,
  ) => {
    const queue: unknown[][] = [];
    const fn: Fn = function (...args: unknown[]) {
      if (!args.length) return queue;
      if (!answer(args, queue)) queue.push(args);
      return undefined;
    };
    if (typeof w[api] !== 'function') w[api] = fn;
    if (!only || only.includes(api)) locators.push(api + 'Locator');
  };

  if (o.tcf)
    stub(
      '__tcfapi',
      ([command, , cb]) =>
        command === 'ping' &&
        reply(cb, {
          gdprApplies: o.gdprApplies,
          cmpLoaded: false,
          cmpStatus: 'stub',
          displayStatus: 'hidden',
          apiVersion: '2.2',
          cmpId: o.cmpId,
        }),
    );
  if (o.gpp) {
    const pingData = {
      gppVersion: '1.1',
      cmpStatus: 'stub',
      cmpDisplayStatus: 'hidden',
      signalStatus: 'not ready',
      supportedAPIs: [],
      cmpId: o.cmpId,
      sectionList: [],
      applicableSections: [-1],
      gppString: '',
      parsedSections: {},
    };
    let listenerId = 0;
    // GPP 1.1: the stub answers every generic command at once. A listener it registers waits in
    // the queue with its id (fifth item) for the CMP to adopt; removing it drops its callback
    // (the id stays taken).
    stub('__gpp', ([command, cb, parameter], queue) => {
      if (command === 'ping') return reply(cb, pingData);
      if (command === 'addEventListener') {
        queue.push([command, cb, parameter, 0, ++listenerId]);
        return reply(cb, { eventName: 'listenerRegistered', listenerId, data: true, pingData });
      }
      if (command === 'removeEventListener') {
        const listener = queue.find((q) => q[1] && q[4] === parameter);
        if (listener) listener[1] = 0;
        return reply(cb, !!listener);
      }
      if (command === 'hasSection') return reply(cb, false);
      return (command === 'getSection' || command === 'getField') && reply(cb, null);
    });
  }
  // USP has no ping: every call is queued and answered once the CMP has loaded.
  if (o.usp) stub('__uspapi');
  locate();

  // Cross-frame calls: {__tcfapiCall|__gppCall|__uspapiCall: {command, parameter, version, callId}}.
  w.addEventListener('message', (e: MessageEvent) => {
    let data = e.data as Record<string, Record<string, unknown>> | string;
    const json = typeof data === 'string';
    if (json) {
      try {
        data = JSON.parse(data as string) as Record<string, Record<string, unknown>>;
      } catch {
        return;
      }
    }
    for (const api of ['__tcfapi', '__gpp', '__uspapi']) {
      const call = (data as Record<string, Record<string, unknown>> | null)?.[api + 'Call'];
      const fn = w[api] as Fn | undefined;
      if (!call || !fn) continue;
      const reply = (returnValue: unknown, success: boolean) => {
        const msg = { [api + 'Return']: { returnValue, success, callId: call.callId } };
        (e.source as Window | null)?.postMessage(json ? JSON.stringify(msg) : msg, '*');
      };
      if (api === '__gpp') fn(call.command, reply, call.parameter, call.version);
      else fn(call.command, call.version, reply, call.parameter);
    }
  });
}
