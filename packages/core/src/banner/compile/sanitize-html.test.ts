import { describe, expect, it } from 'vitest';
import { isSafeLink } from '../../validation';
import type { BannerRichBlock } from '../config';
import { bannerPrivacyBody, htmlToRichText, sanitizeRichTextHtml } from './sanitize-html';

describe('publisher text', () => {
  it('htmlToRichText: paragraphs, breaks, nested marks, entities; scripts and handlers gone', () => {
    expect(
      htmlToRichText(
        '<div>A &amp; <b>B <i>C</i></b><br>D&#39;s</div><p onclick="x()"><u>E</u>&nbsp;<img src=x onerror=alert(1)></p>',
      ),
    ).toEqual([
      { p: [{ text: 'A & ' }, { text: 'B ', b: true }, { text: 'C', b: true, i: true }] },
      { p: [{ text: "D's" }] },
      { p: [{ text: 'E', u: true }] },
    ]);
    expect(
      htmlToRichText('<ol><li>one</li><li>two <a href="http://x.example">link</a></li></ol>'),
    ).toEqual([
      { ol: [[{ text: 'one' }], [{ text: 'two ' }, { text: 'link', href: 'http://x.example' }]] },
    ]);
    expect(htmlToRichText('plain 1 < 2 text')).toEqual([{ p: [{ text: 'plain 1 < 2 text' }] }]);
    expect(htmlToRichText('<style>p{}</style><script>alert(1)</script>')).toEqual([]);
  });

  it('bannerPrivacyBody: fixed-segment markers removed, markup reduced to text', () => {
    expect(
      bannerPrivacyBody('Intro. <<We and our {{partnerCount}} partners>> <<store>> end.'),
    ).toBe('Intro. We and our {{partnerCount}} partners store end.');
    expect(bannerPrivacyBody('<p>Hello <b>there</b></p><p><<seg {{storageMonths}}>></p>')).toBe(
      'Hello there seg {{storageMonths}}',
    );
  });
});

const runsOf = (blocks: BannerRichBlock[]) =>
  blocks.flatMap((block) =>
    'p' in block ? block.p : ('ul' in block ? block.ul : block.ol).flat(),
  );

