import type { Property } from '@assent/core/property';
import { GATEWAY_TIMEOUT_MARKER, reportRunErrorMessage, timeFilters } from '@assent/core/reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withinTimeLimit } from '../src/analytics/queries';
import type { TestServer, TestUser } from './harness';
import { createTestServer, json, stores } from './harness';

/**
 * A report query past its time limit (ASSENT_REPORT_TIMEOUT_MS) answers 504 with core's
 * '504 Gateway Timeout ERROR' message; on PostgreSQL the statement itself is cancelled.
 */

/** Statements of the test's own sleeps still running on the server. */
const runningSleeps = async (server: TestServer): Promise<number> => {
  const rows = await server.deps.db.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity
     where state = 'active' and query like '%pg_sleep(3)%' and pid <> pg_backend_pid()`,
  );
  return rows[0]!.n;
};

describe.each(stores())('the report time limit (%s)', (store) => {
  let server: TestServer;
  let user: TestUser;
  let site: Property;

  beforeAll(async () => {
    server = await createTestServer(store, { env: { ASSENT_REPORT_TIMEOUT_MS: '1' } });
    user = await server.user();
    const res = await server.request({
      method: 'POST',
      url: `/customization/v2/site?pCode=${user.pcode}`,
      payload: { url: 'slow-reports.example', themeId: '1' },
      as: user,
    });
    expect(res.statusCode, res.body).toBe(201);
    site = json<Property>(res);
    // A month of rollup rows in 2,000 countries: far more than 1 ms of work to group.
    await server.deps.db.query(
      `insert into visit_rollup_daily (day, pcode, property_uuid, theme_id, theme_language,
         regulation, state, country, device, os, browser, page_format, gbc_applicable,
         cop_applicable, advanced_applicable, variant, outcome, shown, visits)
       select date '2026-10-01' + (i % 30), $1, $2, '1', 'en', 1, null, 'C' || (i % 2000), 'pc',
         'Windows', 'Chrome', 'HTTP', false, false, false, 'v' || i, 'acceptAll', true, 1
       from generate_series(1, 100000) as i`,
      [user.pcode, site.uuid],
    );
  }, 120_000);
  afterAll(() => server?.close());

  it("answers a report past the limit 504 with '504 Gateway Timeout ERROR'", async () => {
    const res = await server.request({
      method: 'POST',
      url: `/analytics/v1/report/pcode/${user.pcode}`,
      payload: {
        filters: timeFilters({ startDate: '2026-10-01', endDate: '2026-10-30' }),
        queries: [
          {
            id: 'slow',
            dimensions: ['period', 'country'],
            metrics: ['totalSessions', 'optInPercent'],
            granularity: 'day',
          },
        ],
      },
      as: user,
    });
    expect(res.statusCode, res.body).toBe(504);
    const body = json<{ status: string; message: string }>(res);
    expect(body.status).toBe('GATEWAY_TIMEOUT');
    expect(body.message).toContain(GATEWAY_TIMEOUT_MARKER);
    // What the console shows for it.
    expect(reportRunErrorMessage(body.message)).toBe('Please try with few dimensions and metrics.');
  });

  it('stops a running statement at the limit, and starts no further statement of the report', async () => {
    const db = server.deps.db;
    const started = Date.now();
    await expect(
      withinTimeLimit(db, 200, async (q) => {
        await q.query('select pg_sleep(3)');
        await q.query(`select set_config('assent.after_limit', 'ran', false)`);
      }),
    ).rejects.toMatchObject({ code: 'GATEWAY_TIMEOUT' });
    const [after] = await db.query<{ v: string | null }>(
      `select current_setting('assent.after_limit', true) as v`,
    );
    expect(after?.v ?? '').toBe('');
    if (store === 'postgres') {
      // PostgreSQL cancelled the statement itself (statement_timeout) at the limit, long before
      // its three seconds, and nothing of it is left running.
      expect(Date.now() - started).toBeLessThan(2_900);
      expect(await runningSleeps(server)).toBe(0);
    }
  });
});
