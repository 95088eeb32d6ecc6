import { describe, expect, it } from 'vitest';
import {
  EUROPEAN_COUNTRY_CODES,
  groupSessionsByCountryRegion,
  groupSessionsByPageFormat,
  groupSessionsByRegulation,
  regionOfCountry,
  regionOfRegulation,
} from './region-groups';

describe('regions', () => {
  it('counts European countries as EU and the United States as US', () => {
    expect(EUROPEAN_COUNTRY_CODES).toEqual(expect.arrayContaining(['DE', 'FR', 'NO', 'GB', 'CH']));
    expect(regionOfCountry('fr')).toBe('EU');
    expect(regionOfCountry('US')).toBe('US');
    expect(regionOfCountry('BR')).toBeUndefined();
    expect(regionOfCountry(null)).toBeUndefined();
  });

  it('puts GDPR in EU and CCPA and MSPA in US, by name or id', () => {
    expect(regionOfRegulation('GDPR')).toBe('EU');
    expect(regionOfRegulation(1)).toBe('EU');
    expect(regionOfRegulation('2')).toBe('US');
    expect(regionOfRegulation('MSPA')).toBe('US');
    expect(regionOfRegulation(10)).toBeUndefined();
  });
});

describe('chart groupings', () => {
  it('sums sessions per period into EU, US and a Total of every country', () => {
    expect(
      groupSessionsByCountryRegion([
        { period: '2024-03-09', country: 'US', totalSessions: 5 },
        { period: '2024-03-08', country: 'DE', totalSessions: 10 },
        { period: '2024-03-08', country: 'FR', totalSessions: 2 },
        { period: '2024-03-08', country: 'US', totalSessions: 7 },
        { period: '2024-03-08', country: 'BR', totalSessions: 1 },
        { period: '2024-03-09', country: 'JP', totalSessions: null },
      ]),
    ).toEqual([
      { period: '2024-03-08', EU: 12, US: 7, Total: 20 },
      { period: '2024-03-09', EU: 0, US: 5, Total: 5 },
    ]);
  });

  it('groups regulations into EU, US and Total', () => {
    expect(
      groupSessionsByRegulation([
        { period: 'w1', regulation: 1, totalSessions: 4 },
        { period: 'w1', regulation: 2, totalSessions: 3 },
        { period: 'w1', regulation: 3, totalSessions: 2 },
      ]),
    ).toEqual([{ period: 'w1', EU: 4, US: 5, Total: 9 }]);
  });

  it('groups page formats into Total (All Pages), AMP and HTTP', () => {
    expect(
      groupSessionsByPageFormat([
        { period: 'w1', pageFormat: 'AMP', totalSessions: 4 },
        { period: 'w1', pageFormat: 'HTTP', totalSessions: 6 },
        { period: 'w1', pageFormat: null, totalSessions: 1 },
      ]),
    ).toEqual([{ period: 'w1', 'Total (All Pages)': 11, AMP: 4, HTTP: 6 }]);
  });
});
