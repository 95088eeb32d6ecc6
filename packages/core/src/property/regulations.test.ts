import { describe, expect, it } from 'vitest';
import { REQUIRED } from '../messages';
import { siteValues } from '../testing/property';
import { CMP_FEATURE_SINCE, CMP_VERSIONS, resolveCmpVersion } from './cmp-version';
import {
  AMP_CONSENT_SCOPE_INVALID,
  AMP_GPP_ONLY_UNSUPPORTED,
  PRIVACY_POLICY_REQUIRED,
  AMP_VERSION_UNSUPPORTED,
  GROUP_STORAGE_REQUIRED,
  LEGAL_BASIS_SCOPE_UNSUPPORTED,
  REGULATION_REQUIRED,
  REPROMPT_DAYS_MINIMUM,
  REPROMPT_DAYS_RANGE,
  WARNING_GDPR_AND_US,
  WARNING_AMP_TCF_AND_GPP,
  WARNING_AMP_US,
  WARNING_SINGLE_ENCODING,
} from './messages';
import {
  ampOptionEnabled,
  applyConsentLocations,
  applyPublisherCountry,
  applySiteUrl,
  consentScopeOptions,
  deriveConsentLocations,
  deriveRequireConsentFrom,
  nextRegulation,
  propertyWarnings,
  regulationLabel,
  regulationsFromLocations,
  setAmpEnabled,
  setApplyToSubDomains,
  setConsentScope,
  switchCmpVersion,
  validateAmp,
  validateConsentScope,
  validateRegulations,
  validateRepromptDays,
} from './regulations';
import type { ConsentScope, PropertyValues } from './schema';
import { footerHtmlIdVisible } from './us-privacy';
import { validateProperty } from './validate';

describe('consent locations set regulations', () => {
  it.each([
    [['WORLDWIDE'], { gdpr: true, us: true }],
    [['EEA', 'USA'], { gdpr: true, us: true }],
    [['EEA'], { gdpr: true, us: false }],
    [['USA'], { gdpr: false, us: true }],
    [['NEVER'], { gdpr: true, us: false }],
    [[], { gdpr: true, us: false }],
  ] as const)('%j → %j', (locations, expected) => {
    expect(regulationsFromLocations(locations)).toEqual(expected);
  });

  it('derives privacy modes from the locations', () => {
    expect(applyConsentLocations(siteValues(), ['USA']).privacyModes).toEqual(['USP']);
    expect(applyConsentLocations(siteValues(), ['WORLDWIDE']).privacyModes).toEqual([
      'GDPR',
      'USP',
    ]);
  });

  it('labels the regulation column', () => {
    expect(regulationLabel({ gdpr: true, us: true })).toBe('GDPR & US');
    expect(regulationLabel({ gdpr: false, us: true })).toBe('US');
    expect(regulationLabel({ gdpr: true, us: false })).toBe('GDPR');
  });
});

describe('the regulation toggle (assent tui R)', () => {
  it('steps GDPR → US → GDPR & US → GDPR through the consent locations', () => {
    const gdpr = siteValues({ consentLocations: ['EEA'] });
    const us = nextRegulation(gdpr);
    expect(us.consentLocations).toEqual(['USA']);
    expect(us.privacyModes).toEqual(['USP']);
    const both = nextRegulation(us);
    expect(both.consentLocations).toEqual(['EEA', 'USA']);
    expect(both.privacyModes).toEqual(['GDPR', 'USP']);
    expect(nextRegulation(both).consentLocations).toEqual(['EEA']);
    // Worldwide is GDPR & US: the next is GDPR alone.
    expect(
      nextRegulation(siteValues({ consentLocations: ['WORLDWIDE'] })).consentLocations,
    ).toEqual(['EEA']);
  });

  it('sets the privacy modes alone on versions before consent locations', () => {
    const old = siteValues({ cmpVersion: 53, privacyModes: ['GDPR'], consentLocations: [] });
    expect(nextRegulation(old)).toEqual({ ...old, privacyModes: ['USP'] });
    expect(nextRegulation({ ...old, privacyModes: ['USP'] }).privacyModes).toEqual(['GDPR', 'USP']);
  });

  it('leaves the other rules to validateProperty: GDPR with a legal basis needs a privacy policy', () => {
    const us = siteValues({ consentLocations: ['USA'], noLegalBasis: false, gdprPrivacyLink: '' });
    const result = validateProperty(nextRegulation(us));
    expect(result.ok ? [] : result.issues).toContainEqual({
      field: 'gdprPrivacyLink',
      rule: 'required',
      message: PRIVACY_POLICY_REQUIRED,
    });
  });
});

