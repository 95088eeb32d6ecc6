import { describe, expect, it } from 'vitest';
import { PROHIBITED_CSS_TOKENS, sanitizeCustomCss, validateCustomCss } from './css';
import {
  CSS_ALLOWED_AT_RULES,
  CSS_ALLOWED_FUNCTIONS,
  CSS_ALLOWED_PROPERTIES,
  CSS_REMOTE_AT_RULES,
  CSS_REMOTE_FUNCTIONS,
  CSS_SCRIPT_PROPERTIES,
  decodeCssEscapes,
  readCustomCss,
} from './custom-css';
import {
  cssAtRuleNotAllowed,
  cssFunctionNotAllowed,
  cssPropertyNotAllowed,
  cssUnreadable,
} from './messages';

const PROHIBITED = 'CSS contains prohibited characters that could lead to an XSS attack';
const EVIL = 'evil.example';

/**
 * Issue 19 item 4: the old filter matched the spec's words literally, so escaped spellings and
 * image-set() went through and the banner fetched third-party files before any consent.
 */
describe('custom CSS: nothing remote in any spelling', () => {
  it.each([
    ['url() with a hex escape', `.b{background:u\\72l(https://${EVIL}/a.png)}`],
    ['url() with a hex escape and its space', `.b{background:u\\72 l("https://${EVIL}/a.png")}`],
    ['url() all escaped', `.b{background:\\75\\72\\6c(https://${EVIL}/a.png)}`],
    ['url() with a six-digit escape', `.b{background:u\\000072l('https://${EVIL}/a.png')}`],
    ['url() in capitals, escaped', `.b{background:\\55RL(https://${EVIL}/a.png)}`],
    ['url() with a character escape', `.b{background:u\\rl(https://${EVIL}/a.png)}`],
    ['@import escaped', `@\\69mport "https://${EVIL}/a.css"; .b{color:red}`],
    ['@import in capitals, escaped', `@\\49MPORT url(https://${EVIL}/a.css);`],
    ['@import with a character escape', `@im\\port "https://${EVIL}/a.css";`],
    ['image-set()', `.b{background-image:image-set("https://${EVIL}/a.png" 1x)}`],
    ['-webkit-image-set()', `.b{background-image:-webkit-image-set("https://${EVIL}/a.png" 1x)}`],
    ['image-set() escaped', `.b{background-image:im\\61ge-set("https://${EVIL}/a.png" 1x)}`],
    ['image()', `.b{background-image:image("https://${EVIL}/a.png")}`],
    ['cross-fade()', `.b{background-image:cross-fade("https://${EVIL}/a.png", red 50%)}`],
    ['element()', `.b{background:element(#x)}`],
    ['a url() in a var() fallback', `.b{color:var(--x, url(https://${EVIL}/a.png))}`],
    ['a url() in a custom property', `.b{--bg:url(https://${EVIL}/a.png);background:var(--bg)}`],
    ['@font-face', `@font-face{font-family:x;src:url(https://${EVIL}/a.woff)}`],
    ['behavior', `.b{behavior:url(https://${EVIL}/a.htc)}`],
    ['-moz-binding escaped', `.b{-moz-bi\\6edi\\6eg:url(https://${EVIL}/a.xml#x)}`],
    ['expression() escaped', '.b{width:expr\\65ssion(alert(1))}'],
    ['javascript: escaped', '.b{background:j\\61vascript:alert(1)}'],
    [
      'a url() in an @supports condition',
      `@supports (background:url(https://${EVIL}/a)){.b{color:red}}`,
    ],
    ['an escaped < ending a style element', '.b{content:"\\3c/style>"}'],
  ])('refuses %s with the spec message, and never ships it', (_, css) => {
    expect(validateCustomCss(css, {})).toEqual([
      { field: 'uxCustomizedCss', rule: 'prohibitedCss', message: PROHIBITED },
    ]);
    const shipped = sanitizeCustomCss(css);
    expect(shipped).not.toContain(EVIL);
    expect(decodeCssEscapes(shipped).toLowerCase()).not.toMatch(/url|image|@import|src|</);
  });

  it('lists what loads a resource or runs script, and allows none of it', () => {
    expect(CSS_REMOTE_FUNCTIONS).toEqual(expect.arrayContaining(['url', 'image-set', 'image']));
    for (const name of CSS_REMOTE_FUNCTIONS)
      expect(CSS_ALLOWED_FUNCTIONS as readonly string[]).not.toContain(name);
    for (const name of CSS_REMOTE_AT_RULES)
      expect(CSS_ALLOWED_AT_RULES as readonly string[]).not.toContain(name);
    for (const name of CSS_SCRIPT_PROPERTIES)
      expect(CSS_ALLOWED_PROPERTIES as readonly string[]).not.toContain(name);
  });

  it('decodes every escape form as CSS Syntax does', () => {
    // A hex escape takes one following space; NUL and out-of-range code points read as U+FFFD.
    expect(decodeCssEscapes('u\\72l u\\72 l \\000075rl \\55RL u\\rl a\\\nb \\0 x \\110000')).toBe(
      'url url url URL url ab \uFFFDx \uFFFD',
    );
  });
});

