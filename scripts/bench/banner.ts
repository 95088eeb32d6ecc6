/**
 * Banner runtime figures (issue 16's banner goals): builds packages/banner and prints the gzip
 * sizes of each visitor path; then, in Chromium (CPU throttled 4x, under the browser lock), a
 * running Assent server and its peers (vanilla-cookieconsent, Klaro, c15t from npm, each with a
 * first layer of accept / reject / preferences for two purposes) served by the same page server:
 * bytes on the wire as Chromium receives them on a first visit (before the first layer shows) and
 * a return visit (after accepting), the requests that went to the network on the return visit, and
 * the return visit's main-thread CPU of each contender's own code, rounds interleaved. The
 * first visit's window is from navigation until the first layer's accept button is visible, plus
 * two frames and 1 s (what the CMP fetches right after showing counts). The
 * publisher pages (the bare one and each contender's) are served gzip-compressed, as a real site
 * serves its HTML: an inline stub or configuration counts as the compressed bytes it adds to the
 * page (first visit bytes are the page's minus the bare page's, plus the contender's responses).
 * One summary line per goal. A reference line beside the peers: IAB's own TCF stub alone (below).
 * Return-visit CPU (the SUMMARY's figure), per contender, from page load until its API answers
 * (Assent: `__tcfapi('getTCData')`; peers: their script has run) plus two frames and 1 s: the
 * renderer main thread's time in the contender's own scripts, i.e. (1) V8 CPU profiler samples
 * (100 µs interval) whose stack holds a frame of one of its scripts (its files' URLs, and the
 * page's URL for its inline scripts: the bare page has none), so the DOM calls they make (the
 * locator iframes' creation included) and the promise jobs they queue count, and (2) the
 * `v8.compile` / `v8.compileModule` trace events of those scripts (compiling runs outside any JS
 * frame). Not counted: style, layout and paint after the scripts return (not attributable to one
 * script), garbage collection outside their frames, work off the main thread. Median and spread
 * (min–max) over the rounds; `--runs 7` or more for a CPU figure. The older whole-page figure (every
 * RunTask minus the bare page's) is printed beside it: it is dominated by noise. `--detail` adds the first layer's and the click's main-thread times
 * from the packaged page server (the older figures).
 * `--baseline DIR`: also measures another build as the contender 'Assent (baseline)', in the same
 * interleaved rounds, and prints the ratios to it. DIR is a built checkout (or its
 * packages/banner/dist): its own server serves its own runtime, so a change of the configuration's
 * shape is measured against the configuration its runtime reads. A dist directory outside a
 * checkout is served by this tree's server through ASSENT_BANNER_DIST.
 * It takes the benchmark lock (/tmp/assent-bench.lock) for the whole run and the shared browser lock
 * (/tmp/assent-browser.lock) around Chromium itself, as the other benchmarks do: do not wrap it in
 * flock(1) on either file (it would wait for itself).
 * Run: npx tsx scripts/bench/banner.ts [--runs 3] [--detail] [--breakdown] [--baseline DIR]
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { bannerConfigFixture } from '../../packages/core/src/banner/fixtures';
import type { GvlVendorDeclarations } from '../../packages/core/src/banner/rules';
import { compactVendor, partnerCount } from '../../packages/core/src/banner/rules';
import { packVendors } from '../../packages/core/src/banner/vendor-sets';
import { servePublisherPage } from '../../packages/banner/test/page-server';
import { CHROMIUM, gvlFixture, hasChromium, launchChromium } from '@assent/testing';
import type { Browser, Page } from '@assent/testing';
import { startLiveServer } from '../../apps/server/test/live-server';
import { HOST_RULES, publisherPage } from '../../apps/server/test/banner-e2e-support';
import { BENCH_LOCK, median, numberArg, stringArg, takeLock, withBrowserLock } from './support';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const banner = path.join(root, 'packages/banner');

const releaseBench = await takeLock(BENCH_LOCK);
execFileSync(process.execPath, [path.join(banner, 'build.mjs')], { stdio: 'ignore' });

interface Size {
  raw: number;
  gzip: number;
}
const manifest = JSON.parse(readFileSync(path.join(banner, 'dist/manifest.json'), 'utf8')) as {
  files: Record<string, Size>;
  paths: Record<string, Size & { files: string[] }>;
};

// The config a visitor downloads with cmp.js: every vendor of the real GVL v3 (v17, 692 vendors).
const gvl = JSON.parse(gvlFixture('gvl3-vendor-list-v17.json')) as {
  vendors: Record<string, GvlVendorDeclarations>;
};
const gvlVendors = Object.keys(gvl.vendors).length;
const base = bannerConfigFixture();
const config = bannerConfigFixture({
  gdpr: {
    ...base.gdpr!,
    vendors: packVendors({ ...base.gdpr!, vendors: Object.values(gvl.vendors).map(compactVendor) }),
  },
});
const configJson = JSON.stringify({
  config,
  region: { country: 'FR' },
  endpoints: { vendorList: '/gvl/{version}/{lang}.json', visit: '/visit' },
});
const configGzip = gzipSync(configJson, { level: 9 }).length;

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const rows: Array<[string, string, string]> = [
  ['stub (inline)', kb(manifest.files['stub.js']!.raw), kb(manifest.files['stub.js']!.gzip)],
  [
    "loader (the tag's cmp.js)",
    kb(manifest.files['loader.js']!.raw),
    kb(manifest.files['loader.js']!.gzip),
  ],
  [
    'GDPR first layer: stub + loader + cmp-gdpr.js (JS+CSS)',
    kb(manifest.paths.gdprFirstLayer!.raw),
    kb(manifest.paths.gdprFirstLayer!.gzip),
  ],
  [`  + config JSON (${gvlVendors} vendors)`, kb(configJson.length), kb(configGzip)],
  ['US path: stub + loader + cmp.js', kb(manifest.paths.us!.raw), kb(manifest.paths.us!.gzip)],
  [
    'second layer (lazy)',
    kb(manifest.files['second-layer.js']!.raw),
    kb(manifest.files['second-layer.js']!.gzip),
  ],
  [
    'AMP prompt page script',
    kb(manifest.files['amp-prompt.js']!.raw),
    kb(manifest.files['amp-prompt.js']!.gzip),
  ],
  [
    'group storage frame',
    kb(manifest.files['group-frame.js']!.raw),
    kb(manifest.files['group-frame.js']!.gzip),
  ],
];

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { data?: Record<string, unknown> };
}

const end = (e: TraceEvent) => e.ts + (e.dur ?? 0);
const ms = (us: number) => `${(us / 1000).toFixed(1)} ms`;

/**
 * One page view's figures from its DevTools trace (microseconds, renderer main thread):
 * - first layer: from cmp.js starting to evaluate to the end of the first task that paints after
 *   the `assent:first-layer` mark, the busy time of every task in between (cmp.js, its style,
 *   layout and paint), apart from the inline stub's timers (the spec-mandated locator iframes,
 *   reported on their own line);
 * - accept all: the click event's dispatch (the handler), the task that handled it, the busy time from it to the next paint, and the
 *   task after that paint in which the choice settles (the `assent:choice-settled` mark).
 */
