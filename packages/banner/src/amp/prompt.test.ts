// @vitest-environment happy-dom
import { TCString } from '@iabtechlabtcf/core';
import { GppModel } from '@iabgpp/cmpapi';
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

  it('keeps the stored string within 1,200 characters with every vendor of the real GVL', () => {
    const config = configFromGvl(readGvl('gvl3-vendor-list-v17.json'), (ids) => ids);
    const r = ampResponse(config, { country: 'FR' }, 'accept', 'en', NOW);
    expect(r.info!.length).toBeLessThanOrEqual(AMP_MAX_CONSENT_STRING_LENGTH);
    const model = new GppModel(r.info!);
    expect(model.hasSection('tcfeuv2')).toBe(true);
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

  it('answers dismiss without a string, and a usnat GPP string for US visitors', () => {
    const config = bannerConfigFixture();
    expect(ampResponse(config, { country: 'FR' }, 'dismiss', 'en', NOW)).toEqual({
      type: 'consent-response',
      action: 'dismiss',
    });
    const us = ampResponse(config, { country: 'US' }, 'reject', 'en', NOW);
    expect(new GppModel(us.info!).getFieldValue('usnat', 'SaleOptOut')).toBe(1);
    expect(us.consentMetadata).toMatchObject({ consentStringType: 4, gdprApplies: false });
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
    const dismissed = run({ country: 'DE' });
    dismissed.click('more');
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
    const stored = beacon.tcString ?? beacon.gppString;
    expect(stored).toBe(answer.info);
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
    expect(usBeacon.uspString ?? usBeacon.gppString).toBe(
      ampResponse(us.config, { country: 'US', state: 'CA' }, 'reject', 'en', NOW).info,
    );
  });
});
