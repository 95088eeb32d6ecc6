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

  const locator = (name: string) => {
    if (w.frames[name as unknown as number]) return;
    if (!d.body) return void setTimeout(() => locator(name), 5);
    const f = d.createElement('iframe');
    f.style.display = 'none';
    f.name = name;
    d.body.appendChild(f);
  };

  const stub = (api: string, ping?: (cb: Fn) => void, cbIndex = 0) => {
    const queue: unknown[][] = [];
    const fn: Fn = function (...args: unknown[]) {
      if (!args.length) return queue;
      if (args[0] === 'ping' && ping) ping(args[cbIndex] as Fn);
      else queue.push(args);
      return undefined;
    };
    if (typeof w[api] !== 'function') w[api] = fn;
    locator(api + 'Locator');
  };

  if (o.tcf)
    stub(
      '__tcfapi',
      (cb) =>
        cb(
          {
            gdprApplies: o.gdprApplies,
            cmpLoaded: false,
            cmpStatus: 'stub',
            displayStatus: 'hidden',
            apiVersion: '2.2',
            cmpId: o.cmpId,
          },
          true,
        ),
      2,
    );
  if (o.gpp)
    stub(
      '__gpp',
      (cb) =>
        cb(
          {
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
          },
          true,
        ),
      1,
    );
  // USP has no ping: every call is queued and answered once the CMP has loaded.
  if (o.usp) stub('__uspapi');

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
