import type { BannerConfig } from './config';

/**
 * The runtime's side of A/B tests of themes, free of zod and small (it is in every page's cmp.js):
 * each visitor draws a variant once, by the traffic split, and keeps it in a first-party cookie;
 * the configuration carries the control variant in full and each other variant as a JSON merge
 * patch (RFC 7386) of it (`compile/ab-test.ts` writes them).
 */

/** The first-party cookie that keeps a visitor's variant (its name), renewed on every page view. */
export const AB_VARIANT_COOKIE = 'assent-ab';

/** A JSON object (a value JSON.parse made), as opposed to an array or a scalar. */
const isObject = (v: unknown): v is Record<string, unknown> =>
  (v as object | undefined)?.constructor === Object;

/** Applies a JSON merge patch (RFC 7386): objects merge member by member, null removes one. */
export function applyConfigPatch<T>(base: T, patch: unknown): T {
  if (!isObject(patch)) return patch as T;
  const merged: Record<string, unknown> = isObject(base) ? { ...base } : {};
  for (const [key, value] of Object.entries(patch))
    if (value === null) delete merged[key];
    else merged[key] = applyConfigPatch(merged[key], value);
  return merged as T;
}

/**
 * The visitor's variant of the site's A/B test and its configuration, or undefined when the site
 * runs none. The variant is the `stored` one while the test still has it (sticky), else the one
 * whose share of the split (whole percents adding up to 100) holds `draw`, a number in [0, 1)
 * such as `Math.random()`: over many visitors each variant gets its share.
 */
export function abTestVariant(
  config: BannerConfig,
  stored: string | undefined,
  draw: number,
): [name: string, config: BannerConfig] | undefined {
  const { abTest, ...control } = config;
  if (!abTest) return undefined;
  const { variants } = abTest;
  let point = draw * 100;
  const variant =
    variants.find((v) => v.name === stored) ??
    variants.find((v) => (point -= v.traffic) < 0) ??
    variants[0]!;
  return [variant.name, variant.patch ? applyConfigPatch(control, variant.patch) : control];
}
