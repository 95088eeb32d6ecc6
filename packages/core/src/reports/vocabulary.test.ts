import { describe, expect, it } from 'vitest';
import type { VisitEvent } from '../banner/config';
import { parseUserAgent } from '../banner/visit';
import { ReportBrowser, ReportDeviceType, ReportOperatingSystem, VisitOutcome } from './segments';
import {
  regulationCodeOf,
  regulationNameOf,
  reportBrowserOf,
  reportOperatingSystemOf,
  visitDimensions,
} from './vocabulary';

const event: VisitEvent = {
  p: 'prop',
  t: 'theme-1',
  r: 1,
  o: 'a',
  f: 'H',
  d: 'd',
  os: 'Windows',
  b: 'Chrome',
  ts: 1,
};

describe('the visit vocabulary', () => {
  it("stores a desktop beacon as the spec's 'pc' (never 'desktop')", () => {
    expect(visitDimensions(event).deviceType).toBe('pc');
    expect(visitDimensions({ ...event, d: 't' }).deviceType).toBe('tablet');
    expect(visitDimensions({ ...event, d: 'm' }).deviceType).toBe('mobile');
    expect(ReportDeviceType.options).toEqual(['pc', 'tablet', 'mobile']);
  });

  it('maps every wire outcome and page format to its report name, and x:1 to not shown', () => {
    expect(
      (['a', 'r', 'p', 'b'] as const).map((o) => visitDimensions({ ...event, o }).outcome),
    ).toEqual(VisitOutcome.options);
    expect(visitDimensions({ ...event, f: 'A' }).pageFormat).toBe('AMP');
    expect(visitDimensions(event)).toMatchObject({ pageFormat: 'HTTP', shown: true });
    expect(visitDimensions({ ...event, x: 1 }).shown).toBe(false);
  });

  it('stores Google basic consent, Consent or Pay and do-not-sell as the runtime sent them', () => {
    expect(visitDimensions(event)).toMatchObject({
      gbcConsent: null,
      copChoice: null,
      doNotSell: null,
    });
    expect(visitDimensions({ ...event, g: 'gd-g' }).gbcConsent).toBe('gd-g');
    expect(
      (['y', 's', 'l'] as const).map((c) => visitDimensions({ ...event, c }).copChoice),
    ).toEqual(['shown', 'subscribe', 'login']);
    expect(visitDimensions({ ...event, r: 2, o: 'r', n: 1 }).doNotSell).toBe('received');
    expect(visitDimensions({ ...event, r: 2, o: 'r', n: 2 }).doNotSell).toBe('fulfilled');
  });

  it('keeps a US state (upper case, the server region first) only under US rules', () => {
    expect(visitDimensions({ ...event, r: 3, s: 'ca' }).state).toBe('CA');
    expect(visitDimensions({ ...event, r: 3, s: 'CA' }, 'va').state).toBe('VA');
    expect(visitDimensions({ ...event, r: 2 }).state).toBeNull();
    expect(visitDimensions({ ...event, r: 1, s: 'CA' }, 'CA').state).toBeNull();
  });

  it('counts a US state-section visit without a known state as national (CCPA, regulation 2)', () => {
    expect(visitDimensions({ ...event, r: 3 })).toMatchObject({ regulation: 2, state: null });
    expect(visitDimensions({ ...event, r: 3 }, 'co')).toMatchObject({ regulation: 3, state: 'CO' });
    expect(visitDimensions({ ...event, r: 3, s: 'ut' })).toMatchObject({
      regulation: 3,
      state: 'UT',
    });
  });

  it('classifies every parsed user agent inside the report enums', () => {
    const agents = [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 Edg/120.0',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      'Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0',
      'curl/8.0',
    ];
    for (const ua of agents) {
      const { os, b } = parseUserAgent(ua);
      expect(ReportOperatingSystem.options).toContain(os);
      expect(ReportBrowser.options).toContain(b);
    }
    expect(reportOperatingSystemOf('BeOS')).toBe('Other');
    expect(reportBrowserOf('Lynx')).toBe('Other');
    expect(visitDimensions({ ...event, os: 'Plan9', b: 'Mosaic' })).toMatchObject({
      os: 'Other',
      browser: 'Other',
    });
  });

  it('names regulations GDPR 1, CCPA 2, MSPA 3, GBC 10, NONE 0 and reads names or codes', () => {
    expect([0, 1, 2, 3, 10].map(regulationNameOf)).toEqual(['NONE', 'GDPR', 'CCPA', 'MSPA', 'GBC']);
    expect(regulationCodeOf('gdpr')).toBe(1);
    expect(regulationCodeOf('3')).toBe(3);
    expect(regulationCodeOf(10)).toBe(10);
    expect(regulationCodeOf(4)).toBeUndefined();
    expect(regulationCodeOf('EU')).toBeUndefined();
  });
});
