import type { PropertyListItem } from '@assent/core/property';
import { listItem as coreListItem } from '@assent/core/testing';

/** A row of the properties list: site number `n` (site-01.example.com), or an app when asked. */
export function listItem(n: number, overrides: Partial<PropertyListItem> = {}): PropertyListItem {
  const id = String(n).padStart(2, '0');
  return coreListItem({
    uuid: `uuid-${id}`,
    siteId: n,
    ...(overrides.propertyType === 'APP'
      ? { packageId: `com.example.app${id}` }
      : { url: `site-${id}.example.com` }),
    publisherName: `Publisher ${id}`,
    themeId: '-3',
    themeName: 'Default theme',
    updatedAt: '2024-03-01T00:00:00.000Z',
    ...overrides,
  });
}

/** Analytics of one property with a GDPR consent rate. */
export const gdprAnalytics = (rate: number) => ({
  '1': {
    prefix: null,
    startDate: null,
    endDate: null,
    totalShown: 100,
    consentRatePercentage: rate,
    cookiesConsentRatePercentage: null,
    bounceRatePercentage: null,
    acceptAll: null,
    rejectAll: null,
    partialAll: null,
    acceptedRatePercentage: null,
    rejectedRatePercentage: null,
    partialRatePercentage: null,
    doNotSellRequestReceived: null,
    doNotSellRequestFulfilled: null,
    medianTimeFulfillmentMillis: null,
    idProperty: null,
  },
});
