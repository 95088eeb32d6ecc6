// Bundles the CLI (with @assent/core) into dist/: the entry holds only commander and the command
// table, each command's code is a chunk loaded when it runs, so `assent --help` starts fast. npm
// dependencies stay external.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter(
  (name) => !name.startsWith('@assent/'),
);

await build({
  absWorkingDir: fileURLToPath(new URL('.', import.meta.url)),
  entryPoints: { assent: 'src/main.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  // The terminal UI is built on its own (apps/tui/dist) and loaded by `assent tui`.
  external: [...external, '@assent/server', '@assent/tui'],
  logLevel: 'warning',
});
