import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hasChromium } from '@assent/testing';

const here = path.dirname(fileURLToPath(import.meta.url));
const web = path.resolve(here, '..');
const root = path.resolve(web, '../..');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * The browser tests run against the built console (apps/web/dist, served by the real server):
 * build it first when a source of the console or of core is newer than the build.
 */
export function setup() {
  if (!hasChromium()) return;
  const built = path.join(web, 'dist/index.html');
  const sources = Math.max(
    newestMtime(path.join(web, 'src')),
    statSync(path.join(web, 'index.html')).mtimeMs,
    statSync(path.join(web, 'vite.config.ts')).mtimeMs,
    newestMtime(path.join(root, 'packages/core/src')),
  );
  if (existsSync(built) && statSync(built).mtimeMs >= sources) return;
  process.stdout.write('\n[web e2e] apps/web/dist is stale: building the console…\n');
  // The console, then its server render (apps/web/dist-ssr, package.json's build).
  for (const args of [[], ['--ssr', 'src/entry-server.tsx']]) {
    execFileSync(
      path.join(root, 'node_modules/.bin/vite'),
      ['build', ...args, '--logLevel', 'warn'],
      {
        cwd: web,
        stdio: 'inherit',
        // vitest runs with NODE_ENV=test, which Vite would pass on: React's development build then
        // filled dist (jsxDEV, several times slower), and every benchmark run after a test measured it.
        env: { ...process.env, NODE_ENV: 'production' },
      },
    );
  }
}
