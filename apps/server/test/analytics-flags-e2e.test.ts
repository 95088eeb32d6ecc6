import type { Property } from '@assent/core/property';
import type { PropertyAnalytics } from '@assent/core/reports';
import { propertyFilter, timeFilters } from '@assent/core/reports';
import type { Browser } from '@assent/testing';
import { gvlFixture, hasChromium, launchChromium, noChromiumMessage } from '@assent/testing';
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
import { GEO_HEADER_ENV, startLiveServer } from './live-server';

if (!hasChromium()) console.warn(noChromiumMessage('GBC / Consent-or-Pay analytics e2e test'));

/** A vendor of the fixture list that pursues basic ads (purpose 2): Consent or Pay needs one. */
function vendorWithBasicAds(): number {
  const gvl = JSON.parse(gvlFixture('gvl3-vendor-list.json')) as {
    vendors: Record<string, { id: number; purposes: number[]; deletedDate?: string }>;
  };
  const vendor = Object.values(gvl.vendors).find((v) => !v.deletedDate && v.purposes.includes(2));
  if (!vendor) throw new Error('no vendor with purpose 2 in the fixture');
  return vendor.id;
}

/**
 * Google basic consent and Consent or Pay from the visitor's browser to the reports: the real
 * cmp.js in Chromium on a publisher's page, the real visit beacon (its `g` and `c`), the stored
 * visits, and the numbers the report API answers for the GBC / COP applicable dimensions and the
 * property analytics.
 */
