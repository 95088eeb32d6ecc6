// A script of ambient declarations (css-tree's untyped sub-entries) cannot be imported, and other
// packages compile this file without core's tsconfig: the reference brings it along.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./css-tree.d.ts" />
import type { Atrule, CssNode, Declaration, List, ListItem, Rule } from 'css-tree';
import generate from 'css-tree/generator';
import parse from 'css-tree/parser';
import { ident } from 'css-tree/utils';
import walk from 'css-tree/walker';

/**
 * Publishers' custom CSS, read by css-tree (a maintained, pure-JS CSS parser) instead of matched as
 * text: escapes are decoded before any name is compared (`u\72l(` is `url(`, `@\69mport` is
 * `@import`), and only an allow-list of at-rules, properties, value functions and value node types
 * passes. Nothing publisher CSS can name loads a resource: no `url()`, `image-set()`, `image()`,
 * `cross-fade()`, `element()`, `@import` or `@font-face`, in any spelling. The banner ships only
 * the CSS this module generates from the allowed parts (compiled on the server), never the text
 * as written.
 */

/** At-rules that only group or condition rules. */
export const CSS_ALLOWED_AT_RULES = ['media', 'supports', 'container', 'keyframes'] as const;

/** Properties that style the banner (a vendor prefix `-webkit-`, `-moz-`, `-ms-`, `-o-` is allowed on each). */
export const CSS_ALLOWED_PROPERTIES = [
  // colour and background (images are refused by the value rule)
  'color', 'opacity', 'background', 'background-color', 'background-image', 'background-position',
  'background-size', 'background-repeat', 'background-clip', 'background-origin', 'accent-color',
  'caret-color', 'color-scheme',
  // text
  'font', 'font-family', 'font-size', 'font-style', 'font-weight', 'font-variant', 'font-stretch',
  'line-height', 'letter-spacing', 'word-spacing', 'text-align', 'text-decoration',
  'text-decoration-color', 'text-decoration-line', 'text-decoration-style',
  'text-decoration-thickness', 'text-underline-offset', 'text-transform', 'text-indent',
  'text-overflow', 'text-shadow', 'white-space', 'word-break', 'overflow-wrap', 'word-wrap',
  'hyphens', 'direction', 'vertical-align', 'list-style-type', 'list-style-position', 'content',
  // box
  'margin', 'margin-top', 'margin-right', 'margin-bottom', 'margin-left', 'margin-inline',
  'margin-block', 'padding', 'padding-top', 'padding-right', 'padding-bottom', 'padding-left',
  'padding-inline', 'padding-block', 'width', 'height', 'min-width', 'min-height', 'max-width',
  'max-height', 'inline-size', 'block-size', 'box-sizing', 'aspect-ratio', 'overflow',
  'overflow-x', 'overflow-y',
  // borders and effects
  'border', 'border-top', 'border-right', 'border-bottom', 'border-left', 'border-color',
  'border-style', 'border-width', 'border-radius', 'border-top-left-radius',
  'border-top-right-radius', 'border-bottom-left-radius', 'border-bottom-right-radius',
  'border-top-color', 'border-right-color', 'border-bottom-color', 'border-left-color',
  'border-top-width', 'border-right-width', 'border-bottom-width', 'border-left-width',
  'border-top-style', 'border-right-style', 'border-bottom-style', 'border-left-style',
  'outline', 'outline-color', 'outline-style', 'outline-width', 'outline-offset', 'box-shadow',
  'filter', 'backdrop-filter', 'appearance',
  // layout
  'display', 'visibility', 'position', 'top', 'right', 'bottom', 'left', 'inset', 'z-index',
  'float', 'clear', 'flex', 'flex-direction', 'flex-wrap', 'flex-flow', 'flex-grow',
  'flex-shrink', 'flex-basis', 'order', 'justify-content', 'justify-items', 'justify-self',
  'align-content', 'align-items', 'align-self', 'place-content', 'place-items', 'place-self',
  'gap', 'row-gap', 'column-gap', 'grid-template-columns', 'grid-template-rows',
  'grid-template-areas', 'grid-area', 'grid-column', 'grid-row', 'grid-auto-flow',
  'grid-auto-columns', 'grid-auto-rows',
  // motion and interaction
  'transform', 'transform-origin', 'transition', 'transition-property', 'transition-duration',
  'transition-timing-function', 'transition-delay', 'animation', 'animation-name',
  'animation-duration', 'animation-timing-function', 'animation-delay',
  'animation-iteration-count', 'animation-direction', 'animation-fill-mode', 'cursor',
  'pointer-events', 'user-select',
] as const; // prettier-ignore

