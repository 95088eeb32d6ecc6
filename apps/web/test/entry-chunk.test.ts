// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { routes } from '@assent/core/api';
import { describe, expect, it } from 'vitest';

/** The built console (`ASSENT_WEB_DIST` to check another build, as the server serves it). */
const dist =
  process.env.ASSENT_WEB_DIST ??
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');

/** The scripts every console page (the sign-in page first) loads before anything else. */
function entryScripts(): { file: string; code: string }[] {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files = [
    ...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
  ].map((m) => m[1]!);
  expect(files.length).toBeGreaterThan(0);
  return files.map((file) => ({ file, code: readFileSync(path.join(dist, file), 'utf8') }));
}

describe("the console's entry chunk (issue 16: /login's bytes)", () => {
  it('does not carry the API route table (its schemas load with the first API call)', () => {
    // Summaries are route-table text only: no page prints them.
    const summaries = [
      routes.sites.rows.summary,
      routes.auth.signIn.summary,
      routes.themes.list.summary,
    ];
    for (const { file, code } of entryScripts())
      for (const summary of summaries)
        expect(code.includes(summary), `${file}: ${summary}`).toBe(false);
  });

  it('still carries the code of the sign-in route', () => {
    // The positive control: the scan above reads the real entry (the console's root element id).
    expect(entryScripts().some(({ code }) => code.includes('#root is missing'))).toBe(true);
  });
});
