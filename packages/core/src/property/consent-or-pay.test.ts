import { describe, expect, it } from 'vitest';
import { EEA_COUNTRIES } from '../country';
import { INVALID_URL, REQUIRED } from '../messages';
import {
  COP_COUNTRIES_REQUIRED,
  COP_NO_NON_PERSONALISED_VENDORS,
  ConsentOrPayConfig,
  consentOrPayAvailable,
  consentOrPayTransition,
  defaultConsentOrPayConfig,
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
    // Content selected with limited data (11) needs no profile either; store/access (1) alone
    // is not enough, every vendor declares it.
    expect(vendorsHaveNonPersonalisedPurposes([{ purposes: [1, 11] }])).toBe(true);
    expect(vendorsHaveNonPersonalisedPurposes([{ purposes: [1, 5, 6], legIntPurposes: [1] }])).toBe(
      false,
    );
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

describe('Consent or Pay on the site form', () => {
  const saved = ConsentOrPayConfig.parse({
    enabled: true,
    countries: ['FR'],
    callbackType: 'publisher',
    callbacks: { action1: 'https://news.example/subscribe', action2: '' },
  });
  const closed = { open: false } as const;

  it('Yes opens the settings dialog on a draft; the saved settings change only on OK', () => {
    const off = defaultConsentOrPayConfig();
    const opened = consentOrPayTransition(off, closed, { type: 'choose', enabled: true });
    expect(opened.config).toBe(off);
    expect(opened.dialog).toEqual({ open: true, draft: { ...off, enabled: true }, issues: [] });
  });

  it('Cancel closes the dialog and restores the previous settings', () => {
    const opened = consentOrPayTransition(saved, closed, { type: 'edit' });
    const edited = consentOrPayTransition(saved, opened.dialog, {
      type: 'draft',
      config: { ...saved, countries: ['DE', 'AT'] },
    });
    expect(consentOrPayTransition(saved, edited.dialog, { type: 'cancel' })).toEqual({
      config: saved,
      dialog: closed,
    });
    // Cancel after Yes on a disabled property leaves it disabled.
    const off = defaultConsentOrPayConfig();
    const yes = consentOrPayTransition(off, closed, { type: 'choose', enabled: true });
    expect(consentOrPayTransition(off, yes.dialog, { type: 'cancel' }).config.enabled).toBe(false);
  });

  it('OK validates countries and URLs: messages keep the dialog open and follow the edits', () => {
    const off = defaultConsentOrPayConfig();
    const yes = consentOrPayTransition(off, closed, { type: 'choose', enabled: true });
    const refused = consentOrPayTransition(off, yes.dialog, { type: 'ok' });
    expect(refused.config).toBe(off);
    expect(refused.dialog).toMatchObject({
      open: true,
      issues: [{ field: 'consentOrPayConfig.countries', message: COP_COUNTRIES_REQUIRED }],
    });
    const fixed = consentOrPayTransition(off, refused.dialog, {
      type: 'draft',
      config: { ...off, enabled: true, countries: ['eea'] },
    });
    expect(fixed.dialog).toMatchObject({ open: true, issues: [] });
    const ok = consentOrPayTransition(off, fixed.dialog, { type: 'ok' });
    expect(ok).toEqual({ config: { ...off, enabled: true, countries: ['eea'] }, dialog: closed });
  });

  it('shows no message while drafting before the first OK', () => {
    const opened = consentOrPayTransition(saved, closed, { type: 'edit' });
    const draft = consentOrPayTransition(saved, opened.dialog, {
      type: 'draft',
      config: { ...saved, callbacks: { action1: 'not a url', action2: '' } },
    });
    expect(draft.dialog).toMatchObject({ open: true, issues: [] });
    expect(consentOrPayTransition(saved, draft.dialog, { type: 'ok' }).dialog).toMatchObject({
      issues: [{ field: 'consentOrPayConfig.callbacks.action1', message: INVALID_URL }],
    });
  });

  it('No disables at once, without a dialog', () => {
    expect(consentOrPayTransition(saved, closed, { type: 'choose', enabled: false })).toEqual({
      config: { ...saved, enabled: false },
      dialog: closed,
    });
  });

  it('ignores drafts and OK while the dialog is closed', () => {
    expect(consentOrPayTransition(saved, closed, { type: 'ok' })).toEqual({
      config: saved,
      dialog: closed,
    });
    expect(
      consentOrPayTransition(saved, closed, { type: 'draft', config: defaultConsentOrPayConfig() }),
    ).toEqual({ config: saved, dialog: closed });
  });
});
