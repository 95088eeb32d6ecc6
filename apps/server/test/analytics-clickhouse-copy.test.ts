import type { Property } from '@assent/core/property';
import type { AnalyticsQueryBody } from '@assent/core/reports';
import type { ChdbHttp } from '@assent/testing';
import { startChdbHttp } from '@assent/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickhouseClient } from '../src/analytics/clickhouse/client';
import { clickhouseCounts } from '../src/analytics/clickhouse/counts';
import type { CopyProgress } from '../src/analytics/clickhouse/copy';
import { copyAnalyticsToClickHouse } from '../src/analytics/clickhouse/copy';
import { runReport } from '../src/analytics/queries';
import { partitionName } from '../src/analytics/storage';
import type { TestServer, TestUser } from './harness';
import { createTestServer, json } from './harness';
import { storeVisits, visitRecord } from './visit-records';

/**
 * `assent server analytics copy-to-clickhouse`: an installation's history moves from its database
 * into ClickHouse (chDB behind the HTTP shim) in batches, and every report over it answers the same
 * numbers afterwards, including days whose raw visits were past the retention.
 */
describe('copying the analytics history to ClickHouse', () => {
  let server: TestServer;
  let user: TestUser;
  let site: Property;
  let shim: ChdbHttp;

  beforeAll(async () => {
    shim = await startChdbHttp();
    server = await createTestServer('pglite');
    user = await server.user();
    const res = await server.request({
      method: 'POST',
      url: `/customization/v2/site?pCode=${user.pcode}`,
      payload: { url: 'copy.example', themeId: '1', publisherName: 'Example' },
      as: user,
    });
    expect(res.statusCode, res.body).toBe(201);
    site = json<Property>(res);
    const at = (time: string, event = {}, country = 'DE') =>
      visitRecord(user.pcode, site.uuid, time, event, { country });
    await storeVisits(server.deps.db, [
      // 2026-10-01: its raw visits are dropped below (past the retention); the rollup keeps them.
      at('2026-10-01T09:00:00Z'),
      at('2026-10-01T10:00:00Z', { o: 'r' }, 'FR'),
      // 2026-11-10 and 11: raw visits.
      at('2026-11-10T08:00:00Z'),
      at('2026-11-10T08:00:00Z'),
      at('2026-11-10T09:30:00Z', { o: 'p', d: 'm' }),
      at('2026-11-10T11:00:00Z', { o: 'b' }, 'FR'),
      at('2026-11-11T12:00:00Z', { o: 'r', x: 1 }),
      // After the switch to ClickHouse (--until): not copied.
      at('2026-11-12T01:00:00Z'),
    ]);
    await server.deps.db.query(`drop table ${partitionName('2026-10-01')}`);
  });
  afterAll(async () => {
    await server?.close();
    await shim?.close();
  });

  const report: AnalyticsQueryBody = {
    filters: [
      { key: 'startDate', operator: 'gteq', values: ['2026-09-01'] },
      { key: 'endDate', operator: 'lteq', values: ['2026-11-11'] },
    ],
    queries: [
      {
        id: 'byDayAndCountry',
        dimensions: ['period', 'country'],
        metrics: ['totalTraffic', 'totalSessions', 'optInPercent', 'bouncePercent'],
        granularity: 'day',
      },
      {
        id: 'byDevice',
        dimensions: ['deviceType'],
        metrics: ['optOutPercent'],
        granularity: 'day',
      },
    ],
  };

  it('copies in batches with progress, then every report answers as in the database', async () => {
    const progress: CopyProgress[] = [];
    const result = await copyAnalyticsToClickHouse(server.deps.db, {
      url: shim.url,
      retentionDays: 400,
      until: new Date('2026-11-12T00:00:00Z'),
      batchSize: 2,
      onProgress: (p) => progress.push(p),
    });
    expect(result).toEqual({ visits: 5, rollupRows: 2, rollupDays: ['2026-10-01', '2026-10-01'] });
    expect(progress.filter((p) => p.phase === 'visits').map((p) => p.done)).toEqual([0, 2, 4, 5]);
    expect(progress.at(-1)).toEqual({ phase: 'rollup', done: 2, total: 2 });

    const client = clickhouseClient(shim.url);
    try {
      const inDatabase = await runReport({ db: server.deps.db, pcode: user.pcode }, report);
      const inClickHouse = await runReport(
        { db: server.deps.db, pcode: user.pcode, counts: clickhouseCounts(client, 60_000) },
        report,
      );
      expect(inClickHouse).toEqual(inDatabase);
      // The day past the retention is there, from the rollup alone.
      expect(inClickHouse[0]!.results.slice(0, 2)).toEqual([
        {
          period: '2026-10-01',
          country: 'DE',
          totalTraffic: 1,
          totalSessions: 1,
          optInPercent: 100,
          bouncePercent: 0,
        },
        {
          period: '2026-10-01',
          country: 'FR',
          totalTraffic: 1,
          totalSessions: 1,
          optInPercent: 0,
          bouncePercent: 0,
        },
      ]);
      expect(inClickHouse[0]!.results).toHaveLength(5);
    } finally {
      await client.close();
    }
  });

  it('refuses a second copy into a store that already holds that history', async () => {
    await expect(
      copyAnalyticsToClickHouse(server.deps.db, {
        url: shim.url,
        retentionDays: 400,
        until: new Date('2026-11-12T00:00:00Z'),
      }),
    ).rejects.toThrow(/ClickHouse already holds analytics before 2026-11-12T00:00:00.000Z/);
  });
});
