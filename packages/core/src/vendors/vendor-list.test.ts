import type { GvlFixture } from '@assent/testing';
import { gvlFixture } from '@assent/testing';
import { describe, expect, it } from 'vitest';
import { Gvl } from './gvl';
import { VendorListResponse, toVendorListResponse } from './vendor-list';

const fixture = (name: string) => Gvl.parse(JSON.parse(gvlFixture(name as GvlFixture)) as unknown);

describe('toVendorListResponse', () => {
  it.each(['gvl2-vendor-list.json', 'gvl3-vendor-list.json', 'gvl3-vendor-list-v17.json'])(
    'reads the real %s into the API shape',
    (name) => {
      const gvl = fixture(name);
      const list = toVendorListResponse(gvl);
      expect(VendorListResponse.parse(list)).toEqual(list);
      expect(list.gvlVersion).toBe(gvl.gvlSpecificationVersion);
      expect(list.vendors).toHaveLength(Object.keys(gvl.vendors).length);
      expect(list.vendors.map((v) => v.id)).toEqual(
        [...list.vendors.map((v) => v.id)].sort((a, b) => a - b),
      );
      expect(list.purposes.map((p) => p.id)).toEqual(
        Object.values(gvl.purposes)
          .map((p) => p.id)
          .sort((a, b) => a - b),
      );
    },
  );

  it('takes the English privacy URL of v3 vendors and the policy URL of v2 vendors', () => {
    const v3 = toVendorListResponse(fixture('gvl3-vendor-list.json'));
    expect(v3.vendors.filter((v) => v.policyUrl).length).toBeGreaterThan(v3.vendors.length * 0.9);
    const v2 = toVendorListResponse(fixture('gvl2-vendor-list.json'));
    expect(v2.vendors.every((v) => typeof v.policyUrl === 'string')).toBe(true);
  });
});
