import { describe, expect, it } from 'vitest';
import { REQUIRED } from '../messages';
import { siteValues } from '../testing/property';
import {
  GBC_AVAILABLE_NOTE,
  cancelGbcDialog,
  gbcAdvancedAvailable,
  gbcAvailable,
  gbcDialogPurposes,
  setGbcDefault,
  toGbcPurposePayload,
  toggleGbcPurpose,
  validateGbcDialog,
  validateGoogleBasicConsent,
} from './google-consent';
import {
  GBC_ADVANCED_UNSUPPORTED,
  GBC_DEFAULT_UNCHECKED,
  GBC_PURPOSE_REQUIRED,
  GBC_VERSION_UNSUPPORTED,
} from './messages';

describe('Google basic consent', () => {
  it('is available from version 52', () => {
    expect(GBC_AVAILABLE_NOTE).toBe('Available from version 52');
    expect(gbcAvailable(51)).toBe(false);
    expect(gbcAvailable(52)).toBe(true);
    expect(gbcAvailable('latest')).toBe(true);
    expect(gbcAdvancedAvailable(55)).toBe(false);
  });

  it('opens the dialog with every purpose, unchecked unless saved', () => {
    const purposes = gbcDialogPurposes([{ id: 2, defaultValue: 'GRANTED' }]);
    expect(purposes).toHaveLength(7);
    expect(purposes[1]).toEqual({ id: 2, enabled: true, defaultValue: 'GRANTED' });
    expect(purposes[0]).toEqual({ id: 1, enabled: false });
  });

  it('sets a default value only for a checked purpose', () => {
    let purposes = gbcDialogPurposes([]);
    purposes = setGbcDefault(purposes, 1, 'GRANTED');
    expect(purposes[0]).toEqual({ id: 1, enabled: false });
    purposes = toggleGbcPurpose(purposes, 1, true);
    purposes = setGbcDefault(purposes, 1, 'GRANTED');
    expect(purposes[0]).toEqual({ id: 1, enabled: true, defaultValue: 'GRANTED' });
    expect(toggleGbcPurpose(purposes, 1, false)[0]).toEqual({ id: 1, enabled: false });
  });

  it("confirming needs at least one purpose: 'Please select at least one purpose'", () => {
    expect(GBC_PURPOSE_REQUIRED).toBe('Please select at least one purpose');
    expect(validateGbcDialog(gbcDialogPurposes([]))[0]?.message).toBe(GBC_PURPOSE_REQUIRED);
    expect(validateGbcDialog(toggleGbcPurpose(gbcDialogPurposes([]), 3, true))).toEqual([]);
  });

  it('cancel with no purpose enabled turns the feature off', () => {
    const v = siteValues({ gbcEnabled: true, gbcApplicablePurposes: gbcDialogPurposes([]) });
    expect(cancelGbcDialog(v).gbcEnabled).toBe(false);
    const withOne = siteValues({
      gbcEnabled: true,
      gbcApplicablePurposes: [{ id: 1, enabled: true }],
    });
    expect(cancelGbcDialog(withOne).gbcEnabled).toBe(true);
  });

  it('validates locations, purposes, defaults and version gates', () => {
    const v = siteValues({ gbcEnabled: true, gbcLocations: [], gbcApplicablePurposes: [] });
    expect(validateGoogleBasicConsent(v).map((i) => i.message)).toEqual([
      REQUIRED,
      GBC_PURPOSE_REQUIRED,
    ]);
    expect(
      validateGoogleBasicConsent(
        siteValues({
          cmpVersion: 50,
          gbcEnabled: true,
          gbcLocations: 'EEA',
          gbcApplicablePurposes: [
            { id: 1, enabled: true },
            { id: 2, enabled: false, defaultValue: 'GRANTED' },
          ],
          urlPassThrough: true,
        }),
      ).map((i) => i.message),
    ).toEqual([GBC_VERSION_UNSUPPORTED, GBC_DEFAULT_UNCHECKED, GBC_ADVANCED_UNSUPPORTED]);
    expect(validateGoogleBasicConsent(siteValues({ gbcEnabled: false, gbcLocations: [] }))).toEqual(
      [],
    );
  });

  it('saves only enabled purposes as id and default value', () => {
    expect(
      toGbcPurposePayload([
        { id: 1, enabled: true, defaultValue: 'GRANTED' },
        { id: 2, enabled: false },
        { id: 3, enabled: true },
      ]),
    ).toEqual([
      { id: 1, defaultValue: 'GRANTED' },
      { id: 3, defaultValue: 'DENIED' },
    ]);
  });
});
