import { existsSync, mkdirSync, readdirSync, renameSync } from 'node:fs';
import { open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../services/logger';
import type { VisitRecord } from './visit-sink';
import { VISIT_SINK_CLOSED } from './visit-sink';

/** A store that resolves `accept` once the item is durably stored (visits, consent records). */
export interface DurableSink<T> {
  accept(item: T): Promise<void>;
  close(): Promise<void>;
}

export interface SpoolOptions<T> {
  /** The spool's directory (under the data directory). */
  dir: string;
  logger: Logger;
  /** An item back from its JSON line (dates revived). @default a VisitRecord's */
  revive?: (line: string) => T;
  /** What the log lines call the items. @default 'visits' */
  what?: string;
  /** How often spooled visits are offered to the store again. @default 1000 */
  replayEveryMs?: number;
  /** Visits stored per step of a replay (its progress is recorded after each). @default 200 */
  replayChunk?: number;
}

export interface SpoolingSink<T = VisitRecord> extends DurableSink<T> {
  /** Items in the spool, not stored yet. */
  readonly spooled: number;
  /** Offers the spooled visits to the store now (the timer does it too). */
  replay(): Promise<void>;
}

const CURRENT = 'current.ndjson';
const reviveVisit = (line: string): VisitRecord => {
  const visit = JSON.parse(line) as VisitRecord & { receivedAt: string };
  return { ...visit, receivedAt: new Date(visit.receivedAt) };
};

/**
 * Visits (and consent records) accepted while the database is down (issue 19, item 3): a wrapper
 * around the store's sink. A visit the store cannot take is appended to a local spool file and fsynced before `accept`
 * resolves (the endpoint's 204 still means kept); the spool is replayed into the store once it
 * answers again, in chunks whose progress is recorded, so a crash during a replay repeats at most
 * one chunk. Spool files left by a previous process are replayed after a start.
 */
export function spoolingSink<T = VisitRecord>(
  store: DurableSink<T>,
  options: SpoolOptions<T>,
): SpoolingSink<T> {
  const { dir, logger } = options;
  const revive = options.revive ?? (reviveVisit as unknown as (line: string) => T);
  const what = options.what ?? 'visits';
  const replayEveryMs = options.replayEveryMs ?? 1_000;
  const chunk = options.replayChunk ?? 200;
  mkdirSync(dir, { recursive: true });
  let spooled = 0;
  let handle: FileHandle | undefined;
  let appending: Promise<unknown> = Promise.resolve();
  let replaying: Promise<void> | undefined;
  let closed = false;

  const isReplay = (name: string) => name.startsWith('replay-') && name.endsWith('.ndjson');
  const pendingFiles = () => readdirSync(dir).filter(isReplay).sort();
  // A spool a previous process left is replayed like any other.
  if (existsSync(path.join(dir, CURRENT)))
    renameSync(path.join(dir, CURRENT), path.join(dir, `replay-${Date.now()}-0.ndjson`));
  let rotations = 0;
  const append = (visit: T) => {
    const next = appending.then(async () => {
      handle ??= await open(path.join(dir, CURRENT), 'a');
      await handle.appendFile(`${JSON.stringify(visit)}\n`);
      await handle.datasync();
      spooled += 1;
    });
    appending = next.catch(() => {});
    return next;
  };

  /** Moves the current spool aside (new visits start a new one), in turn with the appends. */
  const rotate = () => {
    const next = appending.then(async () => {
      if (!handle) return;
      const closing = handle;
      handle = undefined;
      await closing.close();
      rotations += 1;
      await rename(
        path.join(dir, CURRENT),
        path.join(dir, `replay-${Date.now()}-${rotations}.ndjson`),
      );
    });
    appending = next.catch(() => {});
    return next;
  };

  /** Stores every spool file set aside, oldest first. */
  async function replayAll() {
    await rotate();
    for (const name of pendingFiles()) {
      const file = path.join(dir, name);
      const progressFile = `${file}.done`;
      const lines = (await readFile(file, 'utf8')).split('\n').filter(Boolean);
      let done = Number(await readFile(progressFile, 'utf8').catch(() => '0')) || 0;
      while (done < lines.length) {
        const part = lines.slice(done, done + chunk).map(revive);
        await Promise.all(part.map((visit) => store.accept(visit)));
        done += part.length;
        spooled = Math.max(0, spooled - part.length);
        await writeFile(progressFile, String(done));
      }
      await rm(file);
      await rm(progressFile, { force: true });
      logger.info({ [what]: lines.length }, `spooled ${what} stored`);
    }
  }

  const replay = () =>
    (replaying ??= replayAll()
      .catch((error: unknown) => {
        logger.warn({ err: (error as Error).message }, `spooled ${what} not stored yet`);
      })
      .finally(() => {
        replaying = undefined;
      }));

  const timer = setInterval(() => {
    if (handle || pendingFiles().length) void replay();
  }, replayEveryMs);
  timer.unref();
  if (pendingFiles().length) void replay();

  return {
    async accept(visit) {
      if (closed) throw new Error(VISIT_SINK_CLOSED);
      try {
        await store.accept(visit);
      } catch (error) {
        if (closed) throw error;
        await append(visit);
        if (spooled === 1)
          logger.warn(
            { err: (error as Error).message },
            `${what} are spooled until the database answers`,
          );
      }
    },
    get spooled() {
      return spooled;
    },
    replay,
    async close() {
      closed = true;
      clearInterval(timer);
      await replaying;
      await appending;
      await handle?.close();
      handle = undefined;
      await store.close();
    },
  };
}
