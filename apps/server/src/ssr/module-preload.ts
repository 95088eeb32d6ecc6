import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { latestVersion } from './file-version';

/** One entry of Vite's build manifest (`build.manifest`, dist/.vite/manifest.json). */
interface ManifestChunk {
  /** The built file, from dist (`assets/name-hash.js`). */
  file: string;
  /** The keys of the chunks it imports statically. */
  imports?: string[];
  /** Its style sheets, from dist. */
  css?: string[];
}

/** Vite's build manifest: source path (or chunk name) → its built chunk. */
export type BuildManifest = Record<string, ManifestChunk>;

/**
 * The client build's manifest in `webDist`, read again when a rebuild changes it (as index.html
 * is); undefined without one (a build from before the manifest: no links).
 */
export function buildManifest(webDist: string): () => Promise<BuildManifest | undefined> {
  const manifest = latestVersion(path.join(webDist, '.vite', 'manifest.json'), (file) =>
    readFile(file, 'utf8').then(
      (text) => JSON.parse(text) as BuildManifest,
      () => undefined,
    ),
  );
  return async () => (await manifest())?.value;
}

/**
 * The `<link>` elements that load, beside the entry script, the chunks of `modules` (build manifest
 * keys: a route's lazy pages) and every chunk they import statically (the manifest's `imports`),
 * as `modulepreload`, and their style sheets; what `template` (index.html) already loads is left
 * out. Their dynamic imports (a chart's plotly) are not followed: they load when used.
 */
export function preloadLinks(manifest: BuildManifest, modules: string[], template: string): string {
  const seen = new Set<string>();
  const scripts: string[] = [];
  const sheets: string[] = [];
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    scripts.push(chunk.file);
    sheets.push(...(chunk.css ?? []));
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of modules) visit(key);
  const linked = (file: string) => template.includes(`"/${file}"`);
  return [
    ...[...new Set(sheets)]
      .filter((file) => !linked(file))
      .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...scripts
      .filter((file) => !linked(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ].join('');
}
