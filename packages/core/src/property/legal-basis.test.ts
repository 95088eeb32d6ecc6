import { describe, expect, it } from 'vitest';
import { appValues, siteValues } from '../testing/property';
import {
  FALLBACK_PURPOSES,
  FALLBACK_SPECIAL_FEATURES,
  LEGAL_BASIS_LABELS,
  applyThemeChange,
  canDefineLegalBasis,
  chooseLegalBasis,
  declareNoLegalBasis,
  defineLegalBasis,
  isPurposeOneRequired,
  legalBasisChoiceOf,
  legalBasisDialogLists,
  legalBasisDialogSelection,
  legalBasisSelectionOf,
  normaliseLegalBasis,
} from './legal-basis';
import { legalBasisOf } from './schema';

const selection = (consent: number[], legitimate: number[] = []) => ({
  consent,
  legitimate,
  specialFeatures: [],
  specialPurposes: [],
  features: [],
  stackIds: [],
});

describe('legal basis', () => {
  it("labels the choices 'I don't declare' and 'I define'", () => {
    expect(LEGAL_BASIS_LABELS).toEqual({ undeclared: "I don't declare", defined: 'I define' });
  });

  it("'I don't declare' clears every purpose list and sets noLegalBasis", () => {
    const declared = defineLegalBasis(siteValues(), {
      ...selection([1, 2], [7]),
      specialFeatures: [1],
      stackIds: [3],
    });
    const cleared = declareNoLegalBasis(declared);
    expect(legalBasisOf(cleared)).toEqual({ consent: [], legitimate: [] });
    expect(cleared).toMatchObject({
      noLegalBasis: true,
      stackIds: [],
      specialFeatures: [],
      features: [],
      specialPurposes: [],
    });
    expect(legalBasisChoiceOf(cleared)).toBe('undeclared');
  });

  it("'I define' sets the purposes under the type's field names", () => {
    const site = defineLegalBasis(siteValues(), selection([2, 3], [7]));
    expect(site).toMatchObject({
      purposeIdsV2: [1, 2, 3],
      purposeLegitimateIdsV2: [7],
      noLegalBasis: false,
    });
    const app = defineLegalBasis(appValues(), selection([2], [7]));
    expect(app).toMatchObject({ purposeIds: [1, 2], purposeLegitimateIds: [7] });
    expect(legalBasisChoiceOf(app)).toBe('defined');
    expect(legalBasisSelectionOf(app).consent).toEqual([1, 2]);
  });

  it('is enabled only for the service and service group scopes', () => {
    expect(canDefineLegalBasis('service')).toBe(true);
    expect(canDefineLegalBasis('service group')).toBe(true);
    expect(canDefineLegalBasis('global')).toBe(false);
  });

  it('forces purpose 1 as consent only, unless the publisher country is DE', () => {
    expect(isPurposeOneRequired('GB')).toBe(true);
    expect(isPurposeOneRequired('de')).toBe(false);
    expect(normaliseLegalBasis(selection([2], [1, 2]), 'GB')).toMatchObject({
      consent: [1],
      legitimate: [2],
    });
    expect(normaliseLegalBasis(selection([2]), 'DE').consent).toEqual([2]);
  });

  it('never declares legitimate interest for purposes 3 to 6 (TCF 2.2)', () => {
    expect(normaliseLegalBasis(selection([], [2, 3, 4, 5, 6, 7]), 'GB').legitimate).toEqual([2, 7]);
  });

  it('resets the legal basis when the theme changes vendor-list version', () => {
    const declared = defineLegalBasis(siteValues({ gvlVersion: 3 }), selection([2]));
    const sameVersion = applyThemeChange(declared, { themeId: '9', gvlVersion: 3 });
    expect(sameVersion).toMatchObject({ themeId: '9', noLegalBasis: false, purposeIdsV2: [1, 2] });
    const otherVersion = applyThemeChange(declared, { themeId: '8', gvlVersion: 2 });
    expect(otherVersion).toMatchObject({
      themeId: '8',
      gvlVersion: 2,
      noLegalBasis: true,
      purposeIdsV2: [],
    });
  });
});

describe('the customise dialog', () => {
  it("'I define' opens the dialog on the current declaration; the values change only on OK", () => {
    const values = siteValues({ noLegalBasis: false, purposeIdsV2: [2], specialFeatures: [1] });
    const chosen = chooseLegalBasis(values, 'defined');
    expect(chosen.values).toBe(values);
    // Purpose 1 is forced on in the dialog (GB publisher).
    expect(chosen.dialog).toEqual({ ...selection([1, 2]), specialFeatures: [1] });
    expect(legalBasisDialogSelection(values)).toEqual(chosen.dialog);
    // OK defines the selection; Cancel is the values as they were.
    expect(defineLegalBasis(values, chosen.dialog!)).toMatchObject({ purposeIdsV2: [1, 2] });
  });

  it("'I define' opens nothing for the global scope; 'I don't declare' clears at once", () => {
    const global = siteValues({ consentScope: 'global', noLegalBasis: false, purposeIdsV2: [1] });
    expect(chooseLegalBasis(global, 'defined')).toEqual({ values: global, dialog: null });
    const cleared = chooseLegalBasis(global, 'undeclared');
    expect(cleared.dialog).toBeNull();
    expect(cleared.values).toMatchObject({ noLegalBasis: true, purposeIdsV2: [] });
  });

  it('lists the vendor list purposes, or the fallbacks while the vendor list is not loaded', () => {
    expect(legalBasisDialogLists(undefined)).toEqual({
      purposes: FALLBACK_PURPOSES,
      specialFeatures: FALLBACK_SPECIAL_FEATURES,
      fallback: true,
    });
    expect(FALLBACK_PURPOSES.map((p) => p.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(FALLBACK_SPECIAL_FEATURES.map((f) => f.id)).toEqual([1, 2]);
    const loaded = {
      purposes: [{ id: 1, name: 'Store and/or access information on a device' }],
      specialFeatures: [{ id: 1, name: 'Use precise geolocation data' }],
    };
    expect(legalBasisDialogLists(loaded)).toEqual({ ...loaded, fallback: false });
  });
});