describe('custom CSS: an allow-list, each refusal naming its rule', () => {
  it('keeps what styles the banner, as the parser writes it', () => {
    const css = [
      '/* brand */ @media (max-width: 600px) { .b.s:hover, :host .x > y { color: rgb(0 0 0 / 50%); margin: calc(1px + 2%) !important } }',
      '.dlg { --brand: #123456; border: 1px solid var(--brand, red); font: 700 12px/1.2 "Helvetica Neue", sans-serif }',
      '@keyframes pop { from { opacity: 0 } to { opacity: 1 } } .r { animation: pop .2s ease-in; -webkit-transform: translateX(2px) rotate(3deg) }',
      '.p { background: linear-gradient(90deg, #fff, hsl(200 50% 40%)); box-shadow: 0 1px 2px rgba(0,0,0,.2) }',
    ].join('\n');
    expect(validateCustomCss(css, {})).toEqual([]);
    expect(readCustomCss(css, PROHIBITED_CSS_TOKENS)).toEqual({
      problems: [],
      css:
        '@media (max-width:600px){.b.s:hover,:host .x>y{color:rgb(0 0 0/50%);margin:calc(1px + 2%)!important}}' +
        '.dlg{--brand:#123456;border:1px solid var(--brand,red);font:700 12px/1.2"Helvetica Neue",sans-serif}' +
        '@keyframes pop{from{opacity:0}to{opacity:1}}.r{animation:pop .2s ease-in;-webkit-transform:translateX(2px) rotate(3deg)}' +
        '.p{background:linear-gradient(90deg,#fff,hsl(200 50% 40%));box-shadow:0 1px 2px rgba(0,0,0,.2)}',
    });
  });

  it.each([
    [
      '.b { mask: linear-gradient(red, blue) }',
      'cssPropertyNotAllowed',
      cssPropertyNotAllowed('mask'),
    ],
    [
      '.b { colo\\72: red; will-change: top }',
      'cssPropertyNotAllowed',
      cssPropertyNotAllowed('will-change'),
    ],
    ['.b { color: attr(data-x) }', 'cssFunctionNotAllowed', cssFunctionNotAllowed('attr')],
    [
      '@namespace svg "http://www.w3.org/2000/svg";',
      'cssAtRuleNotAllowed',
      cssAtRuleNotAllowed('namespace'),
    ],
    ['@layer base { .b { color: red } }', 'cssAtRuleNotAllowed', cssAtRuleNotAllowed('layer')],
    ['.b { color: red }\n.c { color: ) }', 'cssUnreadable', cssUnreadable(2)],
  ])('refuses %s', (css, rule, message) => {
    expect(validateCustomCss(css, {})).toEqual([{ field: 'uxCustomizedCss', rule, message }]);
  });

  it('ships the allowed parts of a sheet stored before the rule, dropping the rest', () => {
    expect(
      sanitizeCustomCss(
        `@import "https://${EVIL}/a.css";\n.b{color:red;;background:u\\72l(https://${EVIL}/a.png);margin:0}\n@font-face{src:url(x)}\n.c{mask:none;padding:2px}`,
      ),
    ).toBe('.b{color:red;margin:0}.c{padding:2px}');
    expect(sanitizeCustomCss('')).toBe('');
  });
});
