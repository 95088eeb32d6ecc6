import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { QUEUES, createJobQueue } from '../jobs/queue';
import { repoPath } from '../paths';
import { loadMigrations, migrate, migrationsDir } from './migrate';
import { TEMPLATE_TARBALL, pgliteDb, pgliteOptions } from './pglite';

/**
 * The prepared embedded database every new PGlite database starts from: an initialised cluster with
 * every migration and pg-boss's schema and queues applied, so that a first start (and each test
 * server) neither runs initdb in WebAssembly nor the migrations. The build makes it
 * (apps/server/build.mjs), from the migration files, never from a checked-in database.
 *
 * Each template is a directory `<root>/<key>/` holding `pgdata/` (the cluster, copied for a new data
 * directory), `pgdata.tar` (the same, loaded by an in-memory database) and `key`, written last. The
 * key is a hash of the PGlite and pg-boss versions, the migrations and the queues: a template made
 * by another version or from other migrations is never used (the database is then initialised and
 * migrated at start, as without a template).
 */
export const TEMPLATE_ROOT = repoPath('apps', 'server', 'dist', 'pglite-template');

/** Bumped when what a template holds changes in a way the key does not see. */
const TEMPLATE_FORMAT = 3;

/** The version of an installed package (its package.json, found above its entry point). */
export function packageVersion(name: string): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve(name));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; version: string };
      if (pkg.name === name) return pkg.version;
    }
    const parent = path.dirname(dir);
    if (parent === dir) return 'unknown';
    dir = parent;
  }
}

/**
 * The key of the template the installed PGlite and pg-boss and the migrations (in `migrations`, by
 * default the server's) make.
 */
export function templateKey(migrations = migrationsDir()): string {
  const hash = createHash('sha256');
  hash.update(
    JSON.stringify({
      format: TEMPLATE_FORMAT,
      pglite: packageVersion('@electric-sql/pglite'),
      pgBoss: packageVersion('pg-boss'),
      queues: QUEUES,
    }),
  );
  for (const migration of loadMigrations(migrations)) {
    hash.update(`\0${migration.name}\0`);
    hash.update(migration.sql);
  }
  return hash.digest('hex').slice(0, 24);
}

/**
 * `dir` (by default the current key's template under TEMPLATE_ROOT) when it is a complete template
 * whose key is the current one; otherwise undefined.
 */
export function usableTemplate(dir?: string): string | undefined {
  const key = templateKey();
  const template = dir ?? path.join(TEMPLATE_ROOT, key);
  const keyFile = path.join(template, 'key');
  if (!existsSync(keyFile) || readFileSync(keyFile, 'utf8').trim() !== key) return undefined;
  return template;
}

const quiet = { info() {}, warn() {}, error() {} };

/**
 * Makes the current key's template under `root` unless it is there, and removes the templates of
 * other keys. Made in memory (migrations, then pg-boss's schema and queues), written as PGlite's
 * tarball, then loaded into a cluster on disk; all under a temporary name renamed at the end, so two
 * builds at once, or an interrupted one, never leave a half-made template. Returns its directory.
 */
export async function prepareTemplate(root = TEMPLATE_ROOT): Promise<string> {
  const key = templateKey();
  const dir = path.join(root, key);
  if (usableTemplate(dir)) return dir;
  mkdirSync(root, { recursive: true });
  const partial = path.join(root, `.partial-${process.pid}-${Date.now()}`);
  try {
    mkdirSync(partial);
    const pg = await PGlite.create('memory://', pgliteOptions());
    const db = pgliteDb(pg);
    try {
      await migrate(db);
      const jobs = await createJobQueue(db, quiet);
      await jobs.stop();
      // PGlite serves the one database `postgres`; the cluster's two template databases (two
      // thirds of its files) are never used (nothing creates a database), and every file costs a
      // copy at each new data directory's start.
      for (const name of ['template1', 'template0']) {
        await db.exec(`alter database ${name} is_template false`);
        await db.exec(`drop database ${name}`);
      }
      const tarball = Buffer.from(await (await pg.dumpDataDir('none')).arrayBuffer());
      writeFileSync(path.join(partial, TEMPLATE_TARBALL), tarball);
    } finally {
      await db.close();
    }
    const onDisk = await PGlite.create(path.join(partial, 'pgdata'), {
      ...pgliteOptions(),
      loadDataDir: new Blob([readFileSync(path.join(partial, TEMPLATE_TARBALL))]),
    });
    await onDisk.close();
    writeFileSync(path.join(partial, 'key'), key);
    if (usableTemplate(dir)) rmSync(partial, { recursive: true, force: true });
    else {
      rmSync(dir, { recursive: true, force: true });
      renameSync(partial, dir);
    }
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    throw error;
  }
  // Templates of other keys (older migrations or versions), and an older layout, are not used again.
  for (const entry of readdirSync(root)) {
    if (entry !== key && !entry.startsWith('.partial-'))
      rmSync(path.join(root, entry), { recursive: true, force: true });
  }
  return dir;
}
