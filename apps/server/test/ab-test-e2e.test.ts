import type { Property } from '@assent/core/property';
import { AB_VARIANT_COOKIE } from '@assent/core/banner';
import type { Browser } from '@assent/testing';
import { hasChromium, launchChromium, noChromiumMessage } from '@assent/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublisherServer } from './banner-e2e-support';
import {
  HOST_RULES,
  buildBanner,
  publisherPage,
  startPublisherServer,
  waitForVisits,
} from './banner-e2e-support';
import type { LiveServer, TestUser } from './live-server';
import { startLiveServer } from './live-server';

if (!hasChromium()) console.warn(noChromiumMessage('A/B test end-to-end test'));

/**
 * A site's A/B test of themes in Chromium: visitors with different stored variants see different
 * themes, a new visitor draws one and keeps it, the beacons name the variant, and the A/B report
 * API answers both variants.
 */
describe.skipIf(!hasChromium())('A/B test of themes end to end', () => {
  let live: LiveServer;
  let publisher: PublisherServer;
  let user: TestUser;
  let site: Property;
  let browser: Browser;
  let page = '';

  beforeAll(async () => {
    buildBanner();
    live = await startLiveServer();
    user = await live.user('publisher@ab.test', { organisation: { name: 'AB News' } });
    const api = live.api(user);
    const query = { pCode: user.pcode };
    const plain = await api.themes.create({
      query,
      body: {
        themeType: 'SITE',
        themeName: 'Plain',
        agreeButton: 'Accept all',
        initScreenRejectButtonShowing: true,
      },
    });
    const green = await api.themes.create({
      query,
      body: {
        themeType: 'SITE',
        themeName: 'Green',
        agreeButton: 'Sounds good',
        uxPrimaryButtonColor: '#0B5D3B',
      },
    });
    site = await api.sites.create({
      query,
      body: {
        url: 'ab.test',
        publisherName: 'AB News',
        themeId: plain.themeId,
        consentLocations: ['WORLDWIDE'],
      },
    });
    await api.sites.abTest({
      params: { id: site.uuid },
      query,
      body: {
        variants: [
          { name: 'plain', themeId: plain.themeId, traffic: 50 },
          { name: 'green', themeId: green.themeId, traffic: 50 },
        ],
      },
    });
    const tag = await api.tags.get({ query: { ...query, type: 'site', id: site.uuid } });
    page = publisherPage(tag.snippet, 'A/B test');
    publisher = await startPublisherServer(() => page);
    browser = await launchChromium({ args: HOST_RULES });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await publisher?.close();
    await live?.close();
  });

  /** One visitor: a fresh cookie jar (with a stored variant, or none), the page, the banner. */
  async function visitor(stored: string | undefined) {
    const { context } = browser;
    await context.clearCookies();
    const origin = publisher.origin('ab.test');
    if (stored) await context.addCookies([{ name: AB_VARIANT_COOKIE, value: stored, url: origin }]);
    const tab = await context.newPage();
    await tab.goto(`${origin}/`);
    const accept = tab.locator('#assent-cmp [data-action="accept"]');
    await accept.waitFor({ state: 'visible', timeout: 15_000 });
    const cookie = async () =>
      (await context.cookies(origin)).find((c) => c.name === AB_VARIANT_COOKIE)?.value;
    return {
      tab,
      accept,
      cookie,
      text: () => accept.textContent(),
      color: () => accept.evaluate((b) => getComputedStyle(b).backgroundColor),
    };
  }

  it('shows each visitor the theme of their stored variant, and reports both variants', async () => {
    const green = await visitor('green');
    expect(await green.text()).toBe('Sounds good');
    expect(await green.color()).toBe('rgb(11, 93, 59)');
    expect(await green.cookie()).toBe('green');
    await green.accept.click();
    await green.tab.close();

    const plain = await visitor('plain');
    expect(await plain.text()).toBe('Accept all');
    expect(await plain.color()).not.toBe('rgb(11, 93, 59)');
    await plain.tab.locator('#assent-cmp [data-action="reject"]').click();
    await plain.tab.close();

    const rows = await waitForVisits<{ variant: string; outcome: string; theme_id: string }>(
      live,
      site.uuid,
      2,
      'variant, outcome, theme_id',
    );
    expect(rows.map((r) => [r.variant, r.outcome])).toEqual([
      ['green', 'acceptAll'],
      ['plain', 'rejectAll'],
    ]);
    expect(rows[0]!.theme_id).not.toBe(rows[1]!.theme_id);

    const day = (offset: number) => new Date(Date.now() + offset).toISOString().slice(0, 10);
    const report = await live.api(user).analytics.abTest({
      params: { pCode: user.pcode },
      body: { propertyId: site.uuid, startDate: day(-86_400_000), endDate: day(0) },
    });
    expect(report.control).toBe('plain');
    expect(
      report.variants.map((v) => [v.variant, v.metrics.totalSessions, v.metrics.optInPercent]),
    ).toEqual([
      ['plain', 1, 0],
      ['green', 1, 100],
    ]);
  });

  it('draws a new visitor a variant, keeps it in a first-party cookie, and shows it again', async () => {
    const first = await visitor(undefined);
    const drawn = await first.cookie();
    expect(['plain', 'green']).toContain(drawn);
    const text = await first.text();
    expect(text).toBe(drawn === 'green' ? 'Sounds good' : 'Accept all');
    await first.tab.reload();
    await first.accept.waitFor({ state: 'visible', timeout: 15_000 });
    expect(await first.text()).toBe(text);
    expect(await first.cookie()).toBe(drawn);
    await first.tab.close();
  });
});
