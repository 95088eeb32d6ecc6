import type { PropertyListItem } from '../property/schema';

/**
 * A row of the properties list: a GDPR site on the latest version without a legal basis (an app,
 * with a package id instead of a url, when `propertyType` is 'APP').
 */
export function listItem(overrides: Partial<PropertyListItem> = {}): PropertyListItem {
  const app = overrides.propertyType === 'APP';
  return {
    uuid: `uuid-${overrides.siteId ?? 1}`,
    siteId: 1,
    propertyType: 'SITE',
    ...(app ? { packageId: 'com.example.news' } : { url: 'news.example' }),
    publisherName: 'Example News',
    themeId: '1',
    themeName: 'Default',
    regulation: 'GDPR',
    privacyModes: ['GDPR'],
    consentLocations: ['EEA'],
    cmpVersion: 'latest',
    editable: true,
    applyToSubDomains: false,
    ampEnabled: false,
    publisherCC: 'GB',
    gbcEnabled: false,
    googleEnabled: false,
    consentScope: 'service',
    noLegalBasis: true,
    purposeIds: [],
    purposeLegitimateIds: [],
    propertyTypeLabel: app ? 'App' : 'Site',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** Four properties covering the bulk type filter values. */
export const BULK_LIST_FIXTURE: PropertyListItem[] = [
  listItem({ siteId: 1, url: 'news.example' }),
  listItem({ siteId: 2, url: 'sport.example', applyToSubDomains: true, cmpVersion: 60 }),
  listItem({ siteId: 3, url: 'amp.example', ampEnabled: true, consentLocations: ['WORLDWIDE'] }),
  listItem({
    siteId: 4,
    propertyType: 'APP',
    url: undefined,
    packageId: 'com.example.app',
    publisherName: 'Example App',
    consentLocations: ['USA'],
    privacyModes: ['USP'],
    propertyTypeLabel: 'App',
    noLegalBasis: false,
    purposeIds: [1, 2],
    purposeLegitimateIds: [7],
  }),
];
