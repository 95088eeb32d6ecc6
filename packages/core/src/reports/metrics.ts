import type { ReportMetric } from './catalogue';
import { isPercentMetric } from './catalogue';
import type { PropertyAnalyticsReport } from './property-analytics';
import type { GBC_REPORTED_SIGNALS } from '../banner/visit';
import type { VisitOutcomeCode } from './vocabulary';

/**
 * The metric formulas of every report (docs/analytics.md defines each in one line). A page view is
 * one visit; a visit is *shown* when the banner appeared (not when a stored choice answered it);
 * every outcome rate is a share of the shown visits.
 */

/** The Consent Mode signals the GBC metrics report. */
export type GbcReportedSignal = (typeof GBC_REPORTED_SIGNALS)[number];

/** A count per reported Consent Mode signal. */
export type GbcSignalCounts = Record<GbcReportedSignal, number>;

const ZERO_SIGNAL_COUNTS: GbcSignalCounts = {
  ad_storage: 0,
  analytics_storage: 0,
  ad_user_data: 0,
  ad_personalization: 0,
};

const addSignalCounts = (a: GbcSignalCounts, b: GbcSignalCounts): GbcSignalCounts => ({
  ad_storage: a.ad_storage + b.ad_storage,
  analytics_storage: a.analytics_storage + b.analytics_storage,
  ad_user_data: a.ad_user_data + b.ad_user_data,
  ad_personalization: a.ad_personalization + b.ad_personalization,
});

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
  /**
   * Visits under Google basic consent whose page view ended with the signal granted, and with it
   * denied (a visit where the property does not set the signal counts in neither).
   */
  gbcGranted: GbcSignalCounts;
  gbcDenied: GbcSignalCounts;
  /** Visits shown Consent or Pay's screen, and of those: accepted all, clicked subscribe, clicked log in. */
  copShown: number;
  copAccepted: number;
  copSubscribe: number;
  copLogin: number;
  /** US do-not-sell requests made (received), and of those the ones the runtime fulfilled. */
  doNotSellReceived: number;
  doNotSellFulfilled: number;
}

export const ZERO_VISIT_COUNTS: VisitCounts = {
  traffic: 0,
  shown: 0,
  acceptAll: 0,
  rejectAll: 0,
  partial: 0,
  bounce: 0,
  gbcGranted: ZERO_SIGNAL_COUNTS,
  gbcDenied: ZERO_SIGNAL_COUNTS,
  copShown: 0,
  copAccepted: 0,
  copSubscribe: 0,
  copLogin: 0,
  doNotSellReceived: 0,
  doNotSellFulfilled: 0,
};

export const addVisitCounts = (a: VisitCounts, b: VisitCounts): VisitCounts => ({
  traffic: a.traffic + b.traffic,
  shown: a.shown + b.shown,
  acceptAll: a.acceptAll + b.acceptAll,
  rejectAll: a.rejectAll + b.rejectAll,
  partial: a.partial + b.partial,
  bounce: a.bounce + b.bounce,
  gbcGranted: addSignalCounts(a.gbcGranted, b.gbcGranted),
  gbcDenied: addSignalCounts(a.gbcDenied, b.gbcDenied),
  copShown: a.copShown + b.copShown,
  copAccepted: a.copAccepted + b.copAccepted,
  copSubscribe: a.copSubscribe + b.copSubscribe,
  copLogin: a.copLogin + b.copLogin,
  doNotSellReceived: a.doNotSellReceived + b.doNotSellReceived,
  doNotSellFulfilled: a.doNotSellFulfilled + b.doNotSellFulfilled,
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

/**
 * The share of visits under Google basic consent that ended with a signal granted, of those where
 * the property sets it (granted or denied); null when none did.
 */
const grantedPercent = (c: VisitCounts, signal: GbcReportedSignal): number | null =>
  exactPercentOf(c.gbcGranted[signal], c.gbcGranted[signal] + c.gbcDenied[signal]);

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
  gbcAdStorageGrantedPercent: (c) => grantedPercent(c, 'ad_storage'),
  gbcAnalyticsStorageGrantedPercent: (c) => grantedPercent(c, 'analytics_storage'),
  gbcAdUserDataGrantedPercent: (c) => grantedPercent(c, 'ad_user_data'),
  gbcAdPersonalizationGrantedPercent: (c) => grantedPercent(c, 'ad_personalization'),
  copUsers: (c) => c.copShown,
  copAcceptPercent: (c) => exactPercentOf(c.copAccepted, c.copShown),
  copSubscribePercent: (c) => exactPercentOf(c.copSubscribe, c.copShown),
  copLoginPercent: (c) => exactPercentOf(c.copLogin, c.copShown),
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
 * A property's analytics report (properties-and-tags §3) over some counts. Do-not-sell requests
 * (US keys only) are their own counts, as the runtime reports them, not the reject-alls; their
 * median fulfilment time is null: the runtime fulfils a request in the visitor's click and no
 * fulfilment time is recorded (docs/decisions.md), so there is no data to take a median of.
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
    doNotSellRequestReceived: scope.us ? c.doNotSellReceived : null,
    doNotSellRequestFulfilled: scope.us ? c.doNotSellFulfilled : null,
    medianTimeFulfillmentMillis: null,
    idProperty: scope.propertyUuid,
  };
}
