import type { Issue } from '../validation';
import { issue } from '../validation';
import {
  HEX_NOT_VALID,
  SAME_PRIMARY_BUTTON_COLORS,
  SAME_SECONDARY_BUTTON_COLORS,
  sameBackgroundColorMessage,
} from './messages';
import type { SiteThemeValues } from './schema';

/** The colour fields of a site theme. */
export type ThemeColorField =
  | 'uxFontColor'
  | 'uxLinkColor'
  | 'uxBackgroundColor'
  | 'uxToogleActiveColor'
  | 'uxPrimaryButtonColor'
  | 'uxPrimaryButtonTextColor'
  | 'uxSecondaryButtonColor'
  | 'uxSecondaryButtonTextColor';

export type ThemeColors = Pick<SiteThemeValues, ThemeColorField>;

/** The colours used when a field is empty (themes-and-bulk-update §9). */
export const DEFAULT_THEME_COLORS: Readonly<Record<ThemeColorField, string>> = {
  uxFontColor: '#141E23',
  uxLinkColor: '#206DC5',
  uxBackgroundColor: '#FFFFFF',
  uxToogleActiveColor: '#206DC5',
  uxPrimaryButtonColor: '#206DC5',
  uxPrimaryButtonTextColor: '#FFFFFF',
  uxSecondaryButtonColor: '#FFFFFF',
  uxSecondaryButtonTextColor: '#206DC5',
};

export const THEME_COLOR_FIELDS = Object.keys(DEFAULT_THEME_COLORS) as ThemeColorField[];

/** Colour inputs accept at most 7 characters: '#' and six hex digits. */
export const COLOR_INPUT_MAX_LENGTH = 7;

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** '#' followed by 3 or 6 hex digits. */
export const isHexColor = (value: string): boolean => HEX_COLOR.test(value);

/** What a colour input holds after typing or pasting: one leading '#', at most 7 characters. */
export function normaliseColorInput(raw: string): string {
  const body = raw.trim().replace(/^#+/, '');
  return body === '' ? '' : `#${body}`.slice(0, COLOR_INPUT_MAX_LENGTH);
}

/** Upper-case six-digit form, so '#fff' and '#FFFFFF' compare equal; undefined if not hex. */
export function canonicalColor(value: string): string | undefined {
  if (!isHexColor(value)) return undefined;
  const digits = value.slice(1).toUpperCase();
  return `#${digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits}`;
}

/** An empty colour field is validated as nothing; any other value must be hex. */
export function validateHexColor(field: string, value: string | undefined): Issue | undefined {
  return value && !isHexColor(value) ? issue(field, 'hexColor', HEX_NOT_VALID) : undefined;
}

/** The colour in force: the field's value, or its default when empty. */
export const effectiveColor = (colors: Partial<ThemeColors>, field: ThemeColorField): string =>
  colors[field] || DEFAULT_THEME_COLORS[field];

const sameColor = (a: string, b: string): boolean => {
  const ca = canonicalColor(a);
  return ca !== undefined && ca === canonicalColor(b);
};

/** The elements that must not share the background colour, with the name the message uses. */
export const BACKGROUND_CONTRAST_ELEMENTS: ReadonlyArray<{ field: ThemeColorField; name: string }> =
  [
    { field: 'uxFontColor', name: 'text' },
    { field: 'uxLinkColor', name: 'link' },
    { field: 'uxToogleActiveColor', name: 'toggle' },
    { field: 'uxPrimaryButtonColor', name: 'primary button' },
  ];

/**
 * The same-colour rules (themes-and-bulk-update §5): text, link, toggle and primary button against
 * the background; primary button text against primary button; secondary button text against
 * secondary button. Empty fields compare with their defaults. An element that is set is flagged on
 * its own field; an empty element whose default equals the background flags the background.
 */
export function validateColorContrast(colors: Partial<ThemeColors>): Issue[] {
  const issues: Issue[] = [];
  const background = effectiveColor(colors, 'uxBackgroundColor');
  for (const { field, name } of BACKGROUND_CONTRAST_ELEMENTS) {
    if (!sameColor(effectiveColor(colors, field), background)) continue;
    const flagged = colors[field] ? field : 'uxBackgroundColor';
    issues.push(issue(flagged, 'sameColor', sameBackgroundColorMessage(name)));
  }
  if (
    sameColor(
      effectiveColor(colors, 'uxPrimaryButtonTextColor'),
      effectiveColor(colors, 'uxPrimaryButtonColor'),
    )
  ) {
    issues.push(issue('uxPrimaryButtonTextColor', 'sameColor', SAME_PRIMARY_BUTTON_COLORS));
  }
  if (
    sameColor(
      effectiveColor(colors, 'uxSecondaryButtonTextColor'),
      effectiveColor(colors, 'uxSecondaryButtonColor'),
    )
  ) {
    issues.push(issue('uxSecondaryButtonTextColor', 'sameColor', SAME_SECONDARY_BUTTON_COLORS));
  }
  return issues;
}

/** Hex format of every colour field, then the same-colour rules on the valid ones. */
export function validateThemeColors(colors: Partial<ThemeColors>): Issue[] {
  const format = THEME_COLOR_FIELDS.map((f) => validateHexColor(f, colors[f])).filter(
    (i): i is Issue => i !== undefined,
  );
  return [...format, ...validateColorContrast(colors)];
}

/**
 * Changing a colour re-validates the related colour fields and the CSS: the fields whose messages
 * can change when `field` changes (the field itself included).
 */
export function fieldsToRevalidate(
  field: ThemeColorField,
): Array<ThemeColorField | 'uxCustomizedCss'> {
  const related: Record<ThemeColorField, ThemeColorField[]> = {
    uxBackgroundColor: [
      'uxFontColor',
      'uxLinkColor',
      'uxToogleActiveColor',
      'uxPrimaryButtonColor',
    ],
    uxFontColor: ['uxBackgroundColor'],
    uxLinkColor: ['uxBackgroundColor'],
    uxToogleActiveColor: ['uxBackgroundColor'],
    uxPrimaryButtonColor: ['uxBackgroundColor', 'uxPrimaryButtonTextColor'],
    uxPrimaryButtonTextColor: ['uxPrimaryButtonColor'],
    uxSecondaryButtonColor: ['uxSecondaryButtonTextColor'],
    uxSecondaryButtonTextColor: ['uxSecondaryButtonColor'],
  };
  return [field, ...related[field], 'uxCustomizedCss'];
}
