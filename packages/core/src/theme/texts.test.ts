import { describe, expect, it } from 'vitest';
import {
  BUTTON_TEXT_MAX,
  COP_PRIVACY_HEADER_MAX,
  DISAGREE_TEXT_MAX,
  EXTENDED_BUTTON_TEXT_MAX,
  EXTENDED_BUTTON_TEXT_PCODE,
  FIXED_SEGMENT_COUNT,
  PRIVACY_BODY_INPUT,
  RICH_TEXT_DEBOUNCE_MS,
  buttonTextMax,
  copAcceptTextEditable,
  fixedSegmentsOf,
  keepsFixedSegments,
  maxLength,
  richTextValue,
  validatePrivacyBody,
  validateShortText,
} from './texts';

const BRACKETS = "Field should not contain '<' or '>' symbols.";
const BODY = '<<One.>> <<Two {{partnerCount}}.>> <<Three.>> <<Four {{storageMonths}}.>> Tail.';

describe('text limits', () => {
  it('are 24 for buttons (40 for the special code), disagree/tooltip and the CoP header', () => {
    expect([
      BUTTON_TEXT_MAX,
      EXTENDED_BUTTON_TEXT_MAX,
      DISAGREE_TEXT_MAX,
      COP_PRIVACY_HEADER_MAX,
    ]).toEqual([24, 40, 24, 24]);
    expect(buttonTextMax('abc123')).toBe(24);
    expect(buttonTextMax(undefined)).toBe(24);
    expect(buttonTextMax(EXTENDED_BUTTON_TEXT_PCODE)).toBe(40);
  });

  it('the Consent or Pay accept text is editable by the special account only', () => {
    expect(copAcceptTextEditable(EXTENDED_BUTTON_TEXT_PCODE)).toBe(true);
    expect(copAcceptTextEditable('abc123')).toBe(false);
    expect(copAcceptTextEditable(undefined)).toBe(false);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(maxLength('f', 'a'.repeat(24), 24)).toBeUndefined();
    expect(maxLength('f', 'a'.repeat(25), 24)).toEqual({
      field: 'f',
      rule: 'maxLength',
      message: 'Please use no more than 24 characters.',
    });
    expect(maxLength('f', '😀'.repeat(24), 24)).toBeUndefined();
  });

  it('refuses angle brackets and script in short texts', () => {
    expect(validateShortText('agreeButton', 'Accept <b>all</b>', 24).map((i) => i.message)).toEqual(
      [BRACKETS],
    );
    expect(
      validateShortText('agreeButton', '<img src=x onerror=alert(1)>', 40).map((i) => i.rule),
    ).toEqual(['noAngleBrackets', 'unsafe']);
    expect(validateShortText('agreeButton', 'javascript:alert(1)').map((i) => i.message)).toEqual([
      'This text contains content that could run as a script (such as tags, event handlers or script links). Please remove it and try again.',
    ]);
    expect(validateShortText('consentLinkLabel', 'Privacy settings')).toEqual([]);
  });
});

describe('rich text', () => {
  it('saves an empty string when the editor holds no text', () => {
    expect(richTextValue('<p><br></p>')).toBe('');
    expect(richTextValue('<p>&nbsp;</p><ul><li></li></ul>')).toBe('');
    expect(richTextValue('<p><b>Opt out</b></p>')).toBe('<p><b>Opt out</b></p>');
    expect(RICH_TEXT_DEBOUNCE_MS).toBe(100);
  });
});

describe('privacy body fixed segments', () => {
  it('lists the four segments in order', () => {
    expect(FIXED_SEGMENT_COUNT).toBe(4);
    expect(fixedSegmentsOf(BODY)).toEqual([
      '<<One.>>',
      '<<Two {{partnerCount}}.>>',
      '<<Three.>>',
      '<<Four {{storageMonths}}.>>',
    ]);
  });

  it('allows text inserted before, between and after the segments', () => {
    expect(
      keepsFixedSegments(
        BODY,
        `Hello. ${BODY.replace('<<Three.>>', 'More. <<Three.>> Again.')} Bye.`,
      ),
    ).toBe(true);
  });

  it('refuses editing, deleting or pasting over a segment', () => {
    expect(keepsFixedSegments(BODY, BODY.replace('Three', 'Tree'))).toBe(false);
    expect(keepsFixedSegments(BODY, BODY.replace('<<Three.>> ', ''))).toBe(false);
    expect(
      keepsFixedSegments(BODY, BODY.replace('<<Two {{partnerCount}}.>> <<Three.>>', 'pasted')),
    ).toBe(false);
    expect(keepsFixedSegments(BODY, BODY.replace('<<Three.>>', '<<Three.'))).toBe(false);
    expect(
      keepsFixedSegments(
        BODY,
        BODY.replace('<<One.>> <<Two {{partnerCount}}.>>', '<<Two {{partnerCount}}.>> <<One.>>'),
      ),
    ).toBe(false);
    expect(PRIVACY_BODY_INPUT).toEqual({ allowPaste: false, allowContextMenu: false });
  });

  it('validates a saved body against a reference; empty means the default', () => {
    expect(validatePrivacyBody('privacyBody', `Intro. ${BODY}`, BODY)).toEqual([]);
    expect(validatePrivacyBody('privacyBody', '', BODY)).toEqual([]);
    expect(validatePrivacyBody('privacyBody', 'Rewritten.', BODY)).toEqual([
      {
        field: 'privacyBody',
        rule: 'fixedSegments',
        message:
          'The highlighted sections in double angle brackets cannot be changed or removed. To change them, submit a text change request.',
      },
    ]);
  });
});
