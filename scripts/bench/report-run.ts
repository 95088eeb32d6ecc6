/**
 * The custom report's chart after Run: a saved report opened from its link (`?report_id=`, the
 * reports list's Edit: the Analytics tab without the dashboard, which loads plotly itself), Run
 * Report clicked, milliseconds from the click until the results table shows and until plotly has
 * drawn the chart. Each round is a new browser context (cold cache), CPU throttled 4x once the
 * builder has loaded. Each checkout's own server (its source, a new data directory with the demo
 * account and its visits) serves a saved report of the last 30 days by country.
 * `--ab DIR`: another checkout (built) measured in the same interleaved rounds, with the ratio.
 * Takes the benchmark lock, and the browser lock around Chromium.
 * Run: npx tsx scripts/bench/report-run.ts [--runs 7] [--ab DIR]
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '@assent/testing';
import {
  BENCH_LOCK,
  BENCH_PASSWORD,
  BENCH_SERVER_ENV,
  demoSignIn,
  median,
  numberArg,
  startCheckoutServer,
  stringArg,
  takeLock,
  withBrowserLock,
} from './support';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RUNS = numberArg('runs', 7);
const ab = stringArg('ab', '');
const sides = [
  { name: 'this checkout', checkout: root },
  ...(ab ? [{ name: path.basename(ab), checkout: path.resolve(ab) }] : []),
];

interface Side {
  name: string;
  url: string;
  pcode: string;
  cookie: { name: string; value: string };
  report: string;
  stop(): Promise<void>;
}

/** Starts `checkout`'s server with the demo account and saves the report the rounds open. */
async function start(name: string, checkout: string): Promise<Side> {
  const server = await startCheckoutServer(checkout, {
    ...BENCH_SERVER_ENV,
    ASSENT_DEMO: '1',
    ASSENT_DEMO_PASSWORD: BENCH_PASSWORD,
    ASSENT_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'assent-report-run-')),
  });
  const { url } = server;
  const { cookie, pcode } = await demoSignIn(url);
  const headers = {
    'content-type': 'application/json',
    origin: url,
    cookie: `${cookie.name}=${cookie.value}`,
  };
  const sites = (await (
    await fetch(`${url}/customization/v2/site?pCode=${pcode}`, { headers })
  ).json()) as Array<{ uuid: string }>;
  const job = await fetch(`${url}/analytics/v1/pcode/${pcode}/job`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      name: 'Countries',
      type: 'on_demand',
      recipients: [],
      query: {
        filters: [{ key: 'propertyId', operator: 'in', values: sites.map((s) => s.uuid) }],
        dimensions: ['country'],
        metrics: ['totalSessions', 'optInPercent'],
        granularity: 'day',
        timePeriod: { type: 'last30Days' },
      },
    }),
  });
  const { id } = (await job.json()) as { id?: string };
  if (!id) throw new Error(`${name}: the report was not saved (${job.status})`);
  return {
    name,
    url,
    pcode,
    cookie,
    report: id,
    stop: server.stop,
  };
}

const releaseBench = await takeLock(BENCH_LOCK);
const servers: Side[] = [];
try {
  for (const side of sides) servers.push(await start(side.name, side.checkout));
  const times = new Map<string, Array<{ table: number; chart: number }>>();
  await withBrowserLock(async () => {
    const browser = await launchChromium({ viewport: { width: 1360, height: 900 } });
    try {
      for (let round = 0; round < RUNS; round++)
        for (const side of servers) {
          const context = await browser.context
            .browser()!
            .newContext({ viewport: { width: 1360, height: 900 } });
          await context.addCookies([{ ...side.cookie, url: side.url }]);
          const page = await context.newPage();
          await page.goto(`${side.url}/protect/p-${side.pcode}/reports?report_id=${side.report}`);
          await page.getByTestId('edited-report').waitFor({ timeout: 60_000 });
          await page.waitForLoadState('networkidle');
          const cdp = await context.newCDPSession(page);
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
          const clicked = Date.now();
          await page.getByRole('button', { name: 'Run Report' }).click();
          await page.getByRole('table', { name: 'Report results' }).waitFor({ timeout: 60_000 });
          const table = Date.now() - clicked;
          await page.locator('.assent-report-chart .main-svg').first().waitFor({ timeout: 60_000 });
          const list = times.get(side.name) ?? [];
          list.push({ table, chart: Date.now() - clicked });
          times.set(side.name, list);
          await context.close();
        }
    } finally {
      await browser.close();
    }
  });
  const charts = new Map<string, number>();
  for (const [name, list] of times) {
    const chart = median(list.map((t) => t.chart));
    charts.set(name, chart);
    console.log(
      `${name}: results table ${median(list.map((t) => t.table))} ms, chart ${chart} ms after Run (medians of ${list.length}; charts ${list.map((t) => t.chart).join(', ')})`,
    );
  }
  const [mine, other] = [...charts.values()];
  console.log(
    `SUMMARY report-run: chart drawn ${mine} ms after Run (4x CPU, cold cache, a saved report's link)` +
      (other ? ` vs ${sides[1]!.name} ${other} ms, ratio ${(mine! / other).toFixed(2)}` : ''),
  );
} finally {
  for (const side of servers) await side.stop();
  releaseBench();
}
