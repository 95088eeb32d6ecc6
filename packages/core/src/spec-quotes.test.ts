import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every text the spec quotes (messages, titles, labels, values) appears verbatim in a core test, so
 * no quoted message is left to a console test or a regex. A `{a|b}` placeholder stands for each of
 * its alternatives; other placeholders (`{host}`) are kept as written. The spec sits beside the
 * repository (`../shared/spec`) or at ASSENT_SPEC_DIR; without it the check is skipped.
 */

const root = path.resolve(__dirname, '../../..');
const specDir = process.env.ASSENT_SPEC_DIR ?? path.resolve(root, '../shared/spec');

function testFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return testFiles(full);
    return name.endsWith('.test.ts') && name !== 'spec-quotes.test.ts' ? [full] : [];
  });
}

/** The single- and double-quoted texts of a spec document (an apostrophe inside a word is kept). */
export function quotedTexts(markdown: string): string[] {
  const texts = [
    ...markdown.matchAll(/(?<![A-Za-z])'((?:[^'\n]|'(?=[A-Za-z]))+?)'(?![A-Za-z])/g),
    ...markdown.matchAll(/"([^"\n]{2,}?)"/g),
  ].map((m) => m[1]!);
  return [...new Set(texts.filter((t) => /[A-Za-z]/.test(t)))];
}

/** A quote's verbatim forms: one per alternative of a `{a|b}` placeholder. */
export function verbatimForms(quote: string): string[] {
  const choice = /\{([^{}|]+(?:\|[^{}|]+)+)\}/.exec(quote);
  if (!choice) return [quote];
  return choice[1]!.split('|').flatMap((alt) => verbatimForms(quote.replace(choice[0], alt)));
}

/** How a test may write the text: as is, or with its quotes escaped in a string literal. */
const written = (text: string) => [text, text.replace(/'/g, "\\'"), text.replace(/"/g, '\\"')];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether the tests hold the text; an `<element>` placeholder matches any word of a filled-in form. */
function heldBy(tests: string, text: string): boolean {
  if (!/<[a-z][\w-]*>/.test(text)) return written(text).some((form) => tests.includes(form));
  return written(text).some((form) =>
    new RegExp(escapeRegExp(form).replace(/<[a-z][\w-]*>/g, '[\\w ]+')).test(tests),
  );
}

if (!existsSync(specDir))
  console.warn(
    `spec-quotes.test: skipped, no spec at ${specDir} (put the spec beside the repository as ../shared/spec, or set ASSENT_SPEC_DIR)`,
  );

describe.skipIf(!existsSync(specDir))('texts the spec quotes', () => {
  const tests = testFiles(__dirname)
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
  const asserted = (text: string) => heldBy(tests, text);

  it.each(readdirSync(existsSync(specDir) ? specDir : root).filter((f) => f.endsWith('.md')))(
    'every quote of %s appears verbatim in a core test',
    (document) => {
      const quotes = quotedTexts(readFileSync(path.join(specDir, document), 'utf8'));
      expect(quotes.length).toBeGreaterThan(10);
      const missing = quotes.filter((quote) => !verbatimForms(quote).every(asserted));
      expect(missing).toEqual([]);
    },
  );

  it('reads quotes with apostrophes and expands {a|b} placeholders', () => {
    expect(quotedTexts(`choose 'I don't declare' or "Hex value not valid"`)).toEqual([
      "I don't declare",
      'Hex value not valid',
    ]);
    expect(verbatimForms('delete this {site|app}? This is irreversible.')).toEqual([
      'delete this site? This is irreversible.',
      'delete this app? This is irreversible.',
    ]);
    expect(verbatimForms('Oops, remove http:// or {host}')).toEqual([
      'Oops, remove http:// or {host}',
    ]);
    expect(
      heldBy("x('same background and link color.')", 'same background and <element> color.'),
    ).toBe(true);
    expect(
      heldBy("x('same background and link colour.')", 'same background and <element> color.'),
    ).toBe(false);
  });
});
