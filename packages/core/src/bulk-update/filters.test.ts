import { describe, expect, it } from 'vitest';
import { BULK_LIST_FIXTURE, listItem } from '../testing/bulk-update';
import {
  BulkFilters,
  BulkPropertyType,
  BulkRegulation,
  bulkRegulationOf,
  bulkTypeOf,
  emptyBulkFilters,
  filterBulkProperties,
  matchesBulkFilters,
  setLegalBasisFilter,
} from './filters';

const ids = (filters: Parameters<typeof BulkFilters.parse>[0]) =>
  filterBulkProperties(BULK_LIST_FIXTURE, BulkFilters.parse(filters)).map((p) => p.siteId);

describe('bulk filters', () => {
  it('list the spec values for type and regulation', () => {
    expect(BulkPropertyType.options).toEqual(['App', 'Site', 'Site & Subdomains', 'Site AMP']);
    expect(BulkRegulation.options).toEqual(['GDPR', 'USP', 'both', 'None']);
  });

  it('keep everything when empty', () => {
    expect(ids({})).toEqual([1, 2, 3, 4]);
    expect(BULK_LIST_FIXTURE.every((p) => matchesBulkFilters(p, emptyBulkFilters()))).toBe(true);
  });

  it('filter by type', () => {
    expect(BULK_LIST_FIXTURE.map(bulkTypeOf)).toEqual([
      'Site',
      'Site & Subdomains',
      'Site AMP',
      'App',
    ]);
    expect(ids({ type: ['Site AMP', 'App'] })).toEqual([3, 4]);
  });

  it('filter by regulation combination, read from the locations on new versions', () => {
    expect(BULK_LIST_FIXTURE.map(bulkRegulationOf)).toEqual(['GDPR', 'GDPR', 'both', 'USP']);
    expect(ids({ regulation: ['both'] })).toEqual([3]);
    const old = listItem({ cmpVersion: 40, privacyModes: [] });
    expect(bulkRegulationOf(old)).toBe('None');
    expect(matchesBulkFilters(old, BulkFilters.parse({ regulation: ['None'] }))).toBe(true);
  });

  it('filter by name in the url, package id or publisher name', () => {
    expect(ids({ name: 'SPORT' })).toEqual([2]);
    expect(ids({ name: 'com.example' })).toEqual([4]);
    expect(ids({ name: 'example app' })).toEqual([4]);
  });

  it('filter by CMP version, theme, country, Google flags, locations and scope', () => {
    expect(ids({ cmpVersion: [60] })).toEqual([2]);
    expect(ids({ cmpVersion: ['latest'] })).toEqual([1, 3, 4]);
    expect(ids({ themeId: ['2'] })).toEqual([]);
    expect(
      filterBulkProperties(
        [listItem({ publisherCC: 'DE' })],
        BulkFilters.parse({ publisherCC: ['de'] }),
      ),
    ).toHaveLength(1);
    expect(ids({ publisherCC: ['FR'] })).toEqual([]);
    expect(
      matchesBulkFilters(listItem({ gbcEnabled: true }), BulkFilters.parse({ gbcEnabled: true })),
    ).toBe(true);
    expect(ids({ gbcEnabled: true })).toEqual([]);
    expect(ids({ googleEnabled: false })).toEqual([1, 2, 3, 4]);
    expect(ids({ consentLocations: ['USA', 'WORLDWIDE'] })).toEqual([3, 4]);
    expect(ids({ consentScope: ['service group'] })).toEqual([]);
  });

  it('filter by legal basis, with the customised purposes', () => {
    expect(ids({ legalBasis: 'applyRecommended' })).toEqual([1, 2, 3]);
    expect(ids({ legalBasis: 'customized' })).toEqual([4]);
    expect(ids({ legalBasis: 'customized', customizedPurposes: [2, 7] })).toEqual([4]);
    expect(ids({ legalBasis: 'customized', customizedPurposes: [3] })).toEqual([]);
  });

  it('choosing No legal basis clears the customised purpose filter', () => {
    const custom = BulkFilters.parse({ legalBasis: 'customized', customizedPurposes: [2] });
    expect(setLegalBasisFilter(custom, 'applyRecommended')).toMatchObject({
      legalBasis: 'applyRecommended',
      customizedPurposes: [],
    });
    expect(setLegalBasisFilter(custom, 'customized').customizedPurposes).toEqual([2]);
  });
});