describe.skipIf(!hasChromium())('GBC and Consent-or-Pay flags end to end', () => {
  let live: LiveServer;
  let publisher: PublisherServer;
  let user: TestUser;
  let site: Property;
  const browsers: Browser[] = [];
  let page = '';

  const post = async <T>(path: string, body: object): Promise<T> => {
    const res = await fetch(`${live.url}${path}`, {
      method: path.includes('vendors/selection') ? 'PUT' : 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    return (await res.json()) as T;
  };

  beforeAll(async () => {
    buildBanner();
    live = await startLiveServer({ env: GEO_HEADER_ENV });
    user = await live.user('publisher@pay.test', {
      organisation: { name: 'Pay News', copEnabled: true },
    });
    publisher = await startPublisherServer((path) =>
      path === '/subscribe' ? publisherPage('', 'Subscribe') : page,
    );
    await post(`/customization/v2/vendors/selection?pCode=${user.pcode}`, {
      vendorIds: [vendorWithBasicAds()],
    });
    const api = live.api(user);
    const query = { pCode: user.pcode };
    const theme = await api.themes.create({
      query,
      body: { themeType: 'SITE', themeName: 'Pay', initScreenRejectButtonShowing: true },
    });
    site = await api.sites.create({
      query,
      body: {
        url: 'pay.test',
        publisherName: 'Pay News',
        themeId: theme.themeId,
        consentLocations: ['EEA'],
        gbcEnabled: true,
        gbcLocations: ['WORLDWIDE'],
        gbcApplicablePurposes: [
          { id: 1, enabled: true, defaultValue: 'DENIED' },
          { id: 2, enabled: true, defaultValue: 'DENIED' },
        ],
        consentOrPayConfig: {
          enabled: true,
          countries: ['FR'],
          callbackType: 'publisher',
          callbacks: { action1: `${publisher.origin('pay.test')}/subscribe`, action2: '' },
          callbackRedirectMethod: 'SAME_TAB',
        },
      },
    });
    const tag = await api.tags.get({ query: { ...query, type: 'site', id: site.uuid } });
    page = publisherPage(tag.snippet, 'Consent or Pay');
  }, 120_000);

  afterAll(async () => {
    for (const b of browsers) await b.close();
    await publisher?.close();
    await live?.close();
  });

  /**
   * One visitor from `country` (the proxy's geo header): a browser of their own (no cookie, storage
   * or cached configuration of another visitor), the page.
   */
  async function visitor(country: string) {
    const browser = await launchChromium({ args: HOST_RULES });
    browsers.push(browser);
    const { context } = browser;
    // Assent's requests (cmp.js, the configuration, the beacon) come through the visitor's proxy.
    await context.route(`${live.url}/**`, (route) =>
      route.continue({ headers: { ...route.request().headers(), 'cf-ipcountry': country } }),
    );
    const tab = context.pages()[0] ?? (await context.newPage());
    if (process.env.E2E_DEBUG === '1') {
      tab.on('console', (m) => console.log('console', m.text()));
      tab.on('requestfailed', (r) => console.log('failed', r.url(), r.failure()?.errorText));
      tab.on('response', (r) => console.log('response', r.status(), r.url()));
    }
    await tab.goto(`${publisher.origin('pay.test')}/`);
    return tab;
  }

  it('sends g and c in the beacon, stores them, and reports them per applicability', async () => {
    // France: Consent or Pay's screen; one visitor accepts, another clicks subscribe and leaves.
    const accepting = await visitor('FR');
    const accept = accepting.locator('#assent-cmp [data-action="accept"]');
    await accept.waitFor({ state: 'visible', timeout: 15_000 });
    await expect(accepting.locator('#assent-cmp [data-action="subscribe"]').count()).resolves.toBe(
      1,
    );
    await accept.click();
    await expect(accept.count()).resolves.toBe(0);
    await waitForVisits(live, site.uuid, 1);

    const paying = await visitor('FR');
    const subscribe = paying.locator('#assent-cmp [data-action="subscribe"]');
    await subscribe.waitFor({ state: 'visible', timeout: 15_000 });
    await subscribe.click();
    await paying.waitForURL('**/subscribe');
    await waitForVisits(live, site.uuid, 2);

    // Germany: GDPR's own first layer (no Consent or Pay there); the visitor rejects.
    const rejecting = await visitor('DE');
    const reject = rejecting.locator('#assent-cmp [data-action="reject"]');
    await reject.waitFor({ state: 'visible', timeout: 15_000 });
    await expect(rejecting.locator('#assent-cmp [data-action="subscribe"]').count()).resolves.toBe(
      0,
    );
    await reject.click();
    await waitForVisits(live, site.uuid, 3);

    // Japan: outside GDPR's locations, under Google basic consent only (worldwide): nothing is
    // asked, the Consent Mode defaults (both denied) apply, and the page view is reported at once
    // as regulation 10, not shown, its outcome the defaults' (reject).
    const unasked = await visitor('JP');
    await waitForVisits(live, site.uuid, 4);
    await expect(unasked.locator('#assent-cmp [data-action]').count()).resolves.toBe(0);

    const rows = await waitForVisits<Record<string, unknown>>(
      live,
      site.uuid,
      4,
      // Not the country: the bounce's beacon leaves with the unloading page, past the route that
      // adds this test's geo header (a proxy adds it to every request).
      'regulation, outcome, shown, gbc_consent, cop_choice',
    );
    expect(rows).toEqual([
      {
        regulation: 1,
        outcome: 'acceptAll',
        shown: true,
        gbc_consent: 'gg--',
        cop_choice: 'shown',
      },
      {
        regulation: 1,
        outcome: 'bounce',
        shown: true,
        gbc_consent: 'dd--',
        cop_choice: 'subscribe',
      },
      {
        regulation: 1,
        outcome: 'rejectAll',
        shown: true,
        gbc_consent: 'dd--',
        cop_choice: null,
      },
      {
        regulation: 10,
        outcome: 'rejectAll',
        shown: false,
        gbc_consent: 'dd--',
        cop_choice: null,
      },
    ]);

    // The report builder's applicability dimensions, with the GBC and Users metrics.
    const today = new Date().toISOString().slice(0, 10);
    const range = { startDate: today, endDate: today };
    const report = await post<Array<{ id: string; results: Array<Record<string, unknown>> }>>(
      `/analytics/v1/report/pcode/${user.pcode}`,
      {
        filters: [...timeFilters(range), propertyFilter([site.uuid])],
        queries: [
          {
            id: 'gbc',
            dimensions: ['gbcApplicable'],
            metrics: [
              'totalTraffic',
              'totalSessions',
              'gbcAdStorageGrantedPercent',
              'gbcAdUserDataGrantedPercent',
            ],
            granularity: 'day',
          },
          {
            id: 'cop',
            dimensions: ['copApplicable'],
            metrics: ['totalSessions', 'copUsers', 'copAcceptPercent', 'copSubscribePercent'],
            granularity: 'day',
          },
        ],
      },
    );
    expect(report).toEqual([
      {
        id: 'gbc',
        results: [
          {
            gbcApplicable: true,
            totalTraffic: 4,
            totalSessions: 3,
            // granted in one of the four page views: the GBC-only one kept its denied default
            gbcAdStorageGrantedPercent: 25,
            gbcAdUserDataGrantedPercent: null, // the property does not set ad_user_data
          },
        ],
      },
      {
        id: 'cop',
        results: [
          {
            copApplicable: false,
            totalSessions: 1, // and the GBC-only page view, not shown
            copUsers: 0,
            copAcceptPercent: null,
            copSubscribePercent: null,
          },
          {
            copApplicable: true,
            totalSessions: 2,
            copUsers: 2,
            copAcceptPercent: 50,
            copSubscribePercent: 50,
          },
        ],
      },
    ]);

    // The property's analytics: the three GDPR banners under key 1; key 10, Google basic consent
    // only, has its page view but no banner shown, so no rate.
    const analytics = await post<Record<string, PropertyAnalytics>>(
      `/analytics/v1/properties/pcode/${user.pcode}`,
      { propertyIds: [site.uuid], ...range },
    );
    expect(analytics[site.uuid]!['1']).toMatchObject({
      totalShown: 3,
      acceptAll: 1,
      rejectAll: 1,
      bounceRatePercentage: 33.33,
    });
    expect(analytics[site.uuid]!['10']).toMatchObject({
      totalShown: 0,
      acceptAll: 0,
      rejectAll: 0,
      consentRatePercentage: null,
    });
    // Four visitors, a browser each, on a shared 2-core machine.
  }, 120_000);
});