function analyse(events: TraceEvent[], pageUrl: string) {
  const evaluate = events.find(
    (e) => e.name === 'EvaluateScript' && String(e.args?.data?.url ?? '').endsWith('/cmp.js'),
  );
  if (!evaluate) throw new Error('cmp.js was not evaluated in the trace');
  const main = events.filter((e) => e.pid === evaluate.pid && e.tid === evaluate.tid);
  const tasks = main
    .filter((e) => e.name === 'RunTask' && e.ph === 'X')
    .sort((a, b) => a.ts - b.ts);
  const inside = (task: TraceEvent) =>
    main.filter((e) => e.ph === 'X' && e !== task && e.ts >= task.ts && end(e) <= end(task));
  const paints = (task: TraceEvent) => inside(task).some((e) => e.name === 'Paint');
  const isStub = (task: TraceEvent) =>
    inside(task).some((e) => e.name === 'FunctionCall' && e.args?.data?.url === pageUrl);
  const busy = (from: number, to: number, keep: (t: TraceEvent) => boolean) =>
    tasks
      .filter((t) => end(t) > from && t.ts < to && keep(t))
      .reduce((sum, t) => sum + Math.min(end(t), to) - Math.max(t.ts, from), 0);

  const mark = main.find((e) => e.name === 'assent:first-layer');
  if (!mark) throw new Error('No assent:first-layer mark in the trace');
  const painted = tasks.find((t) => end(t) >= mark.ts && paints(t));
  if (!painted) throw new Error('No paint after the first layer');
  const start = evaluate.ts;

  const click = main.find(
    (e) => e.name === 'EventDispatch' && e.args?.data?.type === 'click' && e.ts > mark.ts,
  );
  const clickTask = click && tasks.find((t) => t.ts <= click.ts && end(t) >= end(click));
  const afterClick = clickTask && tasks.find((t) => t.ts >= clickTask.ts && paints(t));
  const settledMark = main.find((e) => e.name === 'assent:choice-settled');
  const settleTask =
    settledMark && tasks.find((t) => t.ts <= settledMark.ts && end(t) >= settledMark.ts);
  return {
    firstLayer: busy(start, end(painted), (t) => !isStub(t)),
    firstLayerWall: end(painted) - start,
    evaluate: evaluate.dur ?? 0,
    stub: busy(start, end(painted), isStub),
    handler: click?.dur ?? NaN,
    click: clickTask?.dur ?? NaN,
    clickToPaint:
      clickTask && afterClick ? busy(clickTask.ts, end(afterClick), (t) => !isStub(t)) : NaN,
    settle: settleTask?.dur ?? NaN,
  };
}

const LISTENER_COUNT = 5;
/** The contender served from `--baseline DIR`. */
const BASELINE = 'Assent (baseline)';

