import { describe, expect, it } from 'vitest';
import type { BannerMspa } from './config';
import { stateSensitiveDataProcessing, usSignal } from './us-signal';

const mspa = (over: Partial<BannerMspa> = {}): BannerMspa => ({
  coveredTransaction: true,
  jurisdiction: 'STATE_AND_NATIONAL',
  optOutPurposes: [1, 2, 3],
  sensitiveDataCategories: [],
  childSensitiveData: false,
  autoPopUp: true,
  ...over,
});

/** usnat's 16 categories with `values` at the given (1-based) categories, 0 elsewhere. */
const categories = (values: Record<number, number>) =>
  Array.from({ length: 16 }, (_, i) => values[i + 1] ?? 0);

describe('usSignal: known-child sensitive data (issue 15 item 4)', () => {
  it('is 0 (not applicable) for every visitor, also when the publisher processes children’s sensitive data', () => {
    for (const childSensitiveData of [false, true])
      for (const optedOut of [false, true])
        for (const gpc of [false, true])
          expect(
            usSignal(mspa({ childSensitiveData }), { optedOut }, gpc).knownChildSensitiveData,
          ).toBe(0);
  });
});

describe('usSignal: sensitive data is consent (issue 15 item 3)', () => {
  const declared = mspa({ sensitiveDataCategories: [1, 3, 8] });

  it('is 0 for every category when the publisher processes no sensitive data', () => {
    const s = usSignal(mspa(), { optedOut: false, sensitiveConsents: [1, 2] }, false);
    expect(s.sensitiveDataProcessing).toEqual(categories({}));
    expect(s.notice.sensitiveData).toBe(0);
    expect(s.notice.sensitiveDataLimitUse).toBe(0);
  });

  it('is 1 (no consent) for declared categories before the visitor answers, whatever the opt-out', () => {
    for (const optedOut of [false, true])
      expect(usSignal(declared, { optedOut }, false).sensitiveDataProcessing).toEqual(
        categories({ 1: 1, 3: 1, 8: 1 }),
      );
  });

  it('is 2 only for the categories the visitor consented to; undeclared stay 0', () => {
    const s = usSignal(declared, { optedOut: false, sensitiveConsents: [3, 5] }, false);
    expect(s.sensitiveDataProcessing).toEqual(categories({ 1: 1, 3: 2, 8: 1 }));
    expect(
      usSignal(declared, { optedOut: true, sensitiveConsents: [1, 3, 8] }, true),
    ).toMatchObject({
      sensitiveDataProcessing: categories({ 1: 2, 3: 2, 8: 2 }),
      saleOptOut: 1,
    });
  });

  it('gives notice of the processing and of the means to limit it when categories are declared', () => {
    expect(usSignal(declared, { optedOut: false }, false).notice).toMatchObject({
      sensitiveData: 1,
      sensitiveDataLimitUse: 1,
    });
  });

  it('keeps the opt-out reading for California and Utah: 2 until opted out with the sensitive purpose', () => {
    const withLimit = mspa({ sensitiveDataCategories: [1, 3, 8], optOutPurposes: [1, 2, 3, 4] });
    expect(usSignal(withLimit, { optedOut: false }, false).sensitiveDataOptOut).toEqual(
      categories({ 1: 2, 3: 2, 8: 2 }),
    );
    expect(usSignal(withLimit, { optedOut: true }, false).sensitiveDataOptOut).toEqual(
      categories({ 1: 1, 3: 1, 8: 1 }),
    );
    // Without the sensitive-data opt-out purpose an opt-out does not limit sensitive data.
    expect(usSignal(declared, { optedOut: true }, false).sensitiveDataOptOut).toEqual(
      categories({ 1: 2, 3: 2, 8: 2 }),
    );
  });
});

describe('stateSensitiveDataProcessing', () => {
  const declared = mspa({ sensitiveDataCategories: [1, 3, 8, 9] });
  const partial = usSignal(declared, { optedOut: false, sensitiveConsents: [3, 8] }, false);

  it('Virginia: usnat categories 1 to 8 in order, consent semantics', () => {
    expect(stateSensitiveDataProcessing(partial, 'usva', 8)).toEqual([1, 0, 2, 0, 0, 0, 0, 2]);
  });

  it('Colorado: usnat categories 1 to 7 (no precise geolocation)', () => {
    expect(stateSensitiveDataProcessing(partial, 'usco', 7)).toEqual([1, 0, 2, 0, 0, 0, 0]);
  });

  it('Utah: health is its fifth category, consent is not asked (opt-out semantics)', () => {
    const utah = stateSensitiveDataProcessing(partial, 'usut', 8);
    expect(utah).toEqual([2, 0, 0, 0, 2, 0, 0, 2]);
  });

  it('California: its own order, a position covering several usnat categories takes the strictest', () => {
    const ca = usSignal(
      mspa({ sensitiveDataCategories: [1, 9], optOutPurposes: [1, 2, 3, 4] }),
      { optedOut: true },
      false,
    );
    // 1: government ids (usnat 9); 4: racial origin, beliefs or union membership (usnat 1, 2, 11).
    expect(stateSensitiveDataProcessing(ca, 'usca', 9)).toEqual([1, 0, 0, 1, 0, 0, 0, 0, 0]);
  });
});
