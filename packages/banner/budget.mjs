#!/usr/bin/env node
// The byte budget of each visitor path (gzip, from dist/manifest.json). `npm run lint` runs this
// file (it builds the banner first); test/budget.test.ts checks the same budgets.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Gzip bytes each visitor path may download, a little above today's figures. */
export const PATH_BUDGETS = {
  // 1088 B since the stub creates only the locator frames of the visitor's regulation once keep.js
  // has stored them (issue 16 stop 30, return-visit CPU: +59 B; was 1024).
  stub: 1088,
  // cmp.js as the tags name it: the loader of the configuration and the runtime file.
  // 416 B since the return visit's fast path (issue 16, stop 29): the fast path's URL and the
  // check for kept answers (was 320).
  loader: 416,
  // 17.5 KB since issue 10's GBC / Consent-or-Pay / do-not-sell visit fields; 17.25 KB since
  // visitors outside the US regulation get cmp-gdpr.js, without the US screen and
  // encoders (was 18.5 KB with one cmp.js for both paths): decisions.md.
  // 17.875 KB since the runtime/config split (issue 16): the loader (281 B) and the runtime's
  // start from the loader's fetch or the kept configuration (233 B).
  // 17.5 KB since cmp-gdpr.js no longer carries the US screen (esbuild could not drop it after an
  // early return: -487 B), with the code-cache warm-up (+~100 B) in (issue 16, stop 28).
  // 17.75 KB since the return visit's fast path (issue 16, stop 29): the loader's check (+105 B)
  // and the runtime's idle import of keep.js (+140 B).
  gdprFirstLayer: 17.75 * 1024,
  // 18.5 KB since issue 15's US sensitive-data consent step (18.25 KB since issue 10's A/B draw,
  // 18 KB since issue 15's stubs and GPP 1.1): decisions.md.
  // 18.75 KB since issue 10's visit fields (above).
  // 19.25 KB since the runtime/config split (as above).
  // 19.375 KB since the runtime helps V8 keep its compiled code from the first page view (about
  // 100 B; decisions.md) and the stub creates its locator frames in one task (issue 16, stop 28).
  // 19.625 KB since the return visit's fast path (as above).
  // 19.75 KB since the runtime, not keep.js, writes the locator frames' key (issue 16 stop 32:
  // +~40 B; a second page view without a choice creates 2 frames, not 3).
  us: 19.75 * 1024,
  secondLayer: 2 * 1024,
  // A return visit with kept answers: the loader and fast.js (from the cache).
  returnVisit: 2.25 * 1024,
  // 8.75 KB since AMP sends the TC or US privacy string, without the GPP encoders (9.25 KB
  // before; decisions.md).
  ampPrompt: 8.75 * 1024,
};

/** One line per path over its budget, or missing from the manifest. */
export function budgetFailures(manifest, budgets = PATH_BUDGETS) {
  return Object.entries(budgets).flatMap(([name, budget]) => {
    const figure = manifest.paths[name];
    if (!figure) return [`${name}: not in dist/manifest.json`];
    return figure.gzip > budget
      ? [
          `${name}: ${figure.gzip} B gzip is over its budget of ${budget} B (${figure.files.join(' + ')})`,
        ]
      : [];
  });
}

const here = path.dirname(fileURLToPath(import.meta.url));
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  execFileSync(process.execPath, [path.join(here, 'build.mjs')], { stdio: 'ignore' });
  const manifest = JSON.parse(readFileSync(path.join(here, 'dist/manifest.json'), 'utf8'));
  const failures = budgetFailures(manifest);
  for (const [name, budget] of Object.entries(PATH_BUDGETS))
    console.log(
      `${name.padEnd(15)} ${String(manifest.paths[name]?.gzip).padStart(6)} B gzip / ${budget} B`,
    );
  if (failures.length) {
    for (const f of failures) console.error(`over budget: ${f}`);
    process.exit(1);
  }
}