const CLS = `new Promise((resolve) => {
  let sum = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) sum += e.value; // even right after the click
  }).observe({ type: 'layout-shift', buffered: true });
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => resolve(sum), 100)));
})`;

/** An ad stack's worth of `__tcfapi` listeners, each told about the choice in the click's task. */
const LISTENERS = `for (let i = 0; i < ${LISTENER_COUNT}; i++) window.__tcfapi('addEventListener', 2, () => {});`;

async function browserFigures(runs = 7): Promise<string[]> {
  if (!hasChromium()) return [`(no ${CHROMIUM}: main-thread times not measured)`];
  const server = await servePublisherPage({
    stubOptions: { tcf: true, gpp: true, usp: true, cmpId: config.cmpId },
    boot: JSON.parse(configJson) as object,
    vendorList: gvl,
  });
  const browser = await launchChromium();
  try {
    const { context } = browser;
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const accept = page.locator('#assent-cmp [data-action="accept"]');
    // One warm-up view, then first visits: no cookie, no HTTP cache (so no V8 code cache).
    await page.goto(server.url);
    await accept.waitFor({ state: 'visible' });
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const samples: Array<ReturnType<typeof analyse> & { cls: number }> = [];
    for (let i = 0; i < runs; i++) {
      await context.clearCookies();
      const events: TraceEvent[] = [];
      const collect = (e: { value: object[] }) => events.push(...(e.value as TraceEvent[]));
      cdp.on('Tracing.dataCollected', collect);
      await cdp.send('Tracing.start', {
        categories: 'devtools.timeline,disabled-by-default-devtools.timeline,blink.user_timing',
        transferMode: 'ReportEvents',
      });
      await page.goto(server.url);
      await accept.waitFor({ state: 'visible' });
      await page.evaluate(CLS);
      await page.evaluate(LISTENERS);
      // A plain mouse click at the button (locator.click adds Playwright's own hit-target
      // listeners to the page, which would be measured with the handler).
      const box = await accept.boundingBox();
      if (!box) throw new Error('Accept all has no box');
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await accept.waitFor({ state: 'detached' });
      const cls = (await page.evaluate(CLS)) as number;
      const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
      await cdp.send('Tracing.end');
      await done;
      cdp.off('Tracing.dataCollected', collect);
      samples.push({ ...analyse(events, server.url), cls });
    }
    const m = (key: keyof (typeof samples)[number]) => median(samples.map((s) => s[key]));
    return [
      `Chromium, CPU throttled 4x, ${gvlVendors} vendors, median of ${runs} first visits:`,
      `  script start → first layer painted: ${ms(m('firstLayer'))} main thread (${ms(m('firstLayerWall'))} wall; evaluating cmp.js ${ms(m('evaluate'))})`,
      `  stub locator iframes in that window:  ${ms(m('stub'))} (browser cost of the __tcfapi/__gpp/__uspapi locator frames)`,
      `  accept all (${LISTENER_COUNT} __tcfapi listeners): click handler ${ms(m('handler'))} (its input task ${ms(m('click'))}); click → next paint ${ms(m('clickToPaint'))} main thread`,
      `  the choice settled after that paint (TC string, ${LISTENER_COUNT} listeners, GPP, Consent Mode, cookie): one task of ${ms(m('settle'))}`,
      `  layout shift score (load, first layer, accept, persistent link): ${Math.max(...samples.map((s) => s.cls)).toFixed(4)}`,
    ];
  } finally {
    await browser.close();
    await server.close();
  }
}

// --- Assent and its peers on the wire, from a running server, in the same run.

const requireFromBanner = createRequire(path.join(banner, 'package.json'));
const requireFromRoot = createRequire(path.join(root, 'package.json'));
const peerFile = (pkg: string, file: string) =>
  path.join(path.dirname(requireFromRoot.resolve(`${pkg}/package.json`)), file);

/** Two purposes and a first layer of accept / reject / preferences, as comparable as each allows. */
const DESCRIPTION =
  'We and our partners store and access information on your device, such as cookies, to measure and improve our site and to show ads. You can accept, reject or choose.';

async function peerAssets(): Promise<Record<string, { body: Buffer; type: string }>> {
  // esbuild is packages/banner's build tool.
  const esbuild = requireFromBanner('esbuild') as {
    build(options: object): Promise<{ outputFiles: Array<{ contents: Uint8Array }> }>;
  };
  const c15t = await esbuild.build({
    entryPoints: [path.join(root, 'scripts/bench/peers/c15t-banner.ts')],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    write: false,
    logLevel: 'warning',
  });
  const js = 'text/javascript; charset=utf-8';
  return {
    'cookieconsent.js': {
      body: readFileSync(peerFile('vanilla-cookieconsent', 'dist/cookieconsent.umd.js')),
      type: js,
    },
    'cookieconsent.css': {
      body: readFileSync(peerFile('vanilla-cookieconsent', 'dist/cookieconsent.css')),
      type: 'text/css; charset=utf-8',
    },
    'klaro.js': { body: readFileSync(peerFile('klaro', 'dist/klaro.js')), type: js },
    'c15t.js': { body: Buffer.from(c15t.outputFiles[0]!.contents), type: js },
  };
}

