import { describe, expect, it } from 'vitest';
import { BULK_LIST_FIXTURE, listItem } from '../testing/bulk-update';
import { BulkFilters } from './filters';
import type { BulkUpdateAction, BulkUpdateState } from './steps';
import {
  alertsOnBulkEntry,
  bulkUpdatePath,
  bulkUpdateReducer,
  bulkUpdateSuccessPath,
  hasMultipleCmpVersions,
  initialBulkUpdateState,
  resolveBulkPage,
  selectedSiteIds,
} from './steps';

const run = (...actions: BulkUpdateAction[]) =>
  actions.reduce<BulkUpdateState>(bulkUpdateReducer, initialBulkUpdateState());

const sameVersion = [listItem({ siteId: 1 }), listItem({ siteId: 3 })];

describe('bulk update steps', () => {
  it('starts on select with no filters and no selection', () => {
    expect(initialBulkUpdateState()).toEqual({
      step: 'select',
      filters: BulkFilters.parse({}),
      selected: [],
      modal: 'none',
    });
  });

  it('clears the selection when filters apply', () => {
    const state = run(
      { type: 'select', selected: sameVersion },
      { type: 'applyFilters', filters: BulkFilters.parse({ type: ['Site'] }) },
    );
    expect(state).toMatchObject({ step: 'select', selected: [], filters: { type: ['Site'] } });
  });

  it('goes to details with the selection, and Next without a selection does nothing', () => {
    expect(run({ type: 'next' })).toEqual(initialBulkUpdateState());
    const details = run({ type: 'select', selected: sameVersion }, { type: 'next' });
    expect(details).toMatchObject({ step: 'details', form: {} });
    expect(selectedSiteIds(details)).toEqual([1, 3]);
  });

  it("warns 'Multiple versions detected' for mixed CMP versions: Cancel stays, Next goes on", () => {
    expect(hasMultipleCmpVersions(BULK_LIST_FIXTURE)).toBe(true);
    expect(hasMultipleCmpVersions(sameVersion)).toBe(false);
    const warned = run({ type: 'select', selected: BULK_LIST_FIXTURE }, { type: 'next' });
    expect(warned).toMatchObject({ step: 'select', modal: 'multipleVersions' });
    expect(bulkUpdateReducer(warned, { type: 'cancelVersions' })).toMatchObject({
      step: 'select',
      modal: 'none',
    });
    expect(bulkUpdateReducer(warned, { type: 'confirmVersions' })).toMatchObject({
      step: 'details',
    });
  });

  it('moves to overview only when Next is enabled and the fields are valid', () => {
    const details = run({ type: 'select', selected: sameVersion }, { type: 'next' });
    expect(bulkUpdateReducer(details, { type: 'next' }).step).toBe('details');
    const invalid = bulkUpdateReducer(details, {
      type: 'editForm',
      form: { consentLocations: ['EEA'], repromtDaysAfterGvlUpdate: 2 },
    });
    expect(bulkUpdateReducer(invalid, { type: 'next' }).step).toBe('details');
    const ready = bulkUpdateReducer(details, {
      type: 'editForm',
      form: { consentLocations: ['EEA'] },
    });
    const overview = bulkUpdateReducer(ready, { type: 'next' });
    expect(overview).toMatchObject({ step: 'overview', form: { consentLocations: ['EEA'] } });
    expect(bulkUpdateReducer(overview, { type: 'back' })).toMatchObject({
      step: 'details',
      form: { consentLocations: ['EEA'] },
    });
    expect(bulkUpdateReducer(overview, { type: 'submitted' })).toEqual({ step: 'done' });
  });

  it('goes back from details to select keeping the selection', () => {
    const back = run({ type: 'select', selected: sameVersion }, { type: 'next' }, { type: 'back' });
    expect(back).toMatchObject({ step: 'select', selected: sameVersion, modal: 'none' });
  });
});

describe('bulk update pages', () => {
  it('builds the paths and the success target', () => {
    expect(bulkUpdatePath('abc')).toBe('/protect/p-abc/bulk-update');
    expect(bulkUpdatePath('abc', 'details')).toBe('/protect/p-abc/bulk-update/details');
    expect(bulkUpdatePath('abc', 'overview')).toBe('/protect/p-abc/bulk-update/overview');
    expect(bulkUpdateSuccessPath('abc')).toBe('/protect/p-abc/properties');
  });

  it('redirects details or overview without prior state to the previous step', () => {
    const fresh = initialBulkUpdateState();
    expect(resolveBulkPage(undefined, fresh)).toEqual({ kind: 'show', step: 'select' });
    expect(resolveBulkPage('details', fresh)).toEqual({ kind: 'redirect', step: 'select' });
    expect(resolveBulkPage('overview', fresh)).toEqual({ kind: 'redirect', step: 'details' });
    const details = run({ type: 'select', selected: sameVersion }, { type: 'next' });
    expect(resolveBulkPage('details', details)).toEqual({ kind: 'show', step: 'details' });
    expect(resolveBulkPage('overview', details)).toEqual({ kind: 'redirect', step: 'details' });
  });

  it('shows not found for any other page value', () => {
    expect(resolveBulkPage('summary', initialBulkUpdateState())).toEqual({ kind: 'not-found' });
  });

  it('removes success and error alerts on entry', () => {
    const alerts = [
      { type: 'success', text: 'a' },
      { type: 'error', text: 'b' },
      { type: 'warning', text: 'c' },
    ];
    expect(alertsOnBulkEntry(alerts)).toEqual([{ type: 'warning', text: 'c' }]);
  });
});
