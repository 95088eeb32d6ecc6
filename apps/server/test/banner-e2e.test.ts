import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Property } from '@assent/core/property';
import { TCString } from '@iabtechlabtcf/core';
import type { Page } from '@assent/testing';
import { gvlFixture, hasChromium, launchChromium, noChromiumMessage } from '@assent/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublisherServer } from './banner-e2e-support';
import {
  HOST_RULES,
  buildBanner,
  publisherPage,
  startPublisherServer,
  waitForVisits as waitForStoredVisits,
} from './banner-e2e-support';
import { loaderOf } from './boot-json';
import type { LiveServer, TestUser } from './live-server';
import { startLiveServer, storeGoogleAtpList } from './live-server';
import { repoPath } from '../src/paths';

const SCREENSHOT = repoPath('artifacts', 'banner-on-site.png');
const CMP_ID = 300;

if (!hasChromium()) console.warn(noChromiumMessage('banner end-to-end test'));

type Window = { __tcfapi: (...a: unknown[]) => void; dataLayer?: unknown[] };

describe.skipIf(!hasChromium())(
  'banner end to end: console API → tag → publisher page in Chromium',
  () => {
    let live: LiveServer;
    let assent: string;
    let publisher: PublisherServer;
    let pcode: string;
    let publisherUser: TestUser;
    let site: Property;
    const pages = { site: '', universal: '', ads: '' };

    beforeAll(async () => {
      buildBanner();

      // A real server (in-memory database, a free port) and a publisher with an account and a session.
      live = await startLiveServer({
        env: {
          ASSENT_CMP_ID: String(CMP_ID),
          ...(process.env.E2E_DEBUG === '1' ? { ASSENT_LOG_LEVEL: 'error' } : {}),
        },
      });
      assent = live.url;
      publisherUser = await live.user('publisher@news.test', {
        organisation: { name: 'The Daily Example' },
      });
      pcode = publisherUser.pcode;
      const api = live.api(publisherUser);
      const query = { pCode: pcode };

      // Through the API, as the console does: a theme with its own texts, a site, then its tags.
      const theme = await api.themes.create({
        query,
        body: {
          themeType: 'SITE',
          themeName: 'Daily Example',
          agreeButton: 'Accept and read on',
          initScreenRejectButtonShowing: true,
          initScreenRejectButton: 'Reject all',
          saveAndExitButton: 'Choose',
          uxPrimaryButtonColor: '#0B5D3B',
          uxPersistentConsentButton: true,
          consentLinkLabel: 'Privacy choices',
        },
      });
      site = await api.sites.create({
        query,
        body: {
          url: 'news.test',
          publisherName: 'The Daily Example',
          themeId: theme.themeId,
          consentLocations: ['WORLDWIDE'],
          applyToSubDomains: true,
          gbcEnabled: true,
          gbcLocations: ['WORLDWIDE'],
          gbcApplicablePurposes: [{ id: 1, enabled: true, defaultValue: 'DENIED' }],
        },
      });
      const siteTag = await api.tags.get({ query: { ...query, type: 'site', id: site.uuid } });
      const universalTag = await api.tags.get({ query: { ...query, type: 'universal' } });
      pages.site = publisherPage(siteTag.snippet, 'Site tag');
      pages.universal = publisherPage(universalTag.snippet, 'Universal tag');

      // The publisher's web server: another origin than Assent's.
      publisher = await startPublisherServer((pathname) =>
        pathname.startsWith('/universal')
          ? pages.universal
          : pathname.startsWith('/ads')
            ? pages.ads
            : pages.site,
      );
    }, 120_000);

    afterAll(async () => {
      await publisher?.close();
      await live?.close();
    });

    const waitForVisits = (count: number) => waitForStoredVisits(live, site.uuid, count);

    const tcString = (page: Page) =>
      page.evaluate(
        () =>
          new Promise<string>((resolve) =>
            (window as unknown as Window).__tcfapi('getTCData', 2, (d: { tcString: string }) =>
              resolve(d.tcString),
            ),
          ),
      );

    it('site tag: shows the theme’s banner, Accept all works, the TC string decodes, the visit is stored', async () => {
      const browser = await launchChromium({
        args: HOST_RULES,
        viewport: { width: 1024, height: 720 },
      });
      const { context } = browser;
      try {
        const page = context.pages()[0] ?? (await context.newPage());
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(e.message));
        await page.goto(`${publisher.origin('news.test')}/`);
        const accept = page.locator('#assent-cmp [data-action="accept"]');
        await accept.waitFor({ state: 'visible', timeout: 15_000 });
        expect(await accept.textContent()).toBe('Accept and read on');
        await expect(
          page.locator('#assent-cmp [data-action="reject"]').textContent(),
        ).resolves.toBe('Reject all');
        await expect(page.locator('#assent-cmp [data-action="more"]').textContent()).resolves.toBe(
          'Choose',
        );
        await expect(page.locator('#assent-cmp h2').textContent()).resolves.toBe(
          'We value your privacy',
        );
        const body = await page.locator('#assent-cmp [data-view="first"] p').first().textContent();
        expect(body).toMatch(/^We and our \d+ partners store/);
        mkdirSync(path.dirname(SCREENSHOT), { recursive: true });
        await page.screenshot({ path: SCREENSHOT });

        // The stub set Google's consent defaults before anything else.
        const defaults = await page.evaluate(() =>
          ((window as unknown as Window).dataLayer ?? []).map((a) =>
            Array.from(a as ArrayLike<unknown>),
          ),
        );
        expect(defaults[0]).toEqual([
          'consent',
          'default',
          { wait_for_update: 500, ad_storage: 'denied' },
        ]);

        await accept.click();
        await expect(accept.count()).resolves.toBe(0);
        const decoded = TCString.decode(await tcString(page));
        expect(decoded.cmpId).toBe(CMP_ID);
        expect(decoded.vendorListVersion).toBe(7);
        expect(decoded.isServiceSpecific).toBe(true);
        expect([...decoded.purposeConsents.values()].length).toBeGreaterThan(0);
        expect(decoded.purposeConsents.has(1)).toBe(true);
        expect(decoded.vendorConsents.size).toBeGreaterThan(100);
        const updates = await page.evaluate(() =>
          ((window as unknown as Window).dataLayer ?? []).map((a) =>
            Array.from(a as ArrayLike<unknown>),
          ),
        );
        expect(updates).toContainEqual(['consent', 'update', { ad_storage: 'granted' }]);
        await expect(
          page.locator('#assent-cmp').getByText('Privacy choices').count(),
        ).resolves.toBe(1);
        expect(errors).toEqual([]);

        const rows = await waitForVisits(1);
        expect(rows[0]).toEqual({
          outcome: 'acceptAll',
          shown: true,
          page_format: 'HTTP',
          regulation: 1,
        });

        // Proof of consent: the visitor reads the consent id in the settings; the console API
        // finds that record, whose TC string decodes to the choices it shows in words.
        await page.locator('#assent-cmp').getByText('Privacy choices').click();
        await page.locator('#assent-cmp [data-action="more"]').click();
        const shownId = page.locator('#assent-cmp .cid output');
        await shownId.waitFor({ state: 'visible', timeout: 15_000 });
        const consentId = (await shownId.textContent())!;
        await expect(page.locator('#assent-cmp .cid').textContent()).resolves.toBe(
          `Consent ID: ${consentId}`,
        );
        const api = live.api(publisherUser);
        const record = await api.auditLogs.consentRecord({
          params: { id: consentId },
          query: { pCode: pcode },
        });
        const tc = TCString.decode(record.tcString!);
        expect(record.tcString).toBe(await tcString(page));
        const purposes = [...tc.purposeConsents.values()].sort((a, b) => a - b);
        expect(record.choices.purposes).toEqual(purposes);
        const purposeWords = record.words.find((l) => l.label === 'Purposes consented')!.text;
        expect(purposeWords.split('; ').map((w) => Number(w.split(' ')[0]))).toEqual(purposes);
        expect(record.words[0]).toEqual({ label: 'Choice', text: 'Accepted all' });
        expect(record.choices.vendors.length).toBe(tc.vendorConsents.size);
      } finally {
        await browser.close();
      }
    }, 90_000);

    it('universal tag: finds the site by host name, loads the second layer and the vendor list cross-origin', async () => {
      const browser = await launchChromium({
        args: HOST_RULES,
        viewport: { width: 1024, height: 720 },
      });
      const { context } = browser;
      try {
        await context.clearCookies();
        const page = context.pages()[0] ?? (await context.newPage());
        const requested: string[] = [];
        page.on('request', (r) => requested.push(r.url()));
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(e.message));
        await page.goto(`${publisher.origin('live.news.test')}/universal`);
        await page
          .locator('#assent-cmp [data-action="accept"]')
          .waitFor({ state: 'visible', timeout: 15_000 });
        expect(requested).toContain(`${assent}/banner/account/${pcode}/cmp.js?host=live.news.test`);

        // The lazy second layer (an ES module) and the vendor list come from Assent's origin.
        await page.locator('#assent-cmp [data-action="vendors"]').click();
        await page
          .locator('#assent-cmp [data-vendor]')
          .first()
          .waitFor({ state: 'visible', timeout: 15_000 });
        // cmp.js loads the runtime file of the current build; the second layer comes from beside it.
        expect(requested.some((u) => /\/banner\/runtime\/[\w-]+\/second-layer\.js$/.test(u))).toBe(
          true,
        );
        expect(requested.some((u) => u.startsWith(`${assent}/banner/vendor-list/7/`))).toBe(true);

        await page.locator('#assent-cmp [data-view="second"] [data-action="reject"]').click();
        const decoded = TCString.decode(await tcString(page));
        expect(decoded.purposeConsents.size).toBe(0);
        expect(decoded.vendorConsents.size).toBe(0);
        expect(errors).toEqual([]);

        const rows = await waitForVisits(2);
        expect(rows[1]).toMatchObject({ outcome: 'rejectAll', shown: true });
      } finally {
        await browser.close();
      }
    }, 90_000);

    it('the configuration carries the vendors packed (issue 16): Accept all still gives every vendor its consent and LI bit, and the second layer names them from the vendor list', async () => {
      const browser = await launchChromium({
        args: HOST_RULES,
        viewport: { width: 1024, height: 720 },
      });
      const { context } = browser;
      try {
        await context.clearCookies();
        const page = context.pages()[0] ?? (await context.newPage());
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(e.message));
        // The configuration rides inline in cmp.js (the loader).
        const script = page.waitForResponse((r) => /\/cmp\.js(\?|$)/.test(r.url()));
        await page.goto(`${publisher.origin('news.test')}/`);
        const { config } = loaderOf(await (await script).text()).boot as unknown as {
          config: {
            gdpr: {
              vendors: unknown;
              consentPurposes: number[];
              legitimateInterestPurposes: number[];
              specialFeatures: number[];
            };
          };
        };
        // No declarations before the first layer: one character per vendor id.
        expect(config.gdpr.vendors).toEqual(expect.stringMatching(/^[0-4]+$/));

        // What accept all gives, from the GVL's own declarations (every active vendor is in scope).
        const gvl = JSON.parse(gvlFixture('gvl3-vendor-list.json')) as {
          vendors: Record<
            string,
            {
              id: number;
              name: string;
              purposes: number[];
              legIntPurposes: number[];
              flexiblePurposes: number[];
              specialFeatures: number[];
              deletedDate?: string;
            }
          >;
        };
        const active = Object.values(gvl.vendors)
          .filter((v) => !v.deletedDate)
          .sort((a, b) => a.id - b.id);
        const { consentPurposes, legitimateInterestPurposes, specialFeatures } = config.gdpr;
        const liPurposes = legitimateInterestPurposes.filter((p) => p < 3 || p > 6);
        const any = (ids: number[], of: number[]) => ids.some((id) => of.includes(id));
        const consent = active
          .filter(
            (v) =>
              any(v.purposes, consentPurposes) ||
              any(v.flexiblePurposes, consentPurposes) ||
              any(v.specialFeatures, specialFeatures),
          )
          .map((v) => v.id);
        const li = active.filter((v) => any(v.legIntPurposes, liPurposes)).map((v) => v.id);
        expect(li.length).toBeGreaterThan(10);

        const accept = page.locator('#assent-cmp [data-action="accept"]');
        await accept.waitFor({ state: 'visible', timeout: 15_000 });
        await accept.click();
        await expect(accept.count()).resolves.toBe(0);
        const decoded = TCString.decode(await tcString(page));
        expect([...decoded.vendorConsents.values()].filter(Boolean).length).toBe(consent.length);
        expect(consent.every((id) => decoded.vendorConsents.has(id))).toBe(true);
        expect(li.every((id) => decoded.vendorLegitimateInterests.has(id))).toBe(true);
        expect([...decoded.vendorLegitimateInterests.values()].filter(Boolean).length).toBe(
          li.length,
        );
        expect(active.every((v) => decoded.vendorsDisclosed.has(v.id))).toBe(true);

        // The second layer lists every vendor by its name in the vendor list, an LI toggle for those
        // relying on legitimate interest.
        await page.locator('#assent-cmp').getByText('Privacy choices').click();
        await page.locator('#assent-cmp [data-action="more"]').click();
        const vendors = page.locator('#assent-cmp [data-vendor]');
        await vendors.first().waitFor({ state: 'visible', timeout: 15_000 });
        await expect(vendors.count()).resolves.toBe(active.length);
        for (const v of [active[0]!, active[Math.floor(active.length / 2)]!, active.at(-1)!]) {
          const row = page.locator(`#assent-cmp [data-vendor="${v.id}"]`);
          await expect(row.locator('p').textContent()).resolves.toContain(v.name);
        }
        await expect(
          page
            .locator('#assent-cmp [data-vendor]')
            .filter({ hasText: 'Legitimate interest' })
            .count(),
        ).resolves.toBe(li.length);
        expect(errors).toEqual([]);
      } finally {
        await browser.close();
      }
    }, 90_000);

    it("Google providers and a custom vendor: listed in the second layer, the choice in getTCData's addtlConsent and the addtl_consent cookie", async () => {
      // Runs last: the account's selection becomes Google's two providers and one custom vendor.
      const api = live.api(publisherUser);
      const query = { pCode: pcode };
      await storeGoogleAtpList(live.deps);
      await api.vendors.saveSelection({
        query,
        body: {
          vendorIds: [],
          includeNewVendors: false,
          googleAtpIds: [12, 89],
          customVendors: [
            {
              id: 'crm',
              name: 'In-house CRM',
              privacyPolicyUrl: 'https://ads.test/crm',
              purposes: [1],
              legIntPurposes: [],
            },
          ],
          showNewVendorsEveryDays: 30,
          gvlVersion: 3,
        },
      });
      const ads = await api.sites.create({
        query,
        body: {
          url: 'ads.test',
          publisherName: 'The Daily Example',
          themeId: site.themeId,
          consentLocations: ['WORLDWIDE'],
          googleEnabled: true,
        },
      });
      const tag = await api.tags.get({ query: { ...query, type: 'site', id: ads.uuid } });
      pages.ads = publisherPage(tag.snippet, 'Google providers');

      const browser = await launchChromium({
        args: HOST_RULES,
        viewport: { width: 1024, height: 720 },
      });
      try {
        const page = browser.context.pages()[0] ?? (await browser.context.newPage());
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(e.message));
        await page.goto(`${publisher.origin('ads.test')}/ads`);
        const vendors = page.locator('#assent-cmp [data-action="vendors"]');
        await vendors.waitFor({ state: 'visible', timeout: 15_000 });
        expect(await vendors.textContent()).toMatch(/\(3\)$/);
        await vendors.click();
        const google = page.locator('#assent-cmp [data-google-vendor="89"]');
        await google.waitFor({ state: 'visible', timeout: 15_000 });
        expect(await google.textContent()).toContain('Analytics, Inc.');
        await expect(
          page.locator('#assent-cmp [data-google-vendor="12"]').textContent(),
        ).resolves.toContain('Example Ads');
        await expect(
          page.locator('#assent-cmp [data-other-vendor="crm"]').textContent(),
        ).resolves.toContain('In-house CRM');

        await google.scrollIntoViewIfNeeded();
        await page.screenshot({ path: repoPath('artifacts', 'banner-google-vendors.png') });
        await google.getByRole('switch', { name: 'Consent' }).check();
        await page.locator('#assent-cmp [data-view="second"] [data-action="save"]').click();
        const data = await page.evaluate(
          () =>
            new Promise<{ tcString: string; addtlConsent?: string }>((resolve) =>
              (window as unknown as Window).__tcfapi('getTCData', 2, resolve),
            ),
        );
        expect(data.addtlConsent).toBe('2~89~dv.12');
        expect(TCString.decode(data.tcString).vendorConsents.size).toBe(0);
        const cookies = await browser.context.cookies(publisher.origin('ads.test'));
        expect(decodeURIComponent(cookies.find((c) => c.name === 'addtl_consent')!.value)).toBe(
          '2~89~dv.12',
        );
        const others = await page.evaluate(
          () =>
            new Promise<unknown>((resolve) =>
              (window as unknown as Window).__tcfapi('getNonIABVendorConsents', 2, resolve),
            ),
        );
        expect(others).toEqual({ gdprApplies: true, nonIabVendorConsents: { crm: false } });
        expect(errors).toEqual([]);
      } finally {
        await browser.close();
      }
    }, 90_000);
  },
);
