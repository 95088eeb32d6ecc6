import { describe, expect, it } from 'vitest';
import { REQUIRED } from '../messages';
import {
  GBC_PURPOSE_REQUIRED,
  GBC_VERSION_UNSUPPORTED,
  THEME_NOT_IN_ACCOUNT,
} from '../property/messages';
import { legalBasisOf } from '../property/schema';
import { toSavePayload } from '../property/save-payload';
import { validateProperty } from '../property/validate';
import { appValues, siteValues } from '../testing/property';
import { issuesToFields } from '../validation';
import type { BulkDetailsForm } from './fields';
import {
  BULK_CONSENT_SCOPE_LABELS,
  BulkUpdateFields,
  BulkUpdateRequest,
  applyBulkFields,
  bulkCustomiseSelection,
  bulkDetailsNextEnabled,
  closeBulkSensitiveDataDialog,
  setBulkConsentScope,
  setBulkLegalBasis,
  toBulkUpdateRequest,
  toggleBulkConsentPurpose,
  validateBulkFields,
  validateBulkRegulation,
} from './fields';
import { BULK_REGULATION_REQUIRED } from './messages';

const fieldsOf = (form: BulkDetailsForm) => {
  const result = validateBulkFields(form);
  return result.ok ? {} : issuesToFields(result.issues);
};

describe('bulk update payload', () => {
  it('sends sites and fields without legalBasis, noLegalBasis or unset fields', () => {
    const form: BulkDetailsForm = setBulkLegalBasis(
      { consentLocations: ['EEA'] },
      'applyRecommended',
    );
    expect(form.legalBasis).toBe('applyRecommended');
    const body = toBulkUpdateRequest([3, 5], { ...form, themeId: undefined });
    expect(body).toEqual({
      sites: [3, 5],
      fields: {
        consentLocations: ['EEA'],
        purposeIds: [],
        purposeLegitimateIds: [],
        specialPurposes: [],
        features: [],
        specialFeatures: [],
      },
      items: [],
    });
    expect(BulkUpdateRequest.parse(body)).toEqual(body);
  });

  it('drops legalBasis and noLegalBasis when parsing fields and needs at least one site', () => {
    expect(
      BulkUpdateFields.parse({ legalBasis: 'customized', noLegalBasis: false, gbcEnabled: true }),
    ).toEqual({
      gbcEnabled: true,
    });
    expect(BulkUpdateRequest.safeParse({ sites: [], fields: {} }).success).toBe(false);
    expect(
      BulkUpdateRequest.safeParse({ items: [{ siteId: 3, changes: { publisherCC: 'FR' } }] })
        .success,
    ).toBe(true);
    expect(
      BulkUpdateFields.safeParse({ customFooterLinks: Array(4).fill({ text: 'a', url: 'b' }) })
        .success,
    ).toBe(false);
  });
});

describe('legal basis in bulk', () => {
  it('applyRecommended clears purposes, features and special features', () => {
    expect(
      setBulkLegalBasis(
        { purposeIds: [1, 2], features: [1], specialFeatures: [2] },
        'applyRecommended',
      ),
    ).toEqual({
      legalBasis: 'applyRecommended',
      noLegalBasis: true,
      purposeIds: [],
      purposeLegitimateIds: [],
      specialPurposes: [],
      features: [],
      specialFeatures: [],
    });
  });

  it('purpose 1 is always on in the customise dialog', () => {
    const selection = bulkCustomiseSelection({ purposeIds: [3], purposeLegitimateIds: [1, 7] });
    expect(selection.consent).toEqual([1, 3]);
    expect(selection.legitimate).toEqual([7]);
    expect(toggleBulkConsentPurpose(selection, 1, false).consent).toEqual([1, 3]);
    const withTwo = toggleBulkConsentPurpose(selection, 7, true);
    expect(withTwo).toMatchObject({ consent: [1, 3, 7], legitimate: [] });
    expect(setBulkLegalBasis({}, 'customized', { ...selection, consent: [4] })).toMatchObject({
      legalBasis: 'customized',
      noLegalBasis: false,
      purposeIds: [1, 4],
    });
  });
});

