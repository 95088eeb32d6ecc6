import type { PropertyValues } from '../../property/schema';
import type { BannerConfig, BannerGbc } from '../config';
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
 * The universal tag's Google Consent Mode default (issue 15 item 6): the tag serves every site of
 * an account and runs before the page's own gtag calls, but cannot know the page's site. So it
 * denies every signal any of the account's sites with Google basic consent configures, in the union
 * of their regions (everywhere when one covers the world); cmp.js then issues the site's own
 * defaults and, on a site without Google basic consent, updates from the visitor's choice
 * (`withUniversalConsentMode`). Undefined when no site of the account uses it.
 */
export function universalConsentModeDefaults(
  gbcs: ReadonlyArray<BannerGbc | undefined>,
  waitForUpdateMs = 500,
): BannerConsentModeDefaults | undefined {
  const used = gbcs.filter((g): g is BannerGbc => !!g?.enabled && g.purposes.length > 0);
  if (!used.length) return undefined;
  const defaults: Record<string, string | number | string[]> = { wait_for_update: waitForUpdateMs };
  for (const signal of new Set(used.flatMap((g) => g.purposes.map((p) => p.id))).values())
    defaults[signal] = 'denied';
  const everywhere = used.some((g) => g.regions.length === 0);
  if (!everywhere) defaults.region = [...new Set(used.flatMap((g) => g.regions))].sort();
  return { defaults: [defaults] };
}

/** The signals a site without Google basic consent updates under the universal tag. */
const CHOICE_FOLLOWING_GBC: BannerGbc = {
  enabled: true,
  regions: [],
  purposes: (
    ['ad_storage', 'analytics_storage', 'ad_user_data', 'ad_personalization'] as const
  ).map((id) => ({ id, default: 'DENIED' as const })),
  urlPassThrough: false,
  adsDataRedaction: false,
};

/**
 * The configuration cmp.js runs under the universal tag: a site without Google basic consent
 * follows the visitor's choice with `gtag('consent', 'update', …)` for the four Google signals, so
 * the universal stub's denial (made for the account's other sites, before the page's gtag calls)
 * never holds its Google tags beyond the choice; it issues no defaults of its own. A site with
 * Google basic consent is unchanged.
 */
export const withUniversalConsentMode = (config: BannerConfig): BannerConfig =>
  config.gbc?.enabled ? config : { ...config, gbc: CHOICE_FOLLOWING_GBC };

/**
 * The stub options of the universal tag, which serves every site of an account and cannot know
 * which APIs a page's property uses: every API is stubbed, and Consent Mode is denied by default
 * for the account's sites' regions (`universalConsentModeDefaults` of their `BannerGbc`s).
 */
export const universalStubOptions = (
  cmpId: number,
  gbcs: ReadonlyArray<BannerGbc | undefined> = [],
): BannerStubOptions => {
  const consentMode = universalConsentModeDefaults(gbcs);
  return {
    tcf: true,
    gpp: true,
    usp: true,
    cmpId: bannerCmpId(cmpId),
    ...(consentMode ? { consentMode } : {}),
  };
};

/**
 * Where a visitor whose location is unknown is treated as coming from: the publisher's own
 * country (a German publisher's visitors get the GDPR banner, a US publisher's the US screen).
 */
export const visitorRegionFallback = (
  property: Pick<PropertyValues, 'publisherCC'>,
): VisitorRegion => ({
  country: /^[A-Za-z]{2}$/.test(property.publisherCC) ? property.publisherCC.toUpperCase() : 'GB',
});
