import { isPurposeOneRequired } from '../../property/legal-basis';
import type { PropertyValues } from '../../property/schema';
import { legalBasisOf } from '../../property/schema';
import type { ThemeValues } from '../../theme/schema';
import { isSafeLink } from '../../validation';
import type { CustomVendor, VendorSelection } from '../../vendors/selection';
import { vendorsInScope } from '../../vendors/selection';
import type { VendorListResponse } from '../../vendors/vendor-list';
import type { BannerCustomVendor, BannerGdpr, BannerRestriction } from '../config';
import {
  CONSENT_LIFETIME_MONTHS,
  LI_FORBIDDEN_PURPOSES,
  allowedLegitimateInterestPurposes,
  compactVendor,
} from '../rules';
import { packVendors } from '../vendor-sets';
import { stableHash } from './hash';
import { sortedUnique } from './ids';

/** The GDPR (TCF) section: purposes and legal bases, vendors in scope, publisher restrictions. */

/** The account's vendor selection as the compiler reads it (see `BannerCompileInput`). */
export type CompileVendorSelection = Pick<VendorSelection, 'vendorIds' | 'includeNewVendors'> &
  Partial<Pick<VendorSelection, 'googleAtpIds' | 'customVendors'>> & {
    updatedAt?: string | null;
  };

/**
 * The vendors the banner asks consent for: the list's active vendors, all of them until the account
 * saves a selection, then the selection; sorted by id.
 */
export function bannerVendors(
  list: VendorListResponse,
  selection: CompileVendorSelection,
): VendorListResponse['vendors'] {
  const active = list.vendors.filter((v) => !v.deletedDate);
  const inScope = new Set(
    selection.updatedAt === null || selection.updatedAt === undefined
      ? active.map((v) => v.id)
      : vendorsInScope(
          selection,
          active.map((v) => v.id),
        ),
  );
  return active.filter((v) => inScope.has(v.id)).sort((a, b) => a.id - b.id);
}

/** A non-IAB vendor as the banner shows it: a cookie-safe id, only an http(s) policy link. */
function customVendor(v: CustomVendor): BannerCustomVendor {
  const policyUrl = v.privacyPolicyUrl.trim();
  return {
    id: /^[\w-]{1,64}$/.test(v.id) ? v.id : `c${stableHash(v.id)}`,
    name: v.name.trim(),
    policyUrl: isSafeLink(policyUrl) ? policyUrl : '',
    purposes: sortedUnique(v.purposes),
    legIntPurposes: sortedUnique(v.legIntPurposes),
  };
}

/** GDPR's purposes, special features and stacks: the property's declaration, else the vendors'. */
function legalBasis(
  property: PropertyValues,
  theme: ThemeValues,
  vendors: VendorListResponse['vendors'],
  list: VendorListResponse,
) {
  const purposeIds = new Set(list.purposes.map((p) => p.id));
  const featureIds = new Set(list.specialFeatures.map((f) => f.id));
  const stackIds = new Set(list.stacks.map((s) => s.id));
  let consent: number[];
  let legitimate: number[];
  let specialFeatures: number[];
  let stacks: number[];
  if (property.noLegalBasis) {
    consent = vendors.flatMap((v) => [...v.purposes, ...v.flexiblePurposes]);
    legitimate = vendors.flatMap((v) => v.legIntPurposes);
    specialFeatures = vendors.flatMap((v) => v.specialFeatures);
    stacks = theme.use === 'stacks' ? theme.stacks.map((s) => s.stacks) : [];
  } else {
    ({ consent, legitimate } = legalBasisOf(property));
    specialFeatures = property.specialFeatures;
    stacks = property.stackIds.length
      ? property.stackIds
      : theme.use === 'stacks'
        ? theme.stacks.map((s) => s.stacks)
        : [];
  }
  return {
    consent: sortedUnique(consent.filter((id) => purposeIds.has(id))),
    legitimate: sortedUnique(
      allowedLegitimateInterestPurposes(legitimate).filter((id) => id !== 1 && purposeIds.has(id)),
    ),
    specialFeatures: sortedUnique(specialFeatures.filter((id) => featureIds.has(id))),
    stacks: sortedUnique(stacks.filter((id) => stackIds.has(id))),
  };
}

