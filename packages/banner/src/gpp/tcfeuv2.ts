import type { TCModel } from '../tcf/tcstring';
import { CORE_SEGMENT } from '../tcf/tcstring';

/** `count` booleans, true for the ids listed: GPP's parsed form of a fixed bit field. */
const bits = (ids: readonly number[], count: number) =>
  Array.from({ length: count }, (_, i) => ids.includes(i + 1));

/** The core fields whose GPP name is not the model's, capitalised. */
const RENAMED: Record<string, string> = {
  tcfPolicyVersion: 'PolicyVersion',
  useNonStandardTexts: 'UseNonStandardStacks',
  publisherCC: 'PublisherCountryCode',
  restrictions: 'PublisherRestrictions',
};

/**
 * The tcfeuv2 section's fields as `__gpp` hands them out (ping's `parsedSections`, `getSection`,
 * `getField`): every field of its core, publisher purposes, allowed and disclosed vendors
 * subsections, in the shapes @iabgpp/cmpapi parses from the string (fixed bit fields as boolean
 * arrays, vendor sections as ids, restrictions as `{key, type, ids}`, times to the decisecond).
 * The core is walked from the TC string's own table (`CORE_SEGMENT`).
 */
export function tcfEuV2Fields(m: TCModel): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const core: Record<string, unknown> = { ...m, version: 2 };
  for (const [field, codec] of Object.entries(CORE_SEGMENT)) {
    const v = core[field];
    out[RENAMED[field] ?? field[0]!.toUpperCase() + field.slice(1)] =
      v instanceof Date
        ? new Date(Math.round(v.getTime() / 100) * 100)
        : !Array.isArray(v)
          ? v
          : codec.bits
            ? bits(v as number[], codec.bits)
            : field === 'restrictions'
              ? m.restrictions
                  .filter((r) => r.vendorIds.length)
                  .map((r) => ({ key: r.purposeId, type: r.type, ids: [...r.vendorIds] }))
              : [...(v as number[])];
  }
  const p = m.publisherTC;
  const custom = p?.numCustomPurposes ?? 0;
  return Object.assign(out, {
    PublisherPurposesSegmentType: 3,
    PublisherConsents: bits(p?.consents ?? [], 24),
    PublisherLegitimateInterests: bits(p?.legitimateInterests ?? [], 24),
    NumCustomPurposes: custom,
    PublisherCustomConsents: bits(p?.customConsents ?? [], custom),
    PublisherCustomLegitimateInterests: bits(p?.customLegitimateInterests ?? [], custom),
    VendorsAllowedSegmentType: 2,
    VendorsAllowed: [],
    VendorsDisclosedSegmentType: 1,
    VendorsDisclosed: [...(m.disclosedVendors ?? [])],
  });
}
