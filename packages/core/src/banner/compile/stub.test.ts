import { describe, expect, it } from 'vitest';
import {
  compileTestConfig as compile,
  compileProperty as property,
} from '../../testing/banner-compile';
import { bannerConsentModeDefaults } from '../rules';
import { bannerStubOptions, universalStubOptions, visitorRegionFallback } from './stub';

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

  it('the fallback region is the publisher’s country', () => {
    expect(visitorRegionFallback({ publisherCC: 'de' })).toEqual({ country: 'DE' });
    expect(visitorRegionFallback({ publisherCC: '' })).toEqual({ country: 'GB' });
  });
});
