import type { BannerUs } from '@assent/core/runtime';

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
