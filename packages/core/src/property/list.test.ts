import { describe, expect, it } from 'vitest';
import type { PropertyAnalytics } from '../reports/property-analytics';
import {
  PROPERTY_LIST_COLUMNS,
  consentRateNotApplicable,
  filterProperties,
  listConsentRate,
  pageOfProperties,
  propertyStatus,
} from './list';

const site = (url: string) => ({ propertyType: 'SITE' as const, url });
const app = (packageId: string) => ({ propertyType: 'APP' as const, packageId });

describe('properties list', () => {
  it('has the spec columns in order', () => {
    expect(PROPERTY_LIST_COLUMNS.map((c) => c.key)).toEqual([
      'status',
      'property',
      'regulation',
      'theme',
      'consentRate',
      'cmpVersion',
      'type',
      'actions',
    ]);
  });

  it('filters by url or packageId, ignoring case', () => {
    const items = [site('news.example.com'), app('com.Example.app'), site('shop.test')];
    expect(filterProperties(items, 'EXAMPLE')).toEqual([items[0], items[1]]);
    expect(filterProperties(items, '  ')).toEqual(items);
    expect(filterProperties(items, 'nothing')).toEqual([]);
  });

  it('pages 20 rows and hides the pager for a single page', () => {
    const items = Array.from({ length: 45 }, (_, i) => i);
    expect(pageOfProperties(items, 1)).toMatchObject({ pageCount: 3, showPager: true });
    expect(pageOfProperties(items, 3).rows).toEqual([40, 41, 42, 43, 44]);
    expect(pageOfProperties(items, 9).page).toBe(3);
    expect(pageOfProperties(items.slice(0, 20), 1).showPager).toBe(false);
    expect(pageOfProperties([], 1)).toEqual({ rows: [], page: 1, pageCount: 1, showPager: false });
  });

  it('reads the status from editable', () => {
    expect(propertyStatus({ editable: true })).toBe('active');
    expect(propertyStatus({ editable: false })).toBe('pendingUpdates');
  });

  it('shows GDPR, else the US sections together, else GBC consent rate', () => {
    const report = (rate: number | null) => ({ consentRatePercentage: rate }) as never;
    const us = (shown: number, acceptAll: number, partialAll: number, state?: string) =>
      ({ totalShown: shown, acceptAll, partialAll, consentRatePercentage: 0, state }) as never;
    expect(listConsentRate(undefined)).toBeNull();
    expect(listConsentRate({ '1': report(61.5), '2': us(10, 4, 0) } as PropertyAnalytics)).toBe(
      61.5,
    );
    expect(listConsentRate({ '1': report(null), '2': us(10, 3, 1) } as PropertyAnalytics)).toBe(40);
    // CCPA's 1 of 4 and California's 2 of 2: 3 of 6 US banners, not either section's rate.
    expect(
      listConsentRate({
        '2': us(4, 1, 0),
        '3': [us(2, 1, 1, 'CA')],
        '10': report(90),
      } as PropertyAnalytics),
    ).toBe(50);
    expect(listConsentRate({ '3': [us(3, 1, 0, 'CA')] } as PropertyAnalytics)).toBe(33.33);
    expect(listConsentRate({ '10': report(90) } as PropertyAnalytics)).toBe(90);
  });

  it('marks old SDK versions as not applicable', () => {
    expect(consentRateNotApplicable(53)).toBe(true);
    expect(consentRateNotApplicable('latest')).toBe(false);
  });
});
