import type { VISIT_OUTCOMES, VisitEvent } from '../banner/config';

/**
 * The one vocabulary of visit analytics, from the runtime's beacon to the report API: the codes a
 * visit is stored, rolled up, filtered and reported by. The beacon's short wire codes (kept small
 * for sendBeacon) are mapped here and nowhere else. Free of zod, so the banner runtime can use it.
 */

/** Device types as stored and reported: Desktop (pc), Tablet (tablet), Phone (mobile). */
export const REPORT_DEVICE_TYPES = ['pc', 'tablet', 'mobile'] as const;
export type ReportDeviceTypeCode = (typeof REPORT_DEVICE_TYPES)[number];

export const REPORT_PAGE_FORMATS = ['HTTP', 'AMP'] as const;
export type ReportPageFormatCode = (typeof REPORT_PAGE_FORMATS)[number];

/** Operating systems the user agent is classified into (the spec's Android, iOS, Windows first). */
export const REPORT_OPERATING_SYSTEMS = [
  'Android',
  'iOS',
  'Windows',
  'macOS',
  'ChromeOS',
  'Linux',
  'Other',
] as const;
export type ReportOperatingSystemCode = (typeof REPORT_OPERATING_SYSTEMS)[number];

export const REPORT_BROWSERS = [
  'Chrome',
  'Safari',
  'Firefox',
  'Edge',
  'Opera',
  'Samsung',
  'Other',
] as const;
export type ReportBrowserCode = (typeof REPORT_BROWSERS)[number];

/** What a visitor did with the banner. */
export const VISIT_OUTCOME_NAMES = ['acceptAll', 'rejectAll', 'partial', 'bounce'] as const;
export type VisitOutcomeCode = (typeof VISIT_OUTCOME_NAMES)[number];

/**
 * What a visit did on Consent or Pay's screen, when it was shown: nothing to pay (`shown`: it may
 * still have accepted, which its outcome says), or clicked subscribe or log in.
 */
export const VISIT_COP_CHOICES = ['shown', 'subscribe', 'login'] as const;
export type VisitCopChoice = (typeof VISIT_COP_CHOICES)[number];

/**
 * A US do-not-sell (opt-out of sale or sharing) request made on a page view: `received`, or
 * `fulfilled` when the runtime stored it and sent the US signals before reporting the visit.
 */
export const VISIT_DO_NOT_SELL = ['received', 'fulfilled'] as const;
export type VisitDoNotSell = (typeof VISIT_DO_NOT_SELL)[number];

/**
 * Regulations of a visit as reports name them, with the beacon's code: GDPR 1, CCPA (US national)
 * 2, MSPA (a US state's section) 3, GBC (Google basic consent only) 10, NONE 0 (no regulation).
 */
export const ANALYTICS_REGULATIONS = ['NONE', 'GDPR', 'CCPA', 'MSPA', 'GBC'] as const;
export type AnalyticsRegulationName = (typeof ANALYTICS_REGULATIONS)[number];
export const ANALYTICS_REGULATION_CODES: Record<AnalyticsRegulationName, VisitEvent['r']> = {
  NONE: 0,
  GDPR: 1,
  CCPA: 2,
  MSPA: 3,
  GBC: 10,
};

/** The report name of a beacon's regulation code. */
export const regulationNameOf = (code: number): AnalyticsRegulationName | undefined =>
  ANALYTICS_REGULATIONS.find((name) => ANALYTICS_REGULATION_CODES[name] === code);

/**
 * The regulation code of a filter value: a name (any case) or its code as number or text; undefined
 * when it is neither.
 */
export function regulationCodeOf(value: unknown): VisitEvent['r'] | undefined {
  if (typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value))) {
    const name = regulationNameOf(Number(value));
    return name === undefined ? undefined : ANALYTICS_REGULATION_CODES[name];
  }
  if (typeof value !== 'string') return undefined;
  const name = ANALYTICS_REGULATIONS.find((n) => n === value.toUpperCase());
  return name === undefined ? undefined : ANALYTICS_REGULATION_CODES[name];
}

