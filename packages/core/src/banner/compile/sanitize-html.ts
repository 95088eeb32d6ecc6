import { isSafeLink } from '../../validation';
import type { BannerRichBlock, BannerRichRun } from '../config';

/**
 * Publisher text is never HTML in the runtime: the theme's rich-text HTML becomes plain text or the
 * runtime's rich-text blocks through an allow-list (paragraphs, lists, bold, italic, underline and
 * http(s) links). Core has no DOM, so this is a small tokenizer rather than a DOM sanitiser.
 */

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** Decodes the HTML entities a rich-text editor writes (named ones above and numeric ones). */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff
        ? String.fromCodePoint(code)
        : '';
    }
    return ENTITIES[name.toLowerCase()] ?? all;
  });
}

type Marks = Pick<BannerRichRun, 'b' | 'i' | 'u' | 'href'>;
const MARK_TAGS: Record<string, keyof Marks> = {
  b: 'b',
  strong: 'b',
  i: 'i',
  em: 'i',
  u: 'u',
};
const BLOCK_TAGS = new Set(['p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote']);
const DROPPED_TAGS = new Set(['script', 'style', 'template', 'iframe', 'object', 'svg', 'math']);

const sameMarks = (a: BannerRichRun, b: BannerRichRun) =>
  a.b === b.b && a.i === b.i && a.u === b.u && a.href === b.href;

function tidyRuns(runs: BannerRichRun[]): BannerRichRun[] {
  const out: BannerRichRun[] = [];
  for (const run of runs) {
    const last = out[out.length - 1];
    if (last && sameMarks(last, run)) last.text += run.text;
    else out.push({ ...run });
  }
  for (const run of out) run.text = run.text.replace(/\s+/g, ' ');
  if (out[0]) out[0].text = out[0].text.trimStart();
  const last = out[out.length - 1];
  if (last) last.text = last.text.trimEnd();
  return out.filter((r) => r.text !== '');
}

/**
 * The US Do-Not-Sell body (rich-text HTML from the theme form) as the runtime's safe rich text:
 * paragraphs and lists of text runs with bold, italic, underline and http(s) links. Every other
 * tag is dropped (the content of script-like tags with it); the runtime never parses HTML.
 */