describe('consent scope, sensitive data and next', () => {
  it('group scope reveals the URL and storage (iframe by default); site only clears them', () => {
    expect(BULK_CONSENT_SCOPE_LABELS).toEqual({
      service: 'Your site only',
      'service group': 'Group of sites',
    });
    const group = setBulkConsentScope({}, 'service group');
    expect(group).toEqual({
      consentScope: 'service group',
      consentScopeGroupURL: '',
      thirdPartyStorageType: 'iframe',
    });
    expect(setBulkConsentScope({ ...group, thirdPartyStorageType: 'api' }, 'service')).toEqual({
      consentScope: 'service',
    });
  });

  it('closing the sensitive-data dialog with nothing chosen removes the marker from the purposes', () => {
    const form: BulkDetailsForm = {
      mspaOptOutPurposeIds: [1, 5],
      mspaSensitiveDataPurposeIds: [3],
    };
    expect(closeBulkSensitiveDataDialog(form, [])).toEqual({
      mspaOptOutPurposeIds: [1],
      mspaSensitiveDataPurposeIds: [],
    });
    expect(closeBulkSensitiveDataDialog({ mspaOptOutPurposeIds: [2] }, [8, 2])).toEqual({
      mspaOptOutPurposeIds: [2, 5],
      mspaSensitiveDataPurposeIds: [2, 8],
    });
  });

  it('Next needs a regulation or gbc, and MSPA purposes with one of 1 to 4 when given', () => {
    expect(bulkDetailsNextEnabled({})).toBe(false);
    expect(bulkDetailsNextEnabled({ themeId: '5' })).toBe(false);
    expect(bulkDetailsNextEnabled({ privacyModes: ['GDPR'] })).toBe(true);
    expect(bulkDetailsNextEnabled({ consentLocations: ['USA'] })).toBe(true);
    expect(bulkDetailsNextEnabled({ gbcEnabled: true })).toBe(true);
    expect(bulkDetailsNextEnabled({ gbcEnabled: true, mspaOptOutPurposeIds: [5, 6] })).toBe(false);
    expect(bulkDetailsNextEnabled({ gbcEnabled: true, mspaOptOutPurposeIds: [4, 5] })).toBe(true);
  });

  it('names what is missing when no regulation or Google basic consent is set', () => {
    expect(validateBulkRegulation({ cmpVersion: 60 })).toEqual([
      { field: 'consentLocations', rule: 'regulationRequired', message: BULK_REGULATION_REQUIRED },
    ]);
    expect(validateBulkRegulation({ gbcEnabled: false })).toHaveLength(1);
    expect(validateBulkRegulation({ privacyModes: ['USP'] })).toEqual([]);
  });
});

