import { describe, expect, it } from 'vitest';
import {
  ANALYTICS_REGULATION_LABELS,
  AnalyticsRegulationKey,
  ReportChartType,
  DEVICE_TYPE_LABELS,
  ReportDeviceType,
  ReportOperatingSystem,
  PAGE_FORMAT_GROUPS,
  ReportPageFormat,
  REGION_GROUPS,
  REPORT_REGULATION_IDS,
  ReportRegulation,
  VISIT_OUTCOME_LABELS,
  VisitOutcome,
  applicableLabel,
  deviceTypeLabel,
  pageFormatLabel,
  reportRegulationFromId,
  usStateAnalyticsLabel,
} from './segments';

describe('report enumerations', () => {
  it('numbers regulations GDPR=1, CCPA=2, MSPA=3 and reads them back', () => {
    expect(ReportRegulation.options).toEqual(['GDPR', 'CCPA', 'MSPA']);
    expect(REPORT_REGULATION_IDS).toEqual({ GDPR: 1, CCPA: 2, MSPA: 3 });
    expect(reportRegulationFromId(2)).toBe('CCPA');
    expect(reportRegulationFromId('3')).toBe('MSPA');
    expect(reportRegulationFromId(10)).toBeUndefined();
  });

  it('keys per-property analytics 1 GDPR, 2 CCPA, 3 US states, 10 Google basic consent', () => {
    expect(AnalyticsRegulationKey.options).toEqual(['1', '2', '3', '10']);
    expect(ANALYTICS_REGULATION_LABELS['10']).toBe('Google basic consent');
    expect(usStateAnalyticsLabel(null)).toBe('National');
    expect(usStateAnalyticsLabel('ca')).toBe('CA');
  });

  it('lists page formats, devices, operating systems and chart types as the spec names them', () => {
    expect(ReportPageFormat.options).toEqual(['HTTP', 'AMP']);
    expect(ReportDeviceType.options).toEqual(['pc', 'tablet', 'mobile']);
    expect(DEVICE_TYPE_LABELS).toEqual({ pc: 'Desktop', tablet: 'Tablet', mobile: 'Phone' });
    // The spec's Android, iOS and Windows first, then what the user-agent parser also tells apart.
    expect(ReportOperatingSystem.options.slice(0, 3)).toEqual(['Android', 'iOS', 'Windows']);
    expect(ReportChartType.options).toEqual(['Bar', 'Line']);
    expect(PAGE_FORMAT_GROUPS).toEqual(['Total (All Pages)', 'AMP', 'HTTP']);
    expect(REGION_GROUPS).toEqual(['EU', 'US', 'Total']);
  });

  it('labels visit outcomes as the consent pie does', () => {
    expect(VisitOutcome.options).toEqual(['acceptAll', 'rejectAll', 'partial', 'bounce']);
    expect(Object.values(VISIT_OUTCOME_LABELS)).toEqual([
      'Accept all',
      'Deny all',
      'Partial opt-in',
      'Bounce',
    ]);
  });
});

describe('segment labels in the country table', () => {
  it('shows the old-version label when a page format or device type is missing', () => {
    expect(pageFormatLabel(null)).toBe('N/A (old version)');
    expect(deviceTypeLabel('')).toBe('N/A (old version)');
  });
  it('shows a dash for an unknown value and the label for a known one', () => {
    expect(pageFormatLabel('PWA')).toBe('-');
    expect(deviceTypeLabel('tv')).toBe('-');
    expect(pageFormatLabel('AMP')).toBe('AMP');
    expect(deviceTypeLabel('mobile')).toBe('Phone');
  });
  it('shows applicable flags as Yes or No', () => {
    expect(applicableLabel(true)).toBe('Yes');
    expect(applicableLabel('false')).toBe('No');
    expect(applicableLabel(null)).toBe('-');
  });
});
