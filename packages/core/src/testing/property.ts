import type { PropertyDraft, PropertyValues } from '../property/schema';
import { PropertySettings } from '../property/schema';

/** A valid site as the form would submit it (GDPR in the EEA, no legal basis declared). */
export function siteValues(overrides: PropertyDraft = {}): PropertyValues {
  return PropertySettings.parse({
    propertyType: 'SITE',
    url: 'example.com',
    publisherName: 'Example News',
    themeId: '1',
    consentLocations: ['EEA'],
    ...overrides,
  });
}

/** A valid app as the form would submit it. */
export function appValues(overrides: PropertyDraft = {}): PropertyValues {
  return PropertySettings.parse({
    propertyType: 'APP',
    packageId: 'com.example.news',
    publisherName: 'Example News App',
    themeId: '2',
    consentLocations: ['EEA'],
    ...overrides,
  });
}

export const THEMES_FIXTURE = [
  { themeId: '1', themeType: 'SITE' as const },
  { themeId: '2', themeType: 'APP' as const },
];
