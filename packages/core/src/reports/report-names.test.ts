import { describe, expect, it } from 'vitest';
import { reportValueName, reportValueNames } from './report-names';

const names = reportValueNames({
  themes: [
    { uuid: '7', themeName: 'Summer theme' },
    { uuid: '1', themeName: 'Default theme' },
  ],
  properties: [
    { siteUuid: 'site-a', url: 'news.example', isDisabled: false },
    { siteUuid: 'site-b', url: 'shop.example', isDisabled: false, propertyId: 'p-b' },
  ],
});

describe('reportValueName', () => {
  it('names a theme by its name, a property by its url, a language by its name', () => {
    expect(reportValueName('themeUuid', '7', names)).toBe('Summer theme');
    expect(reportValueName('themeUuid', 1, names)).toBe('Default theme');
    expect(reportValueName('propertyId', 'site-a', names)).toBe('news.example');
    expect(reportValueName('propertyId', 'p-b', names)).toBe('shop.example');
    expect(reportValueName('themeLanguage', 'fr', undefined)).toBe('French');
  });

  it('names a country as the dashboard does, device types and page formats by their labels', () => {
    expect(reportValueName('country', 'FR', undefined)).toBe('France');
    expect(reportValueName('country', 'de', names)).toBe('Germany');
    expect(reportValueName('deviceType', 'pc', undefined)).toBe('Desktop');
    expect(reportValueName('deviceType', 'mobile', undefined)).toBe('Phone');
    expect(reportValueName('pageFormat', 'AMP', undefined)).toBe('AMP');
    expect(reportValueName('gbcApplicable', true, undefined)).toBe('Yes');
    expect(reportValueName('copApplicable', 'false', undefined)).toBe('No');
  });

  it('leaves unknown ids, other dimensions and empty values to the caller', () => {
    expect(reportValueName('themeUuid', '99', names)).toBeUndefined();
    expect(reportValueName('themeUuid', '7', undefined)).toBeUndefined();
    expect(reportValueName('themeLanguage', 'xx', names)).toBeUndefined();
    expect(reportValueName('country', 'XX', names)).toBeUndefined();
    expect(reportValueName('country', null, names)).toBeUndefined();
    expect(reportValueName('deviceType', 'tv', names)).toBeUndefined();
    expect(reportValueName('pageFormat', '', names)).toBeUndefined();
    expect(reportValueName('gbcApplicable', null, names)).toBeUndefined();
    expect(reportValueName('period', '2024-03-14', names)).toBeUndefined();
    expect(reportValueName('themeUuid', null, names)).toBeUndefined();
  });
});
