import { describe, expect, it } from 'vitest';
import { LanguageCode } from '../language';
import {
  CONSENT_TEXT_PLACEHOLDERS,
  DEFAULT_CONSENT_TEXTS,
  defaultFixedSegments,
  defaultPrivacyBodies,
  defaultPrivacyBody,
  defaultPrivacyHeader,
  fillConsentPlaceholders,
  renderConsentBody,
} from './default-texts';
import { fixedSegmentsOf } from './texts';

const SPEC_CODES =
  'en, de, bg, hr, cs, da, nl, et, fi, fr, el, hu, it, lv, lt, mt, no, pl, pt, ro, ru, sk, sl, th, vi, ms, es, sv, tr, uk, hi, zh'.split(
    ', ',
  );

describe('default consent texts', () => {
  it('exist for every language code of the spec', () => {
    expect(Object.keys(DEFAULT_CONSENT_TEXTS)).toEqual(SPEC_CODES);
    expect(LanguageCode.options).toEqual(SPEC_CODES);
  });

  it.each(SPEC_CODES)(
    '%s: a header, four fixed segments with both placeholders, site and app bodies',
    (code) => {
      expect(defaultPrivacyHeader(code).length).toBeGreaterThan(0);
      for (const variant of ['site', 'app'] as const) {
        const body = defaultPrivacyBody(code, variant);
        expect(fixedSegmentsOf(body)).toEqual(defaultFixedSegments(code));
        expect(fixedSegmentsOf(body)).toHaveLength(4);
        expect(body).toContain(CONSENT_TEXT_PLACEHOLDERS.partnerCount);
        expect(body).toContain(CONSENT_TEXT_PLACEHOLDERS.storageMonths);
        expect(body.endsWith(DEFAULT_CONSENT_TEXTS[code as LanguageCode][variant])).toBe(true);
      }
      expect(defaultPrivacyBody(code, 'site')).not.toBe(defaultPrivacyBody(code, 'app'));
    },
  );

  it('falls back to English for an unknown language', () => {
    expect(defaultPrivacyHeader('xx')).toBe('We value your privacy');
    expect(defaultPrivacyBody('xx', 'site')).toBe(defaultPrivacyBody('en', 'site'));
  });

  it('lists every language body of a variant', () => {
    const bodies = defaultPrivacyBodies('app');
    expect(bodies.map((b) => b.language)).toEqual(SPEC_CODES);
    expect(bodies[0]).toEqual({ language: 'en', privacyBody: defaultPrivacyBody('en', 'app') });
  });

  it('fills the partner count and the months', () => {
    const filled = fillConsentPlaceholders(defaultPrivacyBody('en', 'site'), {
      partnerCount: 812,
      storageMonths: 13,
    });
    expect(filled).toContain('We and our 812 partners');
    expect(filled).toContain('up to 13 months');
    expect(filled).not.toContain('{{');
    expect(
      renderConsentBody('<<We and our {{partnerCount}} partners.>> Bye.', {
        partnerCount: 3,
        storageMonths: 1,
      }),
    ).toBe('We and our 3 partners. Bye.');
  });
});
