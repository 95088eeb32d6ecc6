import { describe, expect, it } from 'vitest';
import { answerAmpConsentCheck } from './amp';
import { BANNER_DEFAULT_COLORS, BannerConfig, VISIT_EVENT_MAX_BYTES, VisitEvent } from './config';
import { BANNER_FIXTURE_VENDORS, bannerConfigFixture } from './fixtures';
import {
  AMP_CONSENT_STRING_TYPE,
  compactVendor,
  encodeAcString,
  fillPlaceholders,
  idsOf,
  parseAcString,
  partnerCount,
  regulationFor,
  usSectionNames,
} from './rules';

describe('BannerConfig', () => {
  it('the fixture parses and fills the spec defaults', () => {
    const c = bannerConfigFixture();
    expect(c.theme.colors).toEqual(BANNER_DEFAULT_COLORS);
    expect(c.repromtDaysAfterGvlUpdate).toBe(30);
    expect(BannerConfig.safeParse(c).success).toBe(true);
  });

  it('rejects a bad colour, a CMP id IAB would reject, and LI forbidden to no one at parse time', () => {
    const c = bannerConfigFixture();
    expect(BannerConfig.safeParse({ ...c, cmpId: 1 }).success).toBe(false);
    expect(
      BannerConfig.safeParse({
        ...c,
        theme: { ...c.theme, colors: { ...c.theme.colors, fontColor: 'red' } },
      }).success,
    ).toBe(false);
    expect(BannerConfig.safeParse({ ...c, repromtDaysAfterGvlUpdate: 351 }).success).toBe(false);
  });
});

