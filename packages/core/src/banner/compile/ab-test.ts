import { sameValue } from '../../equal';
import type { BannerConfig } from '../config';

type JsonObject = Record<string, unknown>;
const isObject = (v: unknown): v is JsonObject =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The JSON merge patch (RFC 7386) that turns `base` into `target`: only the members that differ,
 * null for one `target` lacks; arrays and other values are replaced whole. Both are JSON values
 * without nulls (a banner configuration has none).
 */
export function configPatch(base: unknown, target: unknown): unknown {
  if (!isObject(base) || !isObject(target)) return target;
  const patch: JsonObject = {};
  for (const key of Object.keys(base)) if (!(key in target)) patch[key] = null;
  for (const [key, value] of Object.entries(target))
    if (!sameValue(base[key], value)) patch[key] = configPatch(base[key], value);
  return patch;
}

/** One variant of a site's A/B test with its compiled configuration. */
export interface AbTestVariantConfig {
  name: string;
  traffic: number;
  config: BannerConfig;
}

/**
 * The configuration of a site running an A/B test, as cmp.js carries it: the first variant (the
 * control) in full, and the test's variants with their share and, for each other variant, the
 * patch from the control to its configuration (its theme's look and texts, and whatever else its
 * theme changes), so the page does not download every theme's texts in full. Each configuration
 * names its variant (`abVariant`), which the visit beacons report.
 */
export function withAbTest(variants: readonly AbTestVariantConfig[]): BannerConfig {
  const plain = (v: AbTestVariantConfig) =>
    JSON.parse(JSON.stringify({ ...v.config, abVariant: v.name })) as BannerConfig;
  const control = plain(variants[0]!);
  return {
    ...control,
    abTest: {
      variants: variants.map((v, i) => ({
        name: v.name,
        traffic: v.traffic,
        ...(i === 0 ? {} : { patch: configPatch(control, plain(v)) as JsonObject }),
      })),
    },
  };
}
