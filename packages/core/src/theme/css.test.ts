import { describe, expect, it } from 'vitest';
import {
  CSS_TEXTAREA_HEIGHT,
  PROHIBITED_CSS_TOKENS,
  cssTargetOf,
  hasConflictingCssColors,
  hasProhibitedCss,
  parseCssRules,
  validateCustomCss,
} from './css';

const PROHIBITED = 'CSS contains prohibited characters that could lead to an XSS attack';

describe('prohibited CSS', () => {
  it('lists the spec tokens', () => {
    expect(PROHIBITED_CSS_TOKENS).toEqual(['javascript:', 'expression', 'url', 'data:', '@import']);
  });

  it.each([
    '.x { background: javascript:alert(1) }',
    '.x { width: EXPRESSION(alert(1)) }',
    '.x { background: URL(https://evil.example/x.png) }',
    '.x { background-image: Data:image/png;base64,AAAA }',
    '@IMPORT "https://evil.example/x.css";',
  ])('rejects %s, case-insensitively, with the exact message', (css) => {
    expect(hasProhibitedCss(css)).toBe(true);
    expect(validateCustomCss(css, {})).toEqual([
      { field: 'uxCustomizedCss', rule: 'prohibitedCss', message: PROHIBITED },
    ]);
  });

  it('accepts plain rules and an empty text area', () => {
    expect(validateCustomCss('.assent-title { font-weight: 700; color: #333; }', {})).toEqual([]);
    expect(validateCustomCss('', {})).toEqual([]);
    expect(CSS_TEXTAREA_HEIGHT).toEqual({ min: 100, max: 200 });
  });
});

describe('CSS reading', () => {
  it('reads selectors and declarations, skipping comments and entering @media', () => {
    expect(
      parseCssRules(
        '/* c { } */ .a, .b { Color: #fff; background : #000 !important }\n@media (max-width: 600px) { .c { margin: 0 } }',
      ),
    ).toEqual([
      {
        selector: '.a, .b',
        declarations: [
          { property: 'color', value: '#fff' },
          { property: 'background', value: '#000 !important' },
        ],
      },
      { selector: '.c', declarations: [{ property: 'margin', value: '0' }] },
    ]);
  });

  it('classifies selectors by their words', () => {
    expect(cssTargetOf('.assent-btn-secondary')).toBe('secondaryButton');
    expect(cssTargetOf('.summary .secondary-button:hover')).toBe('secondaryButton');
    expect(cssTargetOf('.assent-btn-primary')).toBe('primaryButton');
    expect(cssTargetOf('.footer button')).toBe('button');
    expect(cssTargetOf('.assent-ui')).toBe('ui');
    expect(cssTargetOf(':host')).toBe('ui');
    expect(cssTargetOf('.assent-title')).toBe('other');
    // The banner's own classes: .b buttons, .p primary, .s secondary, .r/.ov/.dlg the UI.
    expect(cssTargetOf('.b.s')).toBe('secondaryButton');
    expect(cssTargetOf('.s')).toBe('secondaryButton');
    expect(cssTargetOf('.b.p')).toBe('primaryButton');
    expect(cssTargetOf('.bs .b')).toBe('button');
    expect(cssTargetOf('.dlg')).toBe('ui');
    expect(cssTargetOf('.r')).toBe('ui');
    expect(cssTargetOf('.secondary-text')).toBe('other');
  });
});

describe('conflicting colours', () => {
  const colors = { uxBackgroundColor: '#FAFAFA', uxPrimaryButtonColor: '#112233' };

  it('rejects secondary button, button or UI backgrounds equal to the form colours, with an empty message', () => {
    for (const css of [
      '.assent-btn-secondary { background-color: #fafafa }',
      'button { background: #112233 }',
      '.assent-ui { background: #FFF }', // the form's secondary colour (its default)
      '.s { background: #112233 }',
      '.dlg { background-color: #fafafa }',
    ]) {
      expect(hasConflictingCssColors(css, colors)).toBe(true);
      expect(validateCustomCss(css, colors)).toEqual([
        { field: 'uxCustomizedCss', rule: 'conflictingCssColors', message: '' },
      ]);
    }
  });

  it('also rejects the defaults of background, primary and secondary', () => {
    expect(hasConflictingCssColors('.assent-banner { background: #206DC5 }', colors)).toBe(true);
  });

  it('accepts other colours, other properties and other elements', () => {
    expect(hasConflictingCssColors('.assent-ui { background: #eeeeee }', colors)).toBe(false);
    expect(hasConflictingCssColors('.assent-ui { color: #FAFAFA }', colors)).toBe(false);
    expect(hasConflictingCssColors('.assent-btn-primary { background: #112233 }', colors)).toBe(
      false,
    );
    expect(hasConflictingCssColors('.assent-title { background: #FAFAFA }', colors)).toBe(false);
  });

  it('reports prohibited content before conflicting colours', () => {
    expect(validateCustomCss('button { background: #fff url(x) }', {})[0]?.message).toBe(
      PROHIBITED,
    );
  });
});
