import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite, types } from '@electric-sql/pglite';
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
 * returns, so a killed process loses no committed write.
 */
export async function openPglite(dir: string | undefined): Promise<Db> {
  let release = () => {};
  if (dir) {
    mkdirSync(dir, { recursive: true });
    release = acquireLock(dir);
  }
  let pg: PGlite;
  try {
    pg = await PGlite.create(dir ? path.join(dir, 'pgdata') : 'memory://', { parsers });
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