function luminance(hex: string): number {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two hex colours (1 to 21). */
function contrastRatio(a: string, b: string): number {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** WCAG AA for normal text. */
const WCAG_AA_TEXT = 4.5;

describe('default colours meet WCAG AA', () => {
  const c = BANNER_DEFAULT_COLORS;
  for (const [fg, bg] of [
    ['fontColor', 'backgroundColor'],
    ['linkColor', 'backgroundColor'],
    ['primaryButtonTextColor', 'primaryButtonColor'],
    ['secondaryButtonTextColor', 'secondaryButtonColor'],
  ] as const) {
    it(`${fg} on ${bg}`, () => {
      expect(contrastRatio(c[fg], c[bg])).toBeGreaterThanOrEqual(WCAG_AA_TEXT);
    });
  }
  it('computes the known ratio of black on white', () => {
    expect(contrastRatio('#000', '#FFFFFF')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#FFFFFF')).toBeLessThan(WCAG_AA_TEXT);
  });
});

describe('regulationFor', () => {
  const has = { gdpr: true, us: true };
  it.each([
    [['WORLDWIDE'], 'FR', 'GDPR'],
    [['WORLDWIDE'], 'US', 'US'],
    [['WORLDWIDE'], 'JP', 'GDPR'],
    [['EEA'], 'DE', 'GDPR'],
    [['EEA'], 'GB', 'GDPR'],
    [['EEA'], 'US', 'NONE'],
    [['EEA'], 'BR', 'NONE'],
    [['USA'], 'US', 'US'],
    [['USA'], 'FR', 'NONE'],
    [['EEA', 'USA'], 'US', 'US'],
    [['EEA', 'USA'], 'IT', 'GDPR'],
    [['NEVER'], 'FR', 'NONE'],
  ] as const)('%j for a visitor from %s gives %s', (locations, country, expected) => {
    expect(regulationFor(locations, { country }, has)).toBe(expected);
  });
  it('gives nothing for a regulation without settings', () => {
    expect(regulationFor(['WORLDWIDE'], { country: 'US' }, { gdpr: true, us: false })).toBe('GDPR');
    expect(regulationFor(['WORLDWIDE'], { country: 'FR' }, { gdpr: false, us: true })).toBe('NONE');
  });
});

describe('rules', () => {
  it('usSectionNames: national only, or the state section too', () => {
    const mspa = bannerConfigFixture().us!.mspa!;
    expect(usSectionNames(mspa, 'CA')).toEqual(['usnat', 'usca']);
    expect(usSectionNames(mspa, 'NY')).toEqual(['usnat']);
    expect(usSectionNames({ ...mspa, jurisdiction: 'NATIONAL' }, 'CA')).toEqual(['usnat']);
  });
  it('compactVendor keeps the declarations as bit masks', () => {
    const v = compactVendor({
      id: 8,
      purposes: [1, 3, 11],
      legIntPurposes: [2],
      flexiblePurposes: [],
      specialFeatures: [2],
    });
    expect(v[0]).toBe(8);
    expect(idsOf(v[1])).toEqual([1, 3, 11]);
    expect(idsOf(v[2])).toEqual([2]);
    expect(idsOf(v[4])).toEqual([2]);
  });
  it("encodeAcString writes Google's v2 format: consented, then the disclosed rest after dv.", () => {
    expect(encodeAcString([101, 1, 9, 35, 21, 41, 81], new Set([1, 35, 41, 101]))).toBe(
      '2~1.35.41.101~dv.9.21.81',
    );
    expect(encodeAcString([2, 1], new Set())).toBe('2~~dv.1.2');
    expect(encodeAcString([1, 2], new Set([1, 2, 7]))).toBe('2~1.2~dv.');
  });
  it('parseAcString reads v2 and v1 strings back, and nothing else', () => {
    expect(parseAcString('2~1.35.41.101~dv.9.21.81')).toEqual({
      consented: [1, 35, 41, 101],
      disclosed: [1, 9, 21, 35, 41, 81, 101],
    });
    expect(parseAcString('2~~dv.1.2')).toEqual({ consented: [], disclosed: [1, 2] });
    expect(parseAcString('1~7.8')).toEqual({ consented: [7, 8], disclosed: [7, 8] });
    expect(parseAcString('3~1~dv.2')).toBeUndefined();
    expect(parseAcString('')).toBeUndefined();
    expect(parseAcString(undefined)).toBeUndefined();
  });
  it('partnerCount counts IAB vendors, Google providers and custom vendors', () => {
    const gdpr = bannerConfigFixture().gdpr!;
    expect(partnerCount(gdpr)).toBe(BANNER_FIXTURE_VENDORS.length);
    expect(partnerCount({ vendors: '0102034' })).toBe(4);
    expect(
      partnerCount({
        ...gdpr,
        googleVendors: [1, 2],
        customVendors: [{ id: 'a', name: 'A', policyUrl: '', purposes: [1], legIntPurposes: [] }],
      }),
    ).toBe(BANNER_FIXTURE_VENDORS.length + 3);
  });
  it('fillPlaceholders fills known names only', () => {
    expect(fillPlaceholders('{{partnerCount}} partners, {{other}}', { partnerCount: 12 })).toBe(
      '12 partners, {{other}}',
    );
  });
  it('fillPlaceholders resolves only its own names: {{constructor}} stays as written (issue 19 item 13)', () => {
    expect(
      fillPlaceholders('{{constructor}} {{toString}} {{__proto__}} {{hasOwnProperty}} {{n}}', {
        n: 3,
      }),
    ).toBe('{{constructor}} {{toString}} {{__proto__}} {{hasOwnProperty}} 3');
  });
});

describe('VisitEvent', () => {
  it('a full event stays under 300 bytes', () => {
    const e: VisitEvent = {
      p: 'x'.repeat(64),
      t: 'y'.repeat(64),
      r: 3,
      s: 'CA',
      o: 'p',
      f: 'A',
      d: 't',
      os: 'ChromeOS',
      b: 'Samsung',
      v: 'variant-b',
      ts: 1_767_225_600_000,
      x: 1,
    };
    expect(VisitEvent.parse(e)).toEqual(e);
    expect(new TextEncoder().encode(JSON.stringify(e)).length).toBeLessThanOrEqual(
      VISIT_EVENT_MAX_BYTES,
    );
  });
});

describe('answerAmpConsentCheck', () => {
  const config = bannerConfigFixture();
  it('requires consent in the EEA and reports the TC string type (2) whatever the encoding mode: amp-consent has no GPP type', () => {
    expect(AMP_CONSENT_STRING_TYPE).toEqual({ TCF_V2: 2, US_PRIVACY_STRING: 3 });
    expect(config.gdpr!.encodingMode).toBe('TCF_AND_GPP');
    const tc = 'CQBAAAAQBAAAAAAAAAENBgAAAAAAAAAAAAAAAAAAAAAA';
    const r = answerAmpConsentCheck(
      { consentInstanceId: 'assent', consentStateValue: 'accepted', consentString: tc },
      { config, region: { country: 'FR' } },
    );
    expect(r).toEqual({
      consentRequired: true,
      consentStateValue: 'accepted',
      consentString: tc,
      expireCache: false,
      consentMetadata: { consentStringType: 2, gdprApplies: true, purposeOne: false },
    });
    for (const mode of ['TCF', 'GPP'] as const) {
      const other = bannerConfigFixture();
      other.gdpr!.encodingMode = mode;
      expect(
        answerAmpConsentCheck(
          { consentInstanceId: 'a' },
          { config: other, region: { country: 'DE' } },
        ).consentMetadata.consentStringType,
      ).toBe(2);
    }
  });
  it('reports the US privacy string type (3) for US visitors, never 4, and no consent needed where nothing applies', () => {
    const us = answerAmpConsentCheck(
      { consentInstanceId: 'a', consentStateValue: 'rejected', consentString: '1YYN' },
      { config, region: { country: 'US', state: 'CA' } },
    );
    expect(us).toMatchObject({
      consentRequired: true,
      consentString: '1YYN',
      expireCache: false,
      consentMetadata: { consentStringType: 3, gdprApplies: false },
    });
    const tcfOnly = bannerConfigFixture({ consentLocations: ['EEA'] });
    expect(
      answerAmpConsentCheck(
        { consentInstanceId: 'a' },
        { config: tcfOnly, region: { country: 'BR' } },
      ).consentRequired,
    ).toBe(false);
  });
  it('expires the cache for a stored string of another type (a GPP string stored before)', () => {
    expect(
      answerAmpConsentCheck(
        { consentInstanceId: 'a', consentStateValue: 'accepted', consentString: 'DBABMA~CQBAAAA' },
        { config, region: { country: 'FR' } },
      ),
    ).toMatchObject({ expireCache: true, consentStateValue: 'unknown' });
    expect(
      answerAmpConsentCheck(
        {
          consentInstanceId: 'a',
          consentStateValue: 'accepted',
          consentString: 'DBABLA~BAAAAAAAAQA.QA',
        },
        { config, region: { country: 'US', state: 'VA' } },
      ),
    ).toMatchObject({ expireCache: true, consentStateValue: 'unknown' });
  });
  it('expires the cache for an over-long string or another config version', () => {
    expect(
      answerAmpConsentCheck(
        { consentInstanceId: 'a', consentString: 'x'.repeat(1201) },
        { config, region: { country: 'FR' } },
      ),
    ).toMatchObject({ expireCache: true, consentStateValue: 'unknown' });
    expect(
      answerAmpConsentCheck(
        { consentInstanceId: 'a' },
        { config, region: { country: 'FR' }, storedConfigVersion: 'old' },
      ).expireCache,
    ).toBe(true);
  });
});
