/**
 * Banner runtime figures: builds packages/banner, prints the gzip sizes of each visitor path and,
 * when Debian's Chromium is present, the main-thread time to the first layer (performance marks).
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

// The config a visitor downloads with cmp.js: every vendor of the real GVL v3 in scope.
const gvl = JSON.parse(gvlFixture('gvl3-vendor-list.json')) as {
  vendors: Record<string, GvlVendorDeclarations>;
};
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
    'GDPR first layer: stub + cmp.js (JS+CSS)',
    kb(manifest.paths.gdprFirstLayer!.raw),
    kb(manifest.paths.gdprFirstLayer!.gzip),
  ],
  [
    `  + config JSON (${Object.keys(gvl.vendors).length} vendors)`,
    kb(configJson.length),
    kb(configGzip),
  ],
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

async function timeToFirstLayer(): Promise<string[]> {
  if (!hasChromium()) return [`(no ${CHROMIUM}: time to first layer not measured)`];
  const server = await servePublisherPage({
    stubOptions: { tcf: true, gpp: true, usp: true, cmpId: config.cmpId },
    boot: JSON.parse(configJson) as object,
    vendorList: gvl,
  });
  const out: string[] = [];
  try {
    const browser = await launchChromium();
    const { context } = browser;
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const samples: Array<{ mark: number; script: number }> = [];
    for (let i = 0; i < 5; i++) {
      await page.goto(server.url);
      await page.locator('#assent-cmp [data-action="accept"]').waitFor({ state: 'visible' });
      samples.push(
        (await page.evaluate(`(() => {
          const mark = performance.getEntriesByName('assent:first-layer')[0];
          const cmp = performance.getEntriesByType('resource').find((e) => e.name.endsWith('/cmp.js'));
          return { mark: mark ? mark.startTime : -1, script: cmp ? mark.startTime - cmp.responseEnd : -1 };
        })()`)) as { mark: number; script: number },
      );
    }
    await browser.close();
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    out.push(
      `Chromium, CPU throttled 4x, median of ${samples.length} loads:`,
      `  first layer mark after navigation start: ${median(samples.map((s) => s.mark)).toFixed(1)} ms`,
      `  cmp.js received → first layer shown:     ${median(samples.map((s) => s.script)).toFixed(1)} ms`,
    );
  } finally {
    await server.close();
  }
  return out;
}

const width = Math.max(...rows.map((r) => r[0].length));
console.log(`${'what'.padEnd(width)}  ${'raw'.padStart(9)}  ${'gzip'.padStart(9)}`);
for (const [what, raw, gz] of rows)
  console.log(`${what.padEnd(width)}  ${raw.padStart(9)}  ${gz.padStart(9)}`);
for (const line of await timeToFirstLayer()) console.log(line);
