import { describe, expect, it } from 'vitest';
import { changeAuthor, diffChanges, formatChangeValue } from './change-history';

describe('diffChanges', () => {
  it('lists exactly the fields that changed, from what to what, sorted by field', () => {
    const before = { url: 'a.example', cmpVersion: 60, privacyModes: ['GDPR'], ampEnabled: false };
    const after = {
      url: 'a.example',
      cmpVersion: 61,
      privacyModes: ['GDPR', 'USP'],
      ampEnabled: false,
    };
    expect(diffChanges(before, after)).toEqual([
      { field: 'cmpVersion', from: 60, to: 61 },
      { field: 'privacyModes', from: ['GDPR'], to: ['GDPR', 'USP'] },
    ]);
  });

  it('gives nothing for equal values, whatever the key order of nested objects', () => {
    const a = { texts: { title: 'Hi', body: 'B' }, list: [{ id: 1, on: true }] };
    const b = { list: [{ on: true, id: 1 }], texts: { body: 'B', title: 'Hi' } };
    expect(diffChanges(a, b)).toEqual([]);
  });

  it('compares nested objects field by field, with dotted names', () => {
    expect(
      diffChanges(
        { texts: { title: 'Old', body: 'Same' } },
        { texts: { title: 'New', body: 'Same' } },
      ),
    ).toEqual([{ field: 'texts.title', from: 'Old', to: 'New' }]);
  });

  it('treats absent, undefined and null alike, and reports a field added or removed', () => {
    expect(diffChanges({ a: null, b: undefined }, { c: undefined })).toEqual([]);
    expect(diffChanges({ logo: 'x.png' }, {})).toEqual([
      { field: 'logo', from: 'x.png', to: null },
    ]);
    expect(diffChanges({}, { logo: 'x.png' })).toEqual([
      { field: 'logo', from: null, to: 'x.png' },
    ]);
  });

  it('gives every field of a creation (from null) and of a deletion (to null)', () => {
    expect(diffChanges(null, { url: 'a.example', gdpr: true })).toEqual([
      { field: 'gdpr', from: null, to: true },
      { field: 'url', from: null, to: 'a.example' },
    ]);
    expect(diffChanges({ url: 'a.example' }, null)).toEqual([
      { field: 'url', from: 'a.example', to: null },
    ]);
  });

  it('tells an empty string and false from absent', () => {
    expect(diffChanges({ name: '', on: false }, {})).toEqual([
      { field: 'name', from: '', to: null },
      { field: 'on', from: false, to: null },
    ]);
  });
});

describe('formatChangeValue and changeAuthor', () => {
  it('shows absent as a dash and lists as JSON', () => {
    expect(formatChangeValue(null)).toBe('—');
    expect(formatChangeValue('')).toBe('""');
    expect(formatChangeValue(['EEA', 'USA'])).toBe('["EEA","USA"]');
    expect(formatChangeValue(false)).toBe('false');
  });

  it('names the token or the bulk update beside the e-mail', () => {
    expect(changeAuthor({ actor: 'a@x.io', tokenName: null, via: 'session' })).toBe('a@x.io');
    expect(changeAuthor({ actor: 'a@x.io', tokenName: 'ci', via: 'token' })).toBe(
      'a@x.io (token "ci")',
    );
    expect(changeAuthor({ actor: 'a@x.io', tokenName: null, via: 'bulk-update' })).toBe(
      'a@x.io (bulk update)',
    );
  });
});
