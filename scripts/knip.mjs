#!/usr/bin/env node
// `npm run lint`'s unused-code check (knip.jsonc): first with the tests, which fails on unused
// files, exports, types and dependencies and on unlisted dependencies; then without them
// (--production), which fails on exports that only tests use. On failure it says how to fix it.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const knip = path.join(root, 'node_modules', 'knip', 'bin', 'knip.js');
// The project to check: the repository, or the directory given (packages/core/src/knip.test.ts).
const dir = process.argv[2] ? path.resolve(process.argv[2]) : root;
const passes = [
  { args: [], what: 'unused code or dependencies' },
  { args: ['--production', '--exports'], what: 'exports that only tests use' },
];

for (const { args, what } of passes) {
  const run = spawnSync(process.execPath, [knip, '--no-progress', ...args], {
    cwd: dir,
    stdio: 'inherit',
  });
  if (run.status !== 0) {
    process.stderr.write(
      `\n${['knip', ...args].join(' ')} found ${what} (above). How to fix it: docs/architecture.md, "Unused code".\n` +
        '- A new core name a face needs: export it from its domain index.ts and import it from the entry (@assent/core/<domain>).\n' +
        '- An export nothing imports (or only tests): delete it, or drop `export` if its module uses it.\n' +
        '- A dependency: `pnpm remove --filter <pkg> <name>` if unused; `pnpm add --filter <pkg>` if unlisted.\n',
    );
    process.exit(run.status ?? 1);
  }
}