describe('CMP-version switch', () => {
  it('derives consent locations when moving to a multi-regulation version', () => {
    const old = siteValues({
      cmpVersion: 53,
      privacyModes: ['GDPR', 'USP'],
      requireConsentFrom: 'inEU',
      consentLocations: [],
    });
    expect(switchCmpVersion(old, 'latest').consentLocations).toEqual(['EEA', 'USA']);
    expect(switchCmpVersion({ ...old, requireConsentFrom: 'always' }, 60).consentLocations).toEqual(
      ['WORLDWIDE'],
    );
    expect(switchCmpVersion({ ...old, privacyModes: ['USP'] }, 60).consentLocations).toEqual([
      'USA',
    ]);
    expect(
      switchCmpVersion({ ...old, privacyModes: ['GDPR'], requireConsentFrom: 'never' }, 60)
        .consentLocations,
    ).toEqual(['NEVER']);
  });

  it('derives requireConsentFrom when moving back', () => {
    const recent = siteValues({ cmpVersion: 'latest', consentLocations: ['WORLDWIDE'] });
    const back = switchCmpVersion(recent, 50);
    expect(back.requireConsentFrom).toBe('always');
    expect(back.privacyModes).toEqual(['GDPR', 'USP']);
    expect(deriveRequireConsentFrom(['EEA', 'USA'])).toBe('inEU');
    expect(deriveRequireConsentFrom(['USA'])).toBe('never');
    expect(deriveConsentLocations(['GDPR'], 'inEU')).toEqual(['EEA']);
  });

  it('only sets the version between two versions of the same kind', () => {
    const v = siteValues({ cmpVersion: 60, consentLocations: ['USA'] });
    expect(switchCmpVersion(v, 'latest')).toEqual({ ...v, cmpVersion: 'latest' });
  });
});

describe('publisher country', () => {
  it('forces requireConsentFrom always for countries needing consent', () => {
    expect(applyPublisherCountry(siteValues({ requireConsentFrom: 'inEU' }), 'fr')).toMatchObject({
      publisherCC: 'FR',
      requireConsentFrom: 'always',
    });
    expect(
      applyPublisherCountry(siteValues({ requireConsentFrom: 'inEU' }), 'US').requireConsentFrom,
    ).toBe('inEU');
  });
});

describe('subdomains and AMP', () => {
  it('forces applyToSubDomains off for a url that is not a bare domain', () => {
    const v = siteValues({ url: 'example.com', applyToSubDomains: true });
    expect(applySiteUrl(v, 'news.example.com').applyToSubDomains).toBe(false);
    expect(applySiteUrl(v, 'www.example.com').applyToSubDomains).toBe(true);
  });

  it('checking AMP unchecks subdomains; subdomains cannot be checked with AMP', () => {
    const v = siteValues({ applyToSubDomains: true });
    expect(ampOptionEnabled(v)).toBe(false);
    const amp = setAmpEnabled(v, true);
    expect(amp).toMatchObject({
      ampEnabled: true,
      applyToSubDomains: false,
      consentScope: 'service',
    });
    expect(setApplyToSubDomains(amp, true).applyToSubDomains).toBe(false);
    expect(setApplyToSubDomains(siteValues(), true).applyToSubDomains).toBe(true);
  });

  it('AMP needs v20+ or latest and the site-only scope', () => {
    expect(AMP_VERSION_UNSUPPORTED).toBe(
      'This version does not support AMP, please select v20 or newer to enable it',
    );
    expect(AMP_CONSENT_SCOPE_INVALID).toBe(
      "Invalid consent scope for AMP sites. Please use 'Your site only'",
    );
    expect(validateAmp(siteValues({ ampEnabled: true, cmpVersion: 19 }))[0]?.message).toBe(
      AMP_VERSION_UNSUPPORTED,
    );
    expect(validateAmp(siteValues({ ampEnabled: true, cmpVersion: 20 }))).toEqual([]);
    expect(validateAmp(siteValues({ ampEnabled: true, consentScope: 'global' }))[0]?.message).toBe(
      AMP_CONSENT_SCOPE_INVALID,
    );
    expect(validateAmp(siteValues({ ampEnabled: false, cmpVersion: 10 }))).toEqual([]);
  });

  it('AMP with GDPR refuses GPP alone (amp-consent has no GPP type) and keeps TCF and GPP as chosen', () => {
    expect(AMP_GPP_ONLY_UNSUPPORTED).toBe(
      "GPP alone is not supported on AMP: amp-consent reads the TC string, not GPP. Please choose 'TCF' or 'TCF and GPP'.",
    );
    expect(validateAmp(siteValues({ ampEnabled: true, gdprEncodingMode: 'GPP' }))).toEqual([
      { field: 'gdprEncodingMode', rule: 'ampEncoding', message: AMP_GPP_ONLY_UNSUPPORTED },
    ]);
    // Not an AMP site, or no GDPR: GPP alone is the publisher's choice.
    expect(validateAmp(siteValues({ ampEnabled: false, gdprEncodingMode: 'GPP' }))).toEqual([]);
    expect(
      validateAmp(
        siteValues({ ampEnabled: true, gdprEncodingMode: 'GPP', consentLocations: ['USA'] }),
      ),
    ).toEqual([]);
    expect(validateAmp(siteValues({ ampEnabled: true, gdprEncodingMode: 'TCF' }))).toEqual([]);
    expect(validateAmp(siteValues({ ampEnabled: true, gdprEncodingMode: 'TCF_AND_GPP' }))).toEqual(
      [],
    );
    // The save rule refuses it too, naming the field.
    const saved = validateProperty(siteValues({ ampEnabled: true, gdprEncodingMode: 'GPP' }));
    expect(saved.ok ? [] : saved.issues).toContainEqual({
      field: 'gdprEncodingMode',
      rule: 'ampEncoding',
      message: AMP_GPP_ONLY_UNSUPPORTED,
    });
  });

  it('offers only the service scope to apps and AMP sites', () => {
    expect(consentScopeOptions('APP', false)).toEqual(['service']);
    expect(consentScopeOptions('SITE', true)).toEqual(['service']);
    expect(consentScopeOptions('SITE', false)).toEqual(['service', 'service group', 'global']);
  });
});

