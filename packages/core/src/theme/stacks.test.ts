import type { GvlFixture } from '@assent/testing';
import { gvlFixture } from '@assent/testing';
import { describe, expect, it } from 'vitest';
import { siteThemeValues, smallGvl } from '../testing/theme';
import { Gvl, gvlStacks } from '../vendors/gvl';
import {
  StacksRequest,
  computeStacks,
  editorStacksRequest,
  saveStackSelection,
  shouldLoadStacks,
  stacksConfigureDisabled,
  stacksRequestOf,
  toThemeStacks,
} from './stacks';

const realGvl = (name: string) => Gvl.parse(JSON.parse(gvlFixture(name as GvlFixture)) as unknown);

describe('computeStacks', () => {
  it('keeps the stacks whose purposes and special features are all selected', () => {
    const result = computeStacks(gvlStacks(smallGvl()), [2, 3, 4, 7], [], []);
    expect(result.stacks.map((s) => s.id)).toEqual([2, 3]);
  });

  it('counts legitimate-interest purposes as selected', () => {
    expect(computeStacks(gvlStacks(smallGvl()), [2], [7], []).stacks.map((s) => s.id)).toEqual([2]);
  });

  it('needs every special feature of a stack', () => {
    expect(computeStacks(gvlStacks(smallGvl()), [], [], [1]).stacks).toEqual([]);
    expect(computeStacks(gvlStacks(smallGvl()), [], [], [1, 2]).stacks.map((s) => s.id)).toEqual([
      1,
    ]);
  });

  it('recommends the largest stacks that do not overlap, and lists what is left', () => {
    const result = computeStacks(gvlStacks(smallGvl()), [2, 3, 4, 7, 8, 9, 10], [], [1, 2]);
    expect(result.stacks.map((s) => s.id)).toEqual([1, 2, 3, 4, 5]);
    // 3 (2,3,4), 4 (7,8,9) and 1 (SF 1,2) are taken; 2 overlaps 3 and 5 overlaps 4.
    expect(result.recommended).toEqual([1, 3, 4]);
    expect(result.uncoveredPurposeIds).toEqual([10]);
    expect(result.uncoveredSpecialFeatureIds).toEqual([]);
  });

  it('works on the real GVL v3: all purposes 2 to 11 and both special features', () => {
    const gvl = realGvl('gvl3-vendor-list-v17.json');
    const all = computeStacks(gvlStacks(gvl), [2, 3, 4, 5, 6, 7, 8, 9, 10, 11], [], [1, 2]);
    expect(all.stacks).toHaveLength(43);
    // Stack 42 holds purposes 2 to 11; stack 1 the two special features.
    expect(all.recommended).toEqual([1, 42]);
    expect(all.uncoveredPurposeIds).toEqual([]);
    const some = computeStacks(gvlStacks(gvl), [2, 7, 8, 9], [10], []);
    expect(some.stacks.map((s) => s.id)).toEqual([2, 4, 17, 18, 19, 20, 21, 22, 29]);
    // 20 (7,8,9,10) and 29 (2,7,8,9) are the largest; the lower id wins the tie.
    expect(some.recommended).toEqual([20]);
    expect(some.uncoveredPurposeIds).toEqual([2]);
  });

  it('works on the real GVL v2 (10 purposes)', () => {
    const gvl = realGvl('gvl2-vendor-list.json');
    const result = computeStacks(gvlStacks(gvl), [2, 3, 4, 5, 6, 7, 8, 9, 10], [], []);
    expect(result.stacks).toHaveLength(41);
    expect(result.recommended).toEqual([42]);
  });
});

describe('stack form rules', () => {
  it('builds the stacks call from the theme', () => {
    const theme = siteThemeValues({
      vendorPurposeIds: [1, 2],
      vendorPurposeLegitimateInterestIds: [7],
      vendorSpecialFeaturesIds: [1],
    });
    expect(stacksRequestOf(theme)).toEqual({
      gvlVersion: 3,
      purposeIds: [1, 2],
      liPurposeIds: [7],
      specialFeatureIds: [1],
    });
    expect(StacksRequest.parse({})).toEqual({
      gvlVersion: 3,
      purposeIds: [],
      liPurposeIds: [],
      specialFeatureIds: [],
    });
  });

  it('loads stacks on demand when stacks is chosen', () => {
    expect(shouldLoadStacks('stacks', false)).toBe(true);
    expect(shouldLoadStacks('stacks', true)).toBe(false);
    expect(shouldLoadStacks('purposes', false)).toBe(false);
  });

  it('disables Configure with one stack or fewer', () => {
    expect(stacksConfigureDisabled([])).toBe(true);
    expect(stacksConfigureDisabled([{}])).toBe(true);
    expect(stacksConfigureDisabled([{}, {}])).toBe(false);
  });

  it('Save in the stack modal stores the stacks and sets userSelectedStack', () => {
    const theme = siteThemeValues({ vendorSpecialPurposesIds: [1], vendorFeaturesIds: [2] });
    const chosen = toThemeStacks([3, 4], theme);
    expect(chosen).toEqual([
      { stacks: 3, specialPurposes: [1], features: [2] },
      { stacks: 4, specialPurposes: [1], features: [2] },
    ]);
    const saved = saveStackSelection(theme, chosen);
    expect(saved.userSelectedStack).toBe(true);
    expect(saved.stacks).toEqual(chosen);
    expect(theme.userSelectedStack).toBe(false);
  });
});

describe('editorStacksRequest', () => {
  const list = { purposes: [{ id: 1 }, { id: 2 }, { id: 3 }], specialFeatures: [{ id: 1 }] };

  it("asks with the theme's declared purposes when it declares some", () => {
    const t = siteThemeValues({ vendorPurposeIds: [1, 2], vendorSpecialFeaturesIds: [] });
    expect(editorStacksRequest(t, list)).toEqual({
      gvlVersion: 3,
      purposeIds: [1, 2],
      liPurposeIds: [],
      specialFeatureIds: [],
    });
  });

  it('asks with every purpose and special feature of the list when the theme declares none', () => {
    expect(editorStacksRequest(siteThemeValues(), list)).toEqual({
      gvlVersion: 3,
      purposeIds: [1, 2, 3],
      liPurposeIds: [],
      specialFeatureIds: [1],
    });
  });
});
