/// <reference lib="dom" />
/**
 * Where the console's first paint goes (issues 11 and 16): a Chromium performance trace of the
 * properties page and the reports dashboard at 4x CPU throttling, each cold (cache cleared) and
 * warm (the HTTP cache as a reload leaves it). Prints, per load: the time to the page's first
 * paint (properties: a table row; dashboard: cards, six charts and country rows, as
 * reports-first-paint.ts), the request waterfall (start and end of every request from navigation,
 * bytes on the wire, from the cache or not) and the main thread's self time by kind (script
 * compile, script evaluation and JS, style, layout, paint, GC, HTML and CSS parsing).
 *
 *   npx tsx scripts/bench/console-trace.ts [--events 200000] [--store pglite|postgres] [--root DIR]
 *
 * Its reference is the same breakdown of the other page in the same run. `--root DIR` serves
 * another checkout's built console (apps/web/dist) instead of this one's, for A/B.
 * Chromium runs under the shared browser lock. Needs apps/web/dist (node scripts/run.mjs build).
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@assent/testing';
import { findPostgresBin, launchChromium, startCluster } from '@assent/testing';
import { SESSION_COOKIE } from '../../apps/server/src/services/auth';
import { startLiveServer } from '../../apps/server/test/live-server';
import { day, fillRollupInDatabase, PROPERTIES } from './report-queries';
import {
  cardsReadyAt,
  createBenchSites,
  dashboardReadyAt,
  paintedAt,
  propertiesReadyAt,
  stringArg,
  withBrowserLock,
} from './support';

const EVENTS = Number(stringArg('events', '200000'));
const STORE = stringArg('store', 'pglite');
const here = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(stringArg('root', path.resolve(here, '../..')));
const THROTTLE = 4;

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; functionName?: string; frame?: string } };
}

/** The renderers' main threads (`pid:tid`), from the trace's thread names. */
function rendererMains(events: TraceEvent[]): Set<string> {
  return new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
}

/**
 * The main thread's long tasks (over 40 ms) from navigation start: when each ran and what filled
 * it (its heaviest events, a script's URL where the event names one), to see what the page waits on.
 */
function longTasks(events: TraceEvent[]): string[] {
  const mains = rendererMains(events);
  const starts = events.filter(
    (e) => e.name === 'navigationStart' && mains.has(`${e.pid}:${e.tid}`),
  );
  const origin = starts.length ? Math.max(...starts.map((e) => e.ts)) : 0;
  const onMain = events.filter(
    (e) => e.ph === 'X' && e.dur !== undefined && e.ts >= origin && mains.has(`${e.pid}:${e.tid}`),
  );
  const tasks = onMain.filter((e) => e.name === 'RunTask' && e.dur! > 40_000);
  return tasks.map((t) => {
    const inside = onMain.filter(
      (e) => e !== t && e.name !== 'RunTask' && e.ts >= t.ts && e.ts + e.dur! <= t.ts + t.dur!,
    );
    const byName = new Map<string, number>();
    for (const e of inside) {
      const url = e.args?.data?.url?.replace(/^.*\/assets\//, '').replace(/-[\w-]{8}\.js$/, '.js');
      const key = url ? `${e.name}(${url})` : e.name;
      byName.set(key, Math.max(byName.get(key) ?? 0, e.dur!));
    }
    const heaviest = [...byName]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([k, v]) => `${k} ${(v / 1000).toFixed(0)}`)
      .join(', ');
    return `${((t.ts - origin) / 1000).toFixed(0).padStart(6)} ms +${(t.dur! / 1000).toFixed(0)} ms: ${heaviest}`;
  });
}

/** Main-thread self time (ms) by kind, from the renderer's trace events. */
function mainThreadBreakdown(events: TraceEvent[]): Map<string, number> {
  const mains = rendererMains(events);
  const kind = (name: string): string | undefined => {
    if (/compile|Compile|parseOnBackground|V8\.Parse/.test(name)) return 'script compile/parse';
    if (
      /^(EvaluateScript|v8\.evaluateModule|FunctionCall|TimerFire|FireAnimationFrame|EventDispatch|v8\.callFunction|RunMicrotasks|V8\.Execute)$/.test(
        name,
      )
    )
      return 'JS (evaluate, run)';
    if (/GC|Gc/.test(name)) return 'GC';
    if (/^(UpdateLayoutTree|RecalculateStyles|ParseAuthorStyleSheet)$/.test(name)) return 'style';
    if (/^(Layout|UpdateLayerTree|PrePaint|Layerize)$/.test(name)) return 'layout';
    if (/^(Paint|PaintImage|RasterTask|CompositeLayers|Commit)$/.test(name)) return 'paint';
    if (/^(ParseHTML)$/.test(name)) return 'HTML parse';
    if (name === 'RunTask' || name === 'ThreadControllerImpl::RunTask') return 'other task time';
    return undefined;
  };
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of events) {
    if (e.ph !== 'X' || e.dur === undefined) continue;
    const key = `${e.pid}:${e.tid}`;
    if (!mains.has(key)) continue;
    const list = byThread.get(key) ?? [];
    list.push(e);
    byThread.set(key, list);
  }
  const totals = new Map<string, number>();
  for (const list of byThread.values()) {
    list.sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
    // Self time: an event's duration minus its children's (the events inside it on the thread).
    const stack: { end: number; kind: string | undefined; child: number; dur: number }[] = [];
    const close = (upTo: number) => {
      while (stack.length && stack[stack.length - 1]!.end <= upTo) {
        const top = stack.pop()!;
        // Unclassified events give their time to the nearest classified parent.
        if (top.kind)
          totals.set(top.kind, (totals.get(top.kind) ?? 0) + (top.dur - top.child) / 1000);
        else if (stack.length) stack[stack.length - 1]!.child -= top.dur - top.child;
      }
    };
    for (const e of list) {
      close(e.ts);
      if (stack.length) stack[stack.length - 1]!.child += e.dur!;
      stack.push({ end: e.ts + e.dur!, kind: kind(e.name), child: 0, dur: e.dur! });
    }
    close(Number.POSITIVE_INFINITY);
  }
  return totals;
}

