import { execFileSync } from 'node:child_process';
import path from 'node:path';

/**
 * Builds apps/server/dist and apps/cli/dist with their own build scripts, so the spawned
 * `node bin/assent` runs the code under test (the CLI loads @assent/core bundled in its dist).
 */
export function setup(): void {
  const apps = path.resolve(__dirname, '../..');
  for (const app of ['server', 'cli'])
    execFileSync(process.execPath, ['build.mjs'], { cwd: path.join(apps, app), stdio: 'inherit' });
}
