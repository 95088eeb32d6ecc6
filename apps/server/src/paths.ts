import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (the folder with pnpm-workspace.yaml), from source files and bundles alike. */
export function repoRoot(from: string = path.dirname(fileURLToPath(import.meta.url))): string {
  let dir = from;
  for (;;) {
    if (existsSync(path.join(dir, 'pnpm-workspace.yaml'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`Cannot find the Assent repository root above ${from}`);
    dir = parent;
  }
}

export const repoPath = (...segments: string[]): string => path.join(repoRoot(), ...segments);