export function htmlToRichText(html: string): BannerRichBlock[] {
  const blocks: BannerRichBlock[] = [];
  let paragraph: BannerRichRun[] = [];
  let list: { kind: 'ul' | 'ol'; items: BannerRichRun[][] } | undefined;
  let item: BannerRichRun[] | undefined;
  const marks: Marks = {};
  const open: Array<{ tag: string; mark?: keyof Marks; previous?: Marks[keyof Marks] }> = [];
  // The dropped element being skipped, and how deeply it nests in itself (<svg><svg></svg>…</svg>).
  let dropping: { tag: string; depth: number } | undefined;
  const setMark = (mark: keyof Marks, value: Marks[keyof Marks]) => {
    if (value === undefined) delete marks[mark];
    else Object.assign(marks, { [mark]: value });
  };

  const flushParagraph = () => {
    const runs = tidyRuns(paragraph);
    if (runs.length) blocks.push({ p: runs });
    paragraph = [];
  };
  const flushItem = () => {
    if (list && item) {
      const runs = tidyRuns(item);
      if (runs.length) list.items.push(runs);
    }
    item = undefined;
  };
  const flushList = () => {
    flushItem();
    if (list?.items.length)
      blocks.push(list.kind === 'ul' ? { ul: list.items } : { ol: list.items });
    list = undefined;
  };
  const addText = (raw: string) => {
    const text = decodeEntities(raw);
    if (!text) return;
    const run: BannerRichRun = { text };
    if (marks.b) run.b = true;
    if (marks.i) run.i = true;
    if (marks.u) run.u = true;
    if (marks.href) run.href = marks.href;
    if (list) (item ??= []).push(run);
    else paragraph.push(run);
  };

  for (const m of html.matchAll(
    /<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b((?:[^>"']|"[^"]*"|'[^']*')*)>|<!--[\s\S]*?-->|([^<]+|<)/g,
  )) {
    const [, closing, rawTag, attrs, text] = m;
    if (text !== undefined) {
      if (!dropping) addText(text);
      continue;
    }
    if (!rawTag) continue; // a comment
    const tag = rawTag.toLowerCase();
    const selfClosing = /\/\s*$/.test(attrs ?? '');
    if (dropping) {
      if (tag === dropping.tag && closing) dropping.depth -= 1;
      else if (tag === dropping.tag && !selfClosing) dropping.depth += 1;
      if (dropping.depth === 0) dropping = undefined;
      continue;
    }
    if (DROPPED_TAGS.has(tag)) {
      if (!closing && !selfClosing) dropping = { tag, depth: 1 };
      continue;
    }
    if (tag === 'br') {
      if (list) item?.push({ text: ' ' });
      else flushParagraph();
    } else if (BLOCK_TAGS.has(tag)) {
      if (list) flushItem();
      else flushParagraph();
    } else if (tag === 'ul' || tag === 'ol') {
      flushParagraph();
      if (!closing) {
        flushList();
        list = { kind: tag, items: [] };
      } else flushList();
    } else if (tag === 'li') {
      flushItem();
      if (!closing && list) item = [];
    } else {
      const mark = tag === 'a' ? 'href' : MARK_TAGS[tag];
      if (!mark) continue;
      if (closing) {
        const index = open.map((o) => o.tag).lastIndexOf(tag);
        if (index < 0) continue;
        for (const o of open.splice(index).reverse()) if (o.mark) setMark(o.mark, o.previous);
      } else {
        const previous = marks[mark];
        if (mark === 'href') {
          const href = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attrs ?? '');
          const url = decodeEntities(href?.[1] ?? href?.[2] ?? href?.[3] ?? '').trim();
          open.push({ tag, mark, previous });
          setMark('href', isSafeLink(url) ? url : undefined);
        } else {
          open.push({ tag, mark, previous });
          setMark(mark, true);
        }
      }
    }
  }
  if (list) flushList();
  flushParagraph();
  return blocks;
}

/** Whether a text holds HTML tags (rich-text editor output) rather than plain text. */
const looksLikeHtml = (text: string): boolean => /<\/?[a-z][a-z0-9]*\b[^>]*>/i.test(text);

/**
 * A privacy body as the runtime shows it: the fixed segments' `<<…>>` markers removed (their
 * `{{partnerCount}}` and `{{storageMonths}}` placeholders stay for the runtime to fill), and any
 * rich-text markup reduced to its text.
 */
export function bannerPrivacyBody(body: string): string {
  const unmarked = body.replace(/<<([^<>]*)>>/g, '$1');
  if (!looksLikeHtml(unmarked)) return unmarked.replace(/\s+/g, ' ').trim();
  return htmlToRichText(unmarked)
    .map((block) =>
      'p' in block
        ? block.p.map((r) => r.text).join('')
        : ('ul' in block ? block.ul : block.ol)
            .map((runs) => runs.map((r) => r.text).join(''))
            .join(' '),
    )
    .join(' ')
    .trim();
}

const escapeText = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string): string => escapeText(text).replace(/"/g, '&quot;');

function runsToHtml(runs: readonly BannerRichRun[]): string {
  return runs
    .map((run) => {
      let html = escapeText(run.text);
      if (run.u) html = `<u>${html}</u>`;
      if (run.i) html = `<em>${html}</em>`;
      if (run.b) html = `<strong>${html}</strong>`;
      if (run.href) html = `<a href="${escapeAttribute(run.href)}">${html}</a>`;
      return html;
    })
    .join('');
}

/**
 * Rich text back to HTML in the shape the console's editor writes (paragraphs, lists whose items
 * hold a paragraph, strong, em, u and http(s) links), every text and URL escaped.
 */
function richTextToHtml(blocks: readonly BannerRichBlock[]): string {
  const items = (list: readonly BannerRichRun[][]) =>
    list.map((runs) => `<li><p>${runsToHtml(runs)}</p></li>`).join('');
  return blocks
    .map((block) =>
      'p' in block
        ? `<p>${runsToHtml(block.p)}</p>`
        : 'ul' in block
          ? `<ul>${items(block.ul)}</ul>`
          : `<ol>${items(block.ol)}</ol>`,
    )
    .join('');
}

/**
 * The sanitised copy of rich-text HTML that the server stores: exactly what the banner renders
 * (`htmlToRichText`'s allow-list), written back as HTML; '' when no text is left. Idempotent.
 */
export const sanitizeRichTextHtml = (html: string): string => richTextToHtml(htmlToRichText(html));
