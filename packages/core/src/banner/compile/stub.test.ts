import { describe, expect, it } from 'vitest';
import {
  compileTestConfig as compile,
  compileProperty as property,
} from '../../testing/banner-compile';
import { bannerConsentModeDefaults } from '../rules';
import { compileGbc } from './gbc';
import {
  bannerStubOptions,
  universalConsentModeDefaults,
  universalStubOptions,
  visitorRegionFallback,
  withUniversalConsentMode,
} from './stub';

describe('stub options', () => {
  it('stubs only the APIs the config uses, with consent mode defaults', () => {
    const tcfOnly = compile({
      property: property({ consentLocations: ['EEA'], gdprEncodingMode: 'TCF' }),
    });
    expect(bannerStubOptions(tcfOnly)).toEqual({ tcf: true, gpp: false, usp: false, cmpId: 300 });
    const all = compile({
      property: property({
        ccpaViaUsp: true,
        gbcEnabled: true,
        gbcLocations: ['USA'],
        gbcApplicablePurposes: [{ id: 1, defaultValue: 'GRANTED' }],
        adsDataRedaction: true,
      }),
    });
    expect(bannerStubOptions(all)).toEqual({
      tcf: true,
      gpp: true,
      usp: true,
      cmpId: 300,
      consentMode: {
        defaults: [{ wait_for_update: 500, ad_storage: 'granted', region: ['US'] }],
        urlPassThrough: false,
        adsDataRedaction: true,
      },
    });
    expect(bannerConsentModeDefaults(all.gbc!, 800).defaults[0]!.wait_for_update).toBe(800);
    expect(universalStubOptions(0)).toEqual({ tcf: true, gpp: true, usp: true, cmpId: 4095 });
  });

  it('the universal stub denies Consent Mode for the account’s Google basic consent regions (issue 15 item 6)', () => {
    const gbcSite = (gbcLocations: Array<'EEA' | 'USA' | 'WORLDWIDE'>, ids: number[]) =>
      compileGbc(
        property({
          gbcEnabled: true,
          gbcLocations,
          gbcApplicablePurposes: ids.map((id) => ({ id, defaultValue: 'GRANTED' as const })),
        }),
      );
    const eea = gbcSite(['EEA'], [1, 2]);
    const us = gbcSite(['USA'], [3]);
    const options = universalStubOptions(300, [eea, undefined, us]);
    const [defaults] = options.consentMode!.defaults;
    // Every signal any site sets, denied whatever the site's own default, in the union of regions.
    const signals = [...eea!.purposes, ...us!.purposes].map((p) => p.id);
    expect(signals.length).toBe(3);
    expect(defaults).toEqual({
      wait_for_update: 500,
      ...Object.fromEntries(signals.map((id) => [id, 'denied'])),
      region: [...new Set([...eea!.regions, 'US'])].sort(),
    });
    expect(defaults!.region).toContain('DE');
    expect(defaults!.region).toContain('GB');
    // One site covering the world: no region (everywhere).
    expect(
      universalConsentModeDefaults([eea, gbcSite(['WORLDWIDE'], [1])])!.defaults[0],
    ).not.toHaveProperty('region');
    // No site with Google basic consent: no default at all.
    expect(universalStubOptions(300, [undefined])).toEqual({
      tcf: true,
      gpp: true,
      usp: true,
      cmpId: 300,
    });
  });

  it('under the universal tag, a site without Google basic consent follows the choice; one with it is unchanged', () => {
    const none = compile({ property: property({}) });
    expect(none.gbc).toBeUndefined();
    const universal = withUniversalConsentMode(none);
    expect(universal.gbc).toMatchObject({ enabled: true, regions: [] });
    expect(universal.gbc!.purposes.map((p) => p.id)).toEqual([
      'ad_storage',
      'analytics_storage',
      'ad_user_data',
      'ad_personalization',
    ]);
    // Its own stub options are untouched: cmp.js adds no defaults of its own.
    expect(bannerStubOptions(none).consentMode).toBeUndefined();
    const gbc = compile({
      property: property({
        gbcEnabled: true,
        gbcLocations: ['USA'],
        gbcApplicablePurposes: [{ id: 1 }],
      }),
    });
    expect(withUniversalConsentMode(gbc)).toBe(gbc);
  });

  it('the fallback region is the publisher’s country', () => {
    expect(visitorRegionFallback({ publisherCC: 'de' })).toEqual({ country: 'DE' });
    expect(visitorRegionFallback({ publisherCC: '' })).toEqual({ country: 'GB' });
  });
});
