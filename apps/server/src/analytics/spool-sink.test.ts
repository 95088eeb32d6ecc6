import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { spoolingSink } from './spool-sink';
import type { VisitRecord, VisitSink } from './visit-sink';

const quiet = { info() {}, warn() {}, error() {} };

/** A store that refuses every visit while `down` (a database outage). */
function flakyStore() {
  const stored: VisitRecord[] = [];
  const store = {
    down: true as boolean,
    stored,
    async accept(visit: VisitRecord) {
      if (store.down) throw new Error('connect ECONNREFUSED');
      stored.push(visit);
    },
    async close() {},
  } satisfies VisitSink & { down: boolean; stored: VisitRecord[] };
  return store;
}

const record = (i: number): VisitRecord => ({
  pcode: 'p1',
  propertyUuid: 'u1',
  event: { p: 'u1', t: '1', r: 1, o: 'a', f: 'H', d: 'd', os: 'Linux', b: 'Chrome', ts: i },
  country: 'DE',
  region: null,
  receivedAt: new Date(1_767_225_600_000 + i),
});

describe('spoolingSink', () => {
  const dirs: string[] = [];
  const fresh = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'assent-spool-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('keeps on disk what the store refuses, and stores it once the store answers', async () => {
    const dir = fresh();
    const store = flakyStore();
    const sink = spoolingSink(store, { dir, logger: quiet, replayEveryMs: 60_000 });
    await sink.accept(record(1));
    await sink.accept(record(2));
    expect(sink.spooled).toBe(2);
    expect(readFileSync(path.join(dir, 'current.ndjson'), 'utf8').trim().split('\n')).toHaveLength(
      2,
    );
    await sink.replay();
    expect(store.stored).toEqual([]);

    store.down = false;
    await sink.replay();
    expect(store.stored).toEqual([record(1), record(2)]);
    expect(sink.spooled).toBe(0);
    expect(readdirSync(dir)).toEqual([]);
    await sink.accept(record(3));
    expect(store.stored).toHaveLength(3);
    await sink.close();
  });

  it('replays after a restart what a killed process had spooled, without repeating a stored chunk', async () => {
    const dir = fresh();
    const first = flakyStore();
    const crashed = spoolingSink(first, { dir, logger: quiet, replayEveryMs: 60_000 });
    for (let i = 0; i < 5; i += 1) await crashed.accept(record(i));
    // The process dies here (no close); the next one finds the spool.
    const second = flakyStore();
    second.down = false;
    const restarted = spoolingSink(second, {
      dir,
      logger: quiet,
      replayEveryMs: 60_000,
      replayChunk: 2,
    });
    await restarted.replay();
    expect(second.stored.map((v) => v.event.ts)).toEqual([0, 1, 2, 3, 4]);
    expect(second.stored[0]!.receivedAt).toEqual(record(0).receivedAt);
    expect(readdirSync(dir)).toEqual([]);
    await restarted.close();
  });
});
