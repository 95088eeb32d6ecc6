import { describe, expect, it } from 'vitest';
import { COUNTRIES, COUNTRIES_BY_NAME, countryMatches, MSPA_STATES, UsRegionCode } from './country';

describe('country pickers (issue 17 item 11)', () => {
  it('list every country by name, not by ISO code', () => {
    expect(COUNTRIES_BY_NAME).toHaveLength(COUNTRIES.length);
    const names = COUNTRIES_BY_NAME.map((c) => c.name);
    expect(names.slice(0, 3)).toEqual(['Afghanistan', 'Åland Islands', 'Albania']);
    expect(names.indexOf('United Arab Emirates')).toBeGreaterThan(names.indexOf('Germany'));
    expect(names.at(-1)).toBe('Zimbabwe');
  });

  it('search by name (case and accents ignored) or by exact code', () => {
    const find = (q: string) =>
      COUNTRIES_BY_NAME.filter((c) => countryMatches(c, q)).map((c) => c.code);
    expect(find('germ')).toEqual(['DE']);
    expect(find('cote')).toEqual(['CI']);
    expect(find('gb')).toEqual(['GB']);
    expect(find('  ')).toHaveLength(COUNTRIES.length);
    expect(find('united')).toEqual(['AE', 'GB', 'US']);
  });
});

/** properties-and-tags §9: the US region codes of reports and the MSPA state frameworks, in order. */
describe('US regions', () => {
  it('lists the report region codes of the spec, in its order', () => {
    expect(UsRegionCode.options).toEqual([
      'ca',
      'va',
      'co',
      'ct',
      'ut',
      'fl',
      'mt',
      'or',
      'tx',
      'de',
      'ne',
      'nj',
      'nh',
      'tn',
      'ia',
      'national',
      'all',
    ]);
    expect(UsRegionCode.safeParse('CA').success).toBe(false);
    expect(UsRegionCode.safeParse('ny').success).toBe(false);
  });

  it('lists the MSPA state frameworks of the spec, in its order', () => {
    expect(MSPA_STATES.map((s) => s.name)).toEqual([
      'California',
      'Virginia',
      'Connecticut',
      'Colorado',
      'Utah',
      'Florida',
      'Oregon',
      'Montana',
      'Texas',
      'Delaware',
      'Nebraska',
      'New Hampshire',
      'New Jersey',
      'Tennessee',
      'Iowa',
    ]);
  });

  it('gives each state framework its state code, a report region and its GPP section', () => {
    for (const { state, gppSection } of MSPA_STATES) {
      expect(UsRegionCode.options).toContain(state.toLowerCase());
      expect(gppSection).toBe(`us${state.toLowerCase()}`);
    }
    // Every state region of the reports is a state framework (national and all are not states).
    const states = MSPA_STATES.map((s) => s.state.toLowerCase());
    expect(UsRegionCode.options.filter((r) => !states.includes(r))).toEqual(['national', 'all']);
  });
});
