import { MSPA_OPT_OUT_PURPOSES } from '@assent/core/runtime';
import type { BannerMspa, BannerUs } from '@assent/core/runtime';
import type { Tri, UsSignal } from './gpp';

/** The visitor's US choice: opted out of sale/sharing/targeted ads (and sensitive data), or not. */
export interface UsChoice {
  optedOut: boolean;
}

/**
 * The US signal for a visitor. Notices are given (the runtime always shows the notice or link);
 * an opt-out purpose the publisher does not list is not applicable (0). GPC counts as an opt-out.
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
  const sensitiveOptOut = has(MSPA_OPT_OUT_PURPOSES.SENSITIVE_DATA);
  const covered = mspa?.coveredTransaction ?? false;
  return {
    notice: {
      sharing: 1,
      sale: notice(MSPA_OPT_OUT_PURPOSES.SALE),
      sharingOptOut: notice(MSPA_OPT_OUT_PURPOSES.SHARING),
      targetedAdvertising: notice(MSPA_OPT_OUT_PURPOSES.TARGETED_ADVERTISING),
      sensitiveData: sensitive.length ? 1 : 0,
      sensitiveDataLimitUse: sensitive.length && sensitiveOptOut ? 1 : 0,
      processing: 1,
    },
    saleOptOut: optOut(MSPA_OPT_OUT_PURPOSES.SALE),
    sharingOptOut: optOut(MSPA_OPT_OUT_PURPOSES.SHARING),
    targetedAdvertisingOptOut: optOut(MSPA_OPT_OUT_PURPOSES.TARGETED_ADVERTISING),
    sensitiveDataProcessing: Array.from({ length: 16 }, (_, i): Tri =>
      sensitive.includes(i + 1) ? (out && sensitiveOptOut ? 1 : 2) : 0,
    ),
    // Consent for known children's sensitive data is never collected by the banner: no consent.
    knownChildSensitiveData: mspa?.childSensitiveData ? 1 : 0,
    personalDataConsents: 0,
    mspaCoveredTransaction: covered ? 1 : 2,
    mspaOptOutOptionMode: covered ? 1 : 0,
    mspaServiceProviderMode: covered ? 2 : 0,
    gpc,
  };
}

/** Not applicable: the US privacy string of a visitor the string does not cover. */
export const USP_NOT_APPLICABLE = '1---';

/**
 * The legacy US privacy string: version 1, notice given, opted out of sale, LSPA covered.
 * With jurisdiction CA it covers California visitors only.
 */
export function uspString(us: BannerUs, state: string | undefined, optedOut: boolean): string {
  if (!us.uspEnabled) return USP_NOT_APPLICABLE;
  if (us.uspJurisdiction === 'CA' && state?.toUpperCase() !== 'CA') return USP_NOT_APPLICABLE;
  return `1Y${optedOut ? 'Y' : 'N'}${us.uspLspact ? 'Y' : 'N'}`;
}
