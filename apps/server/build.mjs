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
  // The embedded database's thread (src/db/pglite.ts starts it from dist/pglite-worker.js).
  entryPoints: {
    index: 'src/index.ts',
    main: 'src/main.ts',
    'pglite-worker': 'src/db/pglite-worker.ts',
  },
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

// The prepared database a new PGlite database starts from (src/db/template.ts): initdb, every
// migration and pg-boss's schema run once here instead of at every first start and in every test
// server. Made again only when the migrations or the PGlite or pg-boss version change.
const { prepareDatabaseTemplate } = await import('./dist/index.js');
await prepareDatabaseTemplate();
