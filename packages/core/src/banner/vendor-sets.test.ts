import { gvlFixture } from '@assent/testing';
import { describe, expect, it } from 'vitest';
import type { BannerVendor } from './config';
import { bannerConfigFixture } from './fixtures';
import type { GvlVendorDeclarations } from './rules';
import { compactVendor, partnerCount } from './rules';
import { packVendors, vendorSets } from './vendor-sets';

const gvl = JSON.parse(gvlFixture('gvl3-vendor-list-v17.json')) as {
  vendors: Record<string, GvlVendorDeclarations>;
};

describe('packVendors / vendorSets', () => {
  it('accept all consents to vendors with an offered purpose (declared or flexible) or special feature, LI to those with an allowed LI purpose or a type-2 restriction', () => {
    const vendors: BannerVendor[] = [
      [1, 0b1, 0, 0, 0], // purpose 1, offered: consent
      [3, 0, 0b10, 0, 0], // LI for purpose 2: LI only
      [4, 0b100, 0b100, 0, 0], // purpose 3 (LI for 3 is never allowed): consent only
      [5, 0b10000000000, 0, 0, 0], // purpose 11, not offered: in scope, nothing
      [6, 0, 0, 0b1000000, 0], // flexible purpose 7, offered; a restriction gives it LI for 7
      [8, 0, 0, 0, 0b1], // special feature 1
    ];
    const gdpr = {
      vendors,
      consentPurposes: [1, 2, 3, 7],
      legitimateInterestPurposes: [2, 3, 7],
      specialFeatures: [1],
      restrictions: [{ purposeId: 7, type: 2 as const, vendorIds: [6] }],
    };
    // One character per id from 1: 0 not in scope, 1 in scope, +1 consent, +2 legitimate interest.
    const packed = packVendors(gdpr);
    expect(packed).toBe('20321402');
    expect(vendorSets({ vendors: packed })).toEqual({
      ids: [1, 3, 4, 5, 6, 8],
      consent: [1, 4, 6, 8],
      li: [3, 6],
    });
    expect(partnerCount({ vendors: packed })).toBe(6);
    expect(vendorSets({ vendors: '' })).toEqual({ ids: [], consent: [], li: [] });
  });

  it('the real GVL v17: every active vendor in scope, its sets as its declarations give them', () => {
    const active = Object.values(gvl.vendors)
      .filter((v) => !v.deletedDate)
      .sort((a, b) => a.id - b.id);
    const gdpr = { ...bannerConfigFixture().gdpr!, vendors: active.map(compactVendor) };
    const sets = vendorSets({ vendors: packVendors(gdpr) });
    const has = (ids: readonly number[], of: readonly number[]) => ids.some((i) => of.includes(i));
    const liPurposes = gdpr.legitimateInterestPurposes.filter((p) => p < 3 || p > 6);
    expect(sets).toEqual({
      ids: active.map((v) => v.id),
      consent: active
        .filter(
          (v) =>
            has(v.purposes, gdpr.consentPurposes) ||
            has(v.flexiblePurposes, gdpr.consentPurposes) ||
            has(v.specialFeatures, gdpr.specialFeatures),
        )
        .map((v) => v.id),
      li: active.filter((v) => has(v.legIntPurposes, liPurposes)).map((v) => v.id),
    });
    expect(sets.li.length).toBeGreaterThan(100);
    expect(sets.li.length).toBeLessThan(sets.ids.length);
  });

  it('the fixture packs its vendors with its own settings (a restriction gives LI)', () => {
    const base = bannerConfigFixture();
    expect(vendorSets(base.gdpr!).li).not.toContain(1);
    const restricted = bannerConfigFixture({
      gdpr: { ...base.gdpr!, restrictions: [{ purposeId: 7, type: 2, vendorIds: [1] }] },
    });
    expect(vendorSets(restricted.gdpr!).li).toContain(1);
  });
});
