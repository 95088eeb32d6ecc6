// chDB (ClickHouse embedded in a Node addon, ~550 MB) for the ClickHouse analytics store's tests
// and benchmark. It is not a workspace dependency, so `npm start` never installs it: the test task
// of scripts/run.mjs installs this pinned version into .tools/chdb/ (its own npm prefix), and the
// test helper (packages/testing/src/chdb.ts) installs it there too when a test runs without it.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync, rmSync, mkdirSync } from 'node:fs';
import path from 'node:path';

/** The chdb release on npm (it embeds ClickHouse 26.7; runs on Node 20). */
export const CHDB_VERSION = '3.4.0';

/** Where chdb is installed: an npm prefix of its own under .tools/. */
export const chdbPrefix = (root) => path.join(root, '.tools', 'chdb');

/** The installed chdb package's directory, or undefined when this version is not installed. */
export function installedChdb(root) {
  const dir = path.join(chdbPrefix(root), 'node_modules', 'chdb');
  const manifest = path.join(dir, 'package.json');
  if (!existsSync(manifest)) return undefined;
  return JSON.parse(readFileSync(manifest, 'utf8')).version === CHDB_VERSION ? dir : undefined;
}

/**
 * Installs chdb into .tools/chdb/ unless that version is there; returns its package directory.
 * The install goes to a private directory first and is renamed into place, so two test processes
 * installing at once never see half a package.
 */
export function ensureChdb(root, log = (line) => process.stdout.write(`› ${line}\n`)) {
  const ready = installedChdb(root);
  if (ready) return ready;
  log(`installing chdb ${CHDB_VERSION} into .tools/chdb (for the ClickHouse store's tests)`);
  const staging = `${chdbPrefix(root)}.${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  const npm = spawnSync(
    'npm',
    [
      'install',
      '--prefix',
      staging,
      '--no-audit',
      '--no-fund',
      '--no-save',
      '--loglevel=error',
      `chdb@${CHDB_VERSION}`,
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (npm.status !== 0) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(`npm install chdb@${CHDB_VERSION} failed (exit ${npm.status})`);
  }
  if (!installedChdb(root)) {
    rmSync(chdbPrefix(root), { recursive: true, force: true });
    try {
      renameSync(staging, chdbPrefix(root));
    } catch (error) {
      // Another process put its copy in place first: use that one.
      if (!installedChdb(root)) throw error;
    }
  }
  rmSync(staging, { recursive: true, force: true });
  return installedChdb(root);
}
