/**
 * Banner runtime figures: builds packages/banner, prints the gzip sizes of each visitor path and,
 * when Debian's Chromium is present, main-thread times from DevTools traces: script start to the
 * first layer painted, the accept-all click, and the layout shift the banner causes.
 * Run: npx tsx scripts/bench/banner.ts
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { bannerConfigFixture } from '../../packages/core/src/banner/fixtures';
import type { GvlVendorDeclarations } from '../../packages/core/src/banner/rules';
import { compactVendor } from '../../packages/core/src/banner/rules';
import { servePublisherPage } from '../../packages/banner/test/page-server';
import { CHROMIUM, gvlFixture, hasChromium, launchChromium } from '@assent/testing';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const banner = path.join(root, 'packages/banner');

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
  gdpr: { ...base.gdpr!, vendors: Object.values(gvl.vendors).map(compactVendor) },
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
    'GDPR first layer: stub + cmp-gdpr.js (JS+CSS)',
    kb(manifest.paths.gdprFirstLayer!.raw),
    kb(manifest.paths.gdprFirstLayer!.gzip),
  ],
  [`  + config JSON (${gvlVendors} vendors)`, kb(configJson.length), kb(configGzip)],
  ['US path: stub + cmp.js', kb(manifest.paths.us!.raw), kb(manifest.paths.us!.gzip)],
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
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

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

const width = Math.max(...rows.map((r) => r[0].length));
console.log(`${'what'.padEnd(width)}  ${'raw'.padStart(9)}  ${'gzip'.padStart(9)}`);
for (const [what, raw, gz] of rows)
  console.log(`${what.padEnd(width)}  ${raw.padStart(9)}  ${gz.padStart(9)}`);
for (const line of await browserFigures()) console.log(line);
