import type { Property, PropertyDraft } from '@assent/core/property';
import { GppModel } from '@iabgpp/cmpapi';
import { TCString } from '@iabtechlabtcf/core';
import type { Browser, BrowserContext, Page } from '@assent/testing';
import { hasChromium, launchChromium, noChromiumMessage } from '@assent/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublisherServer } from './banner-e2e-support';
import { HOST_RULES, buildBanner, publisherPage, startPublisherServer } from './banner-e2e-support';
import type { LiveServer } from './live-server';
import { gvlFixture, startLiveServer } from './live-server';
import type { SeenBidderRequest } from './prebid-support';
import { PREBID_PATH, prebidBundle, prebidScript } from './prebid-support';

/**
 * Standards conformance with a real ad-tech client (issue 15): Prebid.js from npm with its TCF,
 * GPP and USP consent modules and activity controls, on publisher pages carrying the site tag or
 * the universal tag, in Debian's Chromium. Each test asserts what Prebid hands a test bid adapter
 * before and after the visitor's choice, and decodes every string with IAB's own libraries.
 * Prebid's consent timeouts are 120 s: an auction held by a stub that never answers does not reach
 * the bidder within the test's wait, so a stub left unanswered fails the test.
 */

const CMP_ID = 300;
/**
 * The test bidder is vendor 8 of the GVL fixture: consent for purposes 1, 3 and 4, legitimate
 * interest for 2, 7, 8 and 9 (Prebid's tcfControl is told the same for purposes 1, 2, 4 and 7).
 */
const BIDDER_GVLID = 8;
const WAIT = { timeout: 20_000 } as const;
/** The vendor list the live server serves (its policy version is 4, TCF 2.2). */
const GVL = JSON.parse(gvlFixture('gvl3-vendor-list.json')) as {
  vendorListVersion: number;
  tcfPolicyVersion: number;
};
/** The sensitive site's usnat categories: racial or ethnic origin, health, sexual orientation. */
const SENSITIVE = [1, 3, 4] as const;
const SENSITIVE_NAMES: Record<(typeof SENSITIVE)[number], string> = {
  1: 'Racial or ethnic origin',
  3: 'Health, including a mental or physical health condition or diagnosis',
  4: 'Sex life or sexual orientation',
};
const GPP_SID = { usva: 9, usco: 10 } as const;

if (!hasChromium()) console.warn(noChromiumMessage('Prebid.js conformance test'));

interface PrebidWindow {
  runAuction(): Promise<SeenBidderRequest | null>;
}

