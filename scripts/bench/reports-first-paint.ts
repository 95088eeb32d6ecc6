/// <reference lib="dom" />
/**
 * Reports dashboard first paint (issue 11): a real server over a store holding `--events`
 * generated visits, the built console in Debian Chromium with 4x CPU throttling (CDP
 * Emulation.setCPUThrottlingRate), timed from navigation start to the moment every summary card,
 * all six insight charts (drawn by plotly, or 'No Data Available') and the country table's rows
 * are on screen. The reference, in the same run and browser: the properties page's first paint
 * (its table rows). Prints p50 / min per page and the ratio.
 *
 *   npx tsx scripts/bench/reports-first-paint.ts [--events 1000000] [--runs 5] [--store pglite|postgres] [--timeout 120000] [--fill js|sql] [--ab DIR] [--timeline]
 *
 * `--ab DIR`: an A/B against another build of the console (say main's, `vite build --outDir DIR`
 * in a checkout of it), interleaved in the same run, server and browser: both builds' files are
 * served from one directory (hashed names do not collide) and index.html is switched between
 * loads; each load of this build is followed by one of the other (then the other way round).
 *
 * `--timeline`: where each dashboard load's time went, as medians per build from navigation start:
 * the entry script and the reports page's chunk received, each analytics call sent and answered,
 * plotly's chunk received, the cards, the first and the sixth chart and the country rows on screen
 * (seen at animation frames), and the main thread's long tasks (over 50 ms) before the paint.
 *
 * The visits are the report benchmark's seeded generator (report-queries.ts: 20 sites, 90 days,
 * the same distribution); they are counted straight into the daily rollup the reports read
 * (`visit_rollup_daily`, one upsert per chunk of `--chunk` visits), not stored as raw rows: the
 * dashboard never reads raw rows, and writing 10 million through the ingest path is the ingest
 * benchmark's job (visits.ts). The rollup's row count is printed. `--fill sql` generates them inside
 * the database instead (report-queries.ts fillRollupInDatabase: the same shares, not the same rows;
 * minutes instead of half an hour at 10 million).
 *
 * Needs apps/web/dist (node scripts/run.mjs build) and /usr/bin/chromium. The browser part takes
 * the shared browser lock (/tmp/assent-browser.lock, through flock) itself, after the store is
 * filled, so a long fill does not hold other engineers' browser tests.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findPostgresBin, launchChromium, startCluster } from '@assent/testing';
import type { Page } from '@assent/testing';
import { visitDimensions } from '../../packages/core/src/reports';
import { SESSION_COOKIE } from '../../apps/server/src/services/auth';
import type { LiveServer } from '../../apps/server/test/live-server';
import { startLiveServer } from '../../apps/server/test/live-server';
import { day, fillRollupInDatabase, PROPERTIES, visits } from './report-queries';
import {
  dashboardReadyAt,
  paintedAt,
  percentile,
  propertiesReadyAt,
  stringArg,
  withBrowserLock,
} from './support';

const EVENTS = Number(stringArg('events', '1000000'));
const RUNS = Number(stringArg('runs', '5'));
const CHUNK = Number(stringArg('chunk', '1000000'));
const FILL = stringArg('fill', 'js');
const STORE = stringArg('store', 'pglite');
const THROTTLE = 4;
const PAINT_TIMEOUT_MS = Number(stringArg('timeout', '120000'));
const AB_DIST = stringArg('ab', '');
const TIMELINE = process.argv.includes('--timeline');

const here = path.dirname(fileURLToPath(import.meta.url));
const WEB_DIST = path.resolve(here, '../../apps/web/dist');

const ROLLUP_COLUMNS = [
  ['day', 'date'],
  ['pcode', 'text'],
  ['property_uuid', 'text'],
  ['theme_id', 'text'],
  ['regulation', 'smallint'],
  ['state', 'text'],
  ['country', 'text'],
  ['device', 'text'],
  ['os', 'text'],
  ['browser', 'text'],
  ['page_format', 'text'],
  ['variant', 'text'],
  ['outcome', 'text'],
  ['shown', 'boolean'],
  ['visits', 'bigint'],
] as const;

const UPSERT = `
insert into visit_rollup_daily (${ROLLUP_COLUMNS.map(([c]) => c).join(', ')},
  theme_language, gbc_applicable, cop_applicable, advanced_applicable)
select u.*, 'en', false, false, false
from unnest(${ROLLUP_COLUMNS.map(([, t], i) => `$${i + 1}::${t}[]`).join(', ')})
  as u(${ROLLUP_COLUMNS.map(([c]) => c).join(', ')})
on conflict on constraint visit_rollup_daily_key
do update set visits = visit_rollup_daily.visits + excluded.visits`;

/** Counts the generated visits into the daily rollup, a chunk at a time. */
async function fillRollup(server: LiveServer, pcode: string, properties: string[], today: Date) {
  const db = server.deps.db;
  let counts = new Map<string, { row: unknown[]; n: number }>();
  const flush = async () => {
    const rows = [...counts.values()];
    counts = new Map();
    for (let i = 0; i < rows.length; i += 20_000) {
      const slice = rows.slice(i, i + 20_000);
      const columns = ROLLUP_COLUMNS.map((_, c) =>
        slice.map((r) => (c === ROLLUP_COLUMNS.length - 1 ? r.n : r.row[c])),
      );
      await db.query(UPSERT, columns);
    }
  };
  let seen = 0;
  for (const v of visits(EVENTS, pcode, properties, today)) {
    const d = visitDimensions(v.event, v.region);
    const row = [
      day(v.receivedAt),
      v.pcode,
      v.propertyUuid,
      d.themeId,
      d.regulation,
      d.state,
      v.country,
      d.deviceType,
      d.os,
      d.browser,
      d.pageFormat,
      d.variant,
      d.outcome,
      d.shown,
    ];
    const key = row.join('\u0001');
    const entry = counts.get(key);
    if (entry) entry.n += 1;
    else counts.set(key, { row, n: 1 });
    seen += 1;
    if (seen % CHUNK === 0) {
      await flush();
      process.stderr.write(`  ${seen.toLocaleString('en')} visits counted\n`);
    }
  }
  await flush();
}

