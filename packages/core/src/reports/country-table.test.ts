import { describe, expect, it } from 'vitest';
import type { CountryTableRow } from './country-table';
import {
  COUNTRY_TABLE_PAGE_SIZE,
  DEFAULT_COUNTRY_TABLE_SORT,
  buildCountryTableRows,
  countryRowsToCsv,
  countryTableCell,
  countryTablePage,
  filterCountryRows,
  nextCountryTableSort,
  sortCountryRows,
  countryTableShownCell,
} from './country-table';

const row = (country: string, totalSessions: number | null): CountryTableRow => ({
  country,
  totalSessions,
  optInPercent: 50,
  optOutPercent: 10,
  partialOptInPercent: 5,
  bouncePercent: null,
  totalSessionsChange: null,
  optInPercentChange: 0,
  optOutPercentChange: 0,
  partialOptInPercentChange: 0,
  bouncePercentChange: null,
});

describe('buildCountryTableRows', () => {
  it('computes changes from exact values, unrounded, and answers the values to two decimals', () => {
    const [de] = buildCountryTableRows(
      [{ country: 'DE', totalSessions: 3, optInPercent: (2 / 3) * 100 }],
      [{ country: 'DE', totalSessions: 1, optInPercent: 100 }],
    );
    expect(de!.optInPercent).toBe(66.67);
    expect(de!.optInPercentChange).toBeCloseTo(-33.3333, 4);
    expect(de!.optInPercentChange).not.toBe(-33.33);
  });

  it('joins current and comparison rows by country and computes the changes', () => {
    const [fr, de] = buildCountryTableRows(
      [
        {
          country: 'fr',
          totalSessions: 120,
          optInPercent: 60,
          optOutPercent: 10,
          partialOptInPercent: 5,
          bouncePercent: 25,
        },
        {
          country: 'DE',
          totalSessions: 10,
          optInPercent: null,
          optOutPercent: 1,
          partialOptInPercent: 1,
          bouncePercent: 1,
        },
      ],
      [
        {
          country: 'FR',
          totalSessions: 100,
          optInPercent: 0,
          optOutPercent: 10,
          partialOptInPercent: 5,
          bouncePercent: 20,
        },
      ],
    );
    expect(fr).toMatchObject({
      country: 'FR',
      totalSessionsChange: 20,
      optInPercentChange: 100,
      optOutPercentChange: 0,
      bouncePercentChange: 25,
    });
    // DE had no views before: Display Count rose from 0 (+100%, the zero-baseline rule); its rates
    // had nothing to compare with.
    expect(de).toMatchObject({
      country: 'DE',
      optInPercent: null,
      totalSessionsChange: 100,
      optOutPercentChange: null,
      bouncePercentChange: null,
    });
  });
});

describe('client-side sorting, filtering and paging', () => {
  const rows = [row('FR', 10), row('US', null), row('DE', 30), row('GB', 20)];

  it('sorts by Display Count descending by default, nulls last', () => {
    expect(DEFAULT_COUNTRY_TABLE_SORT).toEqual({ field: 'totalSessions', order: 'descend' });
    expect(sortCountryRows(rows).map((r) => r.country)).toEqual(['DE', 'GB', 'FR', 'US']);
    expect(
      sortCountryRows(rows, { field: 'totalSessions', order: 'ascend' }).map((r) => r.country),
    ).toEqual(['FR', 'GB', 'DE', 'US']);
  });

  it('sorts by country name', () => {
    expect(
      sortCountryRows(rows, { field: 'country', order: 'ascend' }).map((r) => r.country),
    ).toEqual(['FR', 'DE', 'GB', 'US']);
  });

  it('choosing a column: the same one reverses, a new one starts descending (Country ascending)', () => {
    const byOptIn = nextCountryTableSort(DEFAULT_COUNTRY_TABLE_SORT, 'optInPercent');
    expect(byOptIn).toEqual({ field: 'optInPercent', order: 'descend' });
    expect(nextCountryTableSort(byOptIn, 'optInPercent')).toEqual({
      field: 'optInPercent',
      order: 'ascend',
    });
    expect(nextCountryTableSort(byOptIn, 'country')).toEqual({ field: 'country', order: 'ascend' });
    expect(nextCountryTableSort({ field: 'country', order: 'ascend' }, 'country').order).toBe(
      'descend',
    );
  });

  it('filters by code or name', () => {
    expect(filterCountryRows(rows, 'germ').map((r) => r.country)).toEqual(['DE']);
    expect(filterCountryRows(rows, 'us').map((r) => r.country)).toEqual(['US']);
    expect(filterCountryRows(rows, ' ')).toHaveLength(4);
  });

  it('pages by 10 rows', () => {
    const many = Array.from({ length: 23 }, (_, i) => row(`C${i}`, i));
    expect(COUNTRY_TABLE_PAGE_SIZE).toBe(10);
    expect(countryTablePage(many, 1)).toHaveLength(10);
    expect(countryTablePage(many, 3).map((r) => r.country)).toEqual(['C20', 'C21', 'C22']);
  });
});

describe('cells and export', () => {
  it('shows N/A for null metrics and segment labels for page format and device type', () => {
    const r = { ...row('FR', null), pageFormat: null, deviceType: 'tv' };
    expect(countryTableCell(r, 'totalSessions')).toBe('N/A');
    expect(countryTableCell(r, 'country')).toBe('France');
    expect(countryTableCell(r, 'pageFormat')).toBe('N/A (old version)');
    expect(countryTableCell(r, 'deviceType')).toBe('-');
  });

  it('exports a CSV with a header named after the catalogue', () => {
    const csv = countryRowsToCsv([row('FR', 12)]).split('\n');
    expect(csv[0]).toBe(
      'Country,Display Count,Display Count Change,Opt-in %,Opt-in % Change,Opt-out %,Opt-out % Change,Partial Opt-in %,Partial Opt-in % Change,Bounce %,Bounce % Change',
    );
    expect(csv[1]).toBe('France,12,N/A,50,0,10,0,5,0,N/A,N/A');
  });
});

describe('country table cells as shown', () => {
  it('names the country, abbreviates counts, rounds percentages, signs changes', () => {
    const [row] = buildCountryTableRows(
      [{ country: 'de', totalSessions: 1500, optInPercent: 62.44 }],
      [{ country: 'DE', totalSessions: 1000, optInPercent: 62.44 }],
    );
    expect(countryTableShownCell(row!, 'country')).toBe('Germany');
    expect(countryTableShownCell(row!, 'totalSessions')).toBe('1.5K');
    expect(countryTableShownCell(row!, 'totalSessionsChange')).toBe('+50.0%');
    expect(countryTableShownCell(row!, 'optInPercent')).toBe('62.4%');
    expect(countryTableShownCell(row!, 'optInPercentChange')).toBe('No change');
    expect(countryTableShownCell(row!, 'optOutPercent')).toBe('N/A');
  });
});