describe('validateBulkFields', () => {
  it("refuses a theme that is not one of the account's, when the themes are given", () => {
    const themes = [{ themeId: '1' }, { themeId: '12' }];
    expect(validateBulkFields({ themeId: '12' }, { themes }).ok).toBe(true);
    const other = validateBulkFields({ themeId: '99' }, { themes });
    expect(other.ok ? {} : issuesToFields(other.issues)).toEqual({
      themeId: THEME_NOT_IN_ACCOUNT,
    });
    // The console and the CLI do not know the account's themes beyond their own list.
    expect(validateBulkFields({ themeId: '99' }).ok).toBe(true);
  });

  it('checks the group URL with the spec message', () => {
    expect(
      fieldsOf({
        consentScope: 'service group',
        consentScopeGroupURL: 'group',
        thirdPartyStorageType: 'api',
      }),
    ).toEqual({
      consentScopeGroupURL: 'Please input a valid URL',
    });
    expect(
      fieldsOf({
        consentScope: 'service group',
        consentScopeGroupURL: 'https://group.example',
        thirdPartyStorageType: 'api',
      }),
    ).toEqual({});
  });

  it('checks footer links (text, URL, at most 3)', () => {
    expect(
      fieldsOf({
        customFooterLinks: [
          { text: '', url: 'https://a.example/p' },
          { text: 'Imprint', url: 'imprint' },
        ],
      }),
    ).toEqual({
      'customFooterLinks.0.text': 'Link text is required',
      'customFooterLinks.1.url': 'Link URL is not valid',
    });
    const link = { text: 'a', url: 'https://a.example' };
    expect(fieldsOf({ customFooterLinks: [link, link, link, link] })).toEqual({
      customFooterLinks: 'You can add up to 3 footer links.',
    });
  });

  it("needs 'Show new vendors every' at least 6 days and MSPA purposes with one of 1 to 4", () => {
    expect(fieldsOf({ repromtDaysAfterGvlUpdate: 5 })).toEqual({
      repromtDaysAfterGvlUpdate: 'The minimum is 6 days',
    });
    expect(fieldsOf({ repromtDaysAfterGvlUpdate: 6 })).toEqual({});
    expect(Object.keys(fieldsOf({ mspaOptOutPurposeIds: [5] }))).toEqual(['mspaOptOutPurposeIds']);
  });

  it('turning Google basic consent on needs its locations and a purpose, as a single save does', () => {
    // Regression: the rule ran in the console only, so a submission with just gbcEnabled (the
    // CLI's) was accepted and then failed once per property.
    expect(fieldsOf({ gbcEnabled: true })).toEqual({
      gbcLocations: REQUIRED,
      gbcApplicablePurposes: GBC_PURPOSE_REQUIRED,
    });
    const complete: BulkDetailsForm = {
      gbcEnabled: true,
      gbcLocations: ['EEA'],
      gbcApplicablePurposes: [{ id: 1, enabled: true, defaultValue: 'DENIED' }],
    };
    expect(fieldsOf(complete)).toEqual({});
    expect(fieldsOf({ ...complete, cmpVersion: 51 })).toEqual({
      gbcEnabled: GBC_VERSION_UNSUPPORTED,
    });
    expect(fieldsOf({ gbcEnabled: false })).toEqual({});
  });
});