/** Value functions that compute a colour, a gradient, a length or a transform (none loads anything). */
export const CSS_ALLOWED_FUNCTIONS = [
  'rgb', 'rgba', 'hsl', 'hsla', 'hwb', 'lab', 'lch', 'oklab', 'oklch', 'color', 'color-mix',
  'light-dark', 'calc', 'min', 'max', 'clamp', 'var', 'linear-gradient', 'radial-gradient',
  'conic-gradient', 'repeating-linear-gradient', 'repeating-radial-gradient',
  'repeating-conic-gradient', 'translate', 'translatex', 'translatey', 'translate3d', 'rotate',
  'rotatex', 'rotatey', 'rotatez', 'scale', 'scalex', 'scaley', 'skew', 'skewx', 'skewy',
  'matrix', 'perspective', 'cubic-bezier', 'steps', 'blur', 'brightness', 'contrast',
  'drop-shadow', 'grayscale', 'hue-rotate', 'invert', 'saturate', 'sepia', 'counter', 'counters',
  'minmax', 'repeat', 'fit-content',
] as const; // prettier-ignore

/**
 * What loads a resource or runs script, in any spelling: refused with the spec's prohibited-CSS
 * message (the others get their own).
 */
export const CSS_REMOTE_FUNCTIONS = [
  'url', 'src', 'image', 'image-set', 'cross-fade', 'element', 'paint', 'expression',
] as const; // prettier-ignore
export const CSS_REMOTE_AT_RULES = ['import', 'font-face'] as const;
export const CSS_SCRIPT_PROPERTIES = ['behavior', 'binding'] as const;

/** Node types a declaration's value may hold (besides allowed functions). */
const VALUE_NODE_TYPES = new Set([
  'Value',
  'Identifier',
  'Number',
  'Percentage',
  'Dimension',
  'Hash',
  'String',
  'Operator',
  'WhiteSpace',
  'Parentheses',
]);

/** One reason a part of the CSS was refused (and left out of the CSS the banner gets). */
export type CustomCssProblem =
  | { rule: 'prohibitedCss'; found: string }
  | { rule: 'cssPropertyNotAllowed'; property: string }
  | { rule: 'cssFunctionNotAllowed'; name: string }
  | { rule: 'cssAtRuleNotAllowed'; name: string }
  | { rule: 'cssUnreadable'; line: number };

export interface CustomCssReading {
  /** The allowed parts, generated by the parser (comments and refused parts left out). */
  css: string;
  problems: CustomCssProblem[];
}

const VENDOR_PREFIX = /^-(webkit|moz|ms|o)-/;
const has = (list: readonly string[], name: string) => list.includes(name);
/** A name as the browser reads it: escapes decoded, lower-case, vendor prefix dropped. */
const bareName = (raw: string) => ident.decode(raw).toLowerCase().replace(VENDOR_PREFIX, '');

/** Decodes CSS escapes (CSS Syntax §4.3.7) so the spec's words are found however they are spelt. */
export function decodeCssEscapes(css: string): string {
  return css.replace(/\\(?:([0-9a-f]{1,6})[ \t\n\f]?|\r\n|([\s\S]))/gi, (_, hex, char) => {
    if (hex) {
      const code = parseInt(hex as string, 16);
      const valid = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
      return String.fromCodePoint(valid ? code : 0xfffd);
    }
    return char === undefined || char === '\n' || char === '\f' || char === '\r' ? '' : char;
  });
}

/** Whether a node's subtree has a node for which `test` is true. */
function contains(node: CssNode, test: (n: CssNode) => boolean): CssNode | undefined {
  let found: CssNode | undefined;
  walk(node, (n) => {
    if (found) return;
    if (test(n)) found = n;
  });
  return found;
}

