import { z } from 'zod';
import type { GvlStack } from '../vendors/gvl';
import { GvlStack as GvlStackSchema, GvlVersion } from '../vendors/gvl';
import type { ThemeStack, ThemeValues } from './schema';

/** What the stacks call takes: the declared purposes (consent and LI) and special features. */
export const StacksRequest = z.object({
  gvlVersion: GvlVersion.default(3),
  purposeIds: z.array(z.number().int().positive()).default([]),
  liPurposeIds: z.array(z.number().int().positive()).default([]),
  specialFeatureIds: z.array(z.number().int().positive()).default([]),
});
export type StacksRequest = z.infer<typeof StacksRequest>;

/**
 * The stacks that fit the selection, and a recommended set of them that does not overlap, with
 * what the recommendation leaves to be shown as single purposes and special features.
 */
export const StacksResult = z.object({
  stacks: z.array(GvlStackSchema),
  recommended: z.array(z.number().int().positive()),
  uncoveredPurposeIds: z.array(z.number().int().positive()),
  uncoveredSpecialFeatureIds: z.array(z.number().int().positive()),
});
export type StacksResult = z.infer<typeof StacksResult>;

const sizeOf = (s: GvlStack) => s.purposes.length + s.specialFeatures.length;

/**
 * The GVL stacks whose purposes are all among the declared purposes (consent or legitimate
 * interest) and whose special features are all among the declared ones. The recommendation takes
 * the largest stacks first (lower id on a tie) and skips any that shares a purpose or special
 * feature with one already taken, so no purpose is shown twice.
 */
export function computeStacks(
  gvlStackList: readonly GvlStack[],
  purposeIds: readonly number[],
  liPurposeIds: readonly number[],
  specialFeatureIds: readonly number[],
): StacksResult {
  const purposes = new Set([...purposeIds, ...liPurposeIds]);
  const features = new Set(specialFeatureIds);
  const stacks = gvlStackList.filter(
    (s) =>
      sizeOf(s) > 0 &&
      s.purposes.every((p) => purposes.has(p)) &&
      s.specialFeatures.every((f) => features.has(f)),
  );

  const takenPurposes = new Set<number>();
  const takenFeatures = new Set<number>();
  const recommended: number[] = [];
  for (const s of [...stacks].sort((a, b) => sizeOf(b) - sizeOf(a) || a.id - b.id)) {
    const overlaps =
      s.purposes.some((p) => takenPurposes.has(p)) ||
      s.specialFeatures.some((f) => takenFeatures.has(f));
    if (overlaps) continue;
    recommended.push(s.id);
    s.purposes.forEach((p) => takenPurposes.add(p));
    s.specialFeatures.forEach((f) => takenFeatures.add(f));
  }

  const ascending = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);
  return {
    stacks,
    recommended: ascending(recommended),
    uncoveredPurposeIds: ascending(purposes).filter((p) => !takenPurposes.has(p)),
    uncoveredSpecialFeatureIds: ascending(features).filter((f) => !takenFeatures.has(f)),
  };
}

/** The stacks call for a theme's declared vendor purposes. */
export const stacksRequestOf = (
  t: Pick<
    ThemeValues,
    | 'gvlVersion'
    | 'vendorPurposeIds'
    | 'vendorPurposeLegitimateInterestIds'
    | 'vendorSpecialFeaturesIds'
  >,
): StacksRequest => ({
  gvlVersion: t.gvlVersion,
  purposeIds: t.vendorPurposeIds,
  liPurposeIds: t.vendorPurposeLegitimateInterestIds,
  specialFeatureIds: t.vendorSpecialFeaturesIds,
});

/**
 * The theme editor's stacks call: the theme's declared purposes, or, when it declares none, every
 * purpose and special feature of the vendor list (the banner then shows the vendors' purposes, so
 * any stack of the list can apply).
 */
export function editorStacksRequest(
  t: Parameters<typeof stacksRequestOf>[0],
  list: { purposes: ReadonlyArray<{ id: number }>; specialFeatures: ReadonlyArray<{ id: number }> },
): StacksRequest {
  const declared = stacksRequestOf(t);
  if (declared.purposeIds.length || declared.liPurposeIds.length) return declared;
  return {
    ...declared,
    purposeIds: list.purposes.map((p) => p.id),
    specialFeatureIds: list.specialFeatures.map((f) => f.id),
  };
}

/** Stacks load on demand: when 'stacks' is chosen and none are loaded yet. */
export const shouldLoadStacks = (use: ThemeValues['use'], loaded: boolean): boolean =>
  use === 'stacks' && !loaded;

/** Configure is disabled when there is one stack or fewer to choose from. */
export const stacksConfigureDisabled = (available: readonly unknown[]): boolean =>
  available.length <= 1;

/** Save in the stack modal stores the chosen stacks and sets userSelectedStack. */
export function saveStackSelection<T extends ThemeValues>(values: T, chosen: ThemeStack[]): T {
  return { ...values, stacks: chosen, userSelectedStack: true };
}

/** The chosen stacks as stored: each with the theme's special purposes and features beside it. */
export const toThemeStacks = (
  stackIds: readonly number[],
  t: Pick<ThemeValues, 'vendorSpecialPurposesIds' | 'vendorFeaturesIds'>,
): ThemeStack[] =>
  stackIds.map((id) => ({
    stacks: id,
    specialPurposes: [...t.vendorSpecialPurposesIds],
    features: [...t.vendorFeaturesIds],
  }));