describe('applyBulkFields', () => {
  it('leaves a property unchanged without fields', () => {
    expect(applyBulkFields(siteValues(), {})).toEqual(siteValues());
  });

  it('sets the locations and their privacy modes', () => {
    const next = applyBulkFields(siteValues(), { consentLocations: ['WORLDWIDE'] });
    expect(next).toMatchObject({ consentLocations: ['WORLDWIDE'], privacyModes: ['GDPR', 'USP'] });
  });

  it('applyRecommended (empty purposes) declares no legal basis', () => {
    const declared = siteValues({ noLegalBasis: false, purposeIdsV2: [1, 2], features: [1] });
    const next = applyBulkFields(declared, {
      purposeIds: [],
      purposeLegitimateIds: [],
      features: [],
    });
    expect(next.noLegalBasis).toBe(true);
    expect(legalBasisOf(next)).toEqual({ consent: [], legitimate: [] });
  });

  it('customized writes the purposes under the type field names, normalised', () => {
    const site = applyBulkFields(siteValues(), {
      purposeIds: [2, 3],
      purposeLegitimateIds: [3, 7],
    });
    expect(site).toMatchObject({
      noLegalBasis: false,
      purposeIdsV2: [1, 2, 3],
      purposeLegitimateIdsV2: [7],
    });
    const app = applyBulkFields(appValues(), { purposeIds: [1, 2] });
    expect(app).toMatchObject({ purposeIds: [1, 2], purposeLegitimateIds: [] });
  });

  it('resets the legal basis when the new theme has another vendor-list version', () => {
    const declared = siteValues({ noLegalBasis: false, purposeIdsV2: [1, 2], gvlVersion: 3 });
    const next = applyBulkFields(
      declared,
      { themeId: '9' },
      { themes: [{ themeId: '9', gvlVersion: 2 }] },
    );
    expect(next).toMatchObject({ themeId: '9', gvlVersion: 2, noLegalBasis: true });
    expect(applyBulkFields(declared, { themeId: '9' })).toMatchObject({
      themeId: '9',
      noLegalBasis: false,
    });
  });

  it('a publisher country needing consent forces requireConsentFrom always', () => {
    expect(
      applyBulkFields(siteValues(), { requireConsentFrom: 'never', publisherCC: 'fr' }),
    ).toMatchObject({
      publisherCC: 'FR',
      requireConsentFrom: 'always',
    });
  });

  it('group scope with its URL and storage; a site-only scope clears them', () => {
    const group = applyBulkFields(siteValues(), {
      consentScope: 'service group',
      consentScopeGroupURL: 'https://group.example',
      thirdPartyStorageType: 'api',
    });
    expect(group).toMatchObject({
      consentScope: 'service group',
      consentScopeGroupURL: 'https://group.example',
      thirdPartyStorageType: 'api',
    });
    expect(applyBulkFields(group, { consentScope: 'service' })).toMatchObject({
      consentScopeGroupURL: '',
      thirdPartyStorageType: null,
    });
  });

  it('splits the combined MSPA list and applies the covered-transaction rule', () => {
    const next = applyBulkFields(siteValues(), {
      mspaOptOutPurposeIds: [1, 3, 5],
      mspaSensitiveDataPurposeIds: [2],
      mspaJurisdiction: 'NATIONAL',
    });
    expect(next).toMatchObject({
      mspaPurposeIds: [1, 3],
      mspaSensitiveDataProcessing: 'yes',
      mspaChildSensitiveDataProcessing: 'no',
      mspaSensitiveDataPurposeIds: [2],
      // National needs a covered transaction: left as it was.
      mspaJurisdiction: 'STATE_AND_NATIONAL',
    });
    expect(applyBulkFields(siteValues(), { isCoveredTransaction: true })).toMatchObject({
      isCoveredTransaction: true,
      mspaJurisdiction: 'NATIONAL',
    });
  });

  it('sets the plain fields and the privacy link from the first footer link', () => {
    const next = applyBulkFields(siteValues(), {
      googleEnabled: true,
      gdprEncodingMode: 'GPP',
      repromtDaysAfterGvlUpdate: 14,
      uspJurisdiction: 'CA',
      uspLspact: 'Y',
      customFooterLinks: [{ text: 'Privacy', url: ' https://news.example/privacy ' }],
    });
    expect(next).toMatchObject({
      googleEnabled: true,
      gdprEncodingMode: 'GPP',
      repromtDaysAfterGvlUpdate: 14,
      uspJurisdiction: 'CA',
      uspLspact: 'Y',
      gdprPrivacyLink: 'https://news.example/privacy',
    });
  });

  it('obeys the same rules as a single save: an app cannot take a group scope', () => {
    const next = applyBulkFields(appValues(), {
      consentScope: 'service group',
      consentScopeGroupURL: 'https://group.example',
      thirdPartyStorageType: 'iframe',
    });
    const result = validateProperty(next);
    expect(!result.ok && issuesToFields(result.issues)).toEqual({
      consentScope: "Apps support only the 'Your app only' consent scope",
    });
    expect(toSavePayload(next).consentScope).toBe('service');
  });

  it('enabling Google basic consent without purposes fails the save rules', () => {
    const next = applyBulkFields(siteValues(), { gbcEnabled: true });
    const result = validateProperty(next);
    expect(!result.ok && result.issues.map((i) => i.field)).toEqual([
      'gbcLocations',
      'gbcApplicablePurposes',
    ]);
    const complete = applyBulkFields(siteValues(), {
      gbcEnabled: true,
      gbcLocations: ['EEA'],
      gbcApplicablePurposes: [{ id: 1, enabled: true, defaultValue: 'DENIED' }],
    });
    expect(validateProperty(complete).ok).toBe(true);
  });
});
