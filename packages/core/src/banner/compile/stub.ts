import type { PropertyValues } from '../../property/schema';
import type { BannerConfig } from '../config';
import type { BannerConsentModeDefaults, VisitorRegion } from '../rules';
import { bannerConsentModeDefaults } from '../rules';
import { bannerCmpId } from './cmp-id';

// What the server inlines with the runtime.

/** The inline stub's options (packages/banner `StubOptions`). */
export interface BannerStubOptions {
  tcf?: boolean;
  gpp?: boolean;
  usp?: boolean;
  gdprApplies?: boolean;
  cmpId?: number;
  consentMode?: BannerConsentModeDefaults;
}

/** The stub's options for a property's banner: only the APIs its config uses. */
export function bannerStubOptions(config: BannerConfig): BannerStubOptions {
  const gdpr = config.gdpr;
  return {
    tcf: !!gdpr,
    gpp: (!!gdpr && gdpr.encodingMode !== 'TCF') || !!config.us,
    usp: !!config.us?.uspEnabled,
    cmpId: config.cmpId,
    ...(config.gbc?.enabled ? { consentMode: bannerConsentModeDefaults(config.gbc) } : {}),
  };
}

/**
 * The stub options of the universal tag, which serves every site of an account and cannot know
 * which APIs a page's property uses: every API is stubbed; consent mode defaults come with cmp.js.
 */
export const universalStubOptions = (cmpId: number): BannerStubOptions => ({
  tcf: true,
  gpp: true,
  usp: true,
  cmpId: bannerCmpId(cmpId),
});

/**
 * Where a visitor whose location is unknown is treated as coming from: the publisher's own
 * country (a German publisher's visitors get the GDPR banner, a US publisher's the US screen).
 */
export const visitorRegionFallback = (
  property: Pick<PropertyValues, 'publisherCC'>,
): VisitorRegion => ({
  country: /^[A-Za-z]{2}$/.test(property.publisherCC) ? property.publisherCC.toUpperCase() : 'GB',
});
