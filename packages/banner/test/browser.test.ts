import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { TCString } from '@iabtechlabtcf/core';
import { hasChromium, launchChromium, noChromiumMessage } from '@assent/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromGvl, readGvl } from './gvl';
import { DIST, servePublisherPage } from './page-server';

const SCREENSHOT = path.resolve(DIST, '../../../artifacts/banner-first-layer.png');
if (!hasChromium()) console.warn(noChromiumMessage('banner browser test'));

describe.skipIf(!hasChromium())('banner in Chromium', () => {
  let server: Awaited<ReturnType<typeof servePublisherPage>>;

  beforeAll(async () => {
    execFileSync(process.execPath, [path.join(DIST, '../build.mjs')], { stdio: 'ignore' });
    const gvl = readGvl('gvl3-vendor-list.json');
    const config = configFromGvl(gvl, (ids) => ids);
    server = await servePublisherPage({
      stubOptions: { tcf: true, gpp: true, usp: true, cmpId: config.cmpId },
      boot: {
        config,
        region: { country: 'FR' },
        endpoints: { vendorList: '/gvl/{version}/{lang}.json', visit: '/visit' },
      },
      vendorList: gvl,
    });
  });

  afterAll(async () => {
    await server?.close();
  });

  it('shows the first layer; a keyboard user tabs to Reject all and presses Enter', async () => {
    const browser = await launchChromium({ viewport: { width: 1024, height: 720 } });
    const { context } = browser;
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(server.url);
      const reject = page.locator('#assent-cmp [data-action="reject"]');
      await reject.waitFor({ state: 'visible', timeout: 10_000 });
      mkdirSync(path.dirname(SCREENSHOT), { recursive: true });
      await page.screenshot({ path: SCREENSHOT });

      const focused = () =>
        page.evaluate(
          () =>
            (document.getElementById('assent-cmp')?.shadowRoot?.activeElement as HTMLElement | null)
              ?.dataset.action,
        );
      let steps = 0;
      while ((await focused()) !== 'reject' && steps < 20) {
        await page.keyboard.press('Tab');
        steps++;
      }
      expect(await focused()).toBe('reject');
      await page.keyboard.press('Enter');

      const tcString = await page.evaluate(
        () =>
          new Promise<string>((resolve) =>
            (window as unknown as { __tcfapi: (...a: unknown[]) => void }).__tcfapi(
              'getTCData',
              2,
              (d: { tcString: string; eventStatus: string }) => resolve(d.tcString),
            ),
          ),
      );
      const decoded = TCString.decode(tcString);
      expect(decoded.purposeConsents.size).toBe(0);
      expect(decoded.vendorConsents.size).toBe(0);
      await expect(reject.count()).resolves.toBe(0);

      // The banner is an overlay: nothing on the publisher's page moved, before or after the choice.
      const shifts = await page.evaluate(
        () =>
          new Promise<number[]>((resolve) => {
            const values: number[] = [];
            new PerformanceObserver((list) => {
              for (const e of list.getEntries()) values.push((e as { value?: number }).value ?? 0);
            }).observe({ type: 'layout-shift', buffered: true });
            requestAnimationFrame(() => requestAnimationFrame(() => resolve(values)));
          }),
      );
      expect(shifts).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 60_000);
});