describe.skipIf(!hasChromium())(
  'Prebid.js reads the runtime: consent modules, activity controls, site and universal tags',
  () => {
    let live: LiveServer;
    let publisher: PublisherServer;
    let browser: Browser;
    let bundle: string;
    let euSite: Property;
    let usSite: Property;
    let sensitiveSite: Property;
    const pages = new Map<string, string>();

    beforeAll(async () => {
      const built = prebidBundle();
      buildBanner();
      live = await startLiveServer({
        env: {
          ASSENT_CMP_ID: String(CMP_ID),
          ASSENT_GEO_COUNTRY_HEADER: 'cf-ipcountry',
          ASSENT_GEO_REGION_HEADER: 'cf-region-code',
        },
      });
      const user = await live.user('ads@prebid.test', { organisation: { name: 'Prebid Daily' } });
      const api = live.api(user);
      const query = { pCode: user.pcode };
      const theme = await api.themes.create({
        query,
        body: {
          themeType: 'SITE',
          themeName: 'Prebid',
          initScreenRejectButtonShowing: true,
          uxPersistentConsentButton: true,
        },
      });
      const site = (draft: PropertyDraft) =>
        api.sites.create({
          query,
          body: { publisherName: 'Prebid Daily', themeId: theme.themeId, ...draft },
        });
      // A TCF-only site (no GPP, no USP) and a US-only site (no TCF).
      euSite = await site({ url: 'eu.test', consentLocations: ['EEA'], gdprEncodingMode: 'TCF' });
      usSite = await site({ url: 'us.test', consentLocations: ['USA'], ccpaViaUsp: true });
      // A US site that processes sensitive data (racial origin, health, sexual orientation) and
      // sensitive data of known children, under the state laws and the national section.
      sensitiveSite = await site({
        url: 'sensitive.test',
        consentLocations: ['USA'],
        mspaPurposeIds: [1, 2, 3],
        mspaSensitiveDataProcessing: 'yes',
        mspaSensitiveDataPurposeIds: [...SENSITIVE],
        mspaChildSensitiveDataProcessing: 'yes',
      });
      const universal = await api.tags.get({ query: { ...query, type: 'universal' } });
      const siteTag = async (p: Property) =>
        (await api.tags.get({ query: { ...query, type: 'site', id: p.uuid } })).snippet;
      // With the universal tag the publisher configures all three consent modules; with a site
      // tag, those of the site's regulations (Prebid cancels auctions when a CMP API is missing).
      const all = ['gdpr', 'usp', 'gpp'] as const;
      const withPrebid = (
        tag: string,
        title: string,
        modules: typeof all | ['gdpr'] | ['usp', 'gpp'] | ['gpp'],
      ) =>
        publisherPage(
          `${tag}\n${prebidScript({ gvlid: BIDDER_GVLID, modules, actionTimeout: 200 })}`,
          title,
        );
      pages.set('eu.test/universal', withPrebid(universal.snippet, 'EU, universal tag', all));
      pages.set('eu.test/site', withPrebid(await siteTag(euSite), 'EU, site tag', ['gdpr']));
      pages.set('us.test/universal', withPrebid(universal.snippet, 'US, universal tag', all));
      pages.set('us.test/site', withPrebid(await siteTag(usSite), 'US, site tag', ['usp', 'gpp']));
      pages.set(
        'sensitive.test/universal',
        withPrebid(universal.snippet, 'Sensitive data, universal tag', all),
      );
      pages.set(
        'sensitive.test/site',
        withPrebid(await siteTag(sensitiveSite), 'Sensitive data, site tag', ['gpp']),
      );
      publisher = await startPublisherServer((path, host) => pages.get(`${host}${path}`));
      bundle = await built;
      browser = await launchChromium({ args: HOST_RULES });
    }, 180_000);

    afterAll(async () => {
      await browser?.close();
      await publisher?.close();
      await live?.close();
    });

    /** A new visitor located by the proxy's geo headers, with the publisher's Prebid bundle. */
    /** Opens `url` as a visitor from `geo`, runs `check`, and always closes the visitor's context. */
    async function onPage(
      url: string,
      geo: { country: string; state?: string },
      check: (page: Page, context: BrowserContext) => Promise<void>,
    ): Promise<void> {
      const { context, page } = await visit(url, geo);
      try {
        await check(page, context);
      } finally {
        await context.close();
      }
    }

    async function visit(
      url: string,
      geo: { country: string; state?: string },
    ): Promise<{ context: BrowserContext; page: Page }> {
      const context = await browser.context.browser()!.newContext();
      await context.route(`${live.url}/**`, (route) =>
        route.continue({
          headers: {
            ...route.request().headers(),
            'cf-ipcountry': geo.country,
            ...(geo.state ? { 'cf-region-code': geo.state } : {}),
          },
        }),
      );
      await context.route(`**${PREBID_PATH}`, (route) =>
        route.fulfill({ body: bundle, contentType: 'text/javascript' }),
      );
      const page = await context.newPage();
      // DEBUG_PREBID=1 prints the page's console with Prebid's debug log.
      if (process.env.DEBUG_PREBID) page.on('console', (m) => console.log(m.type(), m.text()));
      await page.goto(url + (process.env.DEBUG_PREBID ? '?pbjs_debug=true' : ''));
      return { context, page };
    }

    /** One auction: what the test bidder was handed (null: Prebid made no bid request). */
    const auction = (page: Page) =>
      page.evaluate(() => (window as unknown as PrebidWindow).runAuction());

    /** The first auction, started as the page loads (before cmp.js has answered the stubs). */
    const firstAuction = async (page: Page) => {
      const seen = page.evaluate(() => (window as unknown as PrebidWindow).runAuction());
      return Promise.race([
        seen,
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error('the auction waited for a CMP stub')), WAIT.timeout),
        ),
      ]);
    };

    /**
     * A choice reaches the APIs' listeners in the task after the banner closes; calling the API
     * settles it at once (decisions.md), as a vendor's script would.
     */
    const tcData = (page: Page) =>
      page.evaluate(
        () =>
          new Promise<{ tcString: string }>((resolve) =>
            (
              window as unknown as {
                __tcfapi(c: string, v: number, cb: (d: { tcString: string }) => void): void;
              }
            ).__tcfapi('getTCData', 2, resolve),
          ),
      );

    const ping = (page: Page) =>
      page.evaluate(
        () =>
          new Promise<Record<string, unknown>>((resolve) =>
            (
              window as unknown as {
                __tcfapi(c: string, v: number, cb: (d: Record<string, unknown>) => void): void;
              }
            ).__tcfapi('ping', 2, resolve),
          ),
      );

    /**
     * A return visit in another tab of the same visitor once the runtime has kept its answers for
     * the stored choice: the loader's fast path (fast.js) answers Prebid, without the runtime.
     */
    const returnVisit = async (page: Page, context: BrowserContext) => {
      await expect
        .poll(
          () =>
            page.evaluate(() => {
              const key = Object.keys(localStorage).find((k) => k.startsWith('assent-fast:'));
              const meta = /(?:^|; )assent-meta=([^;]*)/.exec(document.cookie)?.[1];
              return !!key && (JSON.parse(localStorage.getItem(key)!) as { m: string }).m === meta;
            }),
          WAIT,
        )
        .toBe(true);
      const again = await context.newPage();
      try {
        await again.goto(page.url());
        const seen = await firstAuction(again);
        const scripts = await again.evaluate(() =>
          [...document.querySelectorAll('script[src*="/banner/runtime/"]')].map((s) =>
            (s as HTMLScriptElement).src.replace(/.*\//, ''),
          ),
        );
        expect(scripts).toEqual(['fast.js']);
        return seen;
      } finally {
        await again.close();
      }
    };

    const banner = (page: Page, view: string) => page.locator(`#assent-cmp [data-view="${view}"]`);
    const ids = (vector: { values(): IterableIterator<number> }) => [...vector.values()];

    describe('item 1: every stub the universal tag made answers', () => {
      it('a Californian on the TCF-only site: gdprApplies false, GPP not applicable ([-1]), USP 1---', async () => {
        await onPage(
          `${publisher.origin('eu.test')}/universal`,
          {
            country: 'US',
            state: 'CA',
          },
          async (page) => {
            const seen = await firstAuction(page);
            expect(seen).toMatchObject({
              gdprConsent: { gdprApplies: false },
              uspConsent: '1---',
              gppConsent: { applicableSections: [-1] },
              userData: true,
              eids: true,
            });
            expect(new GppModel(seen!.gppConsent!.gppString).getSectionIds()).toEqual([]);
            expect(seen!.regs).toMatchObject({
              ext: { gdpr: 0, us_privacy: '1---' },
              gpp_sid: [-1],
            });
          },
        );
      });

      it('a Frenchman on the US-only site: gdprApplies false, GPP not applicable, USP 1---', async () => {
        await onPage(
          `${publisher.origin('us.test')}/universal`,
          {
            country: 'FR',
          },
          async (page) => {
            const seen = await firstAuction(page);
            expect(seen).toMatchObject({
              gdprConsent: { gdprApplies: false },
              uspConsent: '1---',
              gppConsent: { applicableSections: [-1] },
            });
          },
        );
      });
    });

    describe('a Californian on the US-only site (universal tag)', () => {
      it('before the choice: no TCF, USP 1YNN, usnat + usca not opted out; after opting out: 1YYN, opted out, no user data or ids for the bidder', async () => {
        await onPage(
          `${publisher.origin('us.test')}/universal`,
          {
            country: 'US',
            state: 'CA',
          },
          async (page) => {
            const before = await firstAuction(page);
            expect(before).toMatchObject({
              gdprConsent: { gdprApplies: false },
              uspConsent: '1YNN',
              userData: true,
              eids: true,
            });
            const gpp = new GppModel(before!.gppConsent!.gppString);
            // uspv1, usnat and California's section; California's applies.
            expect(gpp.getSectionIds()).toEqual([6, 7, 8]);
            expect(before!.gppConsent!.applicableSections).toEqual([8]);
            expect(gpp.getFieldValue('usca', 'SaleOptOut')).toBe(2);
            expect(gpp.getFieldValue('uspv1', 'OptOutSale')).toBe('N');
            expect(gpp.getFieldValue('usnat', 'SaleOptOut')).toBe(2);
            expect(gpp.getFieldValue('usnat', 'SharingOptOut')).toBe(2);

            await banner(page, 'us').waitFor(WAIT);
            await banner(page, 'us').getByRole('switch').check();
            await banner(page, 'us').locator('[data-action="confirm"]').click();
            await page.waitForFunction(
              () =>
                new Promise<boolean>((resolve) =>
                  (
                    window as unknown as {
                      __uspapi(c: string, v: number, cb: (d: { uspString: string }) => void): void;
                    }
                  ).__uspapi('getUSPData', 1, (d) => resolve(d.uspString === '1YYN')),
                ),
              undefined,
              WAIT,
            );
            const after = await auction(page);
            expect(after).toMatchObject({ uspConsent: '1YYN', userData: false, eids: false });
            const opted = new GppModel(after!.gppConsent!.gppString);
            expect(opted.getFieldValue('usnat', 'SaleOptOut')).toBe(1);
            expect(opted.getFieldValue('usnat', 'SharingOptOut')).toBe(1);
            expect(opted.getFieldValue('usnat', 'TargetedAdvertisingOptOut')).toBe(1);
            expect(opted.getFieldValue('usca', 'SaleOptOut')).toBe(1);
            expect(opted.getFieldValue('usca', 'SharingOptOut')).toBe(1);
            expect(after!.gppConsent!.applicableSections).toEqual([8]);
            // Item 10: every section as @iabgpp/cmpapi parses the string Prebid was handed.
            const ping = await page.evaluate(
              () =>
                new Promise<{ gppString: string; parsedSections: unknown }>((resolve) =>
                  (
                    window as unknown as {
                      __gpp(
                        c: string,
                        cb: (d: { gppString: string; parsedSections: unknown }) => void,
                      ): void;
                    }
                  ).__gpp('ping', resolve),
                ),
            );
            expect(ping.gppString).toBe(after!.gppConsent!.gppString);
            expect(ping.parsedSections).toEqual(opted.toObject());
          },
        );
      });
    });

    describe('a Coloradan and a Virginian on the US-only site (site tag)', () => {
      for (const { who, state, section, id } of [
        { who: 'a Coloradan', state: 'CO', section: 'usco', id: 10 },
        { who: 'a Virginian', state: 'VA', section: 'usva', id: 9 },
      ] as const)
        it(`${who}: before the choice usnat + ${section} not opted out, ids and user data reach the bidder; after opting out ${section} is opted out (Prebid gppControl_usstates strips them), every section as @iabgpp/cmpapi parses it`, async () => {
          await onPage(
            `${publisher.origin('us.test')}/site`,
            { country: 'US', state },
            async (page) => {
              const before = await firstAuction(page);
              expect(before).toMatchObject({ uspConsent: '1YNN', userData: true, eids: true });
              const gpp = new GppModel(before!.gppConsent!.gppString);
              // uspv1, usnat and the state's section; the state's applies.
              expect(gpp.getSectionIds()).toEqual([6, 7, id]);
              expect(before!.gppConsent!.applicableSections).toEqual([id]);
              expect(gpp.getFieldValue(section, 'SaleOptOut')).toBe(2);
              expect(gpp.getFieldValue(section, 'TargetedAdvertisingOptOut')).toBe(2);
              expect(gpp.getFieldValue(section, 'KnownChildSensitiveDataConsents')).toBe(0);

              await banner(page, 'us').waitFor(WAIT);
              await banner(page, 'us').getByRole('switch').check();
              await banner(page, 'us').locator('[data-action="confirm"]').click();
              await expect(banner(page, 'us').count()).resolves.toBe(0);
              const ping = await page.evaluate(
                () =>
                  new Promise<{ gppString: string; parsedSections: unknown; signalStatus: string }>(
                    (resolve) =>
                      (
                        window as unknown as {
                          __gpp(
                            c: string,
                            cb: (d: {
                              gppString: string;
                              parsedSections: unknown;
                              signalStatus: string;
                            }) => void,
                          ): void;
                        }
                      ).__gpp('ping', resolve),
                  ),
              );
              expect(ping.signalStatus).toBe('ready');
              const after = await auction(page);
              expect(after).toMatchObject({ uspConsent: '1YYN', userData: false, eids: false });
              expect(after!.gppConsent!.gppString).toBe(ping.gppString);
              const opted = new GppModel(after!.gppConsent!.gppString);
              expect(opted.getFieldValue(section, 'SaleOptOut')).toBe(1);
              expect(opted.getFieldValue(section, 'TargetedAdvertisingOptOut')).toBe(1);
              expect(opted.getFieldValue('usnat', 'SaleOptOut')).toBe(1);
              expect(after!.gppConsent!.applicableSections).toEqual([id]);
              expect(ping.parsedSections).toEqual(opted.toObject());
            },
          );
        });
    });

    describe('item 2: an EU visitor who has not answered yet', () => {
      it('the auction goes ahead with gdprApplies true and the cmpuishown TC string (legitimate interest only, no consent)', async () => {
        await onPage(
          `${publisher.origin('eu.test')}/universal`,
          {
            country: 'FR',
          },
          async (page, context) => {
            // Prebid's actionTimeout (200 ms) uses the string the CMP gave with cmpuishown.
            const seen = await firstAuction(page);
            await banner(page, 'first').waitFor(WAIT);
            expect(seen).toMatchObject({
              gdprConsent: { gdprApplies: true },
              regs: { ext: { gdpr: 1 } },
              // tcfControl: basic ads on legitimate interest go ahead; no purpose 4 consent, no
              // user data for the bidder.
              userData: false,
            });
            const shown = (await tcData(page)).tcString;
            expect(seen!.gdprConsent!.consentString).toBe(shown);
            const decoded = TCString.decode(shown);
            expect(decoded.cmpId).toBe(CMP_ID);
            expect(decoded.consentScreen).toBe(1);
            // Item 11: the policy version is the served vendor list's, in the string and in ping.
            expect(decoded.policyVersion).toBe(GVL.tcfPolicyVersion);
            expect(decoded.vendorListVersion).toBe(GVL.vendorListVersion);
            expect(await ping(page)).toMatchObject({
              tcfPolicyVersion: GVL.tcfPolicyVersion,
              gvlVersion: GVL.vendorListVersion,
            });
            expect(ids(decoded.purposeConsents)).toEqual([]);
            expect(ids(decoded.vendorConsents)).toEqual([]);
            expect(ids(decoded.specialFeatureOptins)).toEqual([]);
            expect(ids(decoded.purposeLegitimateInterests)).toEqual(expect.arrayContaining([2, 7]));
            for (const p of [1, 3, 4, 5, 6])
              expect(decoded.purposeLegitimateInterests.has(p)).toBe(false);
            expect(decoded.vendorLegitimateInterests.has(BIDDER_GVLID)).toBe(true);
            // Nothing is stored before the visitor chooses.
            expect((await context.cookies()).map((c) => c.name)).not.toContain('euconsent-v2');
          },
        );
      });
    });

    describe('items 7 and 8: a partial choice of an EU visitor (site tag)', () => {
      it('consent to purpose 1 and the bidder only: legitimate interest stays unless objected to, so tcfControl lets the bid request through without user data', async () => {
        await onPage(`${publisher.origin('eu.test')}/site`, { country: 'FR' }, async (page) => {
          await banner(page, 'first').locator('[data-action="more"]').click();
          const second = banner(page, 'second');
          await second.locator(`[data-vendor="${BIDDER_GVLID}"]`).waitFor(WAIT);
          // Legitimate interest toggles start on, consents off (item 7).
          await expect(second.locator('[data-purpose="2"] input').last().isChecked()).resolves.toBe(
            true,
          );
          const bidder = second.locator(`[data-vendor="${BIDDER_GVLID}"] input`);
          await expect(bidder.first().isChecked()).resolves.toBe(false);
          await expect(bidder.last().isChecked()).resolves.toBe(true);
          await second.locator('[data-purpose="1"] input').first().check();
          await bidder.first().check();
          await second.locator('[data-action="save"]').click();
          await expect(second.count()).resolves.toBe(0);
          const partial = (await tcData(page)).tcString;
          const seen = await auction(page);
          // fetchBids (purpose 2 on legitimate interest) is allowed; no purpose 4 consent, so
          // Prebid strips the first-party data (transmitUfpd).
          expect(seen).toMatchObject({
            gdprConsent: { gdprApplies: true, consentString: partial },
            userData: false,
          });
          const decoded = TCString.decode(partial);
          expect(decoded.consentScreen).toBe(2);
          expect(ids(decoded.purposeConsents)).toEqual([1]);
          expect(ids(decoded.vendorConsents)).toEqual([BIDDER_GVLID]);
          expect(ids(decoded.specialFeatureOptins)).toEqual([]);
          expect(ids(decoded.purposeLegitimateInterests)).toEqual(expect.arrayContaining([2, 7]));
          expect(decoded.vendorLegitimateInterests.has(BIDDER_GVLID)).toBe(true);
          expect(decoded.policyVersion).toBe(GVL.tcfPolicyVersion);
        });
      });
    });

    describe('an EU visitor on the TCF-only site', () => {
      for (const tag of ['universal', 'site'] as const) {
        it(`${tag} tag: accept all hands the bidder the TC string with every purpose; reject all makes no bid request`, async () => {
          await onPage(
            `${publisher.origin('eu.test')}/${tag}`,
            {
              country: 'DE',
            },
            async (page, context) => {
              await banner(page, 'first').waitFor(WAIT);
              await banner(page, 'first').locator('[data-action="accept"]').click();
              await expect(banner(page, 'first').count()).resolves.toBe(0);
              const acceptedString = (await tcData(page)).tcString;
              const accepted = await auction(page);
              expect(accepted).toMatchObject({
                gdprConsent: { gdprApplies: true, consentString: acceptedString },
                ...(tag === 'universal'
                  ? { uspConsent: '1---', gppConsent: { applicableSections: [-1] } }
                  : {}),
                userData: true,
                eids: true,
              });
              const decoded = TCString.decode(accepted!.gdprConsent!.consentString!);
              expect(decoded.cmpId).toBe(CMP_ID);
              expect(ids(decoded.purposeConsents)).toEqual(expect.arrayContaining([1, 2, 3, 4]));
              expect(decoded.vendorConsents.has(BIDDER_GVLID)).toBe(true);
              // The next page view: the fast path hands the bidder the same.
              expect(await returnVisit(page, context)).toEqual(accepted);

              // A vendor's listener from here on records each event with its string.
              await page.evaluate(() => {
                const w = window as unknown as {
                  __events: Array<[string, string]>;
                  __tcfapi(
                    c: string,
                    v: number,
                    cb: (d: { eventStatus: string; tcString: string }) => void,
                  ): void;
                };
                w.__events = [];
                w.__tcfapi('addEventListener', 2, (d) =>
                  w.__events.push([d.eventStatus, d.tcString]),
                );
              });
              const events = () =>
                page.evaluate(
                  () => (window as unknown as { __events: Array<[string, string]> }).__events,
                );

              // Withdraw: the persistent link reopens the banner; reject all.
              await page.locator('#assent-cmp [data-action="reopen"]').click();
              await banner(page, 'first').waitFor(WAIT);
              // Item 9: the re-surfaced UI fires cmpuishown again, with the string in force.
              await expect.poll(events, WAIT).toEqual([
                ['useractioncomplete', acceptedString],
                ['cmpuishown', acceptedString],
              ]);
              await banner(page, 'first').locator('[data-action="reject"]').click();
              await expect(banner(page, 'first').count()).resolves.toBe(0);
              const rejectedString = (await tcData(page)).tcString;
              expect((await events()).at(-1)).toEqual(['useractioncomplete', rejectedString]);
              const rejected = TCString.decode(rejectedString);
              expect(ids(rejected.purposeConsents)).toEqual([]);
              expect(rejected.vendorConsents.has(BIDDER_GVLID)).toBe(false);
              // Reject all objects to legitimate interest too: tcfControl denies fetchBids
              // (purpose 2) for the bidder, and Prebid makes no bid request.
              expect(await auction(page)).toBeNull();
            },
          );
        });
      }
    });

    describe('items 3 and 4: a site processing sensitive data and known children’s sensitive data', () => {
      const sdp = (values: Record<number, number>, length: number) =>
        Array.from({ length }, (_, i) => values[i + 1] ?? 0);

      it('a New Yorker (usnat applies) before choosing: known-child 0, so ids reach the bidder; no sensitive consent yet, so no user data', async () => {
        await onPage(
          `${publisher.origin('sensitive.test')}/universal`,
          { country: 'US', state: 'NY' },
          async (page) => {
            const seen = await firstAuction(page);
            // gppControl_usnat: ids go ahead (no known child); user data waits for consent.
            expect(seen).toMatchObject({ eids: true, userData: false });
            expect(seen!.gppConsent!.applicableSections).toEqual([7]);
            const gpp = new GppModel(seen!.gppConsent!.gppString);
            expect(gpp.getSectionIds()).toEqual([7]);
            expect(gpp.getFieldValue('usnat', 'KnownChildSensitiveDataConsents')).toEqual([
              0, 0, 0,
            ]);
            expect(gpp.getFieldValue('usnat', 'SensitiveDataProcessing')).toEqual(
              sdp({ 1: 1, 3: 1, 4: 1 }, 16),
            );
            expect(gpp.getFieldValue('usnat', 'SensitiveDataProcessingOptOutNotice')).toBe(1);
            expect(gpp.getFieldValue('usnat', 'SensitiveDataLimitUseNotice')).toBe(1);
            expect(gpp.getFieldValue('usnat', 'SaleOptOut')).toBe(2);
          },
        );
      });

      it('a Virginian before choosing: usva known-child 0, sensitive categories 1 (no consent); ids reach the bidder', async () => {
        await onPage(
          `${publisher.origin('sensitive.test')}/universal`,
          { country: 'US', state: 'VA' },
          async (page) => {
            const seen = await firstAuction(page);
            expect(seen!.gppConsent!.applicableSections).toEqual([9]);
            const gpp = new GppModel(seen!.gppConsent!.gppString);
            expect(gpp.getSectionIds()).toEqual([7, 9]);
            expect(gpp.getFieldValue('usva', 'KnownChildSensitiveDataConsents')).toBe(0);
            expect(gpp.getFieldValue('usva', 'SensitiveDataProcessing')).toEqual(
              sdp({ 1: 1, 3: 1, 4: 1 }, 8),
            );
            expect(seen).toMatchObject({ eids: true, userData: false });
          },
        );
      });

      /** `__gpp('ping')`'s string once it differs from `before` (the choice is applied). */
      const gppAfter = (page: Page, before: string) =>
        page
          .waitForFunction(
            (prev) =>
              new Promise<string | false>((resolve) =>
                (
                  window as unknown as {
                    __gpp(c: string, cb: (d: { gppString: string }) => void): void;
                  }
                ).__gpp('ping', (d) => resolve(d.gppString !== prev && d.gppString)),
              ),
            before,
            WAIT,
          )
          .then((h) => h.jsonValue() as Promise<string>);

      /** On the US screen: opt out or not, tick the named categories, confirm. */
      async function choose(page: Page, optOut: boolean, consent: readonly number[]) {
        const screen = banner(page, 'us');
        await screen.waitFor(WAIT);
        const optOutSwitch = screen.getByRole('switch', { name: /^Opt out/ });
        if (optOut) await optOutSwitch.check();
        else await optOutSwitch.uncheck();
        const fieldset = screen.locator('fieldset[data-sensitive]');
        await expect(fieldset.locator('legend').textContent()).resolves.toBe(
          'Sensitive personal data',
        );
        for (const id of SENSITIVE) {
          const box = fieldset.getByRole('switch', { name: SENSITIVE_NAMES[id] });
          if (consent.includes(id)) await box.check();
          else await box.uncheck();
        }
        await screen.locator('[data-action="confirm"]').click();
      }

      for (const [state, section, length, tag] of [
        ['VA', 'usva', 8, 'universal'],
        ['CO', 'usco', 7, 'site'],
      ] as const) {
        it(`a visitor from ${state} (${tag} tag): consent to all, then a partial choice, then opting out and refusing`, async () => {
          await onPage(
            `${publisher.origin('sensitive.test')}/${tag}`,
            { country: 'US', state },
            async (page, context) => {
              const before = await firstAuction(page);
              const sid = GPP_SID[section];
              expect(before!.gppConsent!.applicableSections).toEqual([sid]);
              let gpp = new GppModel(before!.gppConsent!.gppString);
              expect(gpp.getFieldValue(section, 'SensitiveDataProcessing')).toEqual(
                sdp({ 1: 1, 3: 1, 4: 1 }, length),
              );
              expect(before).toMatchObject({ eids: true, userData: false });

              // Consent to every category the screen asks about: 2 for each, user data flows.
              await choose(page, false, SENSITIVE);
              let string = await gppAfter(page, before!.gppConsent!.gppString!);
              const accepted = await auction(page);
              expect(accepted!.gppConsent!.gppString).toBe(string);
              gpp = new GppModel(string);
              expect(gpp.getFieldValue(section, 'SensitiveDataProcessing')).toEqual(
                sdp({ 1: 2, 3: 2, 4: 2 }, length),
              );
              expect(gpp.getFieldValue('usnat', 'SensitiveDataProcessing')).toEqual(
                sdp({ 1: 2, 3: 2, 4: 2 }, 16),
              );
              expect(gpp.getFieldValue(section, 'SaleOptOut')).toBe(2);
              expect(gpp.getFieldValue(section, 'KnownChildSensitiveDataConsents')).toBe(0);
              expect(accepted).toMatchObject({ eids: true, userData: true });
              // The next page view: the fast path hands the bidder the same.
              expect(await returnVisit(page, context)).toEqual(accepted);

              // A partial choice: health only; origin and orientation go back to no consent.
              await page.locator('#assent-cmp [data-action="reopen"]').click();
              await choose(page, false, [3]);
              string = await gppAfter(page, string);
              const partial = await auction(page);
              gpp = new GppModel(partial!.gppConsent!.gppString);
              expect(partial!.gppConsent!.gppString).toBe(string);
              expect(gpp.getFieldValue(section, 'SensitiveDataProcessing')).toEqual(
                sdp({ 1: 1, 3: 2, 4: 1 }, length),
              );
              expect(gpp.getFieldValue(section, 'SaleOptOut')).toBe(2);
              expect(partial).toMatchObject({ eids: true, userData: false });

              // Opt out and refuse everything: no ids and no user data.
              await page.locator('#assent-cmp [data-action="reopen"]').click();
              await choose(page, true, []);
              string = await gppAfter(page, string);
              const rejected = await auction(page);
              gpp = new GppModel(rejected!.gppConsent!.gppString);
              expect(gpp.getFieldValue(section, 'SensitiveDataProcessing')).toEqual(
                sdp({ 1: 1, 3: 1, 4: 1 }, length),
              );
              expect(gpp.getFieldValue(section, 'SaleOptOut')).toBe(1);
              expect(gpp.getFieldValue(section, 'TargetedAdvertisingOptOut')).toBe(1);
              expect(gpp.getFieldValue('usnat', 'SaleOptOut')).toBe(1);
              expect(rejected).toMatchObject({ eids: false, userData: false });
              expect(await returnVisit(page, context)).toEqual(rejected);
            },
          );
        });
      }
    });
  },
);