const COOKIECONSENT_HEAD = `<link rel="stylesheet" href="/peer/cookieconsent.css">
<script defer src="/peer/cookieconsent.js"></script>
<script>addEventListener('DOMContentLoaded', function () { CookieConsent.run({
  hideFromBots: false,
  categories: { necessary: { enabled: true, readOnly: true }, analytics: {}, marketing: {} },
  language: { default: 'en', translations: { en: {
    consentModal: { title: 'We value your privacy', description: ${JSON.stringify(DESCRIPTION)},
      acceptAllBtn: 'Accept all', acceptNecessaryBtn: 'Reject all', showPreferencesBtn: 'Manage preferences' },
    preferencesModal: { title: 'Your choices', acceptAllBtn: 'Accept all', acceptNecessaryBtn: 'Reject all',
      savePreferencesBtn: 'Save', sections: [
        { title: 'Measurement', description: 'Measure the audience.', linkedCategory: 'analytics' },
        { title: 'Advertising', description: 'Show ads.', linkedCategory: 'marketing' } ] } } } }
}); });</script>`;

const KLARO_HEAD = `<script>window.klaroConfig = { version: 1, elementID: 'klaro', storageMethod: 'cookie',
  cookieName: 'klaro', acceptAll: true, mustConsent: false, default: false,
  translations: { en: { consentNotice: { description: ${JSON.stringify(DESCRIPTION)} },
    purposes: { analytics: 'Measurement', marketing: 'Advertising' } } },
  services: [ { name: 'analytics', title: 'Analytics', purposes: ['analytics'] },
    { name: 'ads', title: 'Ads', purposes: ['marketing'] } ] };</script>
<script defer src="/peer/klaro.js"></script>`;

/**
 * A reference measured in the same rounds, not a peer: IAB's own TCF stub (npm
 * `@iabtechlabtcf/stub`), inline as IAB tells CMPs to put it, with no CMP behind it. It is the least
 * a TCF CMP runs on every page view: `__tcfapi`'s queue and the `__tcfapiLocator` frame, which
 * callers in child frames look for (Assent's stub makes that frame and `__gppLocator` for a GDPR
 * visitor). None of the peers implements TCF.
 */
const IAB_STUB = 'IAB TCF stub';
const iabStubHead = () =>
  `<script>${readFileSync(peerFile('@iabtechlabtcf/stub', 'lib/stub.js'), 'utf8')}</script>`;

interface Contender {
  name: string;
  head: string;
  /** The first layer's accept-all button. */
  accept: string;
  /** Whether a script URL is the contender's own (its page's URL: its inline scripts). */
  mine: (url: string, page: string) => boolean;
}

/** One page view's figures from CDP's network events and a trace of the renderer main thread. */
interface View {
  /** Bytes Chromium received (encodedDataLength: headers and the body as sent), the page too. */
  bytes: number;
  /** Requests answered by the network (not the cache), beacons and the page itself left out. */
  network: string[];
  /** Every response: path and bytes received (`--breakdown`). */
  responses: Array<[string, number]>;
  /** Busy time of the renderer main thread (RunTask), milliseconds. */
  cpu: number;
  /** Main-thread time in the contender's own scripts (the header says what counts), milliseconds. */
  own: number;
  /** Self time (ms) of the main thread's trace events by name (and script URL), for `--breakdown`. */
  breakdown: Map<string, number>;
}

/**
 * The renderer main thread's self time by trace event (an event's duration minus its children's),
 * scripts named by their file: where a page view's CPU goes (`--breakdown`).
 */
function selfTimes(events: TraceEvent[], mains: Set<string>): Map<string, number> {
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of events)
    if (e.ph === 'X' && mains.has(`${e.pid}:${e.tid}`)) {
      const k = `${e.pid}:${e.tid}`;
      byThread.set(k, [...(byThread.get(k) ?? []), e]);
    }
  const out = new Map<string, number>();
  const label = (e: TraceEvent) => {
    const data = e.args?.data as Record<string, unknown> | undefined;
    const url = String(data?.url ?? data?.scriptName ?? '');
    const file = url
      .replace(/^[a-z]+:\/\/[^/]+/, '')
      .replace(/\/banner\/runtime\/[^/]+\//, '/banner/runtime/');
    return file ? `${e.name} ${file.slice(0, 60)}` : e.name;
  };
  for (const list of byThread.values()) {
    list.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    const stack: Array<{ e: TraceEvent; self: number }> = [];
    const pop = () => {
      const top = stack.pop()!;
      out.set(label(top.e), (out.get(label(top.e)) ?? 0) + top.self / 1000);
    };
    for (const e of list) {
      while (stack.length && end(stack[stack.length - 1]!.e) <= e.ts) pop();
      const parent = stack[stack.length - 1];
      if (parent) parent.self -= Math.min(e.dur ?? 0, end(parent.e) - e.ts);
      stack.push({ e, self: e.dur ?? 0 });
    }
    while (stack.length) pop();
  }
  return out;
}

