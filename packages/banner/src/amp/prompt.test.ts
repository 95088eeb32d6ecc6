// @vitest-environment happy-dom
import { TCString } from '@iabtechlabtcf/core';
import { describe, expect, it, vi } from 'vitest';
import {
  AMP_MAX_CONSENT_STRING_LENGTH,
  ConsentRecordBeacon,
  VisitEvent,
  bannerConfigFixture,
} from '@assent/core/banner';
import { configFromGvl, readGvl } from '../../test/gvl';
import { ampResponse, runAmpPrompt } from './prompt';

const NOW = new Date(Date.UTC(2025, 5, 1));
const CONSENT_URL = 'https://assent.example/banner/consent';

describe('AMP prompt', () => {
  it('posts ready, then a consent-response for the button pressed', () => {
    const posted: unknown[] = [];
    vi.spyOn(window.parent, 'postMessage').mockImplementation((m: unknown) => void posted.push(m));
    const config = bannerConfigFixture();
    config.gdpr!.encodingMode = 'TCF';
    runAmpPrompt(window, config, { country: 'FR' });
    expect(posted[0]).toEqual({ type: 'consent-ui', action: 'ready' });
    const root = document.getElementById('assent-cmp')!.shadowRoot!;
    root.querySelector<HTMLButtonElement>('[data-action="reject"]')!.click();
    const answer = posted[1] as { action: string; info: string; consentMetadata: object };
    expect(answer).toMatchObject({
      type: 'consent-response',
      action: 'reject',
      consentMetadata: { consentStringType: 2, gdprApplies: true },
    });
    expect(TCString.decode(answer.info).purposeConsents.size).toBe(0);
  });

  it('keeps the stored TC string within 1,200 characters with every vendor of the real GVL', () => {
    const config = configFromGvl(readGvl('gvl3-vendor-list-v17.json'), (ids) => ids);
    expect(config.gdpr!.encodingMode).toBe('TCF_AND_GPP');
    const r = ampResponse(config, { country: 'FR' }, 'accept', 'en', NOW);
    expect(r.info!.length).toBeLessThanOrEqual(AMP_MAX_CONSENT_STRING_LENGTH);
    expect(r.consentMetadata).toMatchObject({ consentStringType: 2 });
    expect(TCString.decode(r.info!).vendorConsents.size).toBeGreaterThan(100);
  });

  it('sends the TC string as type 2 whatever the encoding mode (amp-consent has no GPP type)', () => {
    for (const mode of ['TCF', 'GPP', 'TCF_AND_GPP'] as const) {
      const config = bannerConfigFixture();
      config.gdpr!.encodingMode = mode;
      const r = ampResponse(config, { country: 'DE' }, 'accept', 'en', NOW);
      expect(r.consentMetadata).toMatchObject({ consentStringType: 2, gdprApplies: true });
      const tc = TCString.decode(r.info!);
      expect([...tc.purposeConsents.values()]).toEqual(config.gdpr!.consentPurposes);
    }
  });

  it("passes Google's AC string as additionalConsent when the property asks Google providers", () => {
    const config = bannerConfigFixture();
    expect(
      ampResponse(config, { country: 'FR' }, 'accept', 'en', NOW).consentMetadata,
    ).not.toHaveProperty('additionalConsent');
    config.gdpr!.googleVendors = [89, 12];
    const meta = (action: 'accept' | 'reject') =>
      ampResponse(config, { country: 'FR' }, action, 'en', NOW).consentMetadata;
    expect(meta('accept')).toMatchObject({ additionalConsent: '2~12.89~dv.' });
    expect(meta('reject')).toMatchObject({ additionalConsent: '2~~dv.12.89' });
    expect(
      ampResponse(config, { country: 'US', state: 'CA' }, 'accept', 'en', NOW).consentMetadata,
    ).not.toHaveProperty('additionalConsent');
  });

  it('answers dismiss without a string, and the US privacy string as type 3 for US visitors (never GPP, type 4)', () => {
    const config = bannerConfigFixture();
    expect(ampResponse(config, { country: 'FR' }, 'dismiss', 'en', NOW)).toEqual({
      type: 'consent-response',
      action: 'dismiss',
    });
    expect(config.us!.mspa).toBeDefined();
    const us = ampResponse(config, { country: 'US', state: 'VA' }, 'reject', 'en', NOW);
    expect(us.info).toBe('1YYN');
    expect(us.consentMetadata).toEqual({
      consentStringType: 3,
      gdprApplies: false,
      purposeOne: false,
    });
    expect(ampResponse(config, { country: 'US', state: 'CA' }, 'accept', 'en', NOW).info).toBe(
      '1YNN',
    );
    // The MSPA alone (no US privacy string on the site): the same opt-out, LSPA as the covered
    // transaction.
    config.us!.uspEnabled = false;
    config.us!.mspa!.coveredTransaction = true;
    expect(ampResponse(config, { country: 'US', state: 'CO' }, 'reject', 'en', NOW).info).toBe(
      '1YYY',
    );
  });

  it('More options asks amp-consent for full screen, then shows the purposes and vendors; a partial save is an accept carrying the choice', async () => {
    document.body.replaceChildren();
    const posted: Array<Record<string, unknown>> = [];
    vi.spyOn(window.parent, 'postMessage').mockImplementation(
      (m: unknown) => void posted.push(m as Record<string, unknown>),
    );
    const beacons: Array<{ url: string; body: Record<string, unknown> }> = [];
    const fetched: string[] = [];
    const config = bannerConfigFixture();
    runAmpPrompt(
      window,
      config,
      { country: 'FR' },
      {
        consent: CONSENT_URL,
        sendBeacon: (url, body) => void beacons.push({ url, body: JSON.parse(body) }),
        now: () => NOW,
        loadSecondLayer: () => import('../ui/second-layer'),
        vendorList: 'https://assent.example/banner/vendor-list/{version}/{lang}.json',
        fetch: (url) => {
          fetched.push(String(url));
          return Promise.resolve(new Response(JSON.stringify({ vendors: {} })));
        },
      },
    );
    const root = document.getElementById('assent-cmp')!.shadowRoot!;
    root.querySelector<HTMLButtonElement>('[data-action="more"]')!.click();
    expect(posted).toEqual([
      { type: 'consent-ui', action: 'ready' },
      { type: 'consent-ui', action: 'enter-fullscreen' },
    ]);
    await vi.waitFor(() => expect(root.querySelector('[data-tab="purposes"]')).not.toBeNull());
    await vi.waitFor(() =>
      expect(fetched).toEqual([
        `https://assent.example/banner/vendor-list/${config.gdpr!.vendorListVersion}/en.json`,
      ]),
    );
    // Keep one purpose: tick its consent switch, then save.
    const [first] = config.gdpr!.consentPurposes;
    const purpose = root.querySelector(`[data-purpose="${first}"]`)!;
    const consent = purpose.querySelector<HTMLInputElement>('input')!;
    consent.checked = true;
    consent.dispatchEvent(new Event('change'));
    root.querySelector<HTMLButtonElement>('[data-action="save"]')!.click();
    const answer = posted[2] as { action: string; info: string; consentMetadata: object };
    expect(answer).toMatchObject({
      type: 'consent-response',
      action: 'accept',
      consentMetadata: { consentStringType: 2, gdprApplies: true },
    });
    const tc = TCString.decode(answer.info);
    expect([...tc.purposeConsents.values()]).toEqual([first]);
    expect(tc.vendorConsents.size).toBe(0);
    const record = ConsentRecordBeacon.parse(beacons.find((b) => b.url === CONSENT_URL)!.body);
    expect(record).toMatchObject({
      tcString: answer.info,
      choices: { outcome: 'p', purposes: [first] },
    });
  });
});

