import { z } from 'zod';
import { LI_FORBIDDEN_PURPOSES } from '../banner/rules';
import { sameValue } from '../equal';
import { INVALID_URL, NO_ANGLE_BRACKETS, REQUIRED } from '../messages';
import { validateRepromptDays } from '../property/regulations';
import type { Issue, Validation } from '../validation';
import { collect, hasAngleBrackets, isBlank, isValidUrl, issue } from '../validation';
import {
  CUSTOM_VENDOR_TEXT_LIMITS,
  LIST_LIMITS,
  listLimitIssues,
  textLimitIssues,
} from '../limits';
import { oneLineText } from '../text';

const Ids = z.array(z.number().int().positive());

/** A vendor outside the IAB Global Vendor List, declared by the publisher. */
export const CustomVendor = z.object({
  id: oneLineText(z.string().min(1)),
  name: oneLineText(),
  privacyPolicyUrl: oneLineText(),
  purposes: Ids.default([]),
  legIntPurposes: Ids.default([]),
});
export type CustomVendor = z.infer<typeof CustomVendor>;

/** The account's vendor selection, shown on the Vendors tab and compiled into every banner. */
export const VendorSelection = z.object({
  gvlVersion: z.union([z.literal(2), z.literal(3)]).default(3),
  /** IAB vendors asked for consent. */
  vendorIds: Ids.default([]),
  /** Vendors added to a later GVL are selected automatically. */
  includeNewVendors: z.boolean().default(true),
  /** Google ad-technology providers (Additional Consent). */
  googleAtpIds: Ids.default([]),
  customVendors: z.array(CustomVendor).default([]),
  /** 'Show new vendors every' N days: the vendor-facing re-prompt interval (minimum 6). */
  showNewVendorsEveryDays: z.number().int().default(30),
});
export type VendorSelection = z.infer<typeof VendorSelection>;

export const VendorSelectionResponse = VendorSelection.extend({
  /** The GVL version the selection was last saved against. */
  vendorListVersion: z.number().int().nullable(),
  updatedAt: z.string().nullable(),
});
export type VendorSelectionResponse = z.infer<typeof VendorSelectionResponse>;

export const SHOW_NEW_VENDORS_EVERY = 'Show new vendors every';

/** The selection's own settings, without the response's bookkeeping (version, time). */
export const vendorSelectionSettings = (selection: VendorSelection): VendorSelection =>
  Object.fromEntries(
    VendorSelection.keyof().options.map((key) => [key, selection[key]]),
  ) as VendorSelection;

/**
 * Whether the Vendors tab's draft differs from the saved selection: Save and Discard are enabled
 * and leaving the tab asks first. Key order and the response's bookkeeping do not count.
 */
export const hasVendorSelectionChanged = (
  saved: VendorSelection,
  draft: VendorSelection,
): boolean => !sameValue(vendorSelectionSettings(saved), vendorSelectionSettings(draft));

/** Said outside the Vendors tab while no IAB vendor is selected (our wording, docs/decisions.md). */
export const NO_IAB_VENDORS_SELECTED =
  'No IAB vendor is selected yet: the GDPR banner asks consent for no IAB vendor until you choose them on the Vendors tab.';
export const CHOOSE_VENDORS = 'Choose vendors';

/** A new account starts with no IAB vendor selected; GDPR properties then ask consent for none. */
export const needsIabVendors = (selection: Pick<VendorSelection, 'vendorIds'>): boolean =>
  selection.vendorIds.length === 0;

/** A custom vendor declaring no purpose (our wording, docs/decisions.md). */
export const CUSTOM_VENDOR_PURPOSE_REQUIRED = 'Please select at least one purpose';
/** A purpose both consent and legitimate interest, or LI for purposes 3 to 6 (TCF 2.2). */
export const CUSTOM_VENDOR_LEGAL_BASIS_CONFLICT =
  'A purpose is either consent or legitimate interest, and purposes 3 to 6 are consent only';

