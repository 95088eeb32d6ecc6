import type { Issue } from '../validation';
import { issue } from '../validation';
import type { ThemeColors } from './colors';
import { DEFAULT_THEME_COLORS, canonicalColor, effectiveColor } from './colors';
import type { CustomCssProblem, CustomCssReading } from './custom-css';
import { readCustomCss } from './custom-css';
import {
  CSS_CONFLICTING_COLORS,
  CSS_PROHIBITED,
  cssAtRuleNotAllowed,
  cssFunctionNotAllowed,
  cssPropertyNotAllowed,
  cssUnreadable,
} from './messages';

/** The CSS overrides textarea grows from 100 to 200 px. */
export const CSS_TEXTAREA_HEIGHT = { min: 100, max: 200 } as const;

/**
 * Prohibited in custom CSS, matched anywhere and case-insensitively once escapes are decoded, as the
 * spec lists them (so a class name containing "url" is refused too).
 */
export const PROHIBITED_CSS_TOKENS = [
  'javascript:',
  'expression',
  'url',
  'data:',
  '@import',
] as const;

/** Custom CSS read by css-tree against the allow-list, the spec's words found in any spelling. */
export const readThemeCss = (css: string): CustomCssReading =>
  readCustomCss(css, PROHIBITED_CSS_TOKENS);

/** Whether CSS holds a prohibited word (escapes decoded), a remote resource or script. */
export const hasProhibitedCss = (css: string): boolean =>
  readThemeCss(css).problems.some((p) => p.rule === 'prohibitedCss');

/**
 * The CSS a banner gets: the allowed parts of the theme's CSS as the parser writes them (a sheet
 * stored before a rule existed still never ships a refused part). Server-side (compile), so the
 * runtime never grows.
 */
export const sanitizeCustomCss = (css: string): string => (css ? readThemeCss(css).css : '');

function cssProblemMessage(problem: CustomCssProblem): string {
  switch (problem.rule) {
    case 'prohibitedCss':
      return CSS_PROHIBITED;
    case 'cssPropertyNotAllowed':
      return cssPropertyNotAllowed(problem.property);
    case 'cssFunctionNotAllowed':
      return cssFunctionNotAllowed(problem.name);
    case 'cssAtRuleNotAllowed':
      return cssAtRuleNotAllowed(problem.name);
    case 'cssUnreadable':
      return cssUnreadable(problem.line);
  }
}

/** One rule of a style sheet: its selector and its declarations (property names lower-cased). */
export interface CssRule {
  selector: string;
  declarations: Array<{ property: string; value: string }>;
}

/**
 * A minimal CSS reader: comments removed, innermost `selector { declarations }` blocks read (so
 * rules inside @media are found), declarations split on ';' and ':'. Enough to find colours.
 */
export function parseCssRules(css: string): CssRule[] {
  const source = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const rules: CssRule[] = [];
  for (const match of source.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const selector = (match[1] ?? '').trim();
    const declarations = (match[2] ?? '')
      .split(';')
      .map((d) => {
        const colon = d.indexOf(':');
        return colon < 0
          ? undefined
          : { property: d.slice(0, colon).trim().toLowerCase(), value: d.slice(colon + 1).trim() };
      })
      .filter(
        (d): d is { property: string; value: string } => d !== undefined && d.property !== '',
      );
    rules.push({ selector, declarations });
  }
  return rules;
}

/** Which banner element a rule styles, read from its selector's words. */
export type CssTarget = 'secondaryButton' | 'primaryButton' | 'button' | 'ui' | 'other';

/**
 * The banner's own class names (packages/banner, ui/styles.ts): `.b` every button, `.p` the
 * primary and `.s` the secondary button; `.r` the root, `.ov` the overlay and `.dlg` the dialog.
 */
export const BANNER_CSS_CLASSES = {
  button: ['b'],
  primary: ['p'],
  secondary: ['s'],
  ui: ['r', 'ov', 'dlg'],
} as const;

/**
 * Words that name the same targets in publishers' selectors. A selector is split into words on
 * anything but letters and digits (".my-secondary-btn:hover" → my, secondary, btn, hover); `:host`
 * (the banner's shadow root) also counts as the UI.
 */
export const CSS_TARGET_WORDS = {
  button: ['button', 'btn'],
  primary: ['primary'],
  secondary: ['secondary'],
  ui: ['ui', 'banner', 'popup', 'modal', 'dialog', 'container', 'root', 'body'],
} as const;

export function cssTargetOf(selector: string): CssTarget {
  const lower = selector.toLowerCase();
  const classes = [...lower.matchAll(/\.([a-z0-9_-]+)/g)].map((m) => m[1] ?? '');
  const words = lower.split(/[^a-z0-9]+/).filter(Boolean);
  const is = (kind: keyof typeof CSS_TARGET_WORDS) =>
    classes.some((c) => (BANNER_CSS_CLASSES[kind] as readonly string[]).includes(c)) ||
    words.some((w) => (CSS_TARGET_WORDS[kind] as readonly string[]).includes(w));
  if (is('secondary') && (is('button') || classes.includes('s'))) return 'secondaryButton';
  if (is('primary') && (is('button') || classes.includes('p'))) return 'primaryButton';
  if (is('button')) return 'button';
  return is('ui') || lower.includes(':host') ? 'ui' : 'other';
}

const BACKGROUND_PROPERTIES = ['background', 'background-color'];

/** The hex colours a background declaration sets, canonical ('#fff' → '#FFFFFF'). */
function backgroundColors(rule: CssRule): string[] {
  return rule.declarations
    .filter((d) => BACKGROUND_PROPERTIES.includes(d.property))
    .flatMap((d) => [...d.value.matchAll(/#[0-9a-f]{3,6}\b/gi)].map((m) => m[0]))
    .map(canonicalColor)
    .filter((c): c is string => c !== undefined);
}

/**
 * The conflicting-colour rule: the CSS may not give the secondary button, buttons in general or the
 * UI a background equal to the form's background, primary button or secondary button colour, nor
 * to those colours' defaults.
 */
export function hasConflictingCssColors(css: string, colors: Partial<ThemeColors>): boolean {
  const fields = ['uxBackgroundColor', 'uxPrimaryButtonColor', 'uxSecondaryButtonColor'] as const;
  const taken = new Set(
    fields
      .flatMap((f) => [effectiveColor(colors, f), DEFAULT_THEME_COLORS[f]])
      .map(canonicalColor)
      .filter((c): c is string => c !== undefined),
  );
  return parseCssRules(css).some((rule) => {
    const target = cssTargetOf(rule.selector);
    if (target !== 'secondaryButton' && target !== 'button' && target !== 'ui') return false;
    return backgroundColors(rule).some((c) => taken.has(c));
  });
}

/**
 * Custom CSS: prohibited content first (its message), then CSS outside the allow-list or unreadable,
 * then conflicting colours (empty message).
 */
export function validateCustomCss(
  css: string | undefined,
  colors: Partial<ThemeColors>,
  field = 'uxCustomizedCss',
): Issue[] {
  if (!css) return [];
  const { problems } = readThemeCss(css);
  // Prohibited content first (the spec's message), then the first other problem.
  const first = problems.find((p) => p.rule === 'prohibitedCss') ?? problems[0];
  if (first) return [issue(field, first.rule, cssProblemMessage(first))];
  if (hasConflictingCssColors(css, colors)) {
    return [issue(field, 'conflictingCssColors', CSS_CONFLICTING_COLORS)];
  }
  return [];
}
