import { GVL_FIXTURES_DIR } from '@assent/testing';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GVL_VERSION_OF_TCF, Gvl, gvlStacks, gvlVendors, tcfVersionOfGvl } from './gvl';

const FIXTURES = GVL_FIXTURES_DIR;
const load = (name: string): unknown =>
  JSON.parse(readFileSync(`${FIXTURES}/${name}`, 'utf8')) as unknown;

const purposeIds = (gvl: Gvl): number[] =>
  Object.values(gvl.purposes)
    .map((p) => p.id)
    .sort((a, b) => a - b);

describe('GVL schema', () => {
  it('parses the real v2 list (TCF 2.0)', () => {
    const gvl = Gvl.parse(load('gvl2-vendor-list.json'));
    expect(gvl.gvlSpecificationVersion).toBe(2);
    expect(gvl.vendorListVersion).toBe(51);
    expect(gvl.tcfPolicyVersion).toBe(2);
    expect(gvl.lastUpdated).toBe('2020-08-13T16:05:23Z');
    expect(purposeIds(gvl)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(gvlStacks(gvl)).toHaveLength(42);
    expect(gvl.dataCategories).toBeUndefined();
    const first = gvl.vendors['1'];
    expect(first).toMatchObject({
      id: 1,
      purposes: [1, 2, 3, 4, 7, 8, 9, 10],
      legIntPurposes: [],
      flexiblePurposes: [2, 3, 4, 7, 8, 9, 10],
      specialPurposes: [1, 2],
      features: [1, 3],
      specialFeatures: [],
      policyUrl: 'https://vdx.tv/privacy/',
    });
  });

  it('parses the real v3 lists (TCF 2.2), vendor list versions 7 and 17', () => {
    const v7 = Gvl.parse(load('gvl3-vendor-list.json'));
    const v17 = Gvl.parse(load('gvl3-vendor-list-v17.json'));
    for (const gvl of [v7, v17]) {
      expect(gvl.gvlSpecificationVersion).toBe(3);
      expect(gvl.tcfPolicyVersion).toBe(4);
      expect(purposeIds(gvl)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
      expect(gvlStacks(gvl)).toHaveLength(43);
      expect(Object.keys(gvl.dataCategories ?? {})).toHaveLength(11);
    }
    expect(v7.vendorListVersion).toBe(7);
    expect(v17.vendorListVersion).toBe(17);
    expect(v7.vendors['1']?.cookieMaxAgeSeconds).toBe(7776000);
    expect(v7.vendors['1']?.dataRetention?.stdRetention).toBe(397);
    expect(gvlStacks(v17)[0]).toMatchObject({ id: 1, purposes: [], specialFeatures: [1, 2] });
  });

  it('leaves deleted vendors out unless asked, and sorts by id', () => {
    const gvl = Gvl.parse(load('gvl3-vendor-list-v17.json'));
    const all = gvlVendors(gvl, { includeDeleted: true });
    const active = gvlVendors(gvl);
    expect(all).toHaveLength(692);
    expect(active.length).toBeLessThan(all.length);
    expect(active.every((v) => v.deletedDate === undefined)).toBe(true);
    expect(active.map((v) => v.id)).toEqual([...active.map((v) => v.id)].sort((a, b) => a - b));
  });

  it('rejects a list that is not v2 or v3', () => {
    const gvl = load('gvl3-vendor-list.json') as Record<string, unknown>;
    expect(Gvl.safeParse({ ...gvl, gvlSpecificationVersion: 4 }).success).toBe(false);
  });

  it('maps TCF 2.0 to GVL v2 and TCF 2.2 to GVL v3', () => {
    expect(GVL_VERSION_OF_TCF).toEqual({ '2.0': 2, '2.2': 3 });
    expect(tcfVersionOfGvl(2)).toBe('2.0');
    expect(tcfVersionOfGvl(3)).toBe('2.2');
  });
});