const DEVICE_OF_WIRE: Record<VisitEvent['d'], ReportDeviceTypeCode> = {
  d: 'pc',
  t: 'tablet',
  m: 'mobile',
};
const PAGE_FORMAT_OF_WIRE: Record<VisitEvent['f'], ReportPageFormatCode> = { H: 'HTTP', A: 'AMP' };
// Typed as the inverse of the beacon's VISIT_OUTCOMES, so the two cannot drift apart.
const OUTCOME_OF_WIRE: { [N in VisitOutcomeCode as (typeof VISIT_OUTCOMES)[N]]: N } = {
  a: 'acceptAll',
  r: 'rejectAll',
  p: 'partial',
  b: 'bounce',
};

const COP_CHOICE_OF_WIRE: Record<NonNullable<VisitEvent['c']>, VisitCopChoice> = {
  y: 'shown',
  s: 'subscribe',
  l: 'login',
};

const known = <T extends string>(list: readonly T[], value: string): T =>
  (list as readonly string[]).includes(value) ? (value as T) : ('Other' as T);

/** An OS as reported by an older runtime or another caller, kept when known, else Other. */
export const reportOperatingSystemOf = (value: string): ReportOperatingSystemCode =>
  known(REPORT_OPERATING_SYSTEMS, value);

export const reportBrowserOf = (value: string): ReportBrowserCode => known(REPORT_BROWSERS, value);

/** A visit's dimensions in the report vocabulary: what is stored and rolled up. */
export interface VisitDimensions {
  regulation: VisitEvent['r'];
  /** The US state (two letters, upper case) of a US visit, else null. */
  state: string | null;
  outcome: VisitOutcomeCode;
  /** False when the stored choice answered the page view and no banner was shown. */
  shown: boolean;
  pageFormat: ReportPageFormatCode;
  deviceType: ReportDeviceTypeCode;
  os: ReportOperatingSystemCode;
  browser: ReportBrowserCode;
  themeId: string;
  /** The A/B variant the visitor was assigned, or null outside an A/B test. */
  variant: string | null;
  /**
   * The Consent Mode state sent when Google basic consent applied to the visitor (the beacon's `g`:
   * a letter per `GBC_REPORTED_SIGNALS` signal, g granted, d denied, - not set), else null.
   */
  gbcConsent: string | null;
  /** What the visitor did on Consent or Pay's screen, or null when it was not shown. */
  copChoice: VisitCopChoice | null;
  /** A US do-not-sell request made on the page view, and whether the runtime fulfilled it. */
  doNotSell: VisitDoNotSell | null;
}

/**
 * A beacon's event in the report vocabulary. `regionState` is the state the server resolved for
 * the request; the event's own state is used when the server knows none. A US state-section visit
 * (regulation 3) without a state is counted as national (regulation 2, CCPA).
 */
export function visitDimensions(event: VisitEvent, regionState?: string | null): VisitDimensions {
  const us = event.r === 2 || event.r === 3;
  const state = us ? (regionState ?? event.s ?? null) : null;
  return {
    // A state-section visit whose state is known to neither the server nor the beacon is a
    // national one (properties-and-tags §3: a null state means national), counted under CCPA.
    regulation: event.r === 3 && !state ? 2 : event.r,
    state: state ? state.toUpperCase().slice(0, 2) : null,
    outcome: OUTCOME_OF_WIRE[event.o],
    shown: event.x !== 1,
    pageFormat: PAGE_FORMAT_OF_WIRE[event.f],
    deviceType: DEVICE_OF_WIRE[event.d],
    os: reportOperatingSystemOf(event.os),
    browser: reportBrowserOf(event.b),
    themeId: event.t,
    variant: event.v ?? null,
    gbcConsent: event.g ?? null,
    copChoice: event.c ? COP_CHOICE_OF_WIRE[event.c] : null,
    doNotSell: event.n === 2 ? 'fulfilled' : event.n === 1 ? 'received' : null,
  };
}
