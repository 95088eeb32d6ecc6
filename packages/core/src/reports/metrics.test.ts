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

  it('answers null (N/A), not 0, for a rate without shown visits', () => {
    expect(metricValue('optInPercent', ZERO_VISIT_COUNTS)).toBeNull();
    expect(percentOf(1, 0)).toBeNull();
    // No visit under Google basic consent or shown Consent or Pay: no rate, and 0 users.
    expect(metricValue('gbcAdStorageGrantedPercent', counts)).toBeNull();
    expect(metricValue('copSubscribePercent', counts)).toBeNull();
    expect(metricValue('copUsers', counts)).toBe(0);
  });

  it('takes each GBC signal as granted of the visits where the property sets it', () => {
    const signals = (granted: number, denied: number) => ({
      ...ZERO_VISIT_COUNTS,
      gbcGranted: {
        ad_storage: granted,
        analytics_storage: 1,
        ad_user_data: 0,
        ad_personalization: 0,
      },
      gbcDenied: {
        ad_storage: denied,
        analytics_storage: 0,
        ad_user_data: 0,
        ad_personalization: 2,
      },
    });
    const gbc = addVisitCounts(signals(2, 1), signals(1, 2));
    expect(metricValue('gbcAdStorageGrantedPercent', gbc)).toBe(50);
    expect(metricValue('gbcAnalyticsStorageGrantedPercent', gbc)).toBe(100);
    expect(metricValue('gbcAdPersonalizationGrantedPercent', gbc)).toBe(0);
    // Never set by the property: no data, not 0 %.
    expect(metricValue('gbcAdUserDataGrantedPercent', gbc)).toBeNull();
  });

  it("takes Consent or Pay's rates as shares of the visits shown its screen", () => {
    const cop = {
      ...ZERO_VISIT_COUNTS,
      copShown: 8,
      copAccepted: 5,
      copSubscribe: 2,
      copLogin: 1,
    };
    expect(metricValue('copUsers', cop)).toBe(8);
    expect(metricValue('copAcceptPercent', cop)).toBe(62.5);
    expect(metricValue('copSubscribePercent', cop)).toBe(25);
    expect(metricValue('copLoginPercent', cop)).toBe(12.5);
  });

  it('has a formula for every catalogue metric and none for unknown names', () => {
    expect(REPORT_METRICS.every((m) => isKnownMetric(m.fieldName))).toBe(true);
    expect(isKnownMetric('totalVisitors')).toBe(false);
  });

  it('builds a property report with do-not-sell requests as their own counts (US only)', () => {
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
    // One reject all, but two do-not-sell requests (one not fulfilled): never the reject-alls.
    const dns = { ...counts, doNotSellReceived: 2, doNotSellFulfilled: 1 };
    expect(propertyAnalyticsReport(dns, { ...scope, us: true })).toMatchObject({
      rejectAll: 1,
      doNotSellRequestReceived: 2,
      doNotSellRequestFulfilled: 1,
      // No fulfilment time is recorded: no data (N/A), never a made-up 0.
      medianTimeFulfillmentMillis: null,
    });
    expect(propertyAnalyticsReport(dns, { ...scope, us: false })).toMatchObject({
      doNotSellRequestReceived: null,
      doNotSellRequestFulfilled: null,
    });
  });
});
