import { describe, expect, it } from 'vitest';
import { REPORT_METRICS } from './catalogue';
import {
  addVisitCounts,
  consentRatePercent,
  countsOf,
  exactMetricValue,
  isKnownMetric,
  metricValue,
  percentOf,
  propertyAnalyticsReport,
  roundMetricValue,
  ZERO_VISIT_COUNTS,
} from './metrics';

// 3 accept all, 1 reject all, 1 partial, 1 bounce shown; 2 answered by a stored choice.
const counts = [
  countsOf('acceptAll', true, 3),
  countsOf('rejectAll', true),
  countsOf('partial', true),
  countsOf('bounce', true),
  countsOf('acceptAll', false, 2),
].reduce(addVisitCounts, ZERO_VISIT_COUNTS);

describe('metric formulas', () => {
  it('counts traffic as every page view and sessions (Display Count) as banners shown', () => {
    expect(metricValue('totalTraffic', counts)).toBe(8);
    expect(metricValue('totalSessions', counts)).toBe(6);
  });

  it('takes every outcome rate as a share of the shown visits, to two decimals', () => {
    expect(metricValue('optInPercent', counts)).toBe(50);
    expect(metricValue('optOutPercent', counts)).toBe(16.67);
    expect(metricValue('partialOptInPercent', counts)).toBe(16.67);
    expect(metricValue('bouncePercent', counts)).toBe(16.67);
    expect(metricValue('acceptAllVisits', counts)).toBe(3);
    expect(metricValue('bounceVisits', counts)).toBe(1);
    expect(consentRatePercent(counts)).toBe(66.67);
  });

  it('gives the exact (unrounded) value changes are computed from, rounded as answered', () => {
    expect(exactMetricValue('optOutPercent', counts)).toBe((1 / 6) * 100);
    expect(exactMetricValue('totalSessions', counts)).toBe(6);
    expect(roundMetricValue('optOutPercent', (1 / 6) * 100)).toBe(16.67);
    expect(roundMetricValue('optOutPercentChange', -55.5555)).toBe(-55.56);
    expect(roundMetricValue('totalSessions', 6)).toBe(6);
    expect(roundMetricValue('optInPercent', null)).toBeNull();
  });

  it('answers null (N/A), not 0, for a rate without shown visits and for unmeasured metrics', () => {
    expect(metricValue('optInPercent', ZERO_VISIT_COUNTS)).toBeNull();
    expect(percentOf(1, 0)).toBeNull();
    expect(metricValue('copUsers', counts)).toBeNull();
    expect(metricValue('gbcAdStorageGrantedPercent', counts)).toBeNull();
  });

  it('has a formula for every catalogue metric and none for unknown names', () => {
    expect(REPORT_METRICS.every((m) => isKnownMetric(m.fieldName))).toBe(true);
    expect(isKnownMetric('totalVisitors')).toBe(false);
  });

  it('builds a property report; only US rules count reject all as do-not-sell requests', () => {
    const scope = { propertyUuid: 'p1', startDate: '2026-11-01', endDate: '2026-11-07' };
    const gdpr = propertyAnalyticsReport(counts, { ...scope, us: false });
    expect(gdpr).toMatchObject({
      totalShown: 6,
      acceptAll: 3,
      rejectAll: 1,
      partialAll: 1,
      consentRatePercentage: 66.67,
      acceptedRatePercentage: 50,
      bounceRatePercentage: 16.67,
      doNotSellRequestReceived: null,
      idProperty: 'p1',
    });
    const us = propertyAnalyticsReport(counts, { ...scope, us: true });
    expect(us).toMatchObject({ doNotSellRequestReceived: 1, doNotSellRequestFulfilled: 1 });
  });
});
