import { describe, expect, it } from 'vitest';
import { ACCOUNT_NOW, buildOrganisation } from '../testing/account';
import {
  ATTENTION_ORDER,
  attentionTurn,
  PREMIUM_PRICE_PER_PROPERTY_PER_MONTH,
  PRODUCTS_WELCOME_INTERVAL_MS,
  PRODUCTS_WELCOME_KEY,
  pricingPromotionKey,
  recordPricingPromotionShown,
  recordProductsWelcomeShown,
  recordSurveyPopupClosed,
  shouldShowPricingPromotion,
  shouldShowProductsWelcome,
  shouldShowSspTermsModal,
  shouldShowSurveyPopup,
  surveyPopupKey,
} from './promotions';
import { createMemoryConsoleStorage } from './storage';

const DAY = 86_400_000;
const later = (ms: number) => new Date(ACCOUNT_NOW.getTime() + ms);

describe('survey popup', () => {
  it('reappears 30 days after it was last closed, per account code', () => {
    const storage = createMemoryConsoleStorage();
    const base = { pcode: 'AB12', surveyFilled: false, storage };
    expect(shouldShowSurveyPopup({ ...base, now: ACCOUNT_NOW })).toBe(true);
    recordSurveyPopupClosed('AB12', ACCOUNT_NOW, storage);
    expect(storage.keys()).toEqual([surveyPopupKey('AB12')]);
    expect(shouldShowSurveyPopup({ ...base, now: later(30 * DAY - 1) })).toBe(false);
    expect(shouldShowSurveyPopup({ ...base, now: later(30 * DAY) })).toBe(true);
    expect(shouldShowSurveyPopup({ ...base, pcode: 'CD34', now: later(1) })).toBe(true);
  });

  it('never shows once the survey is filled', () => {
    const storage = createMemoryConsoleStorage();
    expect(
      shouldShowSurveyPopup({ pcode: 'AB12', surveyFilled: true, now: ACCOUNT_NOW, storage }),
    ).toBe(false);
  });
});

describe('products welcome modal', () => {
  it('shows again when 3 days (259,200,000 ms) have passed since the stored time', () => {
    expect(PRODUCTS_WELCOME_INTERVAL_MS).toBe(259_200_000);
    const storage = createMemoryConsoleStorage();
    expect(shouldShowProductsWelcome(ACCOUNT_NOW, storage)).toBe(true);
    recordProductsWelcomeShown(ACCOUNT_NOW, storage);
    expect(storage.getItem(PRODUCTS_WELCOME_KEY)).toBe(String(ACCOUNT_NOW.getTime()));
    expect(shouldShowProductsWelcome(later(3 * DAY - 1), storage)).toBe(false);
    expect(shouldShowProductsWelcome(later(3 * DAY), storage)).toBe(true);
  });
});

describe('pricing promotion', () => {
  it('shows once per account code when both terms acceptances are present', () => {
    const storage = createMemoryConsoleStorage();
    const org = buildOrganisation();
    expect(shouldShowPricingPromotion(org, storage)).toBe(true);
    recordPricingPromotionShown(org.pcode, ACCOUNT_NOW, storage);
    expect(storage.getItem(pricingPromotionKey(org.pcode))).not.toBeNull();
    expect(shouldShowPricingPromotion(org, storage)).toBe(false);
    expect(shouldShowPricingPromotion(buildOrganisation({ pcode: 'OTHER' }), storage)).toBe(true);
  });

  it('does not show while an acceptance is missing', () => {
    const storage = createMemoryConsoleStorage();
    expect(shouldShowPricingPromotion(buildOrganisation({ sspTosAccepted: false }), storage)).toBe(
      false,
    );
    expect(shouldShowPricingPromotion(buildOrganisation({ cmpTosAccepted: false }), storage)).toBe(
      false,
    );
  });

  it('names the premium price per property per month (value not shown in the spec: ours)', () => {
    expect(PREMIUM_PRICE_PER_PROPERTY_PER_MONTH).toEqual({ amount: 9, currency: 'EUR' });
  });
});

describe('supply-side platform terms modal', () => {
  it('shows when either acceptance is missing', () => {
    expect(shouldShowSspTermsModal(buildOrganisation())).toBe(false);
    expect(shouldShowSspTermsModal(buildOrganisation({ sspTosAccepted: false }))).toBe(true);
    expect(shouldShowSspTermsModal(buildOrganisation({ cmpTosAccepted: false }))).toBe(true);
  });
});

describe('attention: one modal or popup at a time (issue 17 item 9)', () => {
  it('gives the turn to the first waiting item in the defined order', () => {
    expect(ATTENTION_ORDER).toEqual([
      'announcement',
      'auditLogResults',
      'universalTagWarning',
      'pricingPromotion',
      'surveyPopup',
    ]);
    // Day one of a new account: everything waits, one shows.
    expect(attentionTurn(['surveyPopup', 'pricingPromotion', 'universalTagWarning'])).toBe(
      'universalTagWarning',
    );
    expect(attentionTurn(['surveyPopup', 'pricingPromotion'])).toBe('pricingPromotion');
    expect(attentionTurn(['surveyPopup', 'announcement'])).toBe('announcement');
    expect(attentionTurn(['surveyPopup'])).toBe('surveyPopup');
    expect(attentionTurn([])).toBeUndefined();
  });
});
