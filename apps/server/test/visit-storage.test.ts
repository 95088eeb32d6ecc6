import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupCommitSink } from '../src/analytics/ingest/group-commit-sink';
import { pendingRollup, rollUpPendingVisits } from '../src/analytics/ingest/rollup';
import {
  PARTITIONS_AHEAD_DAYS,
  maintainVisitPartitions,
  partitionName,
  visitPartitionDays,
} from '../src/analytics/storage';
import type { Queryable } from '../src/db';
import type { TestServer, TestUser } from './harness';
import { createTestServer, stores } from './harness';
import { writeVisitBatch } from '../src/analytics/ingest/write-batch';
import { visitRecord } from './visit-records';
import { silentLogger } from './live-server';

/** The database, counting the statements that store a batch of visits. */
function counting(db: Queryable) {
  const counter = { inserts: 0 };
  const q: Queryable = {
    query(sql, params) {
      if (/visit_store_batch/.test(sql)) counter.inserts += 1;
      return db.query(sql, params);
    },
  };
  return { q, counter };
}

describe.each(stores())('visit storage (%s)', (store) => {
  let server: TestServer;
  let user: TestUser;
  beforeAll(async () => {
    server = await createTestServer(store);
    user = await server.user();
  });
  afterAll(() => server?.close());

  const count = async (sql: string, params: unknown[]) =>
    Number((await server.deps.db.query<{ n: number }>(sql, params))[0]?.n);

  it('group commit: concurrent visits share one statement, each answered once it is stored', async () => {
    const { q, counter } = counting(server.deps.db);
    const sink = groupCommitSink(q, { maxBatch: 500, maxWaitMs: 20 });
    const property = 'group-commit-property';
    const records = Array.from({ length: 120 }, (_, i) =>
      visitRecord(user.pcode, property, '2026-06-01T08:00:00Z', { o: i % 4 ? 'a' : 'r' }),
    );
    await Promise.all(records.map((r) => sink.accept(r)));
    expect(counter.inserts).toBe(1);
    expect(
      await count(`select count(*)::int as n from visits where property_uuid = $1`, [property]),
    ).toBe(120);
    // The batch is queued for the rollup with its raw rows; the roll-up counts it exactly once.
    const rolled = () =>
      count(
        `select coalesce(sum(visits), 0)::int as n from visit_rollup_daily where property_uuid = $1 and day = '2026-06-01'`,
        [property],
      );
    const pending = () =>
      count(`select count(*)::int as n from visit_rollup_pending where property_uuid = $1`, [
        property,
      ]);
    await rollUpPendingVisits(server.deps.db);
    expect(await pending()).toBe(0);
    expect(await rolled()).toBe(120);
    await rollUpPendingVisits(server.deps.db);
    expect(await rolled()).toBe(120);
    // A batch is written as soon as it is full, without waiting.
    const small = groupCommitSink(q, { maxBatch: 10, maxWaitMs: 60_000 });
    await Promise.all(records.slice(0, 30).map((r) => small.accept(r)));
    expect(counter.inserts).toBe(4);
    await sink.close();
    await small.close();
    await expect(sink.accept(records[0]!)).rejects.toThrow(/closed/);
  });

  it('group commit adds no fixed wait: an idle sink writes at the end of the turn, the next batch as soon as one commits', async () => {
    // A 5 ms wait per batch once capped ingestion at 50 connections (scripts/bench/visits.ts).
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const written: number[] = [];
    const gated: Queryable = {
      async query(sql, params) {
        if (/visit_store_batch/.test(sql)) {
          written.push((params?.[0] as unknown[]).length);
          if (written.length === 2) await gate;
        }
        return server.deps.db.query(sql, params);
      },
    };
    const sink = groupCommitSink(gated);
    const at = '2026-06-03T08:00:00Z';
    // The first batch creates the day's partition (a statement of its own); this one is held.
    await sink.accept(visitRecord(user.pcode, 'no-wait', at));
    await new Promise((resolve) => setImmediate(resolve)); // idle now
    const first = [1, 2].map(() => sink.accept(visitRecord(user.pcode, 'no-wait', at)));
    // The sink's own turn-end callback was scheduled before this one, so it has run by now.
    await new Promise((resolve) => setImmediate(resolve));
    expect(written).toEqual([1, 2]);
    // Visits arriving while that batch is written form the next, written once it committed.
    const second = [1, 2, 3].map(() => sink.accept(visitRecord(user.pcode, 'no-wait', at)));
    await new Promise((resolve) => setImmediate(resolve));
    expect(written).toEqual([1, 2]);
    release();
    await Promise.all([...first, ...second]);
    expect(written).toEqual([1, 2, 3]);
    await sink.close();
    expect(
      await count(`select count(*)::int as n from visits where property_uuid = 'no-wait'`, []),
    ).toBe(6);
  });

  it('a failed batch rejects every visit in it (no 204), and stores none of them', async () => {
    const failing: Queryable = {
      query: (sql, params) =>
        /visit_store_batch/.test(sql)
          ? Promise.reject(new Error('disk full'))
          : server.deps.db.query(sql, params),
    };
    const sink = groupCommitSink(failing, { maxWaitMs: 5 });
    const results = await Promise.allSettled(
      [1, 2, 3].map(() => sink.accept(visitRecord(user.pcode, 'failing', '2026-06-02T08:00:00Z'))),
    );
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(
      await count(`select count(*)::int as n from visits where property_uuid = 'failing'`, []),
    ).toBe(0);
  });

  it('keeps one partition per UTC day, creates them ahead and drops them past the retention', async () => {
    const sink = groupCommitSink(server.deps.db, { maxWaitMs: 1 });
    await Promise.all(
      ['2026-01-01T23:59:59Z', '2026-01-02T00:00:00Z', '2026-01-02T12:00:00Z'].map((at) =>
        sink.accept(visitRecord(user.pcode, 'retained', at)),
      ),
    );
    await sink.close();
    const byPartition = await server.deps.db.query<{ p: string; n: number }>(
      `select tableoid::regclass::text as p, count(*)::int as n from visits where property_uuid = 'retained' group by 1 order by 1`,
    );
    expect(byPartition).toEqual([
      { p: partitionName('2026-01-01'), n: 1 },
      { p: partitionName('2026-01-02'), n: 2 },
    ]);
    // On 2026-01-12 with 10 days kept, 2026-01-01 goes (raw rows only), 2026-01-02 stays.
    const { dropped } = await maintainVisitPartitions(
      server.deps.db,
      new Date('2026-01-12T03:00:00Z'),
      10,
    );
    expect(dropped).toContain('2026-01-01');
    expect(dropped).not.toContain('2026-01-02');
    const days = await visitPartitionDays(server.deps.db);
    expect(days).not.toContain('2026-01-01');
    for (let i = 0; i <= PARTITIONS_AHEAD_DAYS; i++) expect(days).toContain(`2026-01-${12 + i}`);
    expect(
      await count(`select count(*)::int as n from visits where property_uuid = 'retained'`, []),
    ).toBe(2);
    // Visits not counted yet when their partition went are still counted.
    await rollUpPendingVisits(server.deps.db);
    expect(
      await count(
        `select sum(visits)::int as n from visit_rollup_daily where property_uuid = 'retained'`,
        [],
      ),
    ).toBe(3);
  });

  it('counts stored visits into the rollups off the request path: in the background, exactly once', async () => {
    const sum = (property: string) =>
      count(
        `select coalesce(sum(visits), 0)::int as n from visit_rollup_daily where property_uuid = $1`,
        [property],
      );
    const pending = (property: string) =>
      count(`select count(*)::int as n from visit_rollup_pending where property_uuid = $1`, [
        property,
      ]);
    // Answered through the server's own sink, counted by its timer alone (no report call).
    await Promise.all(
      [1, 2, 3].map(() =>
        server.deps.visits.accept(visitRecord(user.pcode, 'background', '2026-06-04T08:00:00Z')),
      ),
    );
    await expect.poll(() => sum('background'), { timeout: 30_000, interval: 100 }).toBe(3);
    expect(await pending('background')).toBe(0);

    const records = Array.from({ length: 1000 }, (_, i) =>
      visitRecord(user.pcode, 'steps', '2026-06-05T08:00:00Z', { o: i % 3 ? 'a' : 'r' }),
    );
    await writeVisitBatch(server.deps.db, records);
    // A roll-up step that fails (a crash mid-step) counts nothing and loses nothing.
    await expect(
      server.deps.db.transaction(async (tx) => {
        await rollUpPendingVisits(tx, 100);
        throw new Error('crash');
      }),
    ).rejects.toThrow('crash');
    expect((await sum('steps')) + (await pending('steps'))).toBe(1000);
    // Passes running at once (several servers, or the timer and a report) share the rows out.
    await Promise.all([1, 2, 3].map(() => rollUpPendingVisits(server.deps.db, 100)));
    expect(await pending('steps')).toBe(0);
    expect(await sum('steps')).toBe(1000);
    expect(
      await count(
        `select sum(visits)::int as n from visit_rollup_daily where property_uuid = 'steps' and outcome = 'rejectAll'`,
        [],
      ),
    ).toBe(334);
  });

  it('a time-sliced roll-up lets a visit batch commit between its steps, and counts every visit once', async () => {
    // On PGlite a step holds the server's only thread: a batch answered 204 must not wait for
    // a whole pass (the ingestion's p99, scripts/bench/visits.ts). Each visit its own rollup row.
    const records = Array.from({ length: 3000 }, (_, i) =>
      visitRecord(user.pcode, 'sliced', '2026-06-06T08:00:00Z', { v: `s${i}` }),
    );
    await writeVisitBatch(server.deps.db, records);
    const rollup = pendingRollup(server.deps.db, {
      intervalMs: 60_000,
      logger: silentLogger as never,
      step: 5_000,
      stepBudgetMs: 1,
      vacuum: false,
    });
    const order: string[] = [];
    const pass = rollup.flush().then(() => order.push('pass'));
    const batch = writeVisitBatch(server.deps.db, [
      visitRecord(user.pcode, 'sliced-late', '2026-06-06T09:00:00Z'),
    ]).then(() => order.push('batch'));
    await Promise.all([pass, batch]);
    expect(order).toEqual(['batch', 'pass']);
    await rollup.close();
    const sum = (property: string) =>
      count(
        `select coalesce(sum(visits), 0)::int as n from visit_rollup_daily where property_uuid = $1`,
        [property],
      );
    // The server's own timer may be counting some of them at the same time (skipped rows).
    await expect.poll(() => sum('sliced'), { timeout: 30_000, interval: 100 }).toBe(3000);
    await expect.poll(() => sum('sliced-late'), { timeout: 30_000, interval: 100 }).toBe(1);
    expect(
      await count(
        `select coalesce(sum(traffic), 0)::int as n from visit_rollup_dimension where property_uuid = 'sliced' and dimension = 'os'`,
        [],
      ),
    ).toBe(3000);
    expect(
      await count(`select count(*)::int as n from visit_rollup_pending where property_uuid = $1`, [
        'sliced',
      ]),
    ).toBe(0);
  });
});
