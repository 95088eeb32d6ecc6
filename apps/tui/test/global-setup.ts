import { execFileSync } from 'node:child_process';
import path from 'node:path';

/** Builds apps/tui/dist and apps/cli/dist, so the pseudo-terminal test runs the code under test. */
export function setup(): void {
  const apps = path.resolve(__dirname, '../..');
  for (const app of ['tui', 'cli'])
    execFileSync(process.execPath, ['build.mjs'], { cwd: path.join(apps, app), stdio: 'inherit' });
}
