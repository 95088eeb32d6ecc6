#!/usr/bin/env node
// Builds the consent runtime into dist/ with esbuild and writes dist/manifest.json (raw and gzip
// sizes of each file, and of what each visitor path downloads before its first screen shows).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, 'dist');
const common = {
  bundle: true,
  minify: process.env.ASSENT_BANNER_READABLE !== '1',
  target: 'es2020',
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
};

rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });

const builds = [
  // Classic scripts: the inline stub, the CMP (first layer, CSS inlined), the AMP prompt, the group frame.
  { entry: 'src/entries/stub.ts', out: 'stub.js', format: 'iife' },
  // cmp.js as the tags name it: a loader that fetches the configuration and runs the runtime file
  // (cmp.js or cmp-gdpr.js, served content-hashed and cached for a year) beside it.
  { entry: 'src/entries/loader.ts', out: 'loader.js', format: 'iife' },
  { entry: 'src/entries/cmp.ts', out: 'cmp.js', format: 'iife' },
  // The return visit's fast path: the loader runs it instead of the runtime file when the runtime
  // kept answers for the visitor's stored choice (src/loader/fast.ts).
  { entry: 'src/entries/fast.ts', out: 'fast.js', format: 'iife' },
  // The same CMP without the US screen and encoders: what visitors outside the US regulation get.
  { entry: 'src/entries/cmp.ts', out: 'cmp-gdpr.js', format: 'iife', us: false },
  { entry: 'src/entries/amp-prompt.ts', out: 'amp-prompt.js', format: 'iife' },
  { entry: 'src/entries/group-frame.ts', out: 'group-frame.js', format: 'iife' },
  // The lazy second layer, imported by cmp.js with import() when the visitor opens it.
  { entry: 'src/ui/second-layer.ts', out: 'second-layer.js', format: 'esm' },
  // The lazy chunk that keeps the fast path's answers, imported by cmp.js when the page is idle.
  { entry: 'src/loader/keep.ts', out: 'keep.js', format: 'esm' },
];

for (const b of builds) {
  await esbuild.build({
    ...common,
    entryPoints: [path.join(here, b.entry)],
    outfile: path.join(dist, b.out),
    format: b.format,
    define: { __ASSENT_US__: String(b.us ?? true) },
  });
}

const size = (file) => {
  const text = readFileSync(path.join(dist, file));
  return { raw: text.length, gzip: gzipSync(text, { level: 9 }).length };
};
const files = Object.fromEntries(builds.map((b) => [b.out, size(b.out)]));
const sum = (names) =>
  names.reduce((s, n) => ({ raw: s.raw + files[n].raw, gzip: s.gzip + files[n].gzip }), {
    raw: 0,
    gzip: 0,
  });
const manifest = {
  files,
  // What a visitor downloads before the first screen shows: the stub, the loader (the tag's
  // cmp.js) and the runtime file (CSS is inside); the configuration JSON comes on top (the bench
  // measures it as served). Visitors outside the US regulation get cmp-gdpr.js (no US screen or
  // encoders), US visitors cmp.js; the second layer and the vendor list load only when opened.
  paths: {
    stub: { files: ['stub.js'], ...sum(['stub.js']) },
    loader: { files: ['loader.js'], ...sum(['loader.js']) },
    gdprFirstLayer: {
      files: ['stub.js', 'loader.js', 'cmp-gdpr.js'],
      ...sum(['stub.js', 'loader.js', 'cmp-gdpr.js']),
    },
    us: { files: ['stub.js', 'loader.js', 'cmp.js'], ...sum(['stub.js', 'loader.js', 'cmp.js']) },
    secondLayer: { files: ['second-layer.js'], ...sum(['second-layer.js']) },
    // A return visit with a stored choice: the loader and the fast path (both usually cached).
    returnVisit: { files: ['loader.js', 'fast.js'], ...sum(['loader.js', 'fast.js']) },
    // An AMP page's consent prompt: amp-consent loads the prompt page, which runs amp-prompt.js.
    ampPrompt: { files: ['amp-prompt.js'], ...sum(['amp-prompt.js']) },
  },
};
writeFileSync(path.join(dist, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
for (const [name, s] of Object.entries(files))
  console.log(
    `${name.padEnd(18)} ${String(s.raw).padStart(7)} B  ${String(s.gzip).padStart(6)} B gzip`,
  );
