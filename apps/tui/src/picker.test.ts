import type { ReportProperty } from '@assent/core/reports';
import { reportPropertyOptions } from '@assent/core/reports';
import { describe, expect, it } from 'vitest';
import { pickerKey, pickerLine, propertySetLabel } from './picker';

const PROPERTIES: ReportProperty[] = [
  { siteUuid: 'a', url: 'news.example.com', isDisabled: false },
  { siteUuid: 'b', url: 'old.example.com', isDisabled: true },
  { siteUuid: 'c', url: 'shop.example.org', isDisabled: false },
];
const NO_KEY = { upArrow: false, downArrow: false, return: false, escape: false };
const lines = (draft: string[]) =>
  reportPropertyOptions(PROPERTIES).map((o) => pickerLine(PROPERTIES, draft, o));

describe('the dashboard property picker', () => {
  it('lists All, then each property; a disabled one is marked and never chosen', () => {
    expect(lines(['a', 'c'])).toEqual([
      '[x] All',
      '[x] news.example.com',
      '[-] old.example.com (disabled)',
      '[x] shop.example.org',
    ]);
    // Space on the disabled property (the third option) changes nothing.
    const onDisabled = pickerKey(PROPERTIES, { cursor: 2, draft: ['a'] }, ' ', NO_KEY);
    expect(onDisabled).toEqual({ picker: { cursor: 2, draft: ['a'] } });
  });

  it('space drops a chosen property, adds another, and All chooses every enabled one', () => {
    const dropped = pickerKey(PROPERTIES, { cursor: 1, draft: ['a', 'c'] }, ' ', NO_KEY);
    expect(dropped).toEqual({ picker: { cursor: 1, draft: ['c'] } });
    expect(lines(['c'])[0]).toBe('[ ] All');
    const all = pickerKey(PROPERTIES, { cursor: 0, draft: [] }, ' ', NO_KEY);
    expect(all).toEqual({ picker: { cursor: 0, draft: ['a', 'c'] } });
  });

  it('moves within the list; Enter applies the set, Esc leaves it', () => {
    const picker = { cursor: 3, draft: ['c'] };
    expect(pickerKey(PROPERTIES, picker, 'j', NO_KEY)).toEqual({ picker });
    expect(pickerKey(PROPERTIES, picker, 'g', NO_KEY)).toEqual({
      picker: { ...picker, cursor: 0 },
    });
    expect(pickerKey(PROPERTIES, picker, '', { ...NO_KEY, return: true })).toEqual({
      apply: ['c'],
    });
    expect(pickerKey(PROPERTIES, picker, '', { ...NO_KEY, escape: true })).toEqual({ close: true });
  });

  it('names the set: All, none, or the urls', () => {
    expect(propertySetLabel(PROPERTIES, ['a', 'c'])).toBe('All');
    expect(propertySetLabel(PROPERTIES, [])).toBe('none');
    expect(propertySetLabel(PROPERTIES, ['c'])).toBe('shop.example.org');
  });
});
