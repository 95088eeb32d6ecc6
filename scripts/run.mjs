#!/usr/bin/env node
// The entry behind `npm start`, `npm test` and `npm run build`. It needs nothing but Node 20 and
// npm: it fetches the pinned pnpm into .tools/, installs the workspace when the lockfile or a
// manifest changed, builds what is stale, then runs the requested task.
import { spawnSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChdb } from './chdb.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The pnpm every install uses (kept out of package.json#packageManager, which pnpm 12 resolves per platform). */
const PNPM_VERSION = '12.21.0';
const color = process.stdout.isTTY && !process.env.NO_COLOR;

function step(message) {
  process.stdout.write(color ? `\x1b[36m›\x1b[0m ${message}\n` : `› ${message}\n`);
}

function fail(message, code = 1) {
  process.stderr.write(color ? `\x1b[31m✖\x1b[0m ${message}\n` : `✖ ${message}\n`);
  process.exit(code);
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.error) fail(`${command} ${args.join(' ')}: ${result.error.message}`);
  if (result.status !== 0)
    fail(`${command} ${args.join(' ')} exited with ${result.status}`, result.status ?? 1);
}

function versionOf(command) {
  const result = spawnSync(command, ['--version'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

/** The pinned pnpm: the one on PATH when it is that version, otherwise a private copy in .tools/. */
function ensurePnpm() {
  if (versionOf('pnpm') === PNPM_VERSION) return 'pnpm';
  const local = path.join(root, '.tools', 'node_modules', '.bin', 'pnpm');
  if (existsSync(local) && versionOf(local) === PNPM_VERSION) return local;
  step(`installing pnpm ${PNPM_VERSION} into .tools/`);
  run('npm', [
    'install',
    '--prefix',
    path.join(root, '.tools'),
    '--no-audit',
    '--no-fund',
    '--loglevel=error',
    `pnpm@${PNPM_VERSION}`,
  ]);
  return local;
}

function workspacePackageDirs() {
  return ['packages', 'apps'].flatMap((group) => {
    const dir = path.join(root, group);
    if (!existsSync(dir)) return [];
    return readdirSync(dir)
      .map((name) => path.join(dir, name))
      .filter((p) => existsSync(path.join(p, 'package.json')));
  });
}

function dependencyFingerprint() {
  const hash = createHash('sha256');
  for (const file of ['pnpm-lock.yaml', 'pnpm-workspace.yaml', 'package.json']) {
    const p = path.join(root, file);
    if (existsSync(p)) hash.update(readFileSync(p));
  }
  for (const dir of workspacePackageDirs())
    hash.update(readFileSync(path.join(dir, 'package.json')));
  return hash.digest('hex');
}

function ensureDependencies(pnpm) {
  const stamp = path.join(root, 'node_modules', '.assent-deps');
  const fingerprint = dependencyFingerprint();
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === fingerprint) return;
  const frozen = existsSync(path.join(root, 'pnpm-lock.yaml'));
  step(`installing dependencies${frozen ? ' from pnpm-lock.yaml' : ''}`);
  run(pnpm, [
    'install',
    ...(frozen ? ['--frozen-lockfile'] : []),
    '--config.confirm-modules-purge=false',
  ]);
  writeFileSync(stamp, fingerprint);
}

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(p)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  }
  return newest;
}

/** Builds every package with a `build` script whose sources (or core's) are newer than its dist/. */
function buildStale(pnpm, { force = false } = {}) {
  const coreNewest = newestMtime(path.join(root, 'packages', 'core'));
  for (const dir of workspacePackageDirs()) {
    const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
    if (!pkg.scripts?.build) continue;
    const stamp = path.join(dir, 'dist', '.build-stamp');
    const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
    if (!force && built > Math.max(newestMtime(dir), coreNewest)) continue;
    step(`building ${pkg.name}`);
    run(pnpm, ['--filter', pkg.name, 'run', 'build']);
    if (existsSync(path.dirname(stamp))) writeFileSync(stamp, new Date().toISOString());
  }
}

const task = process.argv[2];
const pnpm = ensurePnpm();
ensureDependencies(pnpm);

switch (task) {
  case 'test': {
    step('typecheck');
    run(process.execPath, ['scripts/typecheck.mjs']);
    step('lint');
    run(pnpm, ['exec', 'eslint', '--max-warnings=0', '.']);
    run(process.execPath, ['scripts/knip.mjs']);
    run(pnpm, ['exec', 'prettier', '--check', '--log-level=warn', '.']);
    buildStale(pnpm);
    // The ClickHouse store's tests run on chDB, which `npm start` never installs (scripts/chdb.mjs).
    ensureChdb(root, step);
    step('tests');
    run(pnpm, ['exec', 'vitest', 'run', ...process.argv.slice(3)]);
    break;
  }
  case 'build': {
    buildStale(pnpm, { force: process.argv.includes('--force') });
    break;
  }
  case 'start': {
    buildStale(pnpm);
    const entry = path.join(root, 'bin', 'assent');
    if (!existsSync(path.join(root, 'apps', 'server', 'package.json'))) {
      fail(
        'Assent server: not yet. The API server has not landed in this checkout (see README).',
        1,
      );
    }
    // bin/assent itself, not `node bin/assent`: its first line sets the server's memory settings.
    const child = spawn(entry, ['server', 'start', ...process.argv.slice(3)], {
      cwd: root,
      stdio: 'inherit',
    });
    for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
    child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
    break;
  }
  default:
    fail(`unknown task "${task ?? ''}": use start, test or build`);
}