/** Purposes a custom vendor may declare under legitimate interest (not 3 to 6, TCF 2.2). */
export const customVendorLegIntAllowed = (purposeId: number): boolean =>
  !LI_FORBIDDEN_PURPOSES.includes(purposeId);

/**
 * One custom vendor, as the Vendors tab's add/edit card and every save check it: a name without
 * angle brackets, a valid privacy-policy URL (the spec's text and URL rules), at least one
 * purpose, and each purpose under one legal basis. `field` prefixes the issues' fields.
 */
export function validateCustomVendor(v: CustomVendor, field = ''): Issue[] {
  const at = (name: string) => (field ? `${field}.${name}` : name);
  const issues: Issue[] = [];
  if (isBlank(v.name)) issues.push(issue(at('name'), 'required', REQUIRED));
  else if (hasAngleBrackets(v.name))
    issues.push(issue(at('name'), 'noAngleBrackets', NO_ANGLE_BRACKETS));
  if (isBlank(v.privacyPolicyUrl)) issues.push(issue(at('privacyPolicyUrl'), 'required', REQUIRED));
  else if (!isValidUrl(v.privacyPolicyUrl.trim()))
    issues.push(issue(at('privacyPolicyUrl'), 'url', INVALID_URL));
  if (v.purposes.length === 0 && v.legIntPurposes.length === 0) {
    issues.push(issue(at('purposes'), 'atLeastOne', CUSTOM_VENDOR_PURPOSE_REQUIRED));
  } else if (
    v.legIntPurposes.some((id) => v.purposes.includes(id) || !customVendorLegIntAllowed(id))
  ) {
    issues.push(issue(at('legIntPurposes'), 'legalBasis', CUSTOM_VENDOR_LEGAL_BASIS_CONFLICT));
  }
  return issues;
}

/** The Vendors tab: 'Show new vendors every' at least 6 days; custom vendors named with a policy URL. */
export function validateVendorSelection(selection: VendorSelection): Validation<VendorSelection> {
  return collect(selection, [
    validateRepromptDays(
      selection.showNewVendorsEveryDays,
      { vendorFacing: true },
      'showNewVendorsEveryDays',
    ),
    ...selection.customVendors.map((v, i) => validateCustomVendor(v, `customVendors.${i}`)),
    // Issue 19 item 9: bounded lists, each item once, and bounded custom vendor texts.
    listLimitIssues('vendorIds', selection.vendorIds, LIST_LIMITS.vendorIds),
    listLimitIssues('googleAtpIds', selection.googleAtpIds, LIST_LIMITS.googleAtpIds),
    listLimitIssues(
      'customVendors',
      selection.customVendors,
      LIST_LIMITS.customVendors,
      (v) => v.id,
    ),
    ...selection.customVendors.slice(0, LIST_LIMITS.customVendors).flatMap((v, i) => [
      ...textLimitIssues(v, CUSTOM_VENDOR_TEXT_LIMITS).map((x) => ({
        ...x,
        field: `customVendors.${i}.${x.field}`,
      })),
      ...listLimitIssues(`customVendors.${i}.purposes`, v.purposes, LIST_LIMITS.purposeIds),
      ...listLimitIssues(
        `customVendors.${i}.legIntPurposes`,
        v.legIntPurposes,
        LIST_LIMITS.purposeIds,
      ),
    ]),
  ]);
}

export interface VendorFilter {
  /** Matches the name or the id. */
  search?: string;
  /** Only vendors that declare this purpose (consent or legitimate interest). */
  purposeId?: number;
}

/** The Vendors tab's search and purpose filter. */
export function filterVendors<
  V extends {
    id: number;
    name: string;
    purposes: readonly number[];
    legIntPurposes?: readonly number[];
  },
>(vendors: readonly V[], filter: VendorFilter): V[] {
  const term = filter.search?.trim().toLowerCase() ?? '';
  return vendors.filter(
    (v) =>
      (!term || v.name.toLowerCase().includes(term) || String(v.id) === term) &&
      (filter.purposeId === undefined ||
        v.purposes.includes(filter.purposeId) ||
        (v.legIntPurposes ?? []).includes(filter.purposeId)),
  );
}

