import { describe, expect, it } from 'vitest';
import { REQUIRED } from '../messages';
import { listItem } from '../testing/bulk-update';
import { Property, PropertyListItem, defaultAppValues, defaultSiteValues } from './schema';
import { validateProperty } from './validate';

/** The defaults of properties-and-tags §3 and §9, as the site and app forms open with them. */

/** A site as the server stores it, with `extra` fields. */
const storedSite = (extra: Record<string, unknown> = {}) =>
  Property.parse({
    ...defaultSiteValues(),
    url: 'example.com',
    uuid: 'u1',
    siteId: 1,
    pCode: 'AB12',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...extra,
  });

describe('property defaults', () => {
  it.each([
    ['site', defaultSiteValues()],
    ['app', defaultAppValues()],
  ])('fills every default of the spec on the %s form', (_form, values) => {
    expect(values).toMatchObject({
      themeId: '-3',
      publisherCC: 'GB',
      cmpVersion: 'latest',
      repromtDaysAfterGvlUpdate: 30,
      isDefaultConsent: true,
      legitimateInterestOptIn: true,
      consentScope: 'service',
      // No purposes are declared yet (noLegalBasis is true when none are).
      noLegalBasis: true,
      majorVersion: 2,
    });
    expect(values.consentOrPayConfig).toMatchObject({
      enabled: false,
      callbackType: 'self',
      partialAcceptEnabled: true,
    });
  });

  it('types the property SITE on the site form and APP on the app form', () => {
    expect(defaultSiteValues().propertyType).toBe('SITE');
    expect(defaultAppValues().propertyType).toBe('APP');
  });

  it('sets the app form to the first fetched CMP version (the field is disabled there)', () => {
    expect(defaultAppValues(62).cmpVersion).toBe(62);
  });

  it("reads theme '-3' as no theme chosen yet: required, except on AMP where it is a special theme", () => {
    const site = { ...defaultSiteValues(), url: 'example.com' };
    const themeIssues = (values: typeof site) => {
      const result = validateProperty(values);
      return result.ok ? [] : result.issues.filter((i) => i.field === 'themeId');
    };
    expect(themeIssues(site)).toEqual([{ field: 'themeId', rule: 'required', message: REQUIRED }]);
    expect(themeIssues({ ...site, ampEnabled: true })).toEqual([]);
    expect(themeIssues({ ...site, themeId: '1' })).toEqual([]);
  });

  it('is editable unless the server says the property has pending updates', () => {
    const stored = storedSite();
    expect(stored.editable).toBe(true);
    expect(stored.abTestingSitesCollection).toBeUndefined();
  });
});

describe('property extras', () => {
  it('accepts the list row extras totalConsentAccepted and consentRate, both optional', () => {
    const row = listItem();
    expect(PropertyListItem.parse(row)).not.toHaveProperty('consentRate');
    expect(
      PropertyListItem.parse({ ...row, totalConsentAccepted: 120, consentRate: 62.5 }),
    ).toMatchObject({ totalConsentAccepted: 120, consentRate: 62.5 });
    expect(PropertyListItem.parse({ ...row, consentRate: null }).consentRate).toBeNull();
    expect(PropertyListItem.safeParse({ ...row, totalConsentAccepted: -1 }).success).toBe(false);
  });

  it('accepts the site detail extra abTestingSitesCollection, a field only the server sets', () => {
    const variants = [
      { name: 'control', themeId: '1', traffic: 50 },
      { name: 'Blue button', themeId: '7', traffic: 50 },
    ];
    const stored = storedSite({ abTestingSitesCollection: variants });
    expect(stored.abTestingSitesCollection).toEqual(variants);
  });
});
