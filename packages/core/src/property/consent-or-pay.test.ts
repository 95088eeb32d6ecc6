import { describe, expect, it } from 'vitest';
import { EEA_COUNTRIES } from '../country';
import { INVALID_URL, REQUIRED } from '../messages';
import {
  COP_COUNTRIES_REQUIRED,
  COP_NO_NON_PERSONALISED_VENDORS,
  ConsentOrPayConfig,
  consentOrPayAvailable,
  normaliseConsentOrPay,
  validateConsentOrPay,
  vendorsHaveNonPersonalisedPurposes,
} from './consent-or-pay';

const config = (overrides: Partial<ConsentOrPayConfig> = {}) =>
  ConsentOrPayConfig.parse({ enabled: true, countries: ['eea'], ...overrides });

describe('Consent or Pay', () => {
  it('has the defaults of the app form', () => {
    expect(ConsentOrPayConfig.parse({})).toEqual({
      enabled: false,
      countries: [],
      callbackType: 'self',
      callbacks: { action1: '', action2: '' },
      callbackRedirectMethod: 'SAME_TAB',
      partialAcceptEnabled: true,
    });
  });

  it('can be enabled only if some vendor has non-personalised purposes', () => {
    expect(COP_NO_NON_PERSONALISED_VENDORS).toBe(
      'Cannot enable consent or pay, since none of the vendors have non-personalised purposes. Change vendors and retry.',
    );
    const personalisedOnly = [{ purposes: [1, 3, 4], legIntPurposes: [] }];
    expect(vendorsHaveNonPersonalisedPurposes(personalisedOnly)).toBe(false);
    expect(
      vendorsHaveNonPersonalisedPurposes([
        ...personalisedOnly,
        { purposes: [1], legIntPurposes: [7] },
      ]),
    ).toBe(true);
    expect(validateConsentOrPay(config(), personalisedOnly)[0]?.message).toBe(
      COP_NO_NON_PERSONALISED_VENDORS,
    );
  });

  it('needs a country, a subscribe URL for the publisher type, and valid URLs', () => {
    expect(validateConsentOrPay(config({ countries: [] }))[0]).toEqual({
      field: 'consentOrPayConfig.countries',
      rule: 'required',
      message: COP_COUNTRIES_REQUIRED,
    });
    expect(validateConsentOrPay(config({ callbackType: 'publisher' }))[0]?.message).toBe(REQUIRED);
    expect(
      validateConsentOrPay(
        config({ callbackType: 'publisher', callbacks: { action1: 'subscribe', action2: 'nope' } }),
      ).map((i) => [i.field, i.message]),
    ).toEqual([
      ['consentOrPayConfig.callbacks.action1', INVALID_URL],
      ['consentOrPayConfig.callbacks.action2', INVALID_URL],
    ]);
    expect(
      validateConsentOrPay(
        config({
          callbackType: 'publisher',
          callbacks: { action1: 'https://x.example/s', action2: '' },
        }),
      ),
    ).toEqual([]);
    expect(validateConsentOrPay(config({ enabled: false, countries: [] }))).toEqual([]);
  });

  it("expands the 'eea' shorthand on save", () => {
    const saved = normaliseConsentOrPay(config({ countries: ['eea', 'gb', 'FR'] }));
    expect(saved.countries).toEqual([...EEA_COUNTRIES, 'GB']);
  });

  it('is offered only on supporting versions for enabled accounts', () => {
    expect(consentOrPayAvailable('latest', true)).toBe(true);
    expect(consentOrPayAvailable(61, true)).toBe(false);
    expect(consentOrPayAvailable('latest', false)).toBe(false);
  });
});
