import { describe, expect, it } from 'vitest';
import { INVALID_URL, NO_ANGLE_BRACKETS, REQUIRED } from '../messages';
import { REPROMPT_DAYS_MINIMUM } from '../property/messages';
import {
  CUSTOM_VENDOR_LEGAL_BASIS_CONFLICT,
  CUSTOM_VENDOR_PURPOSE_REQUIRED,
  validateCustomVendor,
  VendorSelection,
  filterVendors,
  hasVendorSelectionChanged,
  loadVendorPurposes,
  needsIabVendors,
  parseCsv,
  parseGoogleAtpCsv,
  selectVendors,
  validateVendorSelection,
  vendorsInScope,
} from './selection';

const vendors = [
  { id: 1, name: 'Exponential Interactive', purposes: [1, 2], legIntPurposes: [7] },
  { id: 2, name: 'Captify', purposes: [1, 3, 4], legIntPurposes: [] },
  { id: 755, name: 'Google Advertising Products', purposes: [1, 3], legIntPurposes: [2, 7] },
];

describe('vendor selection', () => {
  it("'Show new vendors every' has a minimum of 6 days", () => {
    const r = validateVendorSelection(VendorSelection.parse({ showNewVendorsEveryDays: 5 }));
    expect(r.ok ? [] : r.issues.map((i) => [i.field, i.message])).toEqual([
      ['showNewVendorsEveryDays', REPROMPT_DAYS_MINIMUM],
    ]);
    expect(validateVendorSelection(VendorSelection.parse({ showNewVendorsEveryDays: 6 })).ok).toBe(
      true,
    );
  });

  it('needs a name and a valid policy URL for each custom vendor', () => {
    const r = validateVendorSelection(
      VendorSelection.parse({
        customVendors: [{ id: 'c1', name: '', privacyPolicyUrl: 'x', purposes: [1] }],
      }),
    );
    expect(r.ok ? [] : r.issues.map((i) => [i.field, i.message])).toEqual([
      ['customVendors.0.name', REQUIRED],
      ['customVendors.0.privacyPolicyUrl', INVALID_URL],
    ]);
  });

  it('applies the text and URL rules and needs a purpose under one legal basis (issue 17 item 12)', () => {
    const vendor = {
      id: 'c1',
      name: 'In-house analytics',
      privacyPolicyUrl: 'https://example.com/privacy',
      purposes: [1],
      legIntPurposes: [7],
    };
    expect(validateCustomVendor(vendor)).toEqual([]);
    const messages = (v: Partial<typeof vendor>) =>
      validateCustomVendor({ ...vendor, ...v }).map((i) => [i.field, i.message]);
    expect(messages({ name: '<b>Ads</b>' })).toEqual([['name', NO_ANGLE_BRACKETS]]);
    expect(messages({ privacyPolicyUrl: 'not a url' })).toEqual([
      ['privacyPolicyUrl', INVALID_URL],
    ]);
    expect(messages({ purposes: [], legIntPurposes: [] })).toEqual([
      ['purposes', CUSTOM_VENDOR_PURPOSE_REQUIRED],
    ]);
    expect(messages({ legIntPurposes: [1] })).toEqual([
      ['legIntPurposes', CUSTOM_VENDOR_LEGAL_BASIS_CONFLICT],
    ]);
    expect(messages({ legIntPurposes: [4] })).toEqual([
      ['legIntPurposes', CUSTOM_VENDOR_LEGAL_BASIS_CONFLICT],
    ]);
    // Every save checks each row, naming it by its index.
    const r = validateVendorSelection(
      VendorSelection.parse({
        customVendors: [vendor, { ...vendor, id: 'c2', purposes: [], legIntPurposes: [] }],
      }),
    );
    expect(r.ok ? [] : r.issues.map((i) => i.field)).toEqual(['customVendors.1.purposes']);
  });

  it('searches by name or id and filters by purpose (consent or LI)', () => {
    expect(filterVendors(vendors, { search: 'cap' }).map((v) => v.id)).toEqual([2]);
    expect(filterVendors(vendors, { search: '755' }).map((v) => v.id)).toEqual([755]);
    expect(filterVendors(vendors, { purposeId: 7 }).map((v) => v.id)).toEqual([1, 755]);
  });

  it('selects all or none of the shown vendors only', () => {
    expect(selectVendors([2], [1, 755], true)).toEqual([1, 2, 755]);
    expect(selectVendors([1, 2, 755], [1, 755], false)).toEqual([2]);
  });

  it('a new account (the default selection) has no IAB vendor and needs some (issue 17 item 10)', () => {
    expect(needsIabVendors(VendorSelection.parse({}))).toBe(true);
    expect(needsIabVendors(VendorSelection.parse({ includeNewVendors: true }))).toBe(true);
    expect(needsIabVendors(VendorSelection.parse({ vendorIds: [755] }))).toBe(false);
  });

  it('has changed when a setting differs, not for bookkeeping or key order (issue 17 item 5)', () => {
    const saved = {
      ...VendorSelection.parse({ vendorIds: [1, 755] }),
      vendorListVersion: 48,
      updatedAt: '2024-03-01T00:00:00.000Z',
    };
    const { vendorIds, ...rest } = VendorSelection.parse({ vendorIds: [1, 755] });
    expect(hasVendorSelectionChanged(saved, { ...rest, vendorIds })).toBe(false);
    expect(hasVendorSelectionChanged(saved, { ...saved, vendorIds: [1] })).toBe(true);
    expect(hasVendorSelectionChanged(saved, { ...saved, showNewVendorsEveryDays: 7 })).toBe(true);
    expect(
      hasVendorSelectionChanged(saved, {
        ...saved,
        customVendors: [
          {
            id: 'c1',
            name: 'Acme',
            privacyPolicyUrl: 'https://acme.example/p',
            purposes: [1],
            legIntPurposes: [],
          },
        ],
      }),
    ).toBe(true);
  });

  it('keeps vendors that still exist and adds new ones when asked', () => {
    expect(
      vendorsInScope({ vendorIds: [1, 9], includeNewVendors: false }, [1, 2, 3], [1, 2]),
    ).toEqual([1]);
    expect(
      vendorsInScope({ vendorIds: [1, 9], includeNewVendors: true }, [1, 2, 3], [1, 2]),
    ).toEqual([1, 3]);
  });
});

