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

/** A 1×1 transparent PNG: what a logo server answers in tests of the logo check. */
export const PNG_1X1 = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
  0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x04, 0x00, 0x00, 0x00, 0xb5, 0x1c, 0x0c,
  0x02, 0x00, 0x00, 0x00, 0x0b, 0x49, 0x44, 0x41, 0x54, 0x78, 0xda, 0x63, 0x64, 0x60, 0x00, 0x00,
  0x00, 0x06, 0x00, 0x02, 0x30, 0x81, 0xd0, 0x2f, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44,
  0xae, 0x42, 0x60, 0x82,
]);