/** Select all / none over the vendors currently shown (the filter), leaving the others alone. */
export function selectVendors(
  selected: readonly number[],
  shown: readonly number[],
  on: boolean,
): number[] {
  const set = new Set(selected);
  for (const id of shown) {
    if (on) set.add(id);
    else set.delete(id);
  }
  return [...set].sort((a, b) => a - b);
}

/** The ids actually in scope: selected ids that still exist, plus new ones when includeNewVendors. */
export function vendorsInScope(
  selection: Pick<VendorSelection, 'vendorIds' | 'includeNewVendors'>,
  gvlVendorIds: readonly number[],
  previousGvlVendorIds: readonly number[] = gvlVendorIds,
): number[] {
  const existing = new Set(gvlVendorIds);
  const ids = new Set(selection.vendorIds.filter((id) => existing.has(id)));
  if (selection.includeNewVendors) {
    const known = new Set(previousGvlVendorIds);
    for (const id of gvlVendorIds) if (!known.has(id)) ids.add(id);
  }
  return [...ids].sort((a, b) => a - b);
}

/** Google's ad-technology providers (Additional Consent), from Google's published list. */
export const GoogleAtp = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  policyUrl: z.string(),
  domains: z.string().default(''),
});
export type GoogleAtp = z.infer<typeof GoogleAtp>;

/** Parses Google's additional-consent-providers CSV (Provider ID, Provider Name, Policy URL, Domains). */
export function parseGoogleAtpCsv(csv: string): GoogleAtp[] {
  const rows = parseCsv(csv);
  return rows
    .slice(1)
    .filter((r) => /^\d+$/.test(r[0] ?? ''))
    .map(([id, name, policyUrl, domains]) => ({
      id: Number(id),
      name: name ?? '',
      policyUrl: policyUrl ?? '',
      domains: domains ?? '',
    }));
}

/** RFC 4180 CSV: quoted fields, doubled quotes, CRLF or LF. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** A vendor's declared purposes, what the Consent-or-Pay vendor rule reads. */
export interface VendorPurposes {
  purposes: number[];
  legIntPurposes: number[];
}

/**
 * The vendors an account's banners ask consent for, with their declared purposes: the selected
 * IAB vendors found in the vendor list of the selection's GVL version, then the custom vendors.
 * The server checks Consent or Pay against these on save; `assent plan` does the same.
 */
export function selectedVendorPurposes(
  selection: Pick<VendorSelection, 'vendorIds' | 'customVendors'>,
  gvlVendors: ReadonlyArray<{ id: number; purposes: number[]; legIntPurposes: number[] }>,
): VendorPurposes[] {
  const wanted = new Set(selection.vendorIds);
  return [
    ...gvlVendors
      .filter((v) => wanted.has(v.id))
      .map((v) => ({ purposes: v.purposes, legIntPurposes: v.legIntPurposes })),
    ...selection.customVendors.map((v) => ({
      purposes: v.purposes,
      legIntPurposes: v.legIntPurposes,
    })),
  ];
}

/** Where the vendors in scope are read from: the account's selection and a vendor list by version. */
export interface VendorScopeSource {
  selection(): Promise<Pick<VendorSelection, 'vendorIds' | 'customVendors' | 'gvlVersion'>>;
  vendorList(gvlVersion: VendorSelection['gvlVersion']): Promise<{
    vendors: ReadonlyArray<{ id: number; purposes: number[]; legIntPurposes: number[] }>;
  }>;
}

/**
 * The vendors an account's banners ask consent for, read from its selection and, when IAB vendors
 * are selected, the vendor list of the selection's GVL version (`selectedVendorPurposes`). The
 * server's save rule and the CLI's plan read them through this, each from its own source.
 */
export async function loadVendorPurposes(source: VendorScopeSource): Promise<VendorPurposes[]> {
  const selection = await source.selection();
  const list = selection.vendorIds.length
    ? await source.vendorList(selection.gvlVersion)
    : undefined;
  return selectedVendorPurposes(selection, list?.vendors ?? []);
}
