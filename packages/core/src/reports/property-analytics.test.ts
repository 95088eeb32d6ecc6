import { describe, expect, it } from 'vitest';
import {
  PropertyAnalytics,
  PROPERTY_REPORT_ROWS,
  PropertyAnalyticsReport,
  formatAppReportPercent,
  propertyReportCell,
  propertyAnalyticsSections,
  visitOutcomeCounts,
} from './property-analytics';

describe('per-property analytics', () => {
  it('reads every report field, defaulting missing ones to null', () => {
    const report = PropertyAnalyticsReport.parse({ totalShown: 100, acceptAll: 60 });
    expect(Object.keys(report)).toEqual([
      'prefix',
      'startDate',
      'endDate',
      'totalShown',
      'consentRatePercentage',
      'cookiesConsentRatePercentage',
      'bounceRatePercentage',
      'acceptAll',
      'rejectAll',
      'partialAll',
      'acceptedRatePercentage',
      'rejectedRatePercentage',
      'partialRatePercentage',
      'doNotSellRequestReceived',
      'doNotSellRequestFulfilled',
      'medianTimeFulfillmentMillis',
      'idProperty',
    ]);
    expect(report.rejectAll).toBeNull();
  });

  it('lists sections by regulation key, the US states last with a null state as national', () => {
    const analytics = PropertyAnalytics.parse({
      '3': [{ state: 'ca' }, { state: null }],
      '10': { totalShown: 1 },
      '1': { totalShown: 2 },
    });
    expect(propertyAnalyticsSections(analytics).map((s) => s.label)).toEqual([
      'GDPR',
      'Google basic consent',
      'US States: CA',
      'US States: National',
    ]);
  });

  it('counts bounces as shown banners without a choice', () => {
    const report = PropertyAnalyticsReport.parse({
      totalShown: 100,
      acceptAll: 60,
      rejectAll: 20,
      partialAll: 5,
    });
    expect(visitOutcomeCounts(report)).toEqual({
      acceptAll: 60,
      rejectAll: 20,
      partial: 5,
      bounce: 15,
    });
  });

  it('shows app report percentages with two decimals', () => {
    expect(formatAppReportPercent(12.3456)).toBe('12.35%');
    expect(formatAppReportPercent(null)).toBe('N/A');
  });

  it('shows report rows as the detail does: counts compact, outcomes with their share, rates by the caller', () => {
    const report = PropertyAnalyticsReport.parse({
      totalShown: 1500,
      consentRatePercentage: 65.25,
      acceptAll: 900,
      acceptedRatePercentage: 60,
      rejectAll: 300,
    });
    const cell = (key: string, percent = formatAppReportPercent) =>
      propertyReportCell(
        PROPERTY_REPORT_ROWS.find((r) => r.key === key)!,
        report,
        percent,
      );
    expect(cell('totalShown')).toBe('1.5K');
    expect(cell('consentRatePercentage')).toBe('65.25%');
    expect(cell('acceptAll')).toBe('900 (60.00%)');
    // An outcome without its rate shows the count alone.
    expect(cell('rejectAll')).toBe('300');
    expect(PROPERTY_REPORT_ROWS.map((r) => r.label)).toContain('Median fulfilment time (ms)');
  });
});
