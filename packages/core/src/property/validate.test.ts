import { describe, expect, it } from 'vitest';
import { issuesToFields } from '../validation';
import { INVALID_URL, REQUIRED } from '../messages';
import { THEMES_FIXTURE, appValues, siteValues } from '../testing/property';
import {
  DUPLICATE_PROPERTY,
  PRIVACY_POLICY_REQUIRED,
  THEME_NOT_IN_ACCOUNT,
  THEME_TYPE_MISMATCH,
} from './messages';
import { validateProperty, validateThemeOfAccount } from './validate';

const fieldsOf = (result: ReturnType<typeof validateProperty>) =>
  result.ok ? {} : issuesToFields(result.issues);

describe('validateProperty', () => {
  it('accepts a valid site and a valid app', () => {
    expect(validateProperty(siteValues(), { themes: THEMES_FIXTURE }).ok).toBe(true);
    expect(validateProperty(appValues(), { themes: THEMES_FIXTURE }).ok).toBe(true);
  });

  it('checks duplicates only when existing identifiers are given', () => {
    expect(
      fieldsOf(validateProperty(siteValues(), { existingIdentifiers: ['EXAMPLE.com'] })),
    ).toEqual({ url: DUPLICATE_PROPERTY });
    expect(
      fieldsOf(validateProperty(appValues(), { existingIdentifiers: ['com.example.NEWS'] })),
    ).toEqual({
      packageId: DUPLICATE_PROPERTY,
    });
  });

  it('requires a theme of the right type; the AMP themes only with AMP', () => {
    expect(fieldsOf(validateProperty(siteValues({ themeId: '' })))).toEqual({ themeId: REQUIRED });
    expect(fieldsOf(validateProperty(siteValues({ themeId: '-3' })))).toEqual({
      themeId: REQUIRED,
    });
    expect(validateProperty(siteValues({ themeId: '-3', ampEnabled: true })).ok).toBe(true);
    expect(
      fieldsOf(validateProperty(siteValues({ themeId: '2' }), { themes: THEMES_FIXTURE })),
    ).toEqual({
      themeId: THEME_TYPE_MISMATCH,
    });
    expect(
      fieldsOf(validateProperty(siteValues({ themeId: '77' }), { themes: THEMES_FIXTURE })),
    ).toEqual({ themeId: THEME_NOT_IN_ACCOUNT });
  });

  it("says a theme that is not the account's is not one of its themes (issue 19 item 16)", () => {
    expect(THEME_NOT_IN_ACCOUNT).toBe(
      "This theme is not one of your account's themes: please choose one of your themes",
    );
    const result = validateProperty(siteValues({ themeId: '77' }), { themes: THEMES_FIXTURE });
    expect(result.ok ? [] : result.issues).toEqual([
      expect.objectContaining({ field: 'themeId', rule: 'themeOfAccount' }),
    ]);
    expect(validateThemeOfAccount('77', THEMES_FIXTURE)).toHaveLength(1);
    expect(validateThemeOfAccount('1', THEMES_FIXTURE)).toEqual([]);
  });

  it('requires the name and privacy policy when GDPR is on and a legal basis is declared', () => {
    const declared = siteValues({
      noLegalBasis: false,
      purposeIdsV2: [1],
      publisherName: '',
      gdprPrivacyLink: '',
    });
    expect(PRIVACY_POLICY_REQUIRED).toBe('Privacy policy is required');
    expect(fieldsOf(validateProperty(declared))).toEqual({
      publisherName: REQUIRED,
      gdprPrivacyLink: PRIVACY_POLICY_REQUIRED,
    });
    expect(
      fieldsOf(validateProperty({ ...declared, publisherName: 'X', gdprPrivacyLink: 'privacy' })),
    ).toEqual({
      gdprPrivacyLink: INVALID_URL,
    });
    expect(validateProperty(siteValues({ publisherName: '' })).ok).toBe(true);
  });

  it('validates US settings only when US regulation is on', () => {
    expect(validateProperty(siteValues({ mspaPurposeIds: [] })).ok).toBe(true);
    expect(
      Object.keys(
        fieldsOf(validateProperty(siteValues({ consentLocations: ['USA'], mspaPurposeIds: [] }))),
      ),
    ).toEqual(['mspaPurposeIds']);
  });

  it('names every broken field at once', () => {
    const result = validateProperty(
      siteValues({
        url: 'http://x.com',
        publisherLogoUrl: 'https://x.com/logo.txt',
        consentLocations: [],
        repromtDaysAfterGvlUpdate: 400,
        redirectUrl: 'nope',
        publisherCC: 'ZZ',
      }),
    );
    expect(Object.keys(fieldsOf(result)).sort()).toEqual(
      [
        'consentLocations',
        'publisherCC',
        'publisherLogoUrl',
        'redirectUrl',
        'repromtDaysAfterGvlUpdate',
        'url',
      ].sort(),
    );
  });

  it('refuses Consent or Pay when the account is not enabled for it', () => {
    const v = siteValues({ consentOrPayConfig: { enabled: true, countries: ['FR'] } });
    expect(validateProperty(v, { consentOrPayEnabled: true }).ok).toBe(true);
    expect(Object.keys(fieldsOf(validateProperty(v, { consentOrPayEnabled: false })))).toEqual([
      'consentOrPayConfig.enabled',
    ]);
  });
});
