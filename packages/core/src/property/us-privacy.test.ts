import { describe, expect, it } from 'vitest';
import { UNSAFE_CONTENT } from '../messages';
import { siteValues } from '../testing/property';
import { FOOTER_LINK_UNSUPPORTED, MSPA_PURPOSES_REQUIRED } from './messages';
import {
  MSPA_SIGNATORY_NO,
  MSPA_SIGNATORY_YES,
  SENSITIVE_DATA_DIALOG_TITLE,
  chooseCoveredTransaction,
  closeSensitiveDataDialog,
  combineMspaPurposes,
  confirmMspaSignatory,
  footerHtmlIdVisible,
  lspaCheckboxVisible,
  nationalJurisdictionEnabled,
  normaliseLspact,
  normaliseUspJurisdiction,
  setSensitiveDataProcessing,
  splitMspaPurposes,
  validateMspaPurposes,
  validateUsPrivacy,
  visibleMspaPurposes,
} from './us-privacy';

describe('MSPA covered transaction', () => {
  it('Yes first opens the re-confirm dialog without changing anything', () => {
    expect(MSPA_SIGNATORY_YES).toBe('Yes, I am a MSPA Signatory');
    expect(MSPA_SIGNATORY_NO).toBe("No, I'm not a MSPA Signatory");
    const v = siteValues();
    expect(chooseCoveredTransaction(v, 'yes')).toEqual({ values: v, dialog: 'reconfirm' });
  });

  it('confirming sets covered transaction and NATIONAL; declining or No sets STATE_AND_NATIONAL', () => {
    const yes = confirmMspaSignatory(siteValues(), true);
    expect(yes).toMatchObject({ isCoveredTransaction: true, mspaJurisdiction: 'NATIONAL' });
    expect(nationalJurisdictionEnabled(yes)).toBe(true);
    const declined = confirmMspaSignatory(yes, false);
    expect(declined).toMatchObject({
      isCoveredTransaction: false,
      mspaJurisdiction: 'STATE_AND_NATIONAL',
    });
    expect(nationalJurisdictionEnabled(declined)).toBe(false);
    expect(chooseCoveredTransaction(yes, 'no').values).toMatchObject({
      isCoveredTransaction: false,
      mspaJurisdiction: 'STATE_AND_NATIONAL',
    });
  });
});

describe('sensitive data purposes', () => {
  it('closing the dialog with nothing chosen resets the choice to No', () => {
    expect(SENSITIVE_DATA_DIALOG_TITLE).toBe(
      'Please select the purposes for your sensitive data processing:',
    );
    const opened = setSensitiveDataProcessing(siteValues(), 'yes');
    expect(closeSensitiveDataDialog(opened, [])).toMatchObject({
      mspaSensitiveDataProcessing: 'no',
      mspaSensitiveDataPurposeIds: [],
    });
    expect(closeSensitiveDataDialog(opened, [8, 3])).toMatchObject({
      mspaSensitiveDataProcessing: 'yes',
      mspaSensitiveDataPurposeIds: [3, 8],
    });
  });
});

describe('MSPA opt-out purposes', () => {
  it('need at least one of 1 to 4', () => {
    expect(validateMspaPurposes([1])).toEqual([]);
    expect(validateMspaPurposes([5, 6])[0]?.message).toBe(MSPA_PURPOSES_REQUIRED);
    expect(validateMspaPurposes([])[0]?.field).toBe('mspaPurposeIds');
  });

  it('show only the first four outside bulk update', () => {
    expect(visibleMspaPurposes(false).map((p) => p.id)).toEqual([1, 2, 3, 4]);
    expect(visibleMspaPurposes(true)).toHaveLength(6);
  });

  it('are combined with the sensitive and child-sensitive markers, and split back', () => {
    const combined = combineMspaPurposes({
      mspaPurposeIds: [3, 1],
      mspaSensitiveDataProcessing: 'yes',
      mspaChildSensitiveDataProcessing: 'yes',
    });
    expect(combined).toEqual([1, 3, 5, 6]);
    expect(splitMspaPurposes(combined)).toEqual({
      mspaPurposeIds: [1, 3],
      mspaSensitiveDataProcessing: 'yes',
      mspaChildSensitiveDataProcessing: 'yes',
    });
  });
});

describe('US privacy string and footer link', () => {
  it('reveals the LSPA checkbox for California via USP', () => {
    expect(lspaCheckboxVisible({ ccpaViaUsp: true })).toBe(true);
    expect(lspaCheckboxVisible({ ccpaViaUsp: false })).toBe(false);
  });

  it("reveals the footer id for 'link' on versions that support it", () => {
    expect(footerHtmlIdVisible({ mspaAutoPopUp: 'link', cmpVersion: 60 })).toBe(true);
    expect(footerHtmlIdVisible({ mspaAutoPopUp: 'link', cmpVersion: 59 })).toBe(false);
    expect(footerHtmlIdVisible({ mspaAutoPopUp: true, cmpVersion: 'latest' })).toBe(false);
    expect(
      validateUsPrivacy(siteValues({ mspaAutoPopUp: 'link', cmpVersion: 56 }))[0]?.message,
    ).toBe(FOOTER_LINK_UNSUPPORTED);
  });

  it('checks the do-not-sell text for unsafe content', () => {
    const issues = validateUsPrivacy(
      siteValues({ uspDnsText: 'Opt out <script>alert(1)</script>' }),
    );
    expect(issues).toEqual([{ field: 'uspDnsText', rule: 'unsafe', message: UNSAFE_CONTENT }]);
  });

  it("saves the form's ['CA'] as CA and the LSPA checkbox as Y or N", () => {
    expect(normaliseUspJurisdiction(['CA'])).toBe('CA');
    expect(normaliseUspJurisdiction('US')).toBe('US');
    expect(normaliseLspact(true)).toBe('Y');
    expect(normaliseLspact('N')).toBe('N');
  });
});
