import { describe, expect, it } from 'vitest';
import {
  ONE_LINE_TEXT,
  UNSTORABLE_TEXT,
  findUnstorableText,
  hasControlCharacters,
  hasUnstorableCharacters,
  oneLineText,
} from './text';

describe('text that cannot be stored', () => {
  it('finds a NUL and unpaired surrogates, but not a paired one (an emoji)', () => {
    expect(hasUnstorableCharacters('a\u0000b')).toBe(true);
    expect(hasUnstorableCharacters('a\uD800b')).toBe(true);
    expect(hasUnstorableCharacters('a\uDC00')).toBe(true);
    expect(hasUnstorableCharacters('\uD83D')).toBe(true);
    expect(hasUnstorableCharacters('news 📰 café')).toBe(false);
  });

  it('names each field at any depth, keys included, with the message', () => {
    expect(
      findUnstorableText({
        name: 'ok',
        publisherName: 'A\u0000B',
        links: [{ text: 'fine' }, { text: 'x\uDFFF' }],
        ['k\u0000']: 1,
      }),
    ).toEqual([
      { field: 'publisherName', rule: 'storableText', message: UNSTORABLE_TEXT },
      { field: 'links.1.text', rule: 'storableText', message: UNSTORABLE_TEXT },
      { field: 'k\u0000', rule: 'storableText', message: UNSTORABLE_TEXT },
    ]);
    expect(findUnstorableText('\u0000')).toEqual([
      { field: '(body)', rule: 'storableText', message: UNSTORABLE_TEXT },
    ]);
    expect(findUnstorableText({ a: [1, true, null, 'b'] })).toEqual([]);
  });
});

describe('one-line text', () => {
  it.each(['a\rb', 'a\nb', 'bell\u0007', 'esc\u001b[31m', 'tab\there', 'del\u007f', 'line\u2028'])(
    'refuses %j',
    (text) => {
      expect(hasControlCharacters(text)).toBe(true);
      const result = oneLineText().safeParse(text);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(ONE_LINE_TEXT);
    },
  );

  it('keeps ordinary text, accents and emoji', () => {
    expect(oneLineText().safeParse('Éditions du Matin — 📰').success).toBe(true);
  });
});

describe('findUnstorableText on parser output', () => {
  it('walks objects without Object.prototype (query parsers make them) and skips binary bodies', () => {
    function Empty() {}
    Empty.prototype = Object.create(null) as object;
    const query = Object.assign(new (Empty as unknown as new () => object)(), { pCode: 'p\u0000' });
    expect(findUnstorableText(query)).toEqual([
      { field: 'pCode', rule: 'storableText', message: UNSTORABLE_TEXT },
    ]);
    expect(findUnstorableText(new Uint8Array([0, 0xd8]))).toEqual([]);
  });
});
