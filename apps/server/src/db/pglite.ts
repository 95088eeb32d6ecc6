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
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
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
 *
 * PGlite runs in its own thread (db/pglite-worker.ts), so that the database's work overlaps the
 * server's (requests, validation, answers) on the machine's other core; this thread keeps the
 * directory's lock and the transactions' async contexts.
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
  try {
    if (dir) await copyPgliteTemplate(path.join(dir, 'pgdata'), options.template);
    const tarball =
      !dir && options.template ? path.join(options.template, TEMPLATE_TARBALL) : undefined;
    return await pgliteThread(
      { pgdata: dir ? path.join(dir, 'pgdata') : undefined, tarball },
      release,
    );
  } catch (error) {
    release();
    throw error;
  }
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

/** What the database's thread is started with: the cluster's directory, or a tarball to load. */
export interface PgliteWorkerData {
  pgdata: string | undefined;
  tarball: string | undefined;
}

/**
 * A message to the database's thread. `tx` names an open transaction (the id of the `begin` that
 * opened it): the statement joins it, and is refused once it ended.
 */
export type PgliteRequest = { id: number } & (
  | { op: 'query'; sql: string; params: readonly unknown[]; tx: number | undefined }
  | {
      op: 'executeSql';
      sql: string;
      params: readonly unknown[] | undefined;
      tx: number | undefined;
    }
  | { op: 'exec'; sql: string; tx: number | undefined }
  | { op: 'begin' }
  | { op: 'close' }
  | { op: 'commit'; tx: number }
  | { op: 'rollback'; tx: number }
);

/** The answer to the request `id` (0: the thread's start). */
export interface PgliteReply {
  id: number;
  result?: unknown;
  error?: ErrorFields;
}

type ErrorFields = { message: string } & Record<string, string | number | boolean>;

/**
 * An error as it crosses threads: its message, name and every own field that is a string, number or
 * boolean (PostgreSQL's code, detail, constraint, table…), which a structured clone would drop.
 */
export function toErrorFields(error: unknown): ErrorFields {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: ErrorFields = { message: error.message, name: error.name };
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      fields[key] = value;
  }
  return fields;
}

function fromErrorFields({ message, name, ...fields }: ErrorFields): Error {
  const error = Object.assign(new Error(message), fields);
  if (typeof name === 'string') error.name = name;
  return error;
}

/**
 * The database thread's module: the built file beside a bundle; when the server runs from source
 * (tests, benchmarks), the TypeScript source, loaded through tsx's loader registered in the thread
 * first (Node 20 applies neither a `--import` loader nor the process's to a thread's entry module).
 */
function workerModule(): URL {
  if (!import.meta.url.endsWith('.ts')) return new URL('./pglite-worker.js', import.meta.url);
  const source = new URL('./pglite-worker.ts', import.meta.url).href;
  const tsx = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  const code = `import { register } from ${JSON.stringify(tsx)};\nregister();\nawait import(${JSON.stringify(source)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(code)}`);
}

type Request = PgliteRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

/** The `Db` of a PGlite running in its own thread; `release` runs after it closes. */
async function pgliteThread(data: PgliteWorkerData, release: () => void): Promise<Db> {
  const worker = new Worker(workerModule(), { workerData: data });
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let stopped: Error | undefined;
  let nextId = 1;
  // Every call waiting when the thread ends fails with why; later calls fail at once.
  const stop = (error: Error) => {
    stopped ??= error;
    for (const call of pending.values()) call.reject(stopped);
    pending.clear();
  };
  worker.on('error', (error) => stop(new Error(`The embedded database stopped: ${error.message}`)));
  worker.on('exit', (code) =>
    stop(new Error(`The embedded database stopped (its thread exited with code ${code})`)),
  );
  worker.on('message', (reply: PgliteReply) => {
    const call = pending.get(reply.id);
    if (!call) return;
    pending.delete(reply.id);
    // An idle database thread does not keep the process alive (as PGlite on this thread did not).
    if (pending.size === 0) worker.unref();
    if (reply.error) call.reject(fromErrorFields(reply.error));
    else call.resolve(reply.result);
  });
  const wait = (id: number) =>
    new Promise<unknown>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      if (pending.size === 1) worker.ref();
    });
  const call = (request: Request): Promise<unknown> => {
    if (stopped) return Promise.reject(stopped);
    const id = nextId++;
    const answer = wait(id);
    try {
      worker.postMessage({ ...request, id });
    } catch (error) {
      pending.delete(id);
      if (pending.size === 0) worker.unref();
      return Promise.reject(error as Error);
    }
    return answer;
  };
  try {
    await wait(0);
  } catch (error) {
    await worker.terminate();
    throw error;
  }

  // Queries made while a transaction's callback runs (in its async context) join it.
  const active = new AsyncLocalStorage<number>();
  const within = (tx: number): Queryable => ({
    query: (sql, params = []) => call({ op: 'query', sql, params, tx }) as never,
  });
  return {
    kind: 'pglite',
    query: (sql, params = []) => call({ op: 'query', sql, params, tx: active.getStore() }) as never,
    async transaction(fn) {
      const current = active.getStore();
      if (current !== undefined) return fn(within(current));
      const tx = (await call({ op: 'begin' })) as number;
      let result;
      try {
        result = await active.run(tx, () => fn(within(tx)));
      } catch (error) {
        await call({ op: 'rollback', tx }).catch(() => undefined);
        throw error;
      }
      await call({ op: 'commit', tx });
      return result;
    },
    async exec(sql) {
      await call({ op: 'exec', sql, tx: active.getStore() });
    },
    executeSql: (sql, params) =>
      call({ op: 'executeSql', sql, params, tx: active.getStore() }) as never,
    async close() {
      if (!stopped) {
        await call({ op: 'close' }).catch(() => undefined);
        stopped = new Error('The embedded database is closed');
        await worker.terminate();
      }
      release();
    },
  };
}