describe("Google's ad-technology providers", () => {
  it('parses the published CSV, quotes and all', () => {
    const csv =
      'Provider ID,Provider Name,Policy URL,Domains\r\n1,"Ad, Inc.",https://ad.example/p,ad.example\n89,"Tag ""Q""",https://q.example,\n';
    expect(parseGoogleAtpCsv(csv)).toEqual([
      { id: 1, name: 'Ad, Inc.', policyUrl: 'https://ad.example/p', domains: 'ad.example' },
      { id: 89, name: 'Tag "Q"', policyUrl: 'https://q.example', domains: '' },
    ]);
    expect(parseCsv('a,"b ""c"""')).toEqual([['a', 'b "c"']]);
  });
});

describe('vendors in scope for the Consent-or-Pay rule', () => {
  const customVendor = {
    id: 'c1',
    name: 'Own analytics',
    privacyPolicyUrl: 'https://own.example/privacy',
    purposes: [1],
    legIntPurposes: [],
  };

  it('reads the vendor list of the selection’s GVL version, with the custom vendors after', async () => {
    const asked: number[] = [];
    const scope = await loadVendorPurposes({
      selection: async () => ({ vendorIds: [2, 9], customVendors: [customVendor], gvlVersion: 2 }),
      vendorList: async (version) => {
        asked.push(version);
        return { vendors };
      },
    });
    expect(asked).toEqual([2]);
    expect(scope).toEqual([
      { purposes: [1, 3, 4], legIntPurposes: [] },
      { purposes: [1], legIntPurposes: [] },
    ]);
  });

  it('does not load a vendor list when no IAB vendor is selected', async () => {
    const scope = await loadVendorPurposes({
      selection: async () => ({ vendorIds: [], customVendors: [customVendor], gvlVersion: 3 }),
      vendorList: () => Promise.reject(new Error('the list is not needed')),
    });
    expect(scope).toEqual([{ purposes: [1], legIntPurposes: [] }]);
  });
});
