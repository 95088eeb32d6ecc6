import { describe, expect, it } from 'vitest';
import { issuesToFields } from '../validation';
import {
  COLOR_INPUT_MAX_LENGTH,
  DEFAULT_THEME_COLORS,
  canonicalColor,
  effectiveColor,
  fieldsToRevalidate,
  isHexColor,
  normaliseColorInput,
  validateColorContrast,
  validateHexColor,
  validateThemeColors,
} from './colors';

const SAME = (element: string) =>
  `Oops, you've selected the same background and ${element} color. Please change one of the fields' color in order to proceed.`;

describe('hex colours', () => {
  it("accepts '#' with 3 or 6 hex digits, any case", () => {
    for (const ok of ['#fff', '#FFF', '#206DC5', '#a1b2c3']) expect(isHexColor(ok)).toBe(true);
    for (const bad of ['fff', '#ff', '#ffff', '#fffff', '#1234567', '#ggg', '##fff', '', ' #fff']) {
      expect(isHexColor(bad)).toBe(false);
    }
  });

  it("reports 'Hex value not valid' on the field; empty means the default", () => {
    expect(validateHexColor('uxFontColor', '#12')).toEqual({
      field: 'uxFontColor',
      rule: 'hexColor',
      message: 'Hex value not valid',
    });
    expect(validateHexColor('uxFontColor', '')).toBeUndefined();
    expect(validateHexColor('uxFontColor', '#123')).toBeUndefined();
  });

  it('normalises input to a single leading # and at most 7 characters', () => {
    expect(COLOR_INPUT_MAX_LENGTH).toBe(7);
    expect(normaliseColorInput('fff')).toBe('#fff');
    expect(normaliseColorInput('###206DC5')).toBe('#206DC5');
    expect(normaliseColorInput('#206DC5FF')).toBe('#206DC5');
    expect(normaliseColorInput('  #abc ')).toBe('#abc');
    expect(normaliseColorInput('#')).toBe('');
    expect(normaliseColorInput('')).toBe('');
  });

  it('compares colours in canonical six-digit upper case', () => {
    expect(canonicalColor('#fff')).toBe('#FFFFFF');
    expect(canonicalColor('#206dc5')).toBe('#206DC5');
    expect(canonicalColor('nope')).toBeUndefined();
  });
});

describe('default colours', () => {
  it('are the spec values', () => {
    expect(DEFAULT_THEME_COLORS).toEqual({
      uxFontColor: '#141E23',
      uxLinkColor: '#206DC5',
      uxBackgroundColor: '#FFFFFF',
      uxToogleActiveColor: '#206DC5',
      uxPrimaryButtonColor: '#206DC5',
      uxPrimaryButtonTextColor: '#FFFFFF',
      uxSecondaryButtonColor: '#FFFFFF',
      uxSecondaryButtonTextColor: '#206DC5',
    });
    expect(effectiveColor({ uxFontColor: '' }, 'uxFontColor')).toBe('#141E23');
    expect(effectiveColor({ uxFontColor: '#000' }, 'uxFontColor')).toBe('#000');
  });

  it('pass every same-colour rule when all fields are empty', () => {
    expect(validateColorContrast({})).toEqual([]);
  });
});

describe('same-colour rules', () => {
  it.each([
    ['uxFontColor', 'text'],
    ['uxLinkColor', 'link'],
    ['uxToogleActiveColor', 'toggle'],
    ['uxPrimaryButtonColor', 'primary button'],
  ] as const)('%s may not equal the background (message names "%s")', (field, name) => {
    expect(
      issuesToFields(validateColorContrast({ uxBackgroundColor: '#123456', [field]: '#123456' })),
    ).toEqual({
      [field]: SAME(name),
    });
  });

  it('compares with the default background when the background is empty', () => {
    expect(issuesToFields(validateColorContrast({ uxFontColor: '#fff' }))).toEqual({
      uxFontColor: SAME('text'),
    });
  });

  it('checks the background against the defaults of empty text, link, toggle and primary', () => {
    // #206DC5 is the default of link, toggle and primary; the background field carries the issue.
    const issues = validateColorContrast({
      uxBackgroundColor: '#206dc5',
      uxPrimaryButtonTextColor: '#000000',
      uxSecondaryButtonColor: '#000000',
    });
    expect(issues.filter((i) => i.field === 'uxBackgroundColor').map((i) => i.message)).toEqual([
      SAME('link'),
      SAME('toggle'),
      SAME('primary button'),
    ]);
    expect(
      validateColorContrast({ uxBackgroundColor: '#141E23' }).map((i) => [i.field, i.message]),
    ).toEqual([['uxBackgroundColor', SAME('text')]]);
  });

  it('primary button text must differ from the primary button', () => {
    expect(issuesToFields(validateColorContrast({ uxPrimaryButtonTextColor: '#206DC5' }))).toEqual({
      uxPrimaryButtonTextColor:
        "Oops, you've selected the same primary button and primary button text color. Please change one of the fields' color in order to proceed.",
    });
  });

  it('secondary button and its text must differ, defaults when empty', () => {
    expect(issuesToFields(validateColorContrast({ uxSecondaryButtonColor: '#206DC5' }))).toEqual({
      uxSecondaryButtonTextColor:
        "Oops, you've selected the same secondary button and secondary button text color. Please change one of the fields' color in order to proceed.",
    });
  });

  it('validates the hex format of every colour field too', () => {
    expect(issuesToFields(validateThemeColors({ uxLinkColor: 'blue' }))).toEqual({
      uxLinkColor: 'Hex value not valid',
    });
  });

  it('names the fields to re-validate when a colour changes, the CSS included', () => {
    expect(fieldsToRevalidate('uxBackgroundColor')).toEqual([
      'uxBackgroundColor',
      'uxFontColor',
      'uxLinkColor',
      'uxToogleActiveColor',
      'uxPrimaryButtonColor',
      'uxCustomizedCss',
    ]);
    expect(fieldsToRevalidate('uxSecondaryButtonColor')).toEqual([
      'uxSecondaryButtonColor',
      'uxSecondaryButtonTextColor',
      'uxCustomizedCss',
    ]);
  });
});
