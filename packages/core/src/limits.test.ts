import { describe, expect, it } from 'vitest';
import {
  CUSTOM_VENDOR_TEXT_LIMITS,
  LIST_LIMITS,
  PROPERTY_TEXT_LIMITS,
  TEXT_LIMITS,
  duplicateItem,
  listLimitIssues,
  textLimitIssues,
  tooLongText,
  tooManyItems,
} from './limits';
import { validateProperty } from './property/validate';
import { siteValues } from './testing';
import { validateTheme } from './theme/validate';
import { defaultSiteTheme } from './theme/schema';
import { VendorSelection, validateVendorSelection } from './vendors/selection';

const fieldsOf = (result: { ok: boolean; issues?: { field: string; message: string }[] }) =>
  Object.fromEntries((result.ok ? [] : (result.issues ?? [])).map((i) => [i.field, i.message]));

describe('text and list limits (issue 19 item 9)', () => {
  it('names the field, the rule and the limit', () => {
    expect(textLimitIssues({ name: 'x'.repeat(11), other: 'x'.repeat(99) }, { name: 10 })).toEqual([
      { field: 'name', rule: 'maxLength', message: 'Please use no more than 10 characters.' },
    ]);
    expect(textLimitIssues({ name: 'x'.repeat(10) }, { name: 10 })).toEqual([]);
    expect(listLimitIssues('ids', [1, 2, 3, 4], 3)).toEqual([
      { field: 'ids', rule: 'maxItems', message: tooManyItems(3) },
    ]);
    expect(listLimitIssues('ids', [7, 8, 7], 3)).toEqual([
      { field: 'ids.2', rule: 'unique', message: duplicateItem('7') },
    ]);
  });

  it('refuses a 100,000-character publisher name or URL at a property save', () => {
    const site = siteValues({ publisherName: 'x'.repeat(100_000) });
    expect(fieldsOf(validateProperty(site))).toMatchObject({
      publisherName: tooLongText(TEXT_LIMITS.oneLine),
    });
    expect(
      fieldsOf(
        validateProperty(siteValues({ redirectUrl: `https://a.example/${'a'.repeat(3000)}` })),
      ),
    ).toMatchObject({ redirectUrl: tooLongText(TEXT_LIMITS.url) });
    expect(PROPERTY_TEXT_LIMITS.publisherName).toBe(255);
  });

  it('refuses a 100,000-character theme name and an oversized custom CSS at a theme save', () => {
    const theme = { ...defaultSiteTheme(), themeName: 'n'.repeat(100_000) };
    expect(fieldsOf(validateTheme(theme))).toMatchObject({
      themeName: tooLongText(TEXT_LIMITS.oneLine),
    });
    const css = { ...defaultSiteTheme(), themeName: 'T', uxCustomizedCss: 'a{}'.repeat(7000) };
    expect(fieldsOf(validateTheme(css))).toMatchObject({
      uxCustomizedCss: tooLongText(TEXT_LIMITS.customCss),
    });
  });

  it('bounds the vendor selection: custom vendors (each in every cmp.js), ids listed once', () => {
    const vendor = (id: string) => ({
      id,
      name: id,
      privacyPolicyUrl: `https://${id}.example/privacy`,
      purposes: [1],
      legIntPurposes: [],
    });
    const check = (value: object) =>
      fieldsOf(validateVendorSelection(VendorSelection.parse(value)));
    expect(
      check({
        customVendors: Array.from({ length: LIST_LIMITS.customVendors + 1 }, (_, i) =>
          vendor(`v${i}`),
        ),
      }),
    ).toEqual({ customVendors: tooManyItems(LIST_LIMITS.customVendors) });
    expect(
      check({
        customVendors: Array.from({ length: LIST_LIMITS.customVendors }, (_, i) => vendor(`v${i}`)),
      }),
    ).toEqual({});
    expect(check({ customVendors: [vendor('a'), vendor('a')] })).toEqual({
      'customVendors.1': duplicateItem('a'),
    });
    expect(check({ vendorIds: [755, 755], googleAtpIds: [1, 2, 1] })).toEqual({
      'vendorIds.1': duplicateItem('755'),
      'googleAtpIds.2': duplicateItem('1'),
    });
    expect(check({ customVendors: [{ ...vendor('b'), name: 'n'.repeat(100_000) }] })).toEqual({
      'customVendors.0.name': tooLongText(TEXT_LIMITS.customVendorName),
    });
    // The bound on what custom vendors add to cmp.js: count × (id + name + policy URL).
    const perVendor = Object.values(CUSTOM_VENDOR_TEXT_LIMITS).reduce((a, b) => a + b, 0);
    expect(LIST_LIMITS.customVendors * perVendor).toBeLessThan(320 * 1024);
  });
});
