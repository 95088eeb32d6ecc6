import type { BannerMspa } from './config';
import { MSPA_OPT_OUT_PURPOSES } from './rules';

/**
 * A US visitor's GPP signal in usnat terms (GPP 1.1 US sections), as a pure rule: the runtime
 * encodes it into usnat and the state's section. Zod-free (part of `@assent/core/runtime`).
 */

/** 0 not applicable, 1 yes / opted out / no consent, 2 no / did not opt out / consent. */
export type Tri = 0 | 1 | 2;

/** The visitor's US choice. */
export interface UsChoice {
  /** Opted out of sale, sharing and targeted advertising (and, where listed, sensitive data). */
  optedOut: boolean;
  /**
   * The usnat sensitive-data categories the visitor consented to on the US screen. Absent: the
   * visitor was not asked yet (no consent for any category).
   */
  sensitiveConsents?: readonly number[];
}

export interface UsSignal {
  notice: {
    sharing: Tri;
    sale: Tri;
    sharingOptOut: Tri;
    targetedAdvertising: Tri;
    sensitiveData: Tri;
    sensitiveDataLimitUse: Tri;
    processing: Tri;
  };
  saleOptOut: Tri;
  sharingOptOut: Tri;
  targetedAdvertisingOptOut: Tri;
  /**
   * usnat SensitiveDataProcessing, categories 1 to 16 (index 0 is category 1), with consent
   * semantics: 0 not processed, 1 no consent, 2 consent given on the US screen.
   */
  sensitiveDataProcessing: readonly Tri[];
  /**
   * The same categories with opt-out semantics (1 opted out, 2 did not), for the sections whose
   * law makes sensitive data an opt-out (California's right to limit, Utah).
   */
  sensitiveDataOptOut: readonly Tri[];
  knownChildSensitiveData: Tri;
  personalDataConsents: Tri;
  mspaCoveredTransaction: 1 | 2;
  mspaOptOutOptionMode: Tri;
  mspaServiceProviderMode: Tri;
  gpc: boolean;
}

/**
 * The US signal for a visitor. Notices are given (the runtime always shows the notice or link);
 * an opt-out purpose the publisher does not list is not applicable (0). GPC counts as an opt-out.
 * Sensitive data is consent: a category the publisher does not process is 0, a processed one 1
 * until the visitor consents to it on the US screen, then 2. Known-child consent is 0: the banner
 * never knows that a visitor is a child, and marking every visitor as one makes ad-tech clients
 * strip user data and ids for all US traffic (issue 15 item 4; decisions.md).
 */
export function usSignal(mspa: BannerMspa | undefined, choice: UsChoice, gpc: boolean): UsSignal {
  const purposes: readonly number[] = mspa?.optOutPurposes ?? [
    MSPA_OPT_OUT_PURPOSES.SALE,
    MSPA_OPT_OUT_PURPOSES.SHARING,
    MSPA_OPT_OUT_PURPOSES.TARGETED_ADVERTISING,
  ];
  const out = choice.optedOut || gpc;
  const has = (p: number) => purposes.includes(p);
  const optOut = (p: number): Tri => (has(p) ? (out ? 1 : 2) : 0);
  const notice = (p: number): Tri => (has(p) ? 1 : 0);
  const sensitive = mspa?.sensitiveDataCategories ?? [];
  const consents = choice.sensitiveConsents ?? [];
  const sensitiveOptOut = out && has(MSPA_OPT_OUT_PURPOSES.SENSITIVE_DATA);
  const covered = mspa?.coveredTransaction ?? false;
  const perCategory = (value: (category: number) => Tri): Tri[] =>
    Array.from({ length: 16 }, (_, i): Tri => (sensitive.includes(i + 1) ? value(i + 1) : 0));
  return {
    notice: {
      sharing: 1,
      sale: notice(MSPA_OPT_OUT_PURPOSES.SALE),
      sharingOptOut: notice(MSPA_OPT_OUT_PURPOSES.SHARING),
      targetedAdvertising: notice(MSPA_OPT_OUT_PURPOSES.TARGETED_ADVERTISING),
      // The US screen names each processed category and asks consent for it: notice of the
      // processing and of the means to limit it (withholding consent).
      sensitiveData: sensitive.length ? 1 : 0,
      sensitiveDataLimitUse: sensitive.length ? 1 : 0,
      processing: 1,
    },
    saleOptOut: optOut(MSPA_OPT_OUT_PURPOSES.SALE),
    sharingOptOut: optOut(MSPA_OPT_OUT_PURPOSES.SHARING),
    targetedAdvertisingOptOut: optOut(MSPA_OPT_OUT_PURPOSES.TARGETED_ADVERTISING),
    sensitiveDataProcessing: perCategory((c) => (consents.includes(c) ? 2 : 1)),
    sensitiveDataOptOut: perCategory(() => (sensitiveOptOut ? 1 : 2)),
    knownChildSensitiveData: 0,
    personalDataConsents: 0,
    mspaCoveredTransaction: covered ? 1 : 2,
    mspaOptOutOptionMode: covered ? 1 : 0,
    mspaServiceProviderMode: covered ? 2 : 0,
    gpc,
  };
}

/**
 * The usnat categories each state section's SensitiveDataProcessing position covers (1-based),
 * where they differ from usnat's own order (as Prebid.js's gppControl_usstates maps them back).
 * A state not listed uses usnat's first positions.
 */
const STATE_SENSITIVE_CATEGORIES: Record<string, readonly (readonly number[])[]> = {
  usca: [[9], [10], [8], [1, 2, 11], [12], [6], [7], [3], [4]],
  usut: [[1], [2], [4], [5], [3], [6], [7], [8]],
};

/** State sections whose sensitive-data field is an opt-out (California's right to limit, Utah). */
const SENSITIVE_OPT_OUT_SECTIONS: readonly string[] = ['usca', 'usut'];

/**
 * A state section's SensitiveDataProcessing: each position takes the strictest value of the usnat
 * categories it covers (1 over 2 over 0), with the section's own semantics (consent or opt-out).
 */
export function stateSensitiveDataProcessing(s: UsSignal, section: string, count: number): Tri[] {
  const values = SENSITIVE_OPT_OUT_SECTIONS.includes(section)
    ? s.sensitiveDataOptOut
    : s.sensitiveDataProcessing;
  const map = STATE_SENSITIVE_CATEGORIES[section];
  return Array.from({ length: count }, (_, i): Tri => {
    const covered = (map?.[i] ?? [i + 1]).map((c) => values[c - 1] ?? 0);
    return covered.includes(1) ? 1 : covered.includes(2) ? 2 : 0;
  });
}
