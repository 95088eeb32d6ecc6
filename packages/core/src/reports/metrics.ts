import type { ReportMetric } from './catalogue';
import { isPercentMetric } from './catalogue';
import type { PropertyAnalyticsReport } from './property-analytics';
import type { VisitOutcomeCode } from './vocabulary';

/**
 * The metric formulas of every report (docs/analytics.md defines each in one line). A page view is
 * one visit; a visit is *shown* when the banner appeared (not when a stored choice answered it);
 * every outcome rate is a share of the shown visits.
 */

/** Visit counts of a slice of traffic: what the rollups sum. */
export interface VisitCounts {
  /** Every page view with the runtime, banner shown or not. */
  traffic: number;
  /** Page views that showed the banner. */
  shown: number;
  /** Shown visits by outcome. */
  acceptAll: number;
  rejectAll: number;
  partial: number;
  bounce: number;
}

export const ZERO_VISIT_COUNTS: VisitCounts = {
  traffic: 0,
  shown: 0,
  acceptAll: 0,
  rejectAll: 0,
  partial: 0,
  bounce: 0,
};

export const addVisitCounts = (a: VisitCounts, b: VisitCounts): VisitCounts => ({
  traffic: a.traffic + b.traffic,
  shown: a.shown + b.shown,
  acceptAll: a.acceptAll + b.acceptAll,
  rejectAll: a.rejectAll + b.rejectAll,
  partial: a.partial + b.partial,
  bounce: a.bounce + b.bounce,
});

/** Counts of `visits` page views with one outcome, shown or not. */
export function countsOf(outcome: VisitOutcomeCode, shown: boolean, visits = 1): VisitCounts {
  return {
    ...ZERO_VISIT_COUNTS,
    traffic: visits,
    ...(shown ? { shown: visits, [outcome]: visits } : {}),
  };
}

/** Decimals of the percentages the API answers (the console shows one, custom reports two). */
export const METRIC_PERCENT_DECIMALS = 2;

/** A percentage to the API's two decimals. */
const roundPercent = (value: number): number => {
  const scale = 10 ** METRIC_PERCENT_DECIMALS;
  return Math.round(value * scale) / scale;
};

/** `part` as a percentage of `whole`, unrounded; null when `whole` is zero. */
const exactPercentOf = (part: number, whole: number): number | null =>
  whole ? (part / whole) * 100 : null;

/** `part` as a percentage of `whole`, to two decimals; null when `whole` is zero. */
export function percentOf(part: number, whole: number): number | null {
  const exact = exactPercentOf(part, whole);
  return exact === null ? null : roundPercent(exact);
}

const FORMULAS: Record<ReportMetric, (c: VisitCounts) => number | null> = {
  totalTraffic: (c) => c.traffic,
  totalSessions: (c) => c.shown,
  optInPercent: (c) => exactPercentOf(c.acceptAll, c.shown),
  optOutPercent: (c) => exactPercentOf(c.rejectAll, c.shown),
  partialOptInPercent: (c) => exactPercentOf(c.partial, c.shown),
  bouncePercent: (c) => exactPercentOf(c.bounce, c.shown),
  acceptAllVisits: (c) => c.acceptAll,
  rejectAllVisits: (c) => c.rejectAll,
  partialOptInVisits: (c) => c.partial,
  bounceVisits: (c) => c.bounce,
  // The beacon does not carry Google basic consent's per-purpose grants nor Consent-or-Pay
  // choices yet: these metrics are not measured and answer null (N/A), never a made-up zero.
  gbcAdStorageGrantedPercent: () => null,
  gbcAnalyticsStorageGrantedPercent: () => null,
  gbcAdUserDataGrantedPercent: () => null,
  gbcAdPersonalizationGrantedPercent: () => null,
  copUsers: () => null,
  copSubscribePercent: () => null,
  copLoginPercent: () => null,
};

/** Whether a metric name is one the reports compute. */
export const isKnownMetric = (name: string): name is ReportMetric => name in FORMULAS;

/**
 * The value of one metric over some counts, unrounded: what a change between two periods is
 * computed from (a change of rounded percentages would be off by their rounding).
 */
export const exactMetricValue = (metric: ReportMetric, counts: VisitCounts): number | null =>
  FORMULAS[metric](counts);

/** A metric's value as the API answers it: percentages to two decimals, counts as they are. */
export const roundMetricValue = (fieldName: string, value: number | null): number | null =>
  value !== null && isPercentMetric(fieldName) ? roundPercent(value) : value;

/** The value of one metric over some counts, as the API answers it. */
export const metricValue = (metric: ReportMetric, counts: VisitCounts): number | null =>
  roundMetricValue(metric, exactMetricValue(metric, counts));

/**
 * The consent rate of the properties list: the share of shown visits that consented to something
 * (accept all or partial).
 */
export const consentRatePercent = (c: VisitCounts): number | null =>
  percentOf(c.acceptAll + c.partial, c.shown);

/**
 * A property's analytics report (properties-and-tags §3) over some counts. Under US rules a
 * reject-all is a do-not-sell request, fulfilled by the runtime as it is made (median time 0).
 */
export function propertyAnalyticsReport(
  c: VisitCounts,
  scope: { propertyUuid: string; startDate: string; endDate: string; us: boolean },
): PropertyAnalyticsReport {
  return {
    prefix: null,
    startDate: scope.startDate,
    endDate: scope.endDate,
    totalShown: c.shown,
    consentRatePercentage: consentRatePercent(c),
    cookiesConsentRatePercentage: percentOf(c.acceptAll, c.shown),
    bounceRatePercentage: percentOf(c.bounce, c.shown),
    acceptAll: c.acceptAll,
    rejectAll: c.rejectAll,
    partialAll: c.partial,
    acceptedRatePercentage: percentOf(c.acceptAll, c.shown),
    rejectedRatePercentage: percentOf(c.rejectAll, c.shown),
    partialRatePercentage: percentOf(c.partial, c.shown),
    doNotSellRequestReceived: scope.us ? c.rejectAll : null,
    doNotSellRequestFulfilled: scope.us ? c.rejectAll : null,
    medianTimeFulfillmentMillis: scope.us ? 0 : null,
    idProperty: scope.propertyUuid,
  };
}