/** A V8 CPU profile (CDP Profiler.stop). */
interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { url: string }; children?: number[] }>;
  samples?: number[];
  timeDeltas?: number[];
}

/**
 * Microseconds of the profile's samples whose stack holds a frame of a script `mine` claims: a
 * sample's time is the delta to the next sample.
 */
function ownSampleTime(profile: CpuProfile, mine: (url: string) => boolean): number {
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const owned = new Map<number, boolean>();
  const isOwned = (id: number): boolean => {
    let known = owned.get(id);
    if (known === undefined) {
      const up = parent.get(id);
      known = mine(byId.get(id)?.callFrame.url ?? '') || (up !== undefined && isOwned(up));
      owned.set(id, known);
    }
    return known;
  };
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  let sum = 0;
  for (let i = 0; i < samples.length; i++)
    if (isOwned(samples[i]!)) sum += Math.max(0, deltas[i + 1] ?? 0);
  return sum;
}

async function measureView(
  page: Page,
  url: string,
  ready: (page: Page) => Promise<unknown>,
  mine: (url: string) => boolean = () => false,
): Promise<View> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const requests = new Map<string, { url: string; cached: boolean; bytes: number }>();
  cdp.on('Network.requestWillBeSent', (e: { requestId: string; request: { url: string } }) =>
    requests.set(e.requestId, { url: e.request.url, cached: false, bytes: 0 }),
  );
  cdp.on('Network.requestServedFromCache', (e: { requestId: string }) => {
    const r = requests.get(e.requestId);
    if (r) r.cached = true;
  });
  cdp.on(
    'Network.responseReceived',
    (e: { requestId: string; response: { fromDiskCache?: boolean } }) => {
      const r = requests.get(e.requestId);
      if (r && e.response.fromDiskCache) r.cached = true;
    },
  );
  cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) => {
    const r = requests.get(e.requestId);
    if (r) r.bytes = e.encodedDataLength;
  });
  const events: TraceEvent[] = [];
  const collect = (e: { value: object[] }) => events.push(...(e.value as TraceEvent[]));
  cdp.on('Tracing.dataCollected', collect);
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline',
    transferMode: 'ReportEvents',
  });
  await cdp.send('Profiler.start');
  await page.goto(url);
  await ready(page);
  // Work the CMP left for after its first paint (timers, idle callbacks) is counted too.
  await page.evaluate(
    () =>
      new Promise((r) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 1000))),
      ),
  );
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
  const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.end');
  await done;
  await cdp.detach();
  const mains = new Set(
    events
      .filter(
        (e) =>
          e.ph === 'M' &&
          e.name === 'thread_name' &&
          (e.args as { name?: string } | undefined)?.name === 'CrRendererMain',
      )
      .map((e) => `${e.pid}:${e.tid}`),
  );
  if (!mains.size) throw new Error(`No renderer main thread in the trace of ${url}`);
  const cpu = events
    .filter((e) => e.name === 'RunTask' && e.ph === 'X' && mains.has(`${e.pid}:${e.tid}`))
    .reduce((sum, e) => sum + (e.dur ?? 0), 0);
  // Compiling a script runs outside any JS frame: its trace events, outermost only.
  const compiles = events
    .filter(
      (e) =>
        (e.name === 'v8.compile' || e.name === 'v8.compileModule') &&
        e.ph === 'X' &&
        mains.has(`${e.pid}:${e.tid}`) &&
        mine(String(e.args?.data?.url ?? '')),
    )
    .sort((a, b) => a.ts - b.ts);
  let compileTime = 0;
  let covered = -Infinity;
  for (const e of compiles) {
    if (e.ts >= covered) compileTime += e.dur ?? 0;
    covered = Math.max(covered, end(e));
  }
  const all = [...requests.values()];
  return {
    own: (ownSampleTime(profile, mine) + compileTime) / 1000,
    bytes: all.reduce((sum, r) => sum + r.bytes, 0),
    responses: all.map((r) => [r.url.replace(/^https?:\/\/[^/]+/, ''), r.bytes]),
    network: all
      .filter((r) => !r.cached && r.url !== url && !/\/banner\/(visit|consent)$/.test(r.url))
      .map((r) => r.url.replace(/^https?:\/\/[^/]+/, '')),
    cpu: cpu / 1000,
    breakdown: selfTimes(events, mains),
  };
}

