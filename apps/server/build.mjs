// Bundles the server (with @assent/core and @assent/banner) into dist/; npm dependencies stay
// external and load from node_modules.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter(
  (name) => !name.startsWith('@assent/'),
);

await build({
  absWorkingDir: fileURLToPath(new URL('.', import.meta.url)),
  entryPoints: { index: 'src/index.ts', main: 'src/main.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  external: [...external, 'zod'],
  banner: {
    js: "import { createRequire as __assentRequire } from 'node:module'; const require = __assentRequire(import.meta.url);",
  },
  logLevel: 'warning',
});

// The template cluster a new PGlite data directory is copied from (src/db/pglite.ts,
// copyPgliteTemplate): initdb runs once here instead of at every first start. Made again only when
// the installed PGlite's version differs from the one that made it.
const { PGlite } = await import('@electric-sql/pglite');
const { createRequire } = await import('node:module');
const { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } = await import('node:fs');
const path = await import('node:path');
const pgliteManifest = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')),
  '..',
  'package.json',
);
const pgliteVersion = JSON.parse(readFileSync(pgliteManifest, 'utf8')).version;
const template = fileURLToPath(new URL('./dist/pglite-template', import.meta.url));
const versionFile = path.join(template, 'pglite-version');
if (!existsSync(versionFile) || readFileSync(versionFile, 'utf8').trim() !== pgliteVersion) {
  const partial = `${template}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  const pg = await PGlite.create(path.join(partial, 'pgdata'));
  await pg.close();
  writeFileSync(path.join(partial, 'pglite-version'), pgliteVersion);
  rmSync(template, { recursive: true, force: true });
  renameSync(partial, template);
}