describe('consent scope', () => {
  it('service group reveals the group URL and a storage mode', () => {
    const group = setConsentScope(siteValues(), 'service group');
    expect(group.thirdPartyStorageType).toBe('iframe');
    expect(validateConsentScope(group)).toEqual([
      { field: 'consentScopeGroupURL', rule: 'required', message: REQUIRED },
    ]);
    expect(validateConsentScope({ ...group, consentScopeGroupURL: 'not a url' })[0]?.rule).toBe(
      'url',
    );
    expect(
      validateConsentScope({
        ...group,
        consentScopeGroupURL: 'https://group.example',
        thirdPartyStorageType: null,
      }),
    ).toEqual([
      { field: 'thirdPartyStorageType', rule: 'required', message: GROUP_STORAGE_REQUIRED },
    ]);
    expect(setConsentScope(group, 'service')).toMatchObject({
      consentScopeGroupURL: '',
      thirdPartyStorageType: null,
    });
  });
});

describe('reprompt days', () => {
  it('accepts 0 to 350 and enforces 6 on vendor-facing settings', () => {
    expect(validateRepromptDays(0)).toEqual([]);
    expect(validateRepromptDays(350)).toEqual([]);
    expect(validateRepromptDays(351)[0]?.message).toBe(REPROMPT_DAYS_RANGE);
    expect(validateRepromptDays(-1)[0]?.message).toBe(REPROMPT_DAYS_RANGE);
    expect(REPROMPT_DAYS_MINIMUM).toBe('The minimum is 6 days');
    expect(validateRepromptDays(5, { vendorFacing: true })[0]?.message).toBe(REPROMPT_DAYS_MINIMUM);
    expect(validateRepromptDays(6, { vendorFacing: true })).toEqual([]);
  });
});

describe('regulations required', () => {
  it("consent locations: 'This field is required'", () => {
    expect(REQUIRED).toBe('This field is required');
    expect(validateRegulations(siteValues({ consentLocations: [] }))).toEqual([
      { field: 'consentLocations', rule: 'required', message: REQUIRED },
    ]);
  });
  it('old versions need at least one regulation', () => {
    expect(REGULATION_REQUIRED).toBe('Please select at least one regulation');
    expect(validateRegulations(siteValues({ cmpVersion: 50, privacyModes: [] }))[0]?.message).toBe(
      REGULATION_REQUIRED,
    );
  });
});

describe('warnings', () => {
  it('warns for GDPR and US together and for a single encoding', () => {
    expect(
      propertyWarnings(siteValues({ consentLocations: ['WORLDWIDE'], gdprEncodingMode: 'TCF' })),
    ).toEqual([WARNING_GDPR_AND_US, WARNING_SINGLE_ENCODING]);
    expect(propertyWarnings(siteValues())).toEqual([]);
  });

  it('tells what AMP supports: only the TC string for TCF and GPP, the US Privacy string for US visitors', () => {
    expect(WARNING_AMP_TCF_AND_GPP).toBe(
      'TCF and GPP is not supported on AMP: AMP pages store only the TC string, because amp-consent reads no GPP string. Your other pages store both.',
    );
    expect(WARNING_AMP_US).toBe(
      'On AMP pages, US visitors get the US Privacy string only: amp-consent reads no GPP string, so the US sections (usnat and the states) are not sent there.',
    );
    expect(
      propertyWarnings(siteValues({ ampEnabled: true, gdprEncodingMode: 'TCF_AND_GPP' })),
    ).toEqual([WARNING_AMP_TCF_AND_GPP]);
    expect(propertyWarnings(siteValues({ ampEnabled: true, gdprEncodingMode: 'TCF' }))).toEqual([
      WARNING_SINGLE_ENCODING,
    ]);
    expect(
      propertyWarnings(siteValues({ ampEnabled: true, consentLocations: ['EEA', 'USA'] })),
    ).toEqual([WARNING_GDPR_AND_US, WARNING_AMP_TCF_AND_GPP, WARNING_AMP_US]);
    expect(propertyWarnings(siteValues({ ampEnabled: false, consentLocations: ['USA'] }))).toEqual(
      [],
    );
  });
});

