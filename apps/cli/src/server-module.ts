import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type * as ServerApi from '@assent/server';
import { CliError } from './errors';

type ServerModule = typeof ServerApi;

function repoRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'pnpm-workspace.yaml'))) {
    const parent = path.dirname(dir);
    if (parent === dir)
      throw new CliError('Cannot find the Assent repository root (pnpm-workspace.yaml)');
    dir = parent;
  }
  return dir;
}

/** The built server, loaded only by `assent server …` so other commands start fast. */
export async function loadServer(): Promise<ServerModule> {
  const entry = path.join(repoRoot(), 'apps', 'server', 'dist', 'index.js');
  if (!existsSync(entry))
    throw new CliError(`The server is not built (${entry} is missing). Run: npm run build`);
  return (await import(pathToFileURL(entry).href)) as ServerModule;
}
