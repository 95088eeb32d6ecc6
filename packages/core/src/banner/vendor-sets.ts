import type { BannerGdpr, BannerVendor } from './config';
import { allowedLegitimateInterestPurposes, maskOf } from './rules';

/**
 * The vendors in scope as the runtime needs them before the second layer: their ids (the disclosed
 * vendors, `__tcfapi`'s vendor ids, the partner count), those accept all consents to, and those
 * that keep legitimate interest until the visitor objects (accept all's, the cmpuishown string's
 * and the second layer's LI toggles). Zod-free: the runtime bundles `vendorSets`.
 */
export interface BannerVendorSets {
  ids: number[];
  consent: number[];
  li: number[];
}

/** The fields of the GDPR section the vendor sets are computed from, with the GVL declarations. */
export type DeclaredVendorsGdpr = Pick<
  BannerGdpr,
  'consentPurposes' | 'legitimateInterestPurposes' | 'specialFeatures' | 'restrictions'
> & { vendors: readonly BannerVendor[] };

const cache = new WeakMap<object, BannerVendorSets>();

/**
 * The vendor sets of a compiled GDPR section, read from its packed `vendors` (`packVendors`: one
 * character per vendor id from 1, '0' not in scope, else 1, + 1 when accept all consents to it,
 * + 2 when it keeps legitimate interest). Computed once per section.
 */
export function vendorSets(gdpr: Pick<BannerGdpr, 'vendors'>): BannerVendorSets {
  let sets = cache.get(gdpr);
  if (!sets) {
    sets = { ids: [], consent: [], li: [] };
    for (let i = 0; i < gdpr.vendors.length; i++) {
      const flags = gdpr.vendors.charCodeAt(i) - 49;
      if (flags < 0) continue;
      sets.ids.push(i + 1);
      if (flags & 1) sets.consent.push(i + 1);
      if (flags & 2) sets.li.push(i + 1);
    }
    cache.set(gdpr, sets);
  }
  return sets;
}

/**
 * The compiled config's `vendors` from the GVL declarations (`[id, purposes, legIntPurposes,
 * flexiblePurposes, specialFeatures]` bit masks) and the publisher's settings: accept all consents
 * to every vendor with a purpose the publisher offers (declared or flexible) or a special feature it
 * asks, and gives legitimate interest to every vendor with an allowed LI purpose of the publisher's,
 * declared or required by a publisher restriction (type 2, issue 15 item 8). With 700 vendors of
 * the GVL's 4,000 ids the string is about 320 B of brotli, where the masks were about 3 KB: the
 * declarations themselves are the vendor list's, which the second layer loads (issue 16).
 */
export function packVendors(gdpr: DeclaredVendorsGdpr): string {
  const offered = maskOf(gdpr.consentPurposes);
  const features = maskOf(gdpr.specialFeatures);
  const allowedLI = maskOf(allowedLegitimateInterestPurposes(gdpr.legitimateInterestPurposes));
  const legInt = new Map(gdpr.vendors.map((v) => [v[0], v[2]]));
  for (const r of gdpr.restrictions)
    if (r.type === 2)
      for (const id of r.vendorIds) legInt.set(id, (legInt.get(id) ?? 0) | maskOf([r.purposeId]));
  const codes = new Array<number>(gdpr.vendors.reduce((m, v) => Math.max(m, v[0]), 0)).fill(0);
  for (const [id, purposes, , flexible, special] of gdpr.vendors)
    codes[id - 1] =
      1 +
      (purposes & offered || flexible & offered || special & features ? 1 : 0) +
      ((legInt.get(id) ?? 0) & allowedLI ? 2 : 0);
  return codes.join('');
}