/**
 * Milliseconds from navigation start until `readyAt` (support.ts) answers a time instead of false;
 * infinity (not painted) after the timeout, saying which API calls had finished.
 */
async function firstPaint(page: Page, url: string, readyAt: () => number | false): Promise<number> {
  try {
    return await paintedAt(page, url, readyAt, PAINT_TIMEOUT_MS);
  } catch (error) {
    // Say what the page was still waiting for, then count the load as not painted.
    const pending = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => `${e.name.replace(location.origin, '')} ${e.duration.toFixed(0)} ms`)
        .filter((line) => line.includes('/customization/') || line.includes('/analytics/')),
    );
    process.stderr.write(`  ${url}: not painted in ${PAINT_TIMEOUT_MS} ms (${String(error)})\n`);
    process.stderr.write(`  finished API calls: ${pending.join(', ') || 'none'}\n`);
    return Number.POSITIVE_INFINITY;
  }
}

/**
 * Installed before each page's scripts (`--timeline`): notes, at every animation frame, when the
 * dashboard's parts are first on screen, and collects the long tasks.
 */
function recordMilestones() {
  const w = window as unknown as {
    assentMarks: Record<string, number>;
    assentLong: [number, number][];
  };
  w.assentMarks = {};
  w.assentLong = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.assentLong.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
  const mark = (name: string, on: boolean) => {
    if (on && w.assentMarks[name] === undefined) w.assentMarks[name] = performance.now();
  };
  const tick = () => {
    const drawn = Array.from(document.querySelectorAll('.assent-insights-chart')).filter(
      (c) =>
        c.querySelector('.main-svg') !== null || c.querySelector('.assent-chart-empty') !== null,
    ).length;
    mark('cards', document.querySelectorAll('.assent-summary-card-value').length > 0);
    mark('first chart', drawn > 0);
    mark('six charts', drawn === 6);
    mark(
      'country rows',
      document.querySelectorAll('.assent-country-table-table tbody tr').length > 0,
    );
    if (w.assentMarks['six charts'] === undefined || w.assentMarks['country rows'] === undefined)
      requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

/** The milestones of the load just painted (`--timeline`), in ms from navigation start. */
async function milestones(page: Page, paint: number): Promise<Map<string, number>> {
  const found = await page.evaluate((paintAt) => {
    const w = window as unknown as {
      assentMarks: Record<string, number>;
      assentLong: [number, number][];
    };
    const out: [string, number][] = Object.entries(w.assentMarks);
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const named = (label: string, test: (path: string) => boolean) => {
      const e = resources.find((r) => test(new URL(r.name).pathname));
      if (e) out.push([`${label} sent`, e.startTime], [`${label} received`, e.responseEnd]);
    };
    named('entry script', (p) => /^\/assets\/index-.*\.js$/.test(p));
    named('ReportsPage chunk', (p) => /^\/assets\/ReportsPage-.*\.js$/.test(p));
    named('plotly chunk', (p) => /^\/assets\/Plot-.*\.js$/.test(p));
    named('properties call', (p) => p.startsWith('/analytics/v1/pcode/'));
    named('summary call', (p) => p.startsWith('/analytics/v1/summary-comparison/'));
    named('insights call', (p) => p.startsWith('/analytics/v1/insights/'));
    named('country call', (p) => p.startsWith('/analytics/v1/country-table/'));
    const long = w.assentLong.filter(([start]) => start < paintAt);
    out.push(['long tasks before paint (sum)', long.reduce((sum, [, d]) => sum + d, 0)]);
    return out;
  }, paint);
  return new Map(found);
}

const stats = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    min: sorted[0]!,
    unpainted: sorted.filter((s) => !Number.isFinite(s)).length,
  };
};

