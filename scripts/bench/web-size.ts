/**
 * Web console bundle sizes: builds apps/web into a temporary directory with a manifest and prints
 * the gzip size of what the first page load fetches (the entry chunk, the chunks it imports
 * statically and their CSS) against the budget (JS ≤ 200 KB, CSS ≤ 60 KB gzip), then the largest
 * lazy chunks. Run: npx tsx scripts/bench/web-size.ts
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const web = path.join(root, 'apps/web');
const BUDGET = { js: 200 * 1024, css: 60 * 1024 };

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const outDir = mkdtempSync(path.join(tmpdir(), 'assent-web-size-'));
try {
  execFileSync(
    path.join(root, 'node_modules/.bin/vite'),
    ['build', '--outDir', outDir, '--emptyOutDir', '--manifest', '--logLevel', 'warn'],
    { cwd: web, stdio: 'inherit' },
  );
  const manifest = JSON.parse(
    readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const gzip = (file: string) =>
    gzipSync(readFileSync(path.join(outDir, file)), { level: 9 }).length;
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

  // The initial load: the entry and, transitively, its static imports.
  const initial = new Set<string>();
  const visit = (key: string) => {
    if (initial.has(key)) return;
    initial.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);

  const js = [...initial].map((key) => manifest[key]!.file);
  const css = [...new Set([...initial].flatMap((key) => manifest[key]!.css ?? []))];
  const jsBytes = js.reduce((sum, f) => sum + gzip(f), 0);
  const cssBytes = css.reduce((sum, f) => sum + gzip(f), 0);

  const ok = (bytes: number, budget: number) => (bytes <= budget ? 'ok' : 'OVER BUDGET');
  console.log('Initial load (gzip):');
  console.log(
    `  JS  ${kb(jsBytes).padStart(9)}  in ${js.length} file(s)  budget ${kb(BUDGET.js)}  ${ok(jsBytes, BUDGET.js)}`,
  );
  console.log(
    `  CSS ${kb(cssBytes).padStart(9)}  in ${css.length} file(s)  budget ${kb(BUDGET.css)}  ${ok(cssBytes, BUDGET.css)}`,
  );
  for (const f of [...js, ...css]) console.log(`    ${kb(gzip(f)).padStart(9)}  ${f}`);

  const lazy = Object.entries(manifest)
    .filter(([key, chunk]) => !initial.has(key) && chunk.file.endsWith('.js'))
    .map(([key, chunk]) => ({ key, bytes: gzip(chunk.file) }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, 12);
  console.log('Largest lazy chunks (gzip):');
  for (const { key, bytes } of lazy) console.log(`    ${kb(bytes).padStart(9)}  ${key}`);

  if (jsBytes > BUDGET.js || cssBytes > BUDGET.css) process.exitCode = 1;
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
