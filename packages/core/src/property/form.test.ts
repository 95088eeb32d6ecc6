import { describe, expect, it } from 'vitest';
import { siteValues } from '../testing/property';
import { changedFields, hasPropertyChanged, propertySaveEnabled, rebaseEdits } from './form';

/** properties-and-tags §4: Save is disabled until the form has changed and while a save is pending. */
describe('property form save rule', () => {
  it('sees a change only when a value differs (key order and missing keys do not count)', () => {
    const initial = siteValues();
    expect(hasPropertyChanged(initial, { ...initial })).toBe(false);
    expect(hasPropertyChanged(initial, { ...initial, publisherName: 'Other' })).toBe(true);
    // Rebuilt objects with other key orders, and a key set to undefined, are the same values.
    const reordered = Object.fromEntries(Object.entries(initial).reverse());
    expect(hasPropertyChanged(initial, reordered)).toBe(false);
    expect(hasPropertyChanged({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    // Changing and changing back is no change.
    const changed = { ...initial, publisherName: 'Other' };
    expect(hasPropertyChanged(initial, { ...changed, publisherName: initial.publisherName })).toBe(
      false,
    );
  });

  it('names the top-level fields that changed', () => {
    const initial = siteValues();
    expect(
      changedFields(initial, {
        ...initial,
        publisherName: 'Other',
        consentOrPayConfig: { ...initial.consentOrPayConfig, countries: ['eea'] },
      }),
    ).toEqual(new Set(['publisherName', 'consentOrPayConfig']));
  });

  it('enables Save only when changed, not pending and editable', () => {
    expect(propertySaveEnabled({ changed: false, pending: false })).toBe(false);
    expect(propertySaveEnabled({ changed: true, pending: false })).toBe(true);
    expect(propertySaveEnabled({ changed: true, pending: true })).toBe(false);
    expect(propertySaveEnabled({ changed: true, pending: false, editable: true })).toBe(true);
    // Pending updates (editable false) keep Save disabled.
    expect(propertySaveEnabled({ changed: true, pending: false, editable: false })).toBe(false);
  });
});

describe('rebaseEdits (a bulk update finished while the form was open)', () => {
  it("keeps the user's changed fields and takes every other field from the stored values", () => {
    const initial = siteValues({ publisherName: 'Nora', publisherCC: 'GB' });
    const edited = { ...initial, publisherName: 'Nora News' };
    const latest = { ...initial, publisherCC: 'DE', consentLocations: ['EEA' as const] };
    expect(rebaseEdits(initial, edited, latest)).toEqual({
      ...latest,
      publisherName: 'Nora News',
    });
    // A field both changed: the user's value wins (it is what the form shows).
    expect(rebaseEdits(initial, { ...edited, publisherCC: 'FR' }, latest).publisherCC).toBe('FR');
    // Nothing edited: the stored values as they are.
    expect(rebaseEdits(initial, initial, latest)).toEqual(latest);
  });
});
