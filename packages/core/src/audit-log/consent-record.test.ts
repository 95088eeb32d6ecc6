import { describe, expect, it } from 'vitest';
import {
  CONSENT_ID_RULE,
  ConsentRecordBeacon,
  consentChoicesInWords,
  consentWordsText,
  GPP_STRING_RULE,
  TC_STRING_RULE,
  US_OPTED_OUT,
  USP_STRING_RULE,
} from './consent-record';
import type { ConsentChoices } from './consent-record';

const TC =
  'CQJ0FMAQJ0FMAAGABBENBJFgAP_gAEPgAAqIKiNX_G__bWlr8X73aftkeY1P9_h77sQxBhfJE-4FzLuW_JwXx2ExNA36tqIKmRIEu3bBIQNlHJDUTVCgaogVryDMakWcoTNKJ6BkiFMRO2dYCF5vm4tj-QKY5vr991dx2B-t7dr83dzyz4VHn3a5_2a0WJCdA5-tDfv9bROb-9IOd_x8v4v8_F_rE2_eT1l_tevp7D9-cts7_XW-9_fff79Ll9-_gAAAAAAAA.II7Nd_X__bX9n-_7_6ft0eY1f9_r37uQzDhfNs-8F3L_W_LwX32E7NF36tq4KmR4ku1bBIQNtHMnUDUmxaolVrzHsak2cpyNKJ_BkknsZe2dYGF9Pn9lD-YKZ7_5_9_f52T_9_9_-39z3_9f___dv_-__-vjf_599n_v9fV_78_Kf9______-____________8A';
const choices: ConsentChoices = {
  outcome: 'p',
  purposes: [1, 7],
  legitimateInterests: [],
  specialFeatures: [1],
  vendors: [755, 4242],
  vendorLegitimateInterests: [],
  googleVendors: [],
  customVendors: ['cv-1'],
  consentMode: { ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'denied' },
};
const beacon = {
  id: '0b6c5f7e-1a2b-4c3d-8e9f-a0b1c2d3e4f5',
  property: 'prop-1',
  configVersion: 'v3abc',
  vendorListVersion: 90,
  tcString: TC,
  gppString: `DBABMA~${TC}`,
  choices,
};

const issuesOf = (input: unknown) => {
  const parsed = ConsentRecordBeacon.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('ConsentRecordBeacon', () => {
  it('accepts a GDPR choice with its TC and GPP strings, and a US choice with its US privacy string', () => {
    expect(issuesOf(beacon)).toEqual([]);
    expect(
      issuesOf({
        id: beacon.id,
        property: 'prop-1',
        configVersion: 'v1',
        uspString: '1YYN',
        gppString: 'DBABLA~BVQqAAAAAgA.QA',
        choices: { ...choices, usOptOut: true },
      }),
    ).toEqual([]);
  });

  it('refuses unknown fields, naming them (a misspelt field is not dropped)', () => {
    const parsed = ConsentRecordBeacon.safeParse({ ...beacon, tcStrng: TC });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['tcStrng'] });
    const nested = ConsentRecordBeacon.safeParse({ ...beacon, choices: { ...choices, extra: 1 } });
    expect(nested.error!.issues[0]).toMatchObject({ path: ['choices'], keys: ['extra'] });
  });

  it('refuses strings that are not TC, GPP or US privacy strings, naming the rule', () => {
    expect(
      issuesOf({ ...beacon, tcString: '<script>', gppString: 'x~y', uspString: '1YNX' }),
    ).toEqual([
      ['tcString', TC_STRING_RULE],
      ['gppString', GPP_STRING_RULE],
      ['uspString', USP_STRING_RULE],
    ]);
    expect(issuesOf({ ...beacon, tcString: `C${'A'.repeat(8000)}` })).toEqual([
      ['tcString', TC_STRING_RULE],
    ]);
  });

  it('bounds its lists and refuses an id that is not a UUID', () => {
    expect(issuesOf({ ...beacon, id: 'visitor-1' })).toEqual([['id', CONSENT_ID_RULE]]);
    const many = Array.from({ length: 5000 }, (_, i) => i + 1);
    expect(issuesOf({ ...beacon, choices: { ...choices, vendors: many } })[0]?.[0]).toBe(
      'choices.vendors',
    );
  });
});

describe('consentChoicesInWords', () => {
  const names = {
    purposes: {
      1: 'Store and/or access information on a device',
      7: 'Measure advertising performance',
    },
    specialFeatures: { 1: 'Use precise geolocation data' },
    vendors: { 755: 'Google Advertising Products' },
    customVendors: { 'cv-1': 'Acme Analytics' },
  };

  it('writes a GDPR choice by GVL names, ids without a name as #id, and the Consent Mode signals', () => {
    expect(consentChoicesInWords(choices, names)).toEqual([
      { label: 'Choice', text: 'Saved own choices' },
      {
        label: 'Purposes consented',
        text: '1 Store and/or access information on a device; 7 Measure advertising performance',
      },
      { label: 'Legitimate interest not objected to', text: 'none' },
      { label: 'Special features opted in', text: '1 Use precise geolocation data' },
      { label: 'IAB vendors consented', text: 'Google Advertising Products (755); #4242' },
      { label: 'IAB vendors, legitimate interest', text: 'none' },
      { label: 'Other vendors consented', text: 'Acme Analytics (cv-1)' },
      {
        label: 'Google Consent Mode',
        text: 'ad_storage granted, ad_user_data granted, ad_personalization denied',
      },
    ]);
  });

  it('writes a US choice as the opt-out, and joins lines for a CSV cell', () => {
    const us = consentChoicesInWords({
      ...choices,
      outcome: 'r',
      purposes: [],
      usOptOut: true,
      consentMode: undefined,
    });
    expect(us).toEqual([{ label: 'Choice', text: US_OPTED_OUT }]);
    expect(
      consentWordsText([
        { label: 'Choice', text: 'Accepted all' },
        { label: 'Purposes consented', text: '1 Store' },
      ]),
    ).toBe('Choice: Accepted all | Purposes consented: 1 Store');
  });
});
