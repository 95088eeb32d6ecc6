import { isSafeLink } from '@assent/core';
import { compileBannerConfig, consentGroupKey, withAbTest } from '@assent/core/banner';
import type { BannerConfig, VisitorRegion } from '@assent/core/banner';
import type { Property } from '@assent/core/property';
import { BANNER_PATHS } from '@assent/core/tags';
import { DEFAULT_THEME_ID } from '@assent/core/theme';
import type { Theme, ThemeValues } from '@assent/core/theme';
import type { Queryable } from '../db';
import { properties } from '../repositories/properties';
import { textRequests } from '../repositories/text-requests';
import { themes } from '../repositories/themes';
import { vendorSelections } from '../repositories/vendors';
import type { AppDeps } from '../routes/context';

/** The built-in theme of each property type (seed.ts creates 1 for sites and 2 for apps). */
const BUILT_IN_THEME = { SITE: DEFAULT_THEME_ID, APP: '2' } as const;

/** A property of any account, by its uuid (the runtime's public routes carry no account code). */
export async function propertyByUuid(q: Queryable, uuid: string): Promise<Property | undefined> {
  if (!/^[0-9a-f-]{8,64}$/i.test(uuid)) return undefined;
  return properties.getByUuid(q, uuid);
}

/** The property's theme, or the built-in one of its type when the theme is gone or special (-2, -3). */
export async function themeOf(
  q: Queryable,
  property: Property,
): Promise<{ theme: Theme; builtIn: boolean }> {
  const own = await themes.get(q, property.pCode, property.themeId);
  if (own && own.themeType === property.propertyType) return { theme: own, builtIn: own.builtIn };
  const fallback = await themes.get(q, property.pCode, BUILT_IN_THEME[property.propertyType]);
  if (!fallback) throw new Error(`The built-in ${property.propertyType} theme is missing`);
  return { theme: fallback, builtIn: true };
}

/** The group storage URL of a 'service group' property on this server (iframe page or API). */
export function groupStorageUrl(property: Property, origin: string): string | undefined {
  const groupUrl = property.consentScopeGroupURL.trim();
  if (property.consentScope !== 'service group' || !isSafeLink(groupUrl)) return undefined;
  const key = consentGroupKey(groupUrl);
  const path =
    property.thirdPartyStorageType === 'api'
      ? BANNER_PATHS.groupStorage(property.pCode, key)
      : BANNER_PATHS.groupFrame(property.pCode, key);
  return `${origin}${path}`;
}

/**
 * The banner configuration of a property as visitors get it: its theme (or the built-in one), the
 * current GVL v3, the account's vendor selection and approved text changes, compiled by core. A
 * site running an A/B test of themes gets the configuration of each variant's theme, carried as
 * core's `withAbTest` (the control in full, the others as patches) for cmp.js to draw from.
 * `theme` replaces the stored theme (the preview of unsaved values, never A/B tested);
 * `abTest: false` leaves the test out (the AMP prompt, whose page views are not in the test).
 */
export async function loadBannerConfig(
  deps: AppDeps,
  property: Property,
  origin: string,
  options: { theme?: ThemeValues & { themeId: string }; abTest?: boolean } = {},
): Promise<BannerConfig> {
  const variants =
    options.theme || options.abTest === false ? [] : property.abTestingSitesCollection;
  if (!variants || variants.length < 2) return compileFor(deps, property, origin, options.theme);
  const configs = await Promise.all(
    variants.map((v) => compileFor(deps, { ...property, themeId: v.themeId }, origin)),
  );
  return withAbTest(
    variants.map((v, i) => ({ name: v.name, traffic: v.traffic, config: configs[i]! })),
  );
}

async function compileFor(
  deps: AppDeps,
  property: Property,
  origin: string,
  preview?: ThemeValues & { themeId: string },
): Promise<BannerConfig> {
  const [stored, vendorList, vendorSelection] = await Promise.all([
    preview ? undefined : themeOf(deps.db, property),
    deps.lists.vendorList(3),
    vendorSelections.get(deps.db, property.pCode),
  ]);
  const theme = preview ?? stored!.theme;
  const requests =
    preview || stored?.builtIn
      ? undefined
      : await textRequests.forTheme(deps.db, Number(theme.themeId));
  const groupUrl = groupStorageUrl(property, origin);
  return compileBannerConfig({
    property,
    theme,
    vendorList,
    vendorSelection,
    cmpId: deps.config.cmpId,
    ...(groupUrl ? { groupUrl } : {}),
    // Built-in themes have no requests: their (empty) language entries never apply.
    ...(preview ? {} : { textRequests: requests ?? [] }),
  });
}

/** The boot JSON cmp.js and the AMP prompt start from. */
export function bootOf(config: BannerConfig, region: VisitorRegion, origin: string, visits = true) {
  return {
    config,
    region,
    endpoints: {
      vendorList: `${origin}${BANNER_PATHS.vendorList}`,
      ...(config.gdpr?.googleVendors.length
        ? { googleVendors: `${origin}${BANNER_PATHS.googleVendors}` }
        : {}),
      ...(visits
        ? { visit: `${origin}${BANNER_PATHS.visit}`, consent: `${origin}${BANNER_PATHS.consent}` }
        : {}),
    },
  };
}
