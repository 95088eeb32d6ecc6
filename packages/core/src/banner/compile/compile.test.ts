import { describe, expect, it } from 'vitest';
import {
  COMPILE_VENDOR_LIST as LIST,
  compileTestConfig as compile,
  compileProperty as property,
  compileTheme as theme,
  gvlVendor as vendor,
} from '../../testing/banner-compile';
import { US_DEFAULT_TEXTS } from '../../theme/control-texts';
import { appThemeValues, textChangeRequest } from '../../testing/theme';
import { BannerConfig } from '../config';
import { vendorSets } from '../vendor-sets';
import { UNREGISTERED_CMP_ID, UNREGISTERED_CMP_ID_WARNING, cmpIdWarning } from './cmp-id';
import { compileBannerConfig } from './compile';

describe('compileBannerConfig', () => {
  it('parses with BannerConfig and is deterministic', () => {
    const a = compile();
    expect(BannerConfig.safeParse(a).success).toBe(true);
    expect(JSON.stringify(compile())).toBe(JSON.stringify(a));
    expect(a).toMatchObject({
      schema: 1,
      propertyId: 'prop-1',
      themeId: '7',
      cmpId: 300,
      cmpVersion: 64,
      consentLocations: ['WORLDWIDE'],
      consentScope: { type: 'service' },
      repromtDaysAfterGvlUpdate: 30,
    });
    expect(a.abVariant).toBeUndefined();
    expect(a.configVersion).toMatch(/^v[0-9a-z]+$/);
  });

  it('regulations follow the consent locations; old versions derive them from the privacy modes', () => {
    const eea = compile({ property: property({ consentLocations: ['EEA'] }) });
    expect(eea.gdpr).toBeDefined();
    expect(eea.us).toBeUndefined();
    const usa = compile({ property: property({ consentLocations: ['USA'] }) });
    expect(usa.gdpr).toBeUndefined();
    expect(usa.us?.mspa).toBeDefined();
    const old = compile({
      property: property({
        cmpVersion: 53,
        privacyModes: ['GDPR', 'USP'],
        requireConsentFrom: 'inEU',
      }),
    });
    expect(old.consentLocations).toEqual(['EEA', 'USA']);
    expect(old.cmpVersion).toBe(53);
    // The old versions know only the US privacy string.
    expect(old.us).toMatchObject({ uspEnabled: true });
    expect(old.us?.mspa).toBeUndefined();
  });

  it('TCF policy version from the vendor list in use, whatever the release (issue 15 item 11)', () => {
    // The fixture list is policy 4: the latest release said 5 before (a string vendors reject).
    expect(compile().gdpr?.tcfPolicyVersion).toBe(4);
    const v5 = { ...LIST, tcfPolicyVersion: 5 };
    expect(compile({ vendorList: v5 }).gdpr?.tcfPolicyVersion).toBe(5);
    expect(
      compile({ vendorList: v5, property: property({ cmpVersion: 62 }) }).gdpr?.tcfPolicyVersion,
    ).toBe(5);
    // The tcf23 release writes the disclosed-vendors segment whatever the property says.
    const off = { includeVendorsDisclosedSegment: false };
    expect(compile({ property: property(off) }).gdpr?.includeVendorsDisclosedSegment).toBe(true);
    expect(
      compile({ property: property({ ...off, cmpVersion: 62 }) }).gdpr
        ?.includeVendorsDisclosedSegment,
    ).toBe(false);
  });

  it('without a legal basis, uses the vendors’ declarations (LI never for purposes 1 and 3–6)', () => {
    const gdpr = compile().gdpr!;
    expect(gdpr.consentPurposes).toEqual([1, 2, 3, 4, 7, 11]);
    expect(gdpr.legitimateInterestPurposes).toEqual([2, 7, 8, 10]);
    expect(gdpr.specialFeatures).toEqual([1]);
    expect(gdpr.vendorListVersion).toBe(42);
    expect(gdpr.vendorListUpdatedAt).toBe('2026-01-08T16:00:00Z');
    expect(gdpr.storageMonths).toBe(13);
  });

  it('with a legal basis, uses the property’s purposes, special features and stacks', () => {
    const gdpr = compile({
      property: property({
        noLegalBasis: false,
        purposeIdsV2: [1, 3, 4],
        purposeLegitimateIdsV2: [2, 5, 7],
        specialFeatures: [2],
        stackIds: [2, 99],
      }),
    }).gdpr!;
    expect(gdpr.consentPurposes).toEqual([1, 3, 4]);
    expect(gdpr.legitimateInterestPurposes).toEqual([2, 7]);
    expect(gdpr.specialFeatures).toEqual([2]);
    expect(gdpr.stacks).toEqual([2]);
  });

  it('purpose one treatment only for a German publisher that leaves purpose 1 out', () => {
    const de = compile({
      property: property({
        publisherCC: 'DE',
        noLegalBasis: false,
        purposeIdsV2: [2],
        purposeLegitimateIdsV2: [],
      }),
    }).gdpr!;
    expect(de).toMatchObject({ purposeOneTreatment: true, publisherCC: 'DE' });
    expect(compile().gdpr).toMatchObject({ purposeOneTreatment: false, publisherCC: 'GB' });
  });

  it('vendors in scope: all active vendors until the account saves a selection, then the selection', () => {
    expect(vendorSets(compile().gdpr!).ids).toEqual([1, 2, 4]);
    const chosen = compile({
      vendorSelection: {
        vendorIds: [2, 3, 99],
        includeNewVendors: true,
        updatedAt: '2026-01-01T00:00:00Z',
      },
    }).gdpr!;
    // Vendor 2 declares purpose 1, LI for 2 and 10, 2 as flexible and special feature 1: in scope,
    // asked for consent and keeping its legitimate interest (the declarations stay in the list).
    expect(chosen.vendors).toBe('04');
    expect(vendorSets(chosen)).toEqual({ ids: [2], consent: [2], li: [2] });
  });

  it("Google providers when the property enables Google vendors; the account's custom vendors", () => {
    const vendorSelection = {
      vendorIds: [],
      includeNewVendors: true,
      updatedAt: '2026-01-01T00:00:00Z',
      googleAtpIds: [89, 12, 89],
      customVendors: [
        {
          id: '3f1c2a9e-1b7d-4c8e-9f00-000000000001',
          name: ' In-house analytics ',
          privacyPolicyUrl: 'https://news.example/privacy',
          purposes: [8, 1],
          legIntPurposes: [],
        },
        {
          id: 'odd id/with spaces',
          name: 'Odd',
          privacyPolicyUrl: 'javascript:alert(1)',
          purposes: [],
          legIntPurposes: [7],
        },
      ],
    };
    const off = compile({ vendorSelection }).gdpr!;
    expect(off.googleVendors).toEqual([]);
    const on = compile({ property: property({ googleEnabled: true }), vendorSelection }).gdpr!;
    expect(on.googleVendors).toEqual([12, 89]);
    expect(on.customVendors).toEqual([
      {
        id: '3f1c2a9e-1b7d-4c8e-9f00-000000000001',
        name: 'In-house analytics',
        policyUrl: 'https://news.example/privacy',
        purposes: [1, 8],
        legIntPurposes: [],
      },
      {
        id: expect.stringMatching(/^c[0-9a-z]+$/),
        name: 'Odd',
        policyUrl: '',
        purposes: [],
        legIntPurposes: [7],
      },
    ]);
  });

  it('publisher restrictions from the theme, only for vendors whose purpose is flexible', () => {
    const gdpr = compile({
      theme: theme({ publisherConsentRestrictionIds: [2, 7], publisherLIRestrictionIds: [2, 3] }),
    }).gdpr!;
    expect(gdpr.restrictions).toEqual([
      { purposeId: 2, type: 1, vendorIds: [2] },
      { purposeId: 7, type: 1, vendorIds: [1] },
      { purposeId: 2, type: 2, vendorIds: [1] },
    ]);
  });

  it("a 'require legitimate interest' restriction puts its purpose among the LI purposes (issue 15 item 8)", () => {
    const declared = property({
      noLegalBasis: false,
      purposeIdsV2: [1, 2, 3, 4],
      purposeLegitimateIdsV2: [7],
    });
    expect(compile({ property: declared }).gdpr!.legitimateInterestPurposes).toEqual([7]);
    const gdpr = compile({
      property: declared,
      theme: theme({ publisherLIRestrictionIds: [2] }),
    }).gdpr!;
    expect(gdpr.restrictions).toEqual([{ purposeId: 2, type: 2, vendorIds: [1] }]);
    expect(gdpr.legitimateInterestPurposes).toEqual([2, 7]);
  });

  it('maps US privacy: USP, LSPA, jurisdiction and MSPA', () => {
    const us = compile({
      property: property({
        consentLocations: ['USA'],
        ccpaViaUsp: true,
        uspLspact: 'Y',
        uspJurisdiction: 'CA',
        mspaPurposeIds: [1, 4, 5],
        mspaSensitiveDataProcessing: 'yes',
        mspaSensitiveDataPurposeIds: [3, 8, 17],
        mspaChildSensitiveDataProcessing: 'yes',
        isCoveredTransaction: true,
        mspaJurisdiction: 'NATIONAL',
        mspaAutoPopUp: 'link',
        mspaFooterHtmlId: 'dns-link',
      }),
    }).us!;
    expect(us).toEqual({
      uspEnabled: true,
      uspLspact: true,
      uspJurisdiction: 'CA',
      mspa: {
        coveredTransaction: true,
        jurisdiction: 'NATIONAL',
        optOutPurposes: [1, 4],
        sensitiveDataCategories: [3, 8],
        childSensitiveData: true,
        autoPopUp: 'link',
        footerElementId: 'dns-link',
      },
    });
    const plain = compile({ property: property({ consentLocations: ['USA'] }) }).us!;
    expect(plain).toMatchObject({ uspEnabled: false, uspLspact: false, uspJurisdiction: 'US' });
    expect(plain.mspa).toMatchObject({ optOutPurposes: [1, 2, 3], sensitiveDataCategories: [] });
    expect(plain.mspa?.footerElementId).toBeUndefined();
  });

  it('maps Google basic consent: purposes by consent type, EEA & UK regions, advanced flags', () => {
    const gbc = compile({
      property: property({
        gbcEnabled: true,
        gbcLocations: ['EEA'],
        gbcApplicablePurposes: [
          { id: 1, defaultValue: 'DENIED' },
          { id: 2, defaultValue: 'GRANTED' },
          { id: 4, enabled: false },
        ],
        urlPassThrough: true,
        adsDataRedaction: true,
      }),
    }).gbc!;
    expect(gbc.purposes).toEqual([
      { id: 'ad_storage', default: 'DENIED' },
      { id: 'analytics_storage', default: 'GRANTED' },
    ]);
    expect(gbc.regions).toContain('DE');
    expect(gbc.regions).toContain('GB');
    expect(gbc.regions).not.toContain('US');
    expect(gbc).toMatchObject({ enabled: true, urlPassThrough: true, adsDataRedaction: true });
    const worldwide = compile({
      property: property({
        gbcEnabled: true,
        gbcLocations: ['WORLDWIDE'],
        gbcApplicablePurposes: [{ id: 3 }],
        cmpVersion: 52,
        urlPassThrough: true,
      }),
    }).gbc!;
    expect(worldwide).toMatchObject({ regions: [], urlPassThrough: false });
    expect(worldwide.purposes).toEqual([{ id: 'ad_user_data', default: 'DENIED' }]);
    expect(
      compile({
        property: property({
          gbcEnabled: true,
          gbcApplicablePurposes: [{ id: 1 }],
          cmpVersion: 40,
        }),
      }).gbc,
    ).toBeUndefined();
  });

  it('maps Consent or Pay with the theme layout and texts, placeholders filled', () => {
    const config = compile({
      property: property({
        consentOrPayConfig: {
          enabled: true,
          countries: ['eea', 'gb'],
          callbackType: 'publisher',
          callbacks: { action1: 'https://news.example/subscribe', action2: 'javascript:alert(1)' },
          callbackRedirectMethod: 'NEW_TAB',
        },
      }),
      theme: theme({
        consentOrPayLayout: 'SubscribeAndLogin',
        consentOrPaySettings: [
          { language: 'en', privacyHeader: 'Read for free with ads', action1Label: 'Go ad-free' },
        ],
      }),
    });
    const cop = config.consentOrPay!;
    expect(cop).toMatchObject({
      enabled: true,
      layout: 'SubscribeAndLogin',
      redirect: 'NEW_TAB',
      callbacks: { action1: 'https://news.example/subscribe' },
    });
    expect(cop.callbacks.action2).toBeUndefined();
    expect(cop.countries).toContain('FR');
    expect(cop.countries).toContain('GB');
    expect(cop.texts.en).toMatchObject({
      privacyHeader: 'Read for free with ads',
      subscribeLabel: 'Go ad-free',
      acceptLabel: 'Accept all',
      viewPreferencesLabel: 'View preferences',
      loginLabel: 'Log in',
    });
    expect(cop.texts.en!.privacyBody).toContain('our 3 partners');
    expect(cop.texts.en!.privacyBody).not.toMatch(/\{\{|<</);
  });

  it('omits Consent or Pay without an http(s) subscribe URL or on older versions', () => {
    const cop = {
      enabled: true,
      countries: ['FR'],
      callbackType: 'self' as const,
      callbacks: { action1: '', action2: '' },
      callbackRedirectMethod: 'SAME_TAB' as const,
    };
    expect(
      compile({ property: property({ consentOrPayConfig: cop }) }).consentOrPay,
    ).toBeUndefined();
    expect(
      compile({
        property: property({
          cmpVersion: 60,
          consentOrPayConfig: {
            ...cop,
            callbacks: { action1: 'https://a.example/s', action2: '' },
          },
        }),
      }).consentOrPay,
    ).toBeUndefined();
  });

  it('fits a long default Consent-or-Pay header into 24 characters', () => {
    const config = compile({
      property: property({
        consentOrPayConfig: {
          enabled: true,
          countries: ['DE'],
          callbackType: 'publisher',
          callbacks: { action1: 'https://news.example/abo', action2: '' },
          callbackRedirectMethod: 'SAME_TAB',
        },
      }),
      theme: theme({ language: 'de' }),
    });
    const header = config.consentOrPay!.texts.de!.privacyHeader;
    expect(header.length).toBeLessThanOrEqual(24);
    expect(header.endsWith('…')).toBe(true);
  });

  it('fills empty theme texts with the language defaults; markers become placeholders', () => {
    const texts = compile({ theme: theme({ language: 'de' }) }).theme.texts;
    expect(Object.keys(texts)).toEqual(['de']);
    const de = texts.de!;
    expect(de).toMatchObject({
      agreeButton: 'Alle akzeptieren',
      disagreeButton: 'Alle ablehnen',
      moreOptionsButton: 'Weitere Optionen',
      privacyHeader: 'Wir respektieren Ihre Privatsphäre',
      consentLinkLabel: 'Datenschutz-Einstellungen',
    });
    expect(de.privacyBody).toContain('Wir und unsere {{partnerCount}} Partner');
    expect(de.privacyBody).toContain('{{storageMonths}}');
    expect(de.privacyBody).not.toContain('<<');
    expect(de.labels.vendors).toBe('Anbieter');
    expect(de.purposeNames).toMatchObject({ '1': 'Purpose 1', '7': 'Purpose 7' });
    expect(de.purposeNames['5']).toBeUndefined();
    expect(de.specialFeatureNames).toEqual({ '1': 'Precise geolocation' });
  });

  it('uses the theme’s own texts, and only http(s) footer links', () => {
    const texts = compile({
      property: property({ gdprPrivacyLink: 'https://news.example/privacy' }),
      theme: theme({
        agreeButton: 'Sure, go ahead',
        initScreenRejectButton: 'No thanks',
        saveAndExitButton: 'Let me choose',
        consentLinkLabel: 'Cookie choices',
        uxInitialScreenCustomLinks: [
          { text: 'Imprint', url: 'https://news.example/imprint' },
          { text: 'Bad', url: 'javascript:alert(1)' },
        ],
      }),
    }).theme.texts.en!;
    expect(texts).toMatchObject({
      agreeButton: 'Sure, go ahead',
      disagreeButton: 'No thanks',
      moreOptionsButton: 'Let me choose',
      saveAndExitButton: 'Save & exit',
      consentLinkLabel: 'Cookie choices',
    });
    expect(texts.footerLinks).toEqual([
      { text: 'Privacy policy', url: 'https://news.example/privacy' },
      { text: 'Imprint', url: 'https://news.example/imprint' },
    ]);
  });

  it('Advanced Customisation entries apply once approved (always in the preview)', () => {
    const advanced = theme({
      advancedCustomizationSettings: [
        { language: 'en', privacyHeader: 'Your privacy, your call' },
        { language: 'fr', agreeButton: "J'accepte" },
      ],
    });
    const preview = compile({ theme: advanced });
    expect(Object.keys(preview.theme.texts)).toEqual(['en', 'fr']);
    expect(preview.theme.texts.en!.privacyHeader).toBe('Your privacy, your call');
    expect(preview.theme.texts.fr).toMatchObject({
      agreeButton: "J'accepte",
      disagreeButton: 'Tout refuser',
    });

    const live = compile({
      theme: advanced,
      textRequests: [
        textChangeRequest({ themeId: '7', language: 'en', status: 'in-progress' }),
        textChangeRequest({ id: 8, themeId: '7', language: 'fr', status: 'approved' }),
      ],
    });
    expect(Object.keys(live.theme.texts)).toEqual(['en', 'fr']);
    expect(live.theme.texts.en!.privacyHeader).toBe('We value your privacy');
    expect(live.theme.texts.fr!.agreeButton).toBe("J'accepte");
  });

  it('US texts: the Do-Not-Sell body as safe rich text, links only when not suppressed', () => {
    const config = compile({
      property: property({ consentLocations: ['USA'] }),
      theme: theme({
        privacyModes: ['USP'],
        uspDnsTitleText: 'Your US privacy choices',
        uspDnsText:
          '<p>We <strong>sell</strong> data. <a href="https://news.example/ccpa">Learn more</a> <a href="javascript:alert(1)">x</a></p><script>alert(1)</script><ul><li>One</li><li><em>Two</em></li></ul>',
        uspPrivacyPolicyLinkText: 'Privacy policy',
        uspPrivacyPolicyLink: 'https://news.example/privacy',
        uspDeleteDataLinkText: 'Delete',
        uspDeleteDataLink: 'ftp://news.example/delete',
      }),
    });
    const us = config.theme.texts.en!.us!;
    expect(us.dnsTitle).toBe('Your US privacy choices');
    expect(us.dnsBody).toEqual([
      {
        p: [
          { text: 'We ' },
          { text: 'sell', b: true },
          { text: ' data. ' },
          { text: 'Learn more', href: 'https://news.example/ccpa' },
          { text: ' x' },
        ],
      },
      { ul: [[{ text: 'One' }], [{ text: 'Two', i: true }]] },
    ]);
    expect(us.privacyPolicyLink).toEqual({
      text: 'Privacy policy',
      url: 'https://news.example/privacy',
    });
    expect(us.deleteDataLink).toBeUndefined();
    const suppressed = compile({
      property: property({ consentLocations: ['USA'] }),
      theme: theme({
        suppressCcpaLinks: true,
        uspPrivacyPolicyLinkText: 'P',
        uspPrivacyPolicyLink: 'https://a.example',
      }),
    }).theme.texts.en!.us!;
    expect(suppressed.suppressLinks).toBe(true);
    expect(suppressed.privacyPolicyLink).toBeUndefined();
    expect(suppressed.dnsBody[0]).toEqual({ p: [{ text: expect.stringContaining('opt out') }] });
    expect(us.sensitive).toBeUndefined();
  });

  it('US texts: the sensitive-data consent step names each declared category (issue 15 item 3)', () => {
    const us = compile({
      property: property({
        consentLocations: ['USA'],
        mspaSensitiveDataProcessing: 'yes',
        mspaSensitiveDataPurposeIds: [8, 3],
      }),
    }).theme.texts.en!.us!;
    expect(us.sensitive).toEqual({
      title: US_DEFAULT_TEXTS.sensitiveTitle,
      intro: US_DEFAULT_TEXTS.sensitiveIntro,
      categories: [
        { id: 3, name: 'Health, including a mental or physical health condition or diagnosis' },
        { id: 8, name: 'Precise geolocation' },
      ],
    });
  });

  it('maps the look: colours (canonical, defaults when empty), buttons, persistent link, CSS', () => {
    const t = compile({
      theme: theme({
        uxFontColor: '#333',
        uxPrimaryButtonColor: '#112233',
        displayUi: 'banner',
        initScreenCloseButtonShowing: true,
        uxPersistentConsentButton: true,
        uxPersistentConsentLinkLocation: 'TOP_LEFT',
        uxCustomizedCss: '.dlg { border-radius: 0 }',
      }),
    }).theme;
    expect(t.colors).toMatchObject({
      fontColor: '#333333',
      primaryButtonColor: '#112233',
      backgroundColor: '#FFFFFF',
    });
    expect(t).toMatchObject({
      displayUi: 'banner',
      initialScreen: 'SUMMARY',
      rejectButton: true,
      closeButton: true,
      persistentLink: { enabled: true, location: 'TOP_LEFT' },
      // As the CSS parser writes the allowed parts.
      customCss: '.dlg{border-radius:0}',
    });
    const stacks = compile({
      theme: theme({
        initialScreen: 'STACKS_AND_PURPOSES',
        displayUi: 'banner',
        uxCustomizedCss: 'a{background:url(x)}',
      }),
    }).theme;
    expect(stacks.displayUi).toBe('popup');
    expect(stacks.customCss).toBe('');
  });

  it('soft opt-in forces the persistent link on', () => {
    const t = compile({
      theme: theme({ uxSoftOptIns: true, uxPersistentConsentButton: false }),
    }).theme;
    expect(t.persistentLink.enabled).toBe(true);
  });

  it('group scope points at the group storage; global scope is asked per site', () => {
    const group = compile({
      property: property({
        consentScope: 'service group',
        consentScopeGroupURL: 'https://group.example',
        thirdPartyStorageType: 'api',
      }),
      groupUrl: 'https://assent.example/banner/group/abc/g1/storage',
    });
    expect(group.consentScope).toEqual({
      type: 'serviceGroup',
      groupUrl: 'https://assent.example/banner/group/abc/g1/storage',
      storage: 'api',
    });
    expect(compile({ property: property({ consentScope: 'global' }) }).consentScope).toEqual({
      type: 'service',
    });
  });

  it('configVersion changes with consent-relevant settings only', () => {
    const base = compile().configVersion;
    expect(
      compile({ theme: theme({ agreeButton: 'OK!', uxFontColor: '#000' }) }).configVersion,
    ).toBe(base);
    expect(
      compile({ vendorList: { ...LIST, vendors: [...LIST.vendors, vendor(5, { purposes: [1] })] } })
        .configVersion,
    ).toBe(base);
    expect(compile({ property: property({ consentLocations: ['EEA'] }) }).configVersion).not.toBe(
      base,
    );
    expect(compile({ property: property({ publisherCC: 'FR' }) }).configVersion).not.toBe(base);
  });

  it('an unconfigured CMP id becomes the unassigned 4095, with the warning the operator gets', () => {
    expect(compile({ cmpId: 0 }).cmpId).toBe(UNREGISTERED_CMP_ID);
    expect(compile({ cmpId: 1 }).cmpId).toBe(4095);
    expect(compile({ cmpId: 10 }).cmpId).toBe(10);
    for (const unusable of [0, 1, 4095, 5000])
      expect(cmpIdWarning(unusable)).toBe(UNREGISTERED_CMP_ID_WARNING);
    expect(cmpIdWarning(10)).toBeUndefined();
    expect(UNREGISTERED_CMP_ID_WARNING).toBe(
      "ASSENT_CMP_ID is not set to your IAB CMP id: every TC and GPP string this server's banners write carries CMP id 4095, which IAB has not registered. Google and the vendors that check IAB's CMP list reject these strings, so visitors' consent does not reach them. Set ASSENT_CMP_ID to the CMP id IAB assigned you.",
    );
  });

  it('compiles an app theme with the default look', () => {
    const config = compileBannerConfig({
      property: {
        ...property({ propertyType: 'APP', packageId: 'com.example.news', url: undefined }),
      },
      theme: { ...appThemeValues(), themeId: '2' },
      vendorList: LIST,
      vendorSelection: { vendorIds: [], includeNewVendors: true, updatedAt: null },
      cmpId: 300,
    });
    expect(BannerConfig.safeParse(config).success).toBe(true);
    expect(config.theme.persistentLink.enabled).toBe(false);
    expect(config.theme.texts.en!.privacyBody).toContain('in this app');
  });
});
