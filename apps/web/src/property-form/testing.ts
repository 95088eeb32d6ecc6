import {
  CMP_VERSIONS,
  Property as PropertySchema,
  defaultAppValues,
  defaultSiteValues,
} from '@assent/core/property';
import type { Property, PropertyDraft, PropertyListItem } from '@assent/core/property';
import { appValues, listItem, siteValues } from '@assent/core/testing';
import type { FakeApi } from '../testing/fake-api';
import type { PropertyInitData } from './context';

/** Fixtures of the site and app form tests (fixed data, never random). */

export const PCODE = 'AB12CD';
export const ACCOUNT = `/protect/p-${PCODE}`;

export const SITE_THEMES: PropertyInitData['themes'] = [
  { themeId: '1', themeName: 'Default theme', themeType: 'SITE', gvlVersion: 3 },
  { themeId: '5', themeName: 'TCF 2.0 theme', themeType: 'SITE', gvlVersion: 2 },
];
export const APP_THEMES: PropertyInitData['themes'] = [
  { themeId: '2', themeName: 'Default app theme', themeType: 'APP', gvlVersion: 3 },
];

/** What GET /customization/v2/site/init answers for a site or an app. */
export function initData(
  type: 'SITE' | 'APP' = 'SITE',
  overrides: Partial<PropertyInitData> = {},
): PropertyInitData {
  return {
    defaults: type === 'APP' ? defaultAppValues('latest') : defaultSiteValues(),
    cmpVersions: [...CMP_VERSIONS],
    themes: type === 'APP' ? APP_THEMES : SITE_THEMES,
    premium: false,
    consentOrPayEnabled: false,
    ...overrides,
  };
}

const BOOKKEEPING = {
  pCode: PCODE,
  editable: true,
  createdAt: '2024-03-01T00:00:00.000Z',
  updatedAt: '2024-03-01T00:00:00.000Z',
};

/** A stored site as GET /customization/v2/site/{id} returns it. */
export const storedSite = (
  overrides: PropertyDraft = {},
  extra: Partial<Pick<Property, 'uuid' | 'editable'>> = {},
): Property =>
  PropertySchema.parse({
    ...siteValues({ url: 'news.example.com', ...overrides }),
    uuid: 'site-1',
    siteId: 1,
    ...BOOKKEEPING,
    ...extra,
  });

/** A stored app as GET /customization/v2/app/{id} returns it. */
export const storedApp = (
  overrides: PropertyDraft = {},
  extra: Partial<Pick<Property, 'uuid' | 'editable'>> = {},
): Property =>
  PropertySchema.parse({
    ...appValues({ packageId: 'com.example.news', ...overrides }),
    uuid: 'app-1',
    siteId: 2,
    ...BOOKKEEPING,
    ...extra,
  });

/** A row of the properties list naming another property of the account. */
export function otherProperty(identifier: string, type: 'SITE' | 'APP' = 'SITE'): PropertyListItem {
  const { themeName: _none, ...row } = listItem({
    uuid: `other-${identifier}`,
    siteId: 99,
    propertyType: type,
    ...(type === 'APP' ? { packageId: identifier } : { url: identifier }),
    publisherName: 'Other',
    updatedAt: '2024-03-01T00:00:00.000Z',
  });
  return row;
}

/**
 * The routes the forms call, answered: init data, the properties list, a logo check that passes
 * with a suffix, and saves that echo the payload as a stored property.
 */
export function withFormRoutes(
  api: FakeApi,
  options: {
    type?: 'SITE' | 'APP';
    init?: Partial<PropertyInitData>;
    list?: PropertyListItem[];
  } = {},
): FakeApi {
  const type = options.type ?? 'SITE';
  const stored = (body: unknown) =>
    PropertySchema.parse({
      ...(body as object),
      uuid: type === 'APP' ? 'app-new' : 'site-new',
      siteId: 10,
      ...BOOKKEEPING,
    });
  return api
    .onDefault('GET /customization/v2/site/init', { body: initData(type, options.init) })
    .onDefault('GET /customization/v2/site/rows', { body: options.list ?? [] })
    .onDefault('POST /customization/v2/logo-check', {
      body: { ok: true, suffix: '?v=abc123', message: null },
    })
    .onDefault('POST /customization/v2/site', ({ body }) => ({ status: 201, body: stored(body) }))
    .onDefault('POST /customization/v2/app', ({ body }) => ({ status: 201, body: stored(body) }));
}