describe('AMP prompt visits', () => {
  const run = (region: { country: string; state?: string }) => {
    document.body.replaceChildren();
    vi.spyOn(window.parent, 'postMessage').mockImplementation(() => undefined);
    const beacons: Array<{ url: string; body: Record<string, unknown> }> = [];
    const config = bannerConfigFixture();
    runAmpPrompt(window, config, region, {
      visit: 'https://assent.example/banner/visit',
      consent: CONSENT_URL,
      sendBeacon: (url, body) => void beacons.push({ url, body: JSON.parse(body) }),
      now: () => NOW,
    });
    const root = document.getElementById('assent-cmp')!.shadowRoot!;
    const click = (action: string) =>
      root.querySelector<HTMLButtonElement>(`[data-action="${action}"]`)!.click();
    return { beacons, click, config };
  };

  it('reports the answer as one visit of page format AMP (none was ever sent before)', () => {
    const { beacons, click, config } = run({ country: 'FR' });
    expect(beacons).toEqual([]);
    click('accept');
    click('reject');
    window.dispatchEvent(new Event('pagehide'));
    expect(beacons.filter((b) => b.url !== CONSENT_URL)).toEqual([
      {
        url: 'https://assent.example/banner/visit',
        body: expect.objectContaining({
          p: config.propertyId,
          r: 1,
          o: 'a',
          f: 'A',
          ts: NOW.getTime(),
        }),
      },
    ]);
    expect(VisitEvent.safeParse(beacons[0]!.body).success).toBe(true);
  });

  it('a dismissed prompt is a bounce; a Californian’s opt-out is a US state rejection', () => {
    const dismissed = run({ country: 'US', state: 'CA' });
    document
      .getElementById('assent-cmp')!
      .shadowRoot!.querySelector<HTMLButtonElement>('[data-view="us"] button.x')!
      .click();
    expect(dismissed.beacons.map((b) => b.body.o)).toEqual(['b']);
    // Dismissing is no choice: no consent record.
    expect(dismissed.beacons.filter((b) => b.url === CONSENT_URL)).toEqual([]);
    const us = run({ country: 'US', state: 'CA' });
    us.click('confirm');
    expect(
      us.beacons
        .filter((b) => b.url !== CONSENT_URL)
        .map((b) => [b.body.o, b.body.r, b.body.s, b.body.f]),
    ).toEqual([['a', 3, 'CA', 'A']]);
  });
  it('sends a consent record for an accept or a reject, with the string amp-consent stores', () => {
    const accepted = run({ country: 'FR' });
    accepted.config.gdpr!.encodingMode = 'TCF';
    accepted.click('accept');
    const [record] = accepted.beacons.filter((b) => b.url === CONSENT_URL);
    const beacon = ConsentRecordBeacon.parse(record!.body);
    const answer = ampResponse(accepted.config, { country: 'FR' }, 'accept', 'en', NOW);
    expect(beacon).toMatchObject({
      property: accepted.config.propertyId,
      configVersion: accepted.config.configVersion,
      vendorListVersion: accepted.config.gdpr!.vendorListVersion,
      choices: { outcome: 'a' },
    });
    expect(beacon.tcString).toBe(answer.info);
    expect(beacon.choices.purposes.length).toBeGreaterThan(0);
    expect(beacon.id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );

    const us = run({ country: 'US', state: 'CA' });
    const input = document
      .getElementById('assent-cmp')!
      .shadowRoot!.querySelector<HTMLInputElement>('[data-view="us"] input')!;
    input.checked = true;
    input.dispatchEvent(new Event('change'));
    us.click('confirm');
    const [usRecord] = us.beacons.filter((b) => b.url === CONSENT_URL);
    const usBeacon = ConsentRecordBeacon.parse(usRecord!.body);
    expect(usBeacon.choices).toMatchObject({ outcome: 'r', purposes: [], usOptOut: true });
    expect(usBeacon.vendorListVersion).toBeUndefined();
    expect(usBeacon.uspString).toBe(
      ampResponse(us.config, { country: 'US', state: 'CA' }, 'reject', 'en', NOW).info,
    );
  });
});
