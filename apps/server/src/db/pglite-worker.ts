/**
 * The embedded database's thread (`node:worker_threads`, started by `openPglite` in db/pglite.ts):
 * it owns the PGlite instance and runs every statement, so the WebAssembly database works while the
 * server's main thread parses requests and writes answers. It serves the `Db` of `pgliteDb` (the
 * one-call statements and their types' cache included) over the thread's port; db/pglite.ts
 * describes the messages.
 */
import { AsyncResource } from 'node:async_hooks';
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import type { PgliteReply, PgliteRequest, PgliteWorkerData } from './pglite';
import { pgliteDb, pgliteOptions, toErrorFields } from './pglite';
import type { Db } from './types';

const port = parentPort!;
const { pgdata, tarball } = workerData as PgliteWorkerData;

/** An open transaction: runs work in its async context (so it joins it) until it ends. */
interface OpenTransaction {
  run<T>(work: () => Promise<T>): Promise<T>;
  end(commit: boolean): void;
  done: Promise<unknown>;
}

const ROLLBACK = Symbol('rollback');
const open = new Map<number, OpenTransaction>();

function begin(db: Db, id: number): Promise<void> {
  return new Promise((started, failed) => {
    const done = db.transaction(
      () =>
        new Promise<void>((commit, rollback) => {
          open.set(id, {
            run: AsyncResource.bind((work) => work()) as OpenTransaction['run'],
            end: (ok) => (ok ? commit() : rollback(ROLLBACK)),
            done,
          });
          started();
        }),
    );
    // BEGIN itself failed: the callback never ran.
    done.catch(failed);
  });
}

async function end(id: number, commit: boolean): Promise<void> {
  const tx = open.get(id);
  if (!tx) throw new Error('Transaction is closed');
  open.delete(id);
  tx.end(commit);
  await tx.done.catch((error: unknown) => {
    if (error !== ROLLBACK) throw error;
  });
}

async function handle(db: Db, request: PgliteRequest): Promise<unknown> {
  switch (request.op) {
    case 'begin':
      return begin(db, request.id).then(() => request.id);
    case 'commit':
    case 'rollback':
      return end(request.tx, request.op === 'commit');
    case 'close':
      return db.close();
  }
  const tx = request.tx === undefined ? undefined : open.get(request.tx);
  if (request.tx !== undefined && !tx) throw new Error('Transaction is closed');
  const run = <T>(work: () => Promise<T>) => (tx ? tx.run(work) : work());
  if (request.op === 'query') return run(() => db.query(request.sql, request.params));
  if (request.op === 'exec') return run(() => db.exec(request.sql));
  return run(() => db.executeSql(request.sql, request.params));
}

const reply = (message: PgliteReply) => port.postMessage(message);

try {
  const pg = await PGlite.create(pgdata ?? 'memory://', {
    ...pgliteOptions(),
    ...(tarball ? { loadDataDir: new Blob([readFileSync(tarball)]) } : {}),
  });
  const db = pgliteDb(pg);
  port.on('message', (request: PgliteRequest) => {
    handle(db, request).then(
      (result) => reply({ id: request.id, result }),
      (error: unknown) => reply({ id: request.id, error: toErrorFields(error) }),
    );
  });
  reply({ id: 0, result: 'ready' });
} catch (error) {
  reply({ id: 0, error: toErrorFields(error) });
}