/** The first reason a declaration's value is refused, if any. */
function valueProblem(value: CssNode): CustomCssProblem | undefined {
  let problem: CustomCssProblem | undefined;
  contains(value, (node) => {
    if (node.type === 'Url') problem = { rule: 'prohibitedCss', found: 'url()' };
    else if (node.type === 'Function') {
      const name = bareName(node.name);
      if (has(CSS_REMOTE_FUNCTIONS, name)) problem = { rule: 'prohibitedCss', found: `${name}()` };
      else if (!has(CSS_ALLOWED_FUNCTIONS, name))
        problem = { rule: 'cssFunctionNotAllowed', name: ident.decode(node.name).toLowerCase() };
    } else if (node.type === 'String' && node.value.includes('<'))
      problem = { rule: 'prohibitedCss', found: '<' };
    else if (!VALUE_NODE_TYPES.has(node.type))
      problem = { rule: 'cssUnreadable', line: node.loc?.start.line ?? 1 };
    return problem !== undefined;
  });
  return problem;
}

function declarationProblem(node: Declaration): CustomCssProblem | undefined {
  const property = ident.decode(node.property).toLowerCase();
  if (!property.startsWith('--')) {
    const bare = property.replace(VENDOR_PREFIX, '');
    if (has(CSS_SCRIPT_PROPERTIES, bare)) return { rule: 'prohibitedCss', found: property };
    if (!has(CSS_ALLOWED_PROPERTIES, bare)) return { rule: 'cssPropertyNotAllowed', property };
  }
  return valueProblem(node.value);
}

function atRuleProblem(node: Atrule): CustomCssProblem | undefined {
  const name = bareName(node.name);
  if (has(CSS_REMOTE_AT_RULES, name)) return { rule: 'prohibitedCss', found: `@${name}` };
  if (!has(CSS_ALLOWED_AT_RULES, name))
    return { rule: 'cssAtRuleNotAllowed', name: ident.decode(node.name).toLowerCase() };
  const url = node.prelude && contains(node.prelude, (n) => n.type === 'Url');
  return url ? { rule: 'prohibitedCss', found: 'url()' } : undefined;
}

function preludeProblem(node: Rule | Atrule): CustomCssProblem | undefined {
  const raw = node.prelude && contains(node.prelude, (n) => n.type === 'Raw');
  return raw ? { rule: 'cssUnreadable', line: raw.loc?.start.line ?? 1 } : undefined;
}

/**
 * Reads custom CSS: every problem (in order) and the CSS made of the allowed parts only. The
 * spec's words (`javascript:`, `expression`, `url`, `data:`, `@import`) and `<` are looked for in
 * the text with its escapes decoded, so an escaped spelling is refused like a plain one.
 */
export function readCustomCss(
  source: string,
  prohibitedWords: readonly string[],
): CustomCssReading {
  const problems: CustomCssProblem[] = [];
  const decoded = decodeCssEscapes(source).toLowerCase();
  for (const word of [...prohibitedWords, '<'])
    if (decoded.includes(word)) problems.push({ rule: 'prohibitedCss', found: word });

  const ast = parse(source, {
    positions: true,
    parseCustomProperty: true,
    onParseError: (error) => problems.push({ rule: 'cssUnreadable', line: error.line }),
  });
  walk(ast, {
    enter(node: CssNode, item: ListItem<CssNode> | null, list: List<CssNode> | null) {
      let problem: CustomCssProblem | undefined;
      let drop = false;
      if (node.type === 'Raw')
        drop = true; // a parse error (reported above) or a stray ';'
      else if (node.type === 'Atrule') problem = atRuleProblem(node) ?? preludeProblem(node);
      else if (node.type === 'Rule') problem = preludeProblem(node);
      else if (node.type === 'Declaration') problem = declarationProblem(node);
      else return undefined;
      if (problem) problems.push(problem);
      if ((problem || drop) && item && list) {
        list.remove(item);
        return walk.skip;
      }
      return undefined;
    },
    // A rule or at-rule left without content is left out too.
    leave(node: CssNode, item: ListItem<CssNode> | null, list: List<CssNode> | null) {
      const emptied =
        (node.type === 'Rule' || (node.type === 'Atrule' && node.block)) &&
        node.block?.children.isEmpty;
      if (emptied && item && list) list.remove(item);
    },
  });
  const css = generate(ast);
  const seen = new Set<string>();
  const unique = problems.filter((p) => {
    const key = JSON.stringify(p);
    return seen.has(key) ? false : (seen.add(key), true);
  });
  // Never ship '<' (it has no use in a banner's CSS and could end a <style> or <script> block).
  return { css: css.includes('<') ? '' : css, problems: unique };
}