// The console as built now, copied: a rebuild of apps/web/dist during a long fill (other work in
// this checkout) must not change, or break, what is measured.
const webCopy = mkdtempSync(path.join(os.tmpdir(), 'assent-first-paint-web-'));
if (AB_DIST) cpSync(AB_DIST, webCopy, { recursive: true });
cpSync(WEB_DIST, webCopy, { recursive: true });
/** index.html and its pre-compressed copies, per build: switching them switches the console. */
const INDEX_FILES = ['index.html', 'index.html.br', 'index.html.gz'];
const indexOf = (dist: string) =>
  INDEX_FILES.map(
    (f) => [f, existsSync(path.join(dist, f)) ? readFileSync(path.join(dist, f)) : null] as const,
  );
const builds = { new: indexOf(WEB_DIST), ...(AB_DIST ? { ref: indexOf(AB_DIST) } : {}) };
const useBuild = (which: keyof typeof builds) => {
  for (const [f, bytes] of builds[which]!) {
    if (bytes) writeFileSync(path.join(webCopy, f), bytes);
    else rmSync(path.join(webCopy, f), { force: true });
  }
};
const cluster = STORE === 'postgres' ? await startCluster(findPostgresBin()!) : undefined;
const server = await startLiveServer({
  env: {
    ASSENT_WEB_DIST: webCopy,
    // PGlite on disk (the default store of `npm start`), or the throwaway PostgreSQL cluster.
    DATABASE_URL: cluster ? cluster.url : '',
  },
});
const lines: string[] = [];
try {
  const owner = await server.user('bench.first-paint@example.com');
  const api = server.api(owner);
  const properties: string[] = [];
  for (let i = 0; i < PROPERTIES; i += 1) {
    const site = await api.sites.create({
      query: { pCode: owner.pcode },
      body: { url: `site${i}.bench.example`, themeId: '1' },
    });
    properties.push(site.uuid);
  }
  const today = new Date(`${day(new Date())}T00:00:00Z`);
  const fillStart = performance.now();
  if (FILL === 'sql') {
    await fillRollupInDatabase(
      server.deps.db,
      { pcode: owner.pcode, properties, today, count: EVENTS, chunk: 2_000_000 },
      (done) => process.stderr.write(`  ${done.toLocaleString('en')} visits counted\n`),
    );
  } else {
    await fillRollup(server, owner.pcode, properties, today);
  }
  const fillSeconds = (performance.now() - fillStart) / 1000;
  const [rollup] = await server.deps.db.query<{ n: number; visits: string }>(
    'select count(*)::int as n, sum(visits)::text as visits from visit_rollup_daily',
  );
  const [top] = await server.deps.db.query<{ property_uuid: string; visits: string }>(
    `select property_uuid, sum(visits)::text as visits from visit_rollup_daily
     group by 1 order by sum(visits) desc limit 1`,
  );
  lines.push(
    `${STORE}: ${Number(rollup!.visits).toLocaleString('en')} visits over ${PROPERTIES} sites and 90 days, ` +
      `${rollup!.n.toLocaleString('en')} rollup rows (counted in ${fillSeconds.toFixed(0)} s); ` +
      `busiest site ${Number(top!.visits).toLocaleString('en')} visits`,
  );

  await withBrowserLock(async () => {
    const browser = await launchChromium({ viewport: { width: 1360, height: 900 } });
    try {
      const { context } = browser;
      await context.addCookies([{ name: SESSION_COOKIE, value: owner.cookie, url: server.url }]);
      const page = context.pages()[0] ?? (await context.newPage());
      // tsx names inner functions with a `__name` helper the page does not have: defined first.
      if (TIMELINE)
        await page.addInitScript({
          content: `globalThis.__name = (f) => f; (${recordMilestones.toString()})();`,
        });
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
      const account = `${server.url}/protect/p-${owner.pcode}`;
      const variants = (AB_DIST ? ['new', 'ref'] : ['new']) as (keyof typeof builds)[];
      const samples = new Map(
        variants.map((v) => [
          v,
          {
            dashboard: [] as number[],
            reference: [] as number[],
            api: [] as number[],
            timeline: [] as Map<string, number>[],
          },
        ]),
      );
      // Warm the server's and the browser's caches of each build's files once.
      for (const v of variants) {
        useBuild(v);
        await firstPaint(page, `${account}/properties`, propertiesReadyAt);
        await firstPaint(page, `${account}/reports/${top!.property_uuid}`, dashboardReadyAt);
      }
      for (let i = 0; i < RUNS; i += 1) {
        // Interleaved: new, ref, then ref, new, ...
        for (const v of i % 2 === 0 ? variants : [...variants].reverse()) {
          useBuild(v);
          const s = samples.get(v)!;
          s.reference.push(await firstPaint(page, `${account}/properties`, propertiesReadyAt));
          // The reports page with the busiest site chosen (the route id preselects it): the default
          // dashboard (7 days ending yesterday, the 7 before, the insights and the country table).
          const paint = await firstPaint(
            page,
            `${account}/reports/${top!.property_uuid}`,
            dashboardReadyAt,
          );
          s.dashboard.push(paint);
          if (TIMELINE && Number.isFinite(paint)) s.timeline.push(await milestones(page, paint));
          s.api.push(
            await page.evaluate(() =>
              Math.max(
                0,
                ...performance
                  .getEntriesByType('resource')
                  .filter((e) => e.name.includes('/analytics/v1/'))
                  .map((e) => (e as PerformanceResourceTiming).responseEnd - e.startTime),
              ),
            ),
          );
        }
      }
      for (const v of variants) {
        const s = samples.get(v)!;
        const d = stats(s.dashboard);
        const r = stats(s.reference);
        const a = stats(s.api);
        lines.push(
          `  ${v === 'new' ? 'this build' : `reference build ${AB_DIST}`}:`,
          `  reports dashboard first paint (cards, 6 charts, country table): p50 ${d.p50.toFixed(0)} ms, min ${d.min.toFixed(0)} ms${d.unpainted ? `, ${d.unpainted} of ${RUNS} not painted in ${PAINT_TIMEOUT_MS} ms` : ''}`,
          `    slowest analytics call per load: p50 ${a.p50.toFixed(0)} ms, min ${a.min.toFixed(0)} ms`,
          `  reference, properties page first paint (${PROPERTIES} rows): p50 ${r.p50.toFixed(0)} ms, min ${r.min.toFixed(0)} ms${r.unpainted ? `, ${r.unpainted} of ${RUNS} not painted in ${PAINT_TIMEOUT_MS} ms` : ''}`,
          `  ratio dashboard / properties (p50): ${(d.p50 / r.p50).toFixed(2)}`,
        );
        if (TIMELINE && s.timeline.length > 0) {
          const LONG = 'long tasks before paint (sum)';
          const names = [...new Set(s.timeline.flatMap((t) => [...t.keys()]))].filter(
            (n) => n !== LONG,
          );
          // A milestone a load never reached (say, no plotly chunk) is left out of its median.
          const at = (name: string) =>
            percentile(
              s.timeline.flatMap((t) => t.get(name) ?? []).sort((a, b) => a - b),
              50,
            );
          lines.push(
            '    timeline (median ms from navigation start):',
            ...names
              .sort((a, b) => at(a) - at(b))
              .map((n) => `      ${at(n).toFixed(0).padStart(6)}  ${n}`),
            `      ${LONG}: ${at(LONG).toFixed(0)} ms`,
          );
        }
      }
      const mine = stats(samples.get('new')!.dashboard).p50;
      const summary = [
        `SUMMARY reports-first-paint ${STORE} ${EVENTS.toLocaleString('en')} events: goal dashboard < 1500 ms at 4x; this build p50 ${mine.toFixed(0)} ms`,
      ];
      if (AB_DIST) {
        const ref = stats(samples.get('ref')!.dashboard).p50;
        summary.push(`reference build p50 ${ref.toFixed(0)} ms, ratio ${(mine / ref).toFixed(2)}`);
      }
      summary.push(
        `properties page p50 ${stats(samples.get('new')!.reference).p50.toFixed(0)} ms (ratio ${(mine / stats(samples.get('new')!.reference).p50).toFixed(2)})`,
        mine < 1500 ? 'met' : 'not met',
      );
      lines.push('', summary.join('; '));
    } finally {
      await browser.close();
    }
  });
} finally {
  await server.close();
  cluster?.stop();
  rmSync(webCopy, { recursive: true, force: true });
}
console.log(
  `\nReports first paint (${RUNS} loads each, CPU throttled ${THROTTLE}x, ${os.cpus().length} cores, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}, Node ${process.version})\n`,
);
for (const l of lines) console.log(l);
console.log(
  '\nGoal (issue 11, 10 million events in the store): the dashboard first paint under 1.5 s with 4x CPU throttling.',
);