describe('the form stays valid through every version switch and scope change (issue 17 item 7)', () => {
  /** A valid site using every version-gated option the latest version offers. */
  const everything = (gbc: boolean) =>
    siteValues({
      cmpVersion: 'latest',
      consentLocations: ['WORLDWIDE'],
      noLegalBasis: false,
      purposeIdsV2: [1, 2],
      gdprPrivacyLink: 'https://example.com/privacy',
      mspaAutoPopUp: 'link',
      mspaFooterHtmlId: 'privacy-footer',
      gbcEnabled: gbc,
      gbcLocations: ['EEA'],
      gbcApplicablePurposes: [{ id: 1, enabled: true, defaultValue: 'GRANTED' }],
      urlPassThrough: gbc,
      adsDataRedaction: gbc,
      consentOrPayConfig: {
        enabled: true,
        countries: ['FR'],
        callbackType: 'self',
        callbacks: { action1: '', action2: '' },
      },
    });
  const issuesOf = (values: PropertyValues) => {
    const result = validateProperty(values);
    return result.ok ? [] : result.issues;
  };

  it('moving down to v56 with the footer-link auto-popup leaves "show automatically" selected', () => {
    const v56 = switchCmpVersion(everything(true), 56);
    expect(v56.mspaAutoPopUp).toBe(true);
    expect(v56.mspaFooterHtmlId).toBe('');
    expect(footerHtmlIdVisible(v56)).toBe(false);
    expect(issuesOf(v56)).toEqual([]);
  });

  it('turns off what a lower version hides (URL passthrough below 56, Consent or Pay below 62)', () => {
    const v54 = switchCmpVersion(everything(true), 54);
    expect(v54).toMatchObject({ urlPassThrough: false, adsDataRedaction: false });
    expect(v54.consentOrPayConfig).toMatchObject({ enabled: false, countries: ['FR'] });
    expect(issuesOf(v54)).toEqual([]);
  });

  it("a global scope puts 'I define' back to 'I don't declare' with no purposes kept", () => {
    const global = setConsentScope(everything(false), 'global');
    expect(global).toMatchObject({ noLegalBasis: true, purposeIdsV2: [] });
    expect(issuesOf(global)).toEqual([]);
    // The scope a legal basis may be defined under keeps it.
    expect(setConsentScope(everything(false), 'service group').noLegalBasis).toBe(false);
  });

  it("refuses 'I define' saved under the global scope (API and CLI saves)", () => {
    expect(
      validateConsentScope(siteValues({ consentScope: 'global', noLegalBasis: false })),
    ).toEqual([
      { field: 'noLegalBasis', rule: 'legalBasisScope', message: LEGAL_BASIS_SCOPE_UNSUPPORTED },
    ]);
  });

  const scopes: ConsentScope[] = ['service', 'service group', 'global'];
  const withScope = (values: PropertyValues, scope: ConsentScope) => {
    const next = setConsentScope(values, scope);
    return scope === 'service group'
      ? { ...next, consentScopeGroupURL: 'https://group.example.com' }
      : next;
  };

  it.each(CMP_VERSIONS.map((v) => v.version))(
    'switching to %s under every scope stays valid',
    (version) => {
      // Google basic consent keeps its visible version message below 52, so it is off there.
      const start = everything(resolveCmpVersion(version) >= CMP_FEATURE_SINCE.googleBasicConsent);
      for (const scope of scopes) {
        expect(issuesOf(withScope(switchCmpVersion(start, version), scope))).toEqual([]);
        expect(issuesOf(switchCmpVersion(withScope(start, scope), version))).toEqual([]);
      }
    },
  );

  it('stays valid walking down every version and back up', () => {
    let values = everything(false);
    const versions = CMP_VERSIONS.map((v) => v.version);
    for (const version of [...versions, ...[...versions].reverse()]) {
      values = switchCmpVersion(values, version);
      expect(issuesOf(values), `at ${version}`).toEqual([]);
    }
  });
});