async function compareWithPeers(runs: number): Promise<string[]> {
  if (!hasChromium()) return [`(no ${CHROMIUM}: the comparison with the peers is not measured)`];
  const live = await startLiveServer({ env: { ASSENT_CMP_ID: '300' } });
  const baselineDist = stringArg('baseline', '');
  const baselineRoot = baselineDist
    ? [baselineDist, path.join(baselineDist, '../../..')]
        .map((dir) => path.resolve(dir))
        .find((dir) => existsSync(path.join(dir, 'apps/server/test/live-server.ts')))
    : undefined;
  const baseline = baselineRoot
    ? await (
        (await import(
          pathToFileURL(path.join(baselineRoot, 'apps/server/test/live-server.ts')).href
        )) as { startLiveServer: typeof startLiveServer }
      ).startLiveServer({ env: { ASSENT_CMP_ID: '300' } })
    : baselineDist
      ? await startLiveServer({
          env: { ASSENT_CMP_ID: '300', ASSENT_BANNER_DIST: path.resolve(baselineDist) },
        })
      : undefined;
  // The servers start with GVL v7 (376 vendors); the issue's figure is for the full list: a new
  // site takes the latest list's vendors, so v17 (692, 691 not deleted) is imported into both.
  for (const server of [live, baseline])
    await server?.deps.lists.importVendorList(gvlFixture('gvl3-vendor-list-v17.json'), 'fixture');
  const assets = await peerAssets();
  const gz = Object.fromEntries(
    Object.entries(assets).map(([name, a]) => [name, gzipSync(a.body, { level: 9 })]),
  );
  let browser: Browser | undefined;
  const pages = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const asset = url.pathname.startsWith('/peer/') ? url.pathname.slice(6) : undefined;
    if (asset && assets[asset]) {
      // As a CDN would serve a peer's files: gzip, cached for a year.
      const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
      res.writeHead(200, {
        'content-type': assets[asset].type,
        'cache-control': 'public, max-age=31536000, immutable',
        ...(gzip ? { 'content-encoding': 'gzip' } : {}),
      });
      return void res.end(gzip ? gz[asset] : assets[asset].body);
    }
    const body = html.get(decodeURIComponent(url.pathname));
    // As a publisher's server sends its pages: gzip when the browser accepts it, the bare page
    // and every contender's page alike (the inline stub and the peers' inline configurations
    // count compressed with the page, as a visitor receives them).
    const gzip = body && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    res.writeHead(body ? 200 : 404, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    });
    res.end(gzip ? gzipSync(body, { level: 6 }) : (body ?? 'Not found'));
  });
  const html = new Map<string, string>();
  try {
    const siteOf = async (server: typeof live) => {
      const user = await server.user('bench@banner.test');
      const api = server.api(user);
      const query = { pCode: user.pcode };
      const site = await api.sites.create({
        query,
        body: {
          url: 'site.test',
          publisherName: 'Bench',
          publisherCC: 'FR',
          themeId: '1',
          consentLocations: ['WORLDWIDE'],
        },
      });
      const tag = await api.tags.get({ query: { ...query, type: 'site', id: site.uuid } });
      return { site, tag };
    };
    const { site, tag } = await siteOf(live);
    const assentAccept = '#assent-cmp [data-action="accept"]';
    /** Scripts from a server's origin, or inline in the contender's page. */
    const servedBy = (origin: string) => (url: string, page: string) =>
      url === page || url.startsWith(`${origin}/`);
    const peer = (url: string, page: string) => url === page || url.includes('/peer/');
    const contenders: Contender[] = [
      { name: 'Assent', head: tag.snippet, accept: assentAccept, mine: servedBy(live.url) },
      ...(baseline
        ? [
            {
              name: BASELINE,
              head: (await siteOf(baseline)).tag.snippet,
              accept: assentAccept,
              mine: servedBy(baseline.url),
            },
          ]
        : []),
      {
        name: 'vanilla-cookieconsent',
        head: COOKIECONSENT_HEAD,
        accept: '#cc-main .cm [data-role="all"]',
        mine: peer,
      },
      {
        name: 'Klaro',
        head: KLARO_HEAD,
        accept: '.klaro .cookie-notice .cn-buttons .cm-btn-success',
        mine: peer,
      },
      {
        name: 'c15t',
        head: '<script defer src="/peer/c15t.js"></script>',
        accept: '#c15t-accept',
        mine: peer,
      },
    ];
    html.set('/bare', publisherPage('', 'Bare page'));
    html.set(`/${IAB_STUB}`, publisherPage(iabStubHead(), IAB_STUB));
    for (const c of contenders) html.set(`/${c.name}`, publisherPage(c.head, c.name));
    await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
    const origin = `http://site.test:${(pages.address() as AddressInfo).port}`;
    browser = await launchChromium({ args: HOST_RULES });
    const fresh = async () => {
      const context = await browser!.context
        .browser()!
        .newContext({ viewport: { width: 1280, height: 800 } });
      return { context, page: await context.newPage() };
    };
    const figures = new Map<string, { first: View[]; again: View[] }>();
    const add = (name: string, key: 'first' | 'again', view: View) => {
      const f = figures.get(name) ?? { first: [], again: [] };
      f[key].push(view);
      figures.set(name, f);
    };
    for (let round = 0; round < runs; round++) {
      // The bare page: what every contender's figures are measured from.
      {
        const { context, page } = await fresh();
        add('bare', 'first', await measureView(page, `${origin}/bare`, async () => {}));
        add('bare', 'again', await measureView(page, `${origin}/bare`, async () => {}));
        await context.close();
      }
      // The reference: it stores nothing, but its return visit is still the second page view of
      // the context, after a first view measured as the contenders' first visits are, so that its
      // context is in the same state as theirs: a context's first view costs more (62.0 ms in a
      // run of 3 rounds that measured only it, against 35.2 ms for the second view in a run of 9),
      // and a run with a plain, unmeasured first view gave 97.8 ms (5 rounds, Assent 101.0). The
      // first view's figures are not printed.
      {
        const { context, page } = await fresh();
        const pageUrl = `${origin}/${encodeURIComponent(IAB_STUB)}`;
        const pinged = (p: Page) =>
          p.evaluate(
            () =>
              new Promise((r) =>
                (window as unknown as { __tcfapi: (...a: unknown[]) => void }).__tcfapi(
                  'ping',
                  2,
                  r,
                ),
              ),
          );
        const mine = (url: string) => url === pageUrl;
        add(IAB_STUB, 'first', await measureView(page, pageUrl, pinged, mine));
        add(IAB_STUB, 'again', await measureView(page, pageUrl, pinged, mine));
        await context.close();
      }
      for (const c of contenders) {
        const { context, page } = await fresh();
        const accept = page.locator(c.accept);
        page.on('pageerror', (e) => console.log(`${c.name}: page error: ${e.message}`));
        const pageUrl = `${origin}/${encodeURIComponent(c.name)}`;
        const mine = (url: string) => c.mine(url, pageUrl);
        add(
          c.name,
          'first',
          await measureView(
            page,
            pageUrl,
            () =>
              accept.waitFor({ state: 'visible', timeout: 60_000 }).catch((e: Error) => {
                throw new Error(`${c.name}, first visit: ${e.message}`);
              }),
            mine,
          ),
        );
        await accept.click();
        await accept
          .waitFor({ state: 'detached', timeout: 30_000 })
          .catch(() => accept.waitFor({ state: 'hidden' }));
        // The choice is stored (cookie or storage) once the click's work has settled.
        await page.evaluate(() => new Promise((r) => setTimeout(r, 500)));
        // Assent keeps its answers for the next page view when the page is idle after the choice
        // (the return visit's fast path): a visitor's next page view comes later than this.
        if (c.name.startsWith('Assent'))
          await page
            .waitForFunction(
              () => Object.keys(localStorage).some((k) => k.startsWith('assent-fast:')),
              undefined,
              { timeout: 10_000 },
            )
            .catch(() => console.log(`${c.name}: no kept answers 10 s after the choice`));
        add(
          c.name,
          'again',
          await measureView(
            page,
            pageUrl,
            async (p) => {
              if (c.name.startsWith('Assent'))
                await p.evaluate(
                  () =>
                    new Promise((r) =>
                      (window as unknown as { __tcfapi: (...a: unknown[]) => void }).__tcfapi(
                        'getTCData',
                        2,
                        r,
                      ),
                    ),
                );
            },
            mine,
          ),
        );
        await context.close();
      }
    }
    const boot = (await (
      await fetch(`${live.url}/banner/property/${site.uuid}/config.json`)
    ).json()) as {
      config: { gdpr?: Parameters<typeof partnerCount>[0] };
    };
    const vendors = boot.config.gdpr ? partnerCount(boot.config.gdpr) : 0;
    const med = (views: View[], pick: (v: View) => number) => median(views.map(pick));
    const bare = figures.get('bare')!;
    const lines = [
      `Chromium, CPU throttled 4x, ${runs} interleaved rounds (medians); ${vendors} vendors in Assent's configuration; bytes and page CPU minus the bare page's; own CPU: the contender's scripts only (header), median (min–max):`,
      `  ${'contender'.padEnd(22)} ${'first visit'.padStart(12)} ${'return'.padStart(9)} ${'return: network requests'.padStart(26)} ${'return page CPU'.padStart(16)} ${'return own CPU'.padStart(24)}`,
    ];
    const rowsOut = contenders.map((c) => {
      const f = figures.get(c.name)!;
      const first = med(f.first, (v) => v.bytes) - med(bare.first, (v) => v.bytes);
      const again = med(f.again, (v) => v.bytes) - med(bare.again, (v) => v.bytes);
      const network = f.again.map((v) => v.network.length);
      const cpu = med(f.again, (v) => v.cpu) - med(bare.again, (v) => v.cpu);
      const owns = f.again.map((v) => v.own);
      const own = median(owns);
      const spread = `${ms(own * 1000)} (${Math.min(...owns).toFixed(1)}–${Math.max(...owns).toFixed(1)})`;
      lines.push(
        `  ${c.name.padEnd(22)} ${kb(first).padStart(12)} ${kb(again).padStart(9)} ${String(Math.max(...network)).padStart(26)} ${ms(cpu * 1000).padStart(16)} ${spread.padStart(24)}` +
          (Math.max(...network)
            ? `  (${[...new Set(f.again.flatMap((v) => v.network))].join(', ')})`
            : ''),
      );
      return { name: c.name, first, again, network: Math.max(...network), cpu, own, owns };
    });
    {
      const owns = figures.get(IAB_STUB)!.again.map((v) => v.own);
      const own = median(owns);
      const best = rowsOut
        .filter((r) => !r.name.startsWith('Assent'))
        .reduce((a, b) => (b.own < a.own ? b : a));
      lines.push(
        `  reference: ${IAB_STUB} alone (npm @iabtechlabtcf/stub, inline; one locator frame, no CMP), return own CPU ${ms(own * 1000)} (${Math.min(...owns).toFixed(1)}–${Math.max(...owns).toFixed(1)}); ratio to best peer ${best.name} ${(own / best.own).toFixed(2)}, Assent to it ${(rowsOut[0]!.own / own).toFixed(2)}`,
      );
    }
    const assent = rowsOut[0]!;
    const base = rowsOut.find((r) => r.name === BASELINE);
    const peers = rowsOut.filter((r) => !r.name.startsWith('Assent'));
    const cookieconsent = peers[0]!;
    const bestOwn = peers.reduce((a, b) => (b.own < a.own ? b : a));
    const met = (ok: boolean) => (ok ? 'met' : 'not met');
    lines.push(
      `SUMMARY banner first visit on the wire before the first layer: ${kb(assent.first)} (goal ≤ 20.0 KB; aim: vanilla-cookieconsent ${kb(cookieconsent.first)} in this run, ratio ${(assent.first / cookieconsent.first).toFixed(2)}): ${met(assent.first <= 20 * 1024)}${assent.first <= cookieconsent.first ? ', at or below the peer' : ', above the peer'}`,
      `SUMMARY banner return visit blocking requests: ${assent.network} to the network (goal 0; peers ${peers.map((p) => `${p.name} ${p.network}`).join(', ')}): ${met(assent.network === 0)}`,
      `SUMMARY banner return visit main-thread CPU in the CMP's own scripts: ${ms(assent.own * 1000)} vs best peer ${bestOwn.name} ${ms(bestOwn.own * 1000)} (ratio ${(assent.own / bestOwn.own).toFixed(2)}; goal ≤ 1.00; medians of ${runs} rounds; peers ${peers.map((p) => `${p.name} ${ms(p.own * 1000)}`).join(', ')}): ${met(assent.own <= bestOwn.own)}`,
    );
    if (process.argv.includes('--breakdown'))
      for (const c of contenders) {
        // The first visit's responses (the last round), with the bytes Chromium received.
        const last = figures.get(c.name)!.first.at(-1)!;
        lines.push(`  first visit of ${c.name}, responses (headers + body as sent):`);
        for (const [u, b] of last.responses)
          lines.push(`    ${String(b).padStart(7)} B  ${u.slice(0, 90)}`);
      }
    if (process.argv.includes('--breakdown'))
      for (const c of contenders) {
        // Medians per event over the rounds, the bare page's subtracted; the largest first.
        const f = figures.get(c.name)!;
        const names = new Set(f.again.flatMap((v) => [...v.breakdown.keys()]));
        const rowsBd = [...names]
          .map((n) => {
            const mine = med(f.again, (v) => v.breakdown.get(n) ?? 0);
            const bareMs = med(bare.again, (v) => v.breakdown.get(n) ?? 0);
            return [n, mine - bareMs] as const;
          })
          .filter(([, d]) => Math.abs(d) >= 0.5)
          .sort((a, b) => b[1] - a[1]);
        lines.push(
          `  return visit of ${c.name}, main-thread self time by trace event (minus bare):`,
        );
        for (const [n, d] of rowsBd) lines.push(`    ${d.toFixed(1).padStart(7)} ms  ${n}`);
      }
    if (base)
      lines.push(
        `SUMMARY banner vs baseline build (${baselineDist}), same rounds: first visit ${kb(assent.first)} vs ${kb(base.first)} (ratio ${(assent.first / base.first).toFixed(2)}); return own CPU ${ms(assent.own * 1000)} vs ${ms(base.own * 1000)} (ratio ${(assent.own / base.own).toFixed(2)})`,
      );
    return lines;
  } finally {
    await browser?.close();
    pages.close();
    await live.close();
    await baseline?.close();
  }
}

const width = Math.max(...rows.map((r) => r[0].length));
console.log(`load ${readFileSync('/proc/loadavg', 'utf8').trim()} (start)`);
console.log(`${'what'.padEnd(width)}  ${'raw'.padStart(9)}  ${'gzip'.padStart(9)}`);
for (const [what, raw, gz] of rows)
  console.log(`${what.padEnd(width)}  ${raw.padStart(9)}  ${gz.padStart(9)}`);
try {
  for (const line of await withBrowserLock(() => compareWithPeers(numberArg('runs', 3))))
    console.log(line);
} catch (error) {
  // The sizes above stand; say why the browser figures are missing.
  console.log(`comparison with the peers failed: ${(error as Error).stack ?? String(error)}`);
  process.exitCode = 1;
}
if (process.argv.includes('--detail'))
  for (const line of await withBrowserLock(browserFigures)) console.log(line);
console.log(`load ${readFileSync('/proc/loadavg', 'utf8').trim()} (end)`);
releaseBench();