/**
 * Publisher restrictions from the theme: 'require consent' (type 1) for the vendors that declare
 * the purpose as flexible legitimate interest, 'require legitimate interest' (type 2) for those
 * that declare it as flexible consent. Other vendors cannot honour a restriction, so none is sent
 * for them; LI restrictions on purposes 1 and 3–6 are not allowed and are dropped.
 */
function restrictions(
  theme: ThemeValues,
  vendors: VendorListResponse['vendors'],
): BannerRestriction[] {
  const out: BannerRestriction[] = [];
  const forPurposes = (ids: readonly number[] | undefined, type: 1 | 2) => {
    for (const purposeId of sortedUnique(ids ?? [])) {
      if (purposeId > 63) continue;
      if (type === 2 && (purposeId === 1 || LI_FORBIDDEN_PURPOSES.includes(purposeId))) continue;
      const vendorIds = vendors
        .filter(
          (v) =>
            v.flexiblePurposes.includes(purposeId) &&
            (type === 1 ? v.legIntPurposes : v.purposes).includes(purposeId),
        )
        .map((v) => v.id);
      if (vendorIds.length) out.push({ purposeId, type, vendorIds });
    }
  };
  forPurposes(theme.publisherConsentRestrictionIds, 1);
  forPurposes(theme.publisherLIRestrictionIds, 2);
  return out;
}

/** The GDPR section of a property whose regulations include GDPR. */
export function compileGdpr(
  property: PropertyValues,
  theme: ThemeValues,
  list: VendorListResponse,
  selection: CompileVendorSelection,
  /** Whether the pinned release writes the disclosed-vendors segment whatever the property says. */
  tcf23: boolean,
): BannerGdpr {
  const vendors = bannerVendors(list, selection);
  const basis = legalBasis(property, theme, vendors, list);
  const restricted = restrictions(theme, vendors);
  const publisherCC = /^[A-Z]{2}$/.test(property.publisherCC) ? property.publisherCC : 'GB';
  // A 'require legitimate interest' restriction makes the purpose one the publisher relies on
  // legitimate interest for: the visitor sees it, with its right to object (issue 15 item 8).
  const legitimateInterestPurposes = sortedUnique([
    ...basis.legitimate,
    ...restricted.filter((r) => r.type === 2).map((r) => r.purposeId),
  ]);
  return {
    encodingMode: property.gdprEncodingMode,
    // The policy version of the GVL the strings reference (TCF: a string's TcfPolicyVersion is its
    // vendor list's), not the release's: a string claiming another is rejected by vendors.
    tcfPolicyVersion: list.tcfPolicyVersion,
    vendorListVersion: list.vendorListVersion,
    vendorListUpdatedAt: list.lastUpdated,
    consentPurposes: basis.consent,
    legitimateInterestPurposes,
    specialFeatures: basis.specialFeatures,
    stacks: basis.stacks,
    purposeOneTreatment: !isPurposeOneRequired(publisherCC) && !basis.consent.includes(1),
    publisherCC,
    isServiceSpecific: true,
    includeVendorsDisclosedSegment: tcf23 || property.includeVendorsDisclosedSegment,
    // What the runtime needs before the second layer (ids, accept all's consents and legitimate
    // interests), packed: the declarations themselves travel in the vendor list (issue 16).
    vendors: packVendors({
      vendors: vendors.map((v) => compactVendor({ ...v, deletedDate: undefined })),
      consentPurposes: basis.consent,
      legitimateInterestPurposes,
      specialFeatures: basis.specialFeatures,
      restrictions: restricted,
    }),
    restrictions: restricted,
    googleVendors: property.googleEnabled ? sortedUnique(selection.googleAtpIds ?? []) : [],
    customVendors: (selection.customVendors ?? []).map(customVendor),
    storageMonths: CONSENT_LIFETIME_MONTHS,
  };
}
