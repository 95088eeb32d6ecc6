import { describe, expect, it } from 'vitest';
import { MSPA_STATES, UsRegionCode } from './country';

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
