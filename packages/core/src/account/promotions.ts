import type { Organisation } from './user';
import type { ConsoleStorage } from './storage';
import { readStoredTime, writeStoredTime } from './storage';

/**
 * When the console shows its promotions (properties-and-tags §4 "Promotions", §6, §9): the survey
 * popup, the products welcome modal, the premium pricing promotion and the supply-side platform
 * terms modal. Timings are remembered in the injected storage, per account code where the spec
 * says so.
 */

const DAY_MS = 86_400_000;

/** The survey popup comes back 30 days after it was last closed. */
export const SURVEY_POPUP_REAPPEAR_DAYS = 30;
export const SURVEY_POPUP_REAPPEAR_MS = SURVEY_POPUP_REAPPEAR_DAYS * DAY_MS;

/** The products welcome modal comes back when 3 days (259,200,000 ms) have passed. */
export const PRODUCTS_WELCOME_INTERVAL_MS = 259_200_000;

export const PRODUCTS_WELCOME_KEY = 'assent.productsWelcome.shownAt';
export const surveyPopupKey = (pcode: string): string => `assent.surveyPopup.closedAt.${pcode}`;
export const pricingPromotionKey = (pcode: string): string =>
  `assent.pricingPromotion.shown.${pcode}`;

/**
 * The survey popup shows while the survey is not filled and it was never closed, or was closed at
 * least 30 days ago.
 */
export function shouldShowSurveyPopup(input: {
  pcode: string;
  surveyFilled: boolean;
  now: Date;
  storage: ConsoleStorage;
}): boolean {
  if (input.surveyFilled) return false;
  const closedAt = readStoredTime(input.storage, surveyPopupKey(input.pcode));
  return !closedAt || input.now.getTime() - closedAt.getTime() >= SURVEY_POPUP_REAPPEAR_MS;
}

export const recordSurveyPopupClosed = (pcode: string, now: Date, storage: ConsoleStorage): void =>
  writeStoredTime(storage, surveyPopupKey(pcode), now);

/** The products welcome modal shows when nothing is stored or 3 days have passed since the stored time. */
export function shouldShowProductsWelcome(now: Date, storage: ConsoleStorage): boolean {
  const shownAt = readStoredTime(storage, PRODUCTS_WELCOME_KEY);
  return !shownAt || now.getTime() - shownAt.getTime() >= PRODUCTS_WELCOME_INTERVAL_MS;
}

export const recordProductsWelcomeShown = (now: Date, storage: ConsoleStorage): void =>
  writeStoredTime(storage, PRODUCTS_WELCOME_KEY, now);

/**
 * The premium price per property and month (properties-and-tags §9: a named constant whose value
 * is not shown; the value is ours). The pricing promotion offers premium free to publishers who
 * monetise with the supply-side platform.
 */
export const PREMIUM_PRICE_PER_PROPERTY_PER_MONTH = { amount: 9, currency: 'EUR' } as const;

type TermsFlags = Pick<Organisation, 'pcode' | 'sspTosAccepted' | 'cmpTosAccepted'>;

/** The pricing promotion shows once per account code, when both terms acceptances are present. */
export const shouldShowPricingPromotion = (org: TermsFlags, storage: ConsoleStorage): boolean =>
  org.sspTosAccepted &&
  org.cmpTosAccepted &&
  storage.getItem(pricingPromotionKey(org.pcode)) === null;

export const recordPricingPromotionShown = (
  pcode: string,
  now: Date,
  storage: ConsoleStorage,
): void => writeStoredTime(storage, pricingPromotionKey(pcode), now);

/** The supply-side platform terms modal shows when either acceptance is missing. */
export const shouldShowSspTermsModal = (org: TermsFlags): boolean =>
  !org.sspTosAccepted || !org.cmpTosAccepted;

/**
 * What may ask for the user's attention on the console's pages, first first (issue 17 item 9,
 * docs/decisions.md): an operator's announcement, the user's own audit-log results, the next step
 * of a newly added site (the universal-tag warning), then the promotions: the pricing modal and
 * the survey popup. Each keeps its own timing rule; this only says whose turn it is.
 */
export const ATTENTION_ORDER = [
  'announcement',
  'auditLogResults',
  'universalTagWarning',
  'pricingPromotion',
  'surveyPopup',
] as const;
export type AttentionItem = (typeof ATTENTION_ORDER)[number];

/**
 * Whose turn it is among the items waiting to show: the first of them in `ATTENTION_ORDER`, so at
 * most one modal or popup shows at a time and the others wait (their timing rules untouched: a
 * promotion that waited was not shown, so nothing is recorded for it). The universal-tag warning
 * sits inline and shows anyway; while it waits for the tag, the promotions after it wait too.
 */
export function attentionTurn(waiting: Iterable<AttentionItem>): AttentionItem | undefined {
  const set = new Set(waiting);
  return ATTENTION_ORDER.find((item) => set.has(item));
}
