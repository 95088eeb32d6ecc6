import { describe, expect, it } from 'vitest';
import { EEA_COUNTRIES } from '../country';
import { appValues, siteValues } from '../testing/property';
import { defineLegalBasis } from './legal-basis';
import { toSavePayload } from './save-payload';

describe('the save-payload transform', () => {
  it('removes legitimate-interest purposes from the consent list', () => {
    const v = siteValues({
      noLegalBasis: false,
      purposeIdsV2: [1, 2, 7],
      purposeLegitimateIdsV2: [7, 8],
    });
    expect(toSavePayload(v)).toMatchObject({
      purposeIdsV2: [1, 2],
      purposeLegitimateIdsV2: [7, 8],
    });
  });

  it('empties every purpose list without a legal basis', () => {
    const declared = defineLegalBasis(siteValues(), {
      consent: [2],
      legitimate: [7],
      specialFeatures: [1],
      specialPurposes: [1],
      features: [2],
      stackIds: [4],
    });
    const saved = toSavePayload({ ...declared, noLegalBasis: true });
    expect(saved).toMatchObject({
      purposeIdsV2: [],
      purposeLegitimateIdsV2: [],
      specialFeatures: [],
      specialPurposes: [],
      features: [],
      stackIds: [],
    });
  });

  it('combines the MSPA list with the sensitive and child-sensitive markers', () => {
    const saved = toSavePayload(
      siteValues({
        mspaPurposeIds: [2, 1],
        mspaSensitiveDataProcessing: 'yes',
        mspaSensitiveDataPurposeIds: [3],
        mspaChildSensitiveDataProcessing: 'yes',
      }),
    );
    expect(saved.mspaOptOutPurposeIds).toEqual([1, 2, 5, 6]);
    expect(
      toSavePayload(siteValues({ mspaSensitiveDataPurposeIds: [3] })).mspaSensitiveDataPurposeIds,
    ).toEqual([]);
  });

  it('drops fields the CMP version does not support', () => {
    const saved = toSavePayload(
      siteValues({
        cmpVersion: 51,
        gbcEnabled: true,
        gbcLocations: ['EEA'],
        gbcApplicablePurposes: [{ id: 1, enabled: true }],
        consentOrPayConfig: { enabled: true, countries: ['FR'] },
        privacyModes: ['GDPR'],
      }),
    );
    expect(saved).toMatchObject({
      gbcEnabled: false,
      gbcLocations: [],
      gbcApplicablePurposes: [],
      consentLocations: [],
    });
    expect(saved.consentOrPayConfig.enabled).toBe(false);
    expect(
      toSavePayload(
        siteValues({
          cmpVersion: 52,
          gbcEnabled: true,
          gbcLocations: ['EEA'],
          gbcApplicablePurposes: [{ id: 1 }],
          urlPassThrough: true,
        }),
      ).urlPassThrough,
    ).toBe(false);
  });

  it('clears mspaFooterHtmlId below version 60', () => {
    expect(
      toSavePayload(siteValues({ cmpVersion: 59, mspaAutoPopUp: 'link', mspaFooterHtmlId: 'ccpa' }))
        .mspaFooterHtmlId,
    ).toBe('');
    expect(
      toSavePayload(siteValues({ cmpVersion: 60, mspaAutoPopUp: 'link', mspaFooterHtmlId: 'ccpa' }))
        .mspaFooterHtmlId,
    ).toBe('ccpa');
  });

  it('shapes Google basic consent: locations as a list, only enabled purposes with id and default', () => {
    const saved = toSavePayload(
      siteValues({
        gbcEnabled: true,
        gbcLocations: 'EEA',
        gbcApplicablePurposes: [
          { id: 1, enabled: true, defaultValue: 'GRANTED' },
          { id: 2, enabled: false },
        ],
        urlPassThrough: true,
      }),
    );
    expect(saved).toMatchObject({
      gbcLocations: ['EEA'],
      gbcApplicablePurposes: [{ id: 1, defaultValue: 'GRANTED' }],
      urlPassThrough: true,
    });
    expect(
      toSavePayload(
        siteValues({
          gbcEnabled: false,
          gbcLocations: ['EEA'],
          gbcApplicablePurposes: [{ id: 1 }],
        }),
      ),
    ).toMatchObject({
      gbcLocations: [],
      gbcApplicablePurposes: [],
    });
  });

  it('saves the encoding mode as chosen on AMP sites too (issue 15 item 5: no silent switch to GPP)', () => {
    expect(
      toSavePayload(siteValues({ ampEnabled: true, gdprEncodingMode: 'TCF_AND_GPP' }))
        .gdprEncodingMode,
    ).toBe('TCF_AND_GPP');
    expect(
      toSavePayload(siteValues({ ampEnabled: false, gdprEncodingMode: 'TCF_AND_GPP' }))
        .gdprEncodingMode,
    ).toBe('TCF_AND_GPP');
  });

  it('saves the US jurisdiction and LSPA shapes and expands Consent-or-Pay countries', () => {
    const saved = toSavePayload(
      siteValues({
        uspJurisdiction: ['CA'],
        uspLspact: true,
        consentOrPayConfig: { enabled: true, countries: ['eea'] },
      }),
    );
    expect(saved).toMatchObject({ uspJurisdiction: 'CA', uspLspact: 'Y' });
    expect(saved.consentOrPayConfig.countries).toEqual([...EEA_COUNTRIES]);
  });

  it('derives privacy modes and requireConsentFrom from the locations on multi-regulation versions', () => {
    expect(
      toSavePayload(siteValues({ consentLocations: ['WORLDWIDE'], privacyModes: ['GDPR'] })),
    ).toMatchObject({
      privacyModes: ['GDPR', 'USP'],
      requireConsentFrom: 'always',
    });
  });

  it('keeps app identity and scope, and drops a site url from an app', () => {
    const saved = toSavePayload(
      appValues({ url: 'x.com', consentScope: 'global', applyToSubDomains: true }),
    );
    expect(saved.url).toBeUndefined();
    expect(saved).toMatchObject({
      packageId: 'com.example.news',
      consentScope: 'service',
      applyToSubDomains: false,
    });
  });

  it('forces applyToSubDomains off for a url that is not a bare domain', () => {
    expect(
      toSavePayload(siteValues({ url: 'news.example.com', applyToSubDomains: true }))
        .applyToSubDomains,
    ).toBe(false);
  });

  it('is idempotent', () => {
    const once = toSavePayload(
      siteValues({
        noLegalBasis: false,
        purposeIdsV2: [2, 7],
        purposeLegitimateIdsV2: [7],
        gbcEnabled: true,
        gbcLocations: 'USA',
        gbcApplicablePurposes: [{ id: 3, enabled: true }],
      }),
    );
    expect(toSavePayload(once)).toEqual(once);
  });

  it('leaves out the read-only fields of a property loaded from the API (the API refuses them)', () => {
    const loaded = {
      ...siteValues({ url: 'news.example.com' }),
      uuid: 'c0ffee00-0000-4000-8000-000000000001',
      siteId: 7,
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    const payload = toSavePayload(loaded);
    expect(payload).not.toHaveProperty('uuid');
    expect(payload).not.toHaveProperty('siteId');
    expect(payload).not.toHaveProperty('updatedAt');
    expect(payload.url).toBe('news.example.com');
  });
});
