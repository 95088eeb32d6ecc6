import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillVisitsInDatabase } from '../../../scripts/bench/visit-fill';
import { ROLLUP_STEP } from '../src/analytics/ingest/rollup';
import type { TestServer } from './harness';
import { createTestServer, stores } from './harness';

/**
 * The report benchmark's fast fill (scripts/bench/visit-fill.ts) stores the visits with the
 * product's batch statement in large chunks and counts them with the product's roll-up in large
 * steps: it must build exactly what the pipeline's small batches and 2,000-visit steps build.
 */

/** Each table's rows of one account (all columns but the account's code), as sorted text. */
async function rowsOf(server: TestServer, table: string, pcode: string): Promise<string[]> {
  const rows = await server.deps.db.query<{ row: string }>(
    `select (to_jsonb(t) - 'pcode' - 'id')::text as row from ${table} t where pcode = $1`,
    [pcode],
  );
  return rows.map((r) => r.row).sort();
}

describe.each(stores())('the benchmark fill (%s)', (store) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(store);
  });
  afterAll(() => server?.close());

  it('builds the raw visits and every rollup as the sink’s batches and 2,000-visit steps do', async () => {
    const properties = ['fill-a', 'fill-b', 'fill-c'];
    const today = new Date('2026-06-10T00:00:00Z');
    const count = 1_200;
    // The pipeline's way: batches of 40, each counted by steps of at most 2,000 visits.
    await fillVisitsInDatabase(server.deps.db, {
      pcode: 'FILLSMALL',
      properties,
      today,
      count,
      chunk: 40,
      step: ROLLUP_STEP,
    });
    // The fast fill's: large chunks, counted in steps larger than a chunk.
    await fillVisitsInDatabase(server.deps.db, {
      pcode: 'FILLLARGE',
      properties,
      today,
      count,
      chunk: 500,
      step: 100_000,
    });
    // The test server's own background roll-up runs beside the fill and may hold the last chunk's
    // rows (the fill's step skips rows another pass holds): a report query waits for that pass.
    await server.deps.analytics.run('FILLLARGE', async () => {});
    const [pending] = await server.deps.db.query<{ n: number }>(
      `select count(*)::int as n from visit_rollup_pending`,
    );
    expect(pending?.n).toBe(0);
    const [daily] = await server.deps.db.query<{ n: number }>(
      `select sum(visits)::int as n from visit_rollup_daily where pcode = 'FILLLARGE'`,
    );
    expect(daily?.n).toBe(count);
    for (const table of [
      'visits',
      'visit_rollup_daily',
      'visit_rollup_dashboard',
      'visit_rollup_country',
      'visit_rollup_dimension',
    ]) {
      const small = await rowsOf(server, table, 'FILLSMALL');
      expect(small.length, table).toBeGreaterThan(0);
      expect(await rowsOf(server, table, 'FILLLARGE'), table).toEqual(small);
    }
  }, 120_000);
});
