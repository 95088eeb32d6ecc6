import { AsyncLocalStorage } from 'node:async_hooks';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite, types } from '@electric-sql/pglite';
import { repoPath } from '../paths';
import type { Db, Queryable } from './types';

const parsers = {
  // Dates stay 'YYYY-MM-DD' strings (no time-zone shift); int8 becomes a number as on PostgreSQL.
  [types.DATE]: (value: string) => value,
  [types.INT8]: (value: string) => Number(value),
};

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** One process owns a PGlite data directory; a second server on it is refused with a clear message. */
function acquireLock(dir: string): () => void {
  const lockFile = path.join(dir, 'assent.lock');
  if (existsSync(lockFile)) {
    const pid = Number(readFileSync(lockFile, 'utf8').trim());
    if (pid && pid !== process.pid && isRunning(pid)) {
      throw new Error(
        `Another Assent server (pid ${pid}) is using the database in ${dir}. Stop it, or set ASSENT_DATA_DIR to another directory.`,
      );
    }
  }
  writeFileSync(lockFile, String(process.pid));
  return () => rmSync(lockFile, { force: true });
}

/**
 * Where the build leaves an initialised, empty PGlite cluster (apps/server/build.mjs): `pgdata/`
 * and `pglite-version`, the version of PGlite that made it.
 */
const PGLITE_TEMPLATE_DIR = repoPath('apps', 'server', 'dist', 'pglite-template');

/** The installed PGlite's version (its package.json, found above its entry point). */
export function pgliteVersion(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; version: string };
      if (pkg.name === '@electric-sql/pglite') return pkg.version;
    }
    const parent = path.dirname(dir);
    if (parent === dir) return 'unknown';
    dir = parent;
  }
}

/**
 * A new data directory starts as a copy of the template cluster (initdb in WebAssembly takes
 * 10–25 s on a busy 2-core machine, the copy well under one) when this PGlite version made it;
 * otherwise PGlite initialises it. Copied under a temporary name, then renamed: an interrupted copy
 * is never taken for a database. Returns whether the template was used.
 */
export function copyPgliteTemplate(pgdata: string, template = PGLITE_TEMPLATE_DIR): boolean {
  if (existsSync(pgdata)) return false;
  const versionFile = path.join(template, 'pglite-version');
  if (!existsSync(versionFile) || readFileSync(versionFile, 'utf8').trim() !== pgliteVersion())
    return false;
  const partial = `${pgdata}.partial`;
  rmSync(partial, { recursive: true, force: true });
  cpSync(path.join(template, 'pgdata'), partial, { recursive: true });
  renameSync(partial, pgdata);
  return true;
}

/**
 * PostgreSQL's page cache inside the WebAssembly memory: 32 MB instead of its 128 MB default, so an
 * idle server stays well under 300 MB resident (the files are in the operating system's cache too).
 */
const SHARED_BUFFERS = '32MB';

function wrap(q: { query: PGlite['query'] }): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const result = await q.query<T>(sql, params as unknown[]);
      return result.rows;
    },
  };
}

/**
 * The embedded database: PostgreSQL compiled to WebAssembly, stored on disk under `dir` (or in
 * memory when `dir` is undefined, for tests). Writes reach the operating system before a commit
 * returns, so a killed process loses no committed write. A new directory starts from the build's
 * template cluster when there is one (`copyPgliteTemplate`).
 */
export async function openPglite(
  dir: string | undefined,
  options: { template?: string } = {},
): Promise<Db> {
  let release = () => {};
  if (dir) {
    mkdirSync(dir, { recursive: true });
    release = acquireLock(dir);
  }
  let pg: PGlite;
  try {
    if (dir) copyPgliteTemplate(path.join(dir, 'pgdata'), options.template);
    pg = await PGlite.create(dir ? path.join(dir, 'pgdata') : 'memory://', {
      parsers,
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`],
    });
  } catch (error) {
    release();
    throw error;
  }
  // PGlite runs one transaction at a time and every other query waits for it, so a query on the
  // database from inside a transaction callback would wait forever. Such queries join the
  // transaction instead (the same rule as the PostgreSQL adapter).
  type Runner = Pick<PGlite, 'query' | 'exec'>;
  const active = new AsyncLocalStorage<Runner>();
  const runner = (): Runner => active.getStore() ?? pg;
  return {
    kind: 'pglite',
    query: (sql, params) => wrap(runner()).query(sql, params),
    transaction(fn) {
      const current = active.getStore();
      if (current) return fn(wrap(current));
      return pg.transaction((tx) => active.run(tx, () => fn(wrap(tx))));
    },
    async exec(sql) {
      await runner().exec(sql);
    },
    async executeSql(text, values) {
      if (values && values.length)
        return { rows: (await runner().query(text, values as unknown[])).rows };
      const results = await runner().exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
    async close() {
      if (!pg.closed) await pg.close();
      release();
    },
  };
}
