import { AsyncLocalStorage } from 'node:async_hooks';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite, parse, protocol, types } from '@electric-sql/pglite';
import type { Transaction } from '@electric-sql/pglite';
import { LruCache } from '../services/lru';
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
 * Copies the cluster of a template (`db/template.ts`, checked by the caller) to `pgdata`, a new
 * data directory: its files several at a time (creating a few hundred small files is what takes
 * the time on a busy disk). Copied under a temporary name, then renamed: an interrupted copy is
 * never taken for a database. Returns whether it copied (not when `pgdata` exists or there is no
 * template).
 */
export async function copyPgliteTemplate(
  pgdata: string,
  template: string | undefined,
): Promise<boolean> {
  if (existsSync(pgdata) || !template) return false;
  const partial = `${pgdata}.partial`;
  rmSync(partial, { recursive: true, force: true });
  const files: Array<[string, string]> = [];
  const walk = (from: string, to: string) => {
    mkdirSync(to, { recursive: true });
    for (const entry of readdirSync(from, { withFileTypes: true })) {
      const source = path.join(from, entry.name);
      const target = path.join(to, entry.name);
      if (entry.isDirectory()) walk(source, target);
      else files.push([source, target]);
    }
  };
  walk(path.join(template, 'pgdata'), partial);
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < files.length) {
        const [source, target] = files[next++]!;
        await copyFile(source, target);
      }
    }),
  );
  renameSync(partial, pgdata);
  return true;
}

/**
 * PostgreSQL's page cache inside the WebAssembly memory: 32 MB instead of its 128 MB default, so an
 * idle server stays well under 300 MB resident (the files are in the operating system's cache too).
 */
const SHARED_BUFFERS = '32MB';

/** How every embedded database is opened (the server's, the tests' and the build's template). */
export const pgliteOptions = () => ({
  parsers,
  startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`],
});

const concat = (parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
};

/**
 * A statement with parameters as `PGlite.query` runs it, in one call into PostgreSQL instead of
 * six. `query` sends Parse, Describe, Bind, Describe, Execute and Sync each on its own (the first
 * Describe to learn the parameters' types), and each call into the WebAssembly module has a fixed
 * cost about that of a small statement. Here the types are learnt once per statement text (kept
 * in `paramTypes`) and the five messages of every later run go in one call: about half the time
 * of a save's statements (scripts/bench/save-statements.ts). The parameters are serialised, and
 * the rows parsed, with the instance's own serialisers and parsers, as `query` does.
 */
function fastQuery(pg: PGlite, paramTypes: LruCache<string, number[]>) {
  const { serialize } = protocol;
  return async <T>(sql: string, params: readonly unknown[], inTransaction: boolean) => {
    const run = async () => {
      let types = paramTypes.get(sql);
      if (!types) {
        types = parse.parseDescribeStatementResults(
          await pg.execProtocolStream(
            concat([
              serialize.parse({ text: sql }),
              serialize.describe({ type: 'S' }),
              serialize.sync(),
            ]),
            { syncToFs: false },
          ),
        );
        paramTypes.set(sql, types);
      }
      const known = types;
      const values = params.map((param, i) => {
        if (param === null || param === undefined) return null;
        const serializer = pg.serializers[known[i]!];
        return serializer ? serializer(param) : String(param);
      });
      const messages = await pg.execProtocolStream(
        concat([
          serialize.parse({ text: sql, types: known }),
          serialize.bind({ values }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        ]),
        { syncToFs: !inTransaction },
      );
      return parse.parseResults(messages, pg.parsers)[0]?.rows as T[] | undefined;
    };
    // As `query` does: outside a transaction it waits for any transaction to end first.
    const rows = inTransaction
      ? await pg._runExclusiveQuery(run)
      : await pg._runExclusiveTransaction(() => pg._runExclusiveQuery(run));
    return rows ?? [];
  };
}

/**
 * The embedded database: PostgreSQL compiled to WebAssembly, stored on disk under `dir` (or in
 * memory when `dir` is undefined, for tests). Writes reach the operating system before a commit
 * returns, so a killed process loses no committed write. A new database starts from `template`
 * when one is given (a usable template of `db/template.ts`): a new directory as a copy of its
 * cluster, an in-memory database loaded from its tarball; otherwise PGlite initialises it.
 */
export async function openPglite(
  dir: string | undefined,
  options: { template?: string | undefined } = {},
): Promise<Db> {
  let release = () => {};
  if (dir) {
    mkdirSync(dir, { recursive: true });
    release = acquireLock(dir);
  }
  let pg: PGlite;
  try {
    if (dir) await copyPgliteTemplate(path.join(dir, 'pgdata'), options.template);
    const tarball =
      !dir && options.template ? path.join(options.template, TEMPLATE_TARBALL) : undefined;
    pg = await PGlite.create(dir ? path.join(dir, 'pgdata') : 'memory://', {
      ...pgliteOptions(),
      ...(tarball ? { loadDataDir: new Blob([readFileSync(tarball)]) } : {}),
    });
  } catch (error) {
    release();
    throw error;
  }
  return pgliteDb(pg, release);
}

/** A template's cluster as PGlite's `dumpDataDir` writes it (what an in-memory database loads). */
export const TEMPLATE_TARBALL = 'pgdata.tar';

/** The `Db` over an open PGlite; `release` runs after it closes. */
export function pgliteDb(pg: PGlite, release: () => void = () => {}): Db {
  // PGlite runs one transaction at a time and every other query waits for it, so a query on the
  // database from inside a transaction callback would wait forever. Such queries join the
  // transaction instead (the same rule as the PostgreSQL adapter).
  const active = new AsyncLocalStorage<Transaction>();
  const runner = (): Pick<PGlite, 'query' | 'exec'> => active.getStore() ?? pg;
  const query = fastQuery(pg, new LruCache(1000));
  /** A transaction's statements: not after it ended (another transaction may be running then). */
  const within = (tx: Transaction): Queryable => ({
    async query(sql, params = []) {
      if (tx.closed) throw new Error('Transaction is closed');
      return query(sql, params, true);
    },
  });
  return {
    kind: 'pglite',
    query(sql, params = []) {
      const current = active.getStore();
      return current ? within(current).query(sql, params) : query(sql, params, false);
    },
    transaction(fn) {
      const current = active.getStore();
      if (current) return fn(within(current));
      return pg.transaction((tx) => active.run(tx, () => fn(within(tx))));
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