describe('sanitising publisher HTML (XSS vectors)', () => {
  it('drops script, style and other active elements with their content, in any case', () => {
    expect(htmlToRichText('<SCRIPT type="text/javascript">alert(1)</SCRIPT>ok')).toEqual([
      { p: [{ text: 'ok' }] },
    ]);
    // An unterminated script swallows the rest rather than showing its source.
    expect(htmlToRichText('<script>alert(1)')).toEqual([]);
    expect(htmlToRichText('<script/>after')).toEqual([{ p: [{ text: 'after' }] }]);
    expect(
      htmlToRichText(
        '<style>body{background:url(javascript:alert(1))}</style><iframe src="javascript:alert(1)">f</iframe>' +
          '<object data="x.swf">o</object><template><b>t</b></template>ok',
      ),
    ).toEqual([{ p: [{ text: 'ok' }] }]);
  });

  it('drops svg and math with their content (script inside, handlers, xlink:href)', () => {
    expect(htmlToRichText('<svg onload=alert(1)><script>alert(1)</script></svg>after')).toEqual([
      { p: [{ text: 'after' }] },
    ]);
    expect(htmlToRichText('<math><mi xlink:href="javascript:alert(1)">x</mi></math>z')).toEqual([
      { p: [{ text: 'z' }] },
    ]);
    // Nested in itself, the element is dropped up to its own closing tag.
    expect(htmlToRichText('<svg><svg></svg>x<svg/></svg>y')).toEqual([{ p: [{ text: 'y' }] }]);
  });

  it('keeps no attribute but a safe href: on* handlers, style and src are gone', () => {
    expect(htmlToRichText('<p onclick="steal()" onmouseover=\'x\'>Hi</p>')).toEqual([
      { p: [{ text: 'Hi' }] },
    ]);
    expect(htmlToRichText('<div style="background:url(javascript:alert(1))">s</div>')).toEqual([
      { p: [{ text: 's' }] },
    ]);
    expect(
      htmlToRichText('<a href="https://x.example"><img src=x onerror=alert(1)>pic</a>'),
    ).toEqual([{ p: [{ text: 'pic', href: 'https://x.example' }] }]);
    expect(htmlToRichText('<img src=x onerror=alert(1)>')).toEqual([]);
  });

  it('links only to http(s): javascript:, data:, vbscript: and relative URLs keep their text only', () => {
    expect(
      htmlToRichText(
        '<a href="JaVaScRiPt:alert(1)">a</a><a href=" javascript:alert(1)">b</a>' +
          '<a href="java&#x73;cript:alert(1)">c</a><a href="data:text/html;base64,PHNjcmlwdD4=">d</a>' +
          '<a href="vbscript:x">e</a><a href="//evil.example">f</a>' +
          '<a href=https://ok.example/u>g</a><a href=\'http://ok.example\' onclick="x">h</a>',
      ),
    ).toEqual([
      {
        p: [
          { text: 'abcdef' },
          { text: 'g', href: 'https://ok.example/u' },
          { text: 'h', href: 'http://ok.example' },
        ],
      },
    ]);
  });

  it('decodes entities to text (never to markup); invalid code points vanish, unknown names stay', () => {
    expect(
      htmlToRichText(
        '<p>&lt;script&gt;alert(1)&lt;/script&gt; &#0;&#x110000;&foo; &AMP; &#8364; &#x1F600;</p>',
      ),
    ).toEqual([{ p: [{ text: '<script>alert(1)</script> &foo; & € 😀' }] }]);
    expect(htmlToRichText('<!-- <script>alert(1)</script> -->ok')).toEqual([
      { p: [{ text: 'ok' }] },
    ]);
  });

  it('recovers from nested and malformed tags without leaking markup', () => {
    expect(htmlToRichText('<b><i>x</b>y</i>')).toEqual([
      { p: [{ text: 'x', b: true, i: true }, { text: 'y' }] },
    ]);
    expect(htmlToRichText('<b>unclosed')).toEqual([{ p: [{ text: 'unclosed', b: true }] }]);
    expect(htmlToRichText('<p>a<p>b')).toEqual([{ p: [{ text: 'a' }] }, { p: [{ text: 'b' }] }]);
    expect(htmlToRichText('<ul><li>a<li>b</ul><p>c')).toEqual([
      { ul: [[{ text: 'a' }], [{ text: 'b' }]] },
      { p: [{ text: 'c' }] },
    ]);
    // An unsafe link nested in a safe one has no link; the outer link resumes after it.
    expect(
      htmlToRichText(
        '<a href="https://ok.example">one <a href="javascript:x">two</a> three</a> four',
      ),
    ).toEqual([
      {
        p: [
          { text: 'one ', href: 'https://ok.example' },
          { text: 'two' },
          { text: ' three', href: 'https://ok.example' },
          { text: ' four' },
        ],
      },
    ]);
    // A split tag name is no tag: what remains is text, shown as text.
    expect(htmlToRichText('<scr<script>ipt>alert(1)</script>')).toEqual([
      { p: [{ text: 'ipt>alert(1)' }] },
    ]);
    // A > inside a quoted attribute does not end the tag.
    expect(htmlToRichText('<a href="https://x.example" title="a>b">t</a>')).toEqual([
      { p: [{ text: 't', href: 'https://x.example' }] },
    ]);
  });

  it('whatever the input, the output is text runs with marks and http(s) links only', () => {
    const vectors = [
      '<a href="javascript:alert(1)" onclick="x" style="y">x</a>',
      '<svg><svg></svg>x</svg>y',
      '<<script>alert(1)//<</script>',
      '<a href="https://ok.example"><b onmouseover=alert(1)>b</b></a><a href="data:,x">d</a>',
      '<ol><li><a href=" https://ok.example/ ">l</a></li></ol><math>m',
    ];
    for (const html of vectors) {
      for (const run of runsOf(htmlToRichText(html))) {
        expect(Object.keys(run).every((k) => ['text', 'b', 'i', 'u', 'href'].includes(k))).toBe(
          true,
        );
        if (run.href !== undefined) expect(isSafeLink(run.href)).toBe(true);
      }
      expect(bannerPrivacyBody(html)).not.toMatch(/<[a-z/]/i);
    }
  });
});

describe('the stored copy of rich text (sanitizeRichTextHtml)', () => {
  const messy =
    '<h2 class="title">Your <span style="color:red">rights</span></h2>' +
    '<p onclick="steal()">Opt out <b>now</b> &amp; <i><u>here</u></i>: <a href="https://x.example/?a=1&amp;b=&quot;2&quot;" target="_top">form</a></p>' +
    '<ul><li>One &lt;b&gt;</li><li><a href="javascript:alert(1)">Two</a></li></ul><img src=x>';

  it('keeps the editor subset in the editor’s shape, every other tag reduced to its text', () => {
    expect(sanitizeRichTextHtml(messy)).toBe(
      '<p>Your rights</p>' +
        '<p>Opt out <strong>now</strong> &amp; <em><u>here</u></em>: <a href="https://x.example/?a=1&amp;b=&quot;2&quot;">form</a></p>' +
        '<ul><li><p>One &lt;b&gt;</p></li><li><p>Two</p></li></ul>',
    );
  });

  it('renders in the banner exactly as the original does, and is idempotent', () => {
    const stored = sanitizeRichTextHtml(messy);
    expect(htmlToRichText(stored)).toEqual(htmlToRichText(messy));
    expect(sanitizeRichTextHtml(stored)).toBe(stored);
  });

  it('leaves the editor’s own output as it is, and empties a body without text', () => {
    const tiptap =
      '<p>Hello <strong><em>world</em></strong></p><ol><li><p>a</p></li><li><p>b <a href="https://ok.example">c</a></p></li></ol>';
    expect(sanitizeRichTextHtml(tiptap)).toBe(tiptap);
    expect(sanitizeRichTextHtml('<p><br></p>')).toBe('');
    expect(sanitizeRichTextHtml('')).toBe('');
    expect(sanitizeRichTextHtml('plain 1 < 2')).toBe('<p>plain 1 &lt; 2</p>');
  });
});
