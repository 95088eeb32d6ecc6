// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** The console's server render as built (`vite build --ssr`), which the API server loads. */
const bundle = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../dist-ssr/entry-server.js',
);

describe("the server render's bundle (issue 16: the server's memory once it has shown the console)", () => {
  const code = readFileSync(bundle, 'utf8');

  it("is React's production build, whatever NODE_ENV the server runs with", () => {
    expect(code).not.toContain('react-dom-server.node.development');
    expect(code).not.toContain('process.env.NODE_ENV');
  });

  it('holds neither plotly nor the paths of every Blueprint icon (never used by a render)', () => {
    expect(code).not.toContain('plotly-basic.min.js');
    // The airplane icon's 16 px path, in the all-paths table; the console never shows that icon.
    expect(code).not.toContain('M16 1.5A1.498 1.498 0 0 0 13.44');
    expect(code).not.toContain('splitPathsBySizeLoader = async (name, size)');
  });

  it('is ASCII, so the server holds its text at one byte a character', () => {
    const first = /[^\x20-\x7e\t\n\r]/.exec(code);
    expect(first && code.slice(first.index - 60, first.index + 10)).toBeNull();
  });

  it('still carries the render and the console (positive control)', () => {
    expect(code).toMatch(/export \{[^}]*\brender\b/);
    expect(code).toContain('prerenderToNodeStream');
  });
});
