import { describe, expect, it } from 'vitest';
import { VisitEvent } from './config';
import { bannerConfigFixture } from './fixtures';
import { gbcAppliesTo, gbcDefaultOutcome, gbcVisitCode, parseUserAgent, visitBase } from './visit';

const UA = {
  chromeLinux:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.0.0',
  firefoxAndroidTablet: 'Mozilla/5.0 (Android 14; Tablet; rv:131.0) Gecko/131.0 Firefox/131.0',
  samsungPhone:
    'Mozilla/5.0 (Linux; Android 14; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
};

describe('parseUserAgent', () => {
  it('reads device, OS and browser the way the reports group them', () => {
    expect(parseUserAgent(UA.chromeLinux)).toEqual({ d: 'd', os: 'Linux', b: 'Chrome' });
    expect(parseUserAgent(UA.safariIphone)).toEqual({ d: 'm', os: 'iOS', b: 'Safari' });
    expect(parseUserAgent(UA.edgeWindows)).toEqual({ d: 'd', os: 'Windows', b: 'Edge' });
    expect(parseUserAgent(UA.firefoxAndroidTablet)).toEqual({
      d: 't',
      os: 'Android',
      b: 'Firefox',
    });
    expect(parseUserAgent(UA.samsungPhone)).toEqual({ d: 'm', os: 'Android', b: 'Samsung' });
    expect(parseUserAgent('')).toEqual({ d: 'd', os: 'Other', b: 'Other' });
  });
});

describe('visitBase', () => {
  it('keys the regulation as the reports do, with the US state and the page format', () => {
    const config = bannerConfigFixture();
    const gdpr = visitBase(config, { country: 'FR' }, 'AMP', UA.chromeLinux);
    expect(gdpr).toEqual({
      p: config.propertyId,
      t: config.themeId,
      r: 1,
      f: 'A',
      d: 'd',
      os: 'Linux',
      b: 'Chrome',
    });
    expect(VisitEvent.safeParse({ ...gdpr, o: 'a', ts: 1 }).success).toBe(true);
    expect(visitBase(config, { country: 'US', state: 'CA' }, 'HTTP', '')).toMatchObject({
      r: 3,
      s: 'CA',
      f: 'H',
    });
    expect(visitBase(config, { country: 'US', state: 'NY' }, 'HTTP', '')).toMatchObject({
      r: 2,
    });
    // Outside the regulations' locations: 10 where Google basic consent applies to the visitor
    // (the fixture's: everywhere), else none.
    const eea = bannerConfigFixture({ consentLocations: ['EEA'] });
    expect(visitBase(eea, { country: 'JP' }, 'HTTP', '')).toMatchObject({ r: 10 });
    const canada = { ...eea, gbc: { ...eea.gbc!, regions: ['CA'] } };
    expect(visitBase(canada, { country: 'JP' }, 'HTTP', '')).toMatchObject({ r: 0 });
    expect(visitBase(canada, { country: 'CA' }, 'HTTP', '')).toMatchObject({ r: 10 });
  });
});

describe('Google basic consent in the visit event', () => {
  const gbc = {
    enabled: true,
    regions: ['FR', 'US-CA'],
    purposes: [
      { id: 'ad_storage' as const, default: 'DENIED' as const },
      { id: 'ad_personalization' as const, default: 'GRANTED' as const },
    ],
    urlPassThrough: false,
    adsDataRedaction: false,
  };

  it("gives a page view under GBC only the outcome of the publisher's defaults", () => {
    const all = (d: 'GRANTED' | 'DENIED') => ({
      ...gbc,
      purposes: gbc.purposes.map((p) => ({ ...p, default: d })),
    });
    const france = { country: 'FR' };
    expect(gbcDefaultOutcome(all('GRANTED'), france)).toBe('a');
    expect(gbcDefaultOutcome(all('DENIED'), france)).toBe('r');
    expect(gbcDefaultOutcome(gbc, france)).toBe('p');
    // Outside its regions, or disabled, it does not apply.
    expect(gbcDefaultOutcome(gbc, { country: 'DE' })).toBe(false);
    expect(gbcDefaultOutcome(undefined, france)).toBe(false);
  });

  it('applies where the property enables it, in its gtag regions (none: everywhere)', () => {
    expect(gbcAppliesTo(gbc, { country: 'fr' })).toBe(true);
    expect(gbcAppliesTo(gbc, { country: 'US', state: 'ca' })).toBe(true);
    expect(gbcAppliesTo(gbc, { country: 'US', state: 'NY' })).toBe(false);
    expect(gbcAppliesTo({ ...gbc, regions: [] }, { country: 'JP' })).toBe(true);
    expect(gbcAppliesTo({ ...gbc, enabled: false }, { country: 'FR' })).toBe(false);
    expect(gbcAppliesTo(undefined, { country: 'FR' })).toBe(false);
  });

  it('writes a letter per reported signal, - for the signals the property does not set', () => {
    expect(
      gbcVisitCode(gbc, {
        ad_storage: 'granted',
        analytics_storage: 'granted',
        ad_user_data: 'denied',
        ad_personalization: 'denied',
      }),
    ).toBe('g--d');
  });

  it("starts a visit with the publisher's defaults, which the beacon accepts", () => {
    const g = gbcVisitCode(gbc);
    expect(g).toBe('d--g');
    const base = visitBase(bannerConfigFixture(), { country: 'FR' }, 'HTTP', '');
    expect(VisitEvent.safeParse({ ...base, g, o: 'b', ts: 1 }).success).toBe(true);
    expect(VisitEvent.safeParse({ ...base, g: 'granted', o: 'b', ts: 1 }).success).toBe(false);
  });
});