/** JS self time (ms, sampled) by script file and, within it, the heaviest functions. */
function jsByScript(profile: {
  nodes: { id: number; callFrame: { url: string; functionName: string } }[];
  samples: number[];
  timeDeltas: number[];
}): string[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const files = new Map<string, number>();
  const functions = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id);
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    if (!frame || !frame.url) return;
    const file = frame.url.replace(/^.*\/assets\//, '').replace(/-[\w-]{8}\.js$/, '.js');
    files.set(file, (files.get(file) ?? 0) + ms);
    const fn = `${file}:${frame.functionName || '(anonymous)'}`;
    functions.set(fn, (functions.get(fn) ?? 0) + ms);
  });
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `${k} ${v.toFixed(0)} ms`)
      .join(', ');
  return [`JS by file: ${top(files, 8)}`, `JS by function: ${top(functions, 10)}`];
}

async function traced(page: Page, url: string, cold: boolean, readyAt: () => number | false) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  if (cold) await cdp.send('Network.clearBrowserCache');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', {
    categories:
      'devtools.timeline,disabled-by-default-devtools.timeline,v8,v8.execute,blink.user_timing,loading',
  });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
  const paint = await paintedAt(page, url, readyAt, 120_000);
  const resources = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((r) => {
      const e = r as PerformanceResourceTiming;
      return {
        name: e.name.replace(location.origin, ''),
        start: e.startTime,
        end: e.responseEnd,
        wire: e.transferSize,
        body: e.encodedBodySize,
      };
    }),
  );
  const { profile } = (await cdp.send('Profiler.stop')) as {
    profile: {
      nodes: { id: number; callFrame: { url: string; functionName: string } }[];
      samples: number[];
      timeDeltas: number[];
    };
  };
  await cdp.send('Tracing.end');
  await done;
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await cdp.detach();
  return {
    paint,
    resources,
    breakdown: mainThreadBreakdown(events),
    js: jsByScript(profile),
    tasks: longTasks(events),
  };
}

const webCopy = mkdtempSync(path.join(os.tmpdir(), 'assent-trace-web-'));
cpSync(path.join(ROOT, 'apps/web/dist'), webCopy, { recursive: true });
const cluster = STORE === 'postgres' ? await startCluster(findPostgresBin()!) : undefined;
const server = await startLiveServer({
  env: { ASSENT_WEB_DIST: webCopy, DATABASE_URL: cluster ? cluster.url : '' },
});
try {
  const owner = await server.user('bench.trace@example.com');
  const properties = await createBenchSites(server.api(owner), owner.pcode, PROPERTIES);
  const today = new Date(`${day(new Date())}T00:00:00Z`);
  await fillRollupInDatabase(server.deps.db, {
    pcode: owner.pcode,
    properties,
    today,
    count: EVENTS,
    chunk: 1_000_000,
  });
  // Chromium under the shared browser lock, taken once the store is filled.
  await withBrowserLock(async () => {
    const browser = await launchChromium({ viewport: { width: 1360, height: 900 } });
    try {
      await browser.context.addCookies([
        { name: SESSION_COOKIE, value: owner.cookie, url: server.url },
      ]);
      const page = browser.context.pages()[0] ?? (await browser.context.newPage());
      const account = `${server.url}/protect/p-${owner.pcode}`;
      const pages = [
        ['properties page', `${account}/properties`, propertiesReadyAt],
        ['reports dashboard (cards)', `${account}/reports/${properties[0]}`, cardsReadyAt],
        ['reports dashboard (all)', `${account}/reports/${properties[0]}`, dashboardReadyAt],
      ] as const;
      // One untraced load of each first (server-side caches, the JIT of the server).
      for (const [, url, ready] of pages) await traced(page, url, false, ready);
      console.log(
        `\nConsole trace (${ROOT}), CPU throttled ${THROTTLE}x, load ${os.loadavg()[0]!.toFixed(1)}`,
      );
      for (const [name, url, ready] of pages) {
        for (const cold of [true, false]) {
          const t = await traced(page, url, cold, ready);
          const wire = t.resources.reduce((s, r) => s + r.wire, 0);
          console.log(
            `\n${name}, ${cold ? 'cold' : 'warm'}: first paint ${t.paint.toFixed(0)} ms, ${t.resources.length} requests (${t.resources.filter((r) => r.wire > 0).length} to the server), ${(wire / 1024).toFixed(1)} KB on the wire`,
          );
          const main = [...t.breakdown].sort((a, b) => b[1] - a[1]);
          console.log(
            `  main thread: ${main.map(([k, v]) => `${k} ${v.toFixed(0)} ms`).join(', ')}`,
          );
          for (const l of t.js) console.log(`  ${l}`);
          console.log('  long tasks (start from navigation, duration: heaviest events in ms):');
          for (const l of t.tasks) console.log(`  ${l}`);
          for (const r of t.resources.sort((a, b) => a.start - b.start)) {
            console.log(
              `  ${r.start.toFixed(0).padStart(6)} → ${r.end.toFixed(0).padStart(6)} ms ${(r.wire / 1024).toFixed(1).padStart(7)} KB  ${r.name.slice(0, 110)}`,
            );
          }
        }
      }
    } finally {
      await browser.close();
    }
  });
} finally {
  await server.close();
  cluster?.stop();
  rmSync(webCopy, { recursive: true, force: true });
}
