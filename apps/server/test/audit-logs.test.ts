import type { AuditLog } from '@assent/core/audit-log';
import type { Property } from '@assent/core/property';
import { parseCsv } from '@assent/core/vendors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_LOGS_READY } from '../src/routes/audit-logs';
import type { TestServer, TestUser } from './harness';
import { consentBeacon, storeConsentRecords, TC_STRING_FIXTURE } from './visit-records';
import { createTestServer, json, stores } from './harness';

const HEADER =
  'consent_id,timestamp,config_version,vendor_list_version,country,choice,choices_in_words,tc_string,gpp_string,usp_string';

describe.each(stores())('consent-log downloads (%s)', (store) => {
  let server: TestServer;
  let user: TestUser;
  const today = new Date().toISOString().slice(0, 10);
  beforeAll(async () => {
    server = await createTestServer(store);
    user = await server.user();
  });
  afterAll(() => server?.close());

  async function siteWithConsents(url: string, countries: string[]): Promise<Property> {
    const site = json<Property>(
      await server.request({
        method: 'POST',
        url: `/customization/v2/site?pCode=${user.pcode}`,
        payload: { url, themeId: '1' },
        as: user,
      }),
    );
    await storeConsentRecords(
      server.deps.db,
      user.pcode,
      countries.map((country, i) => ({
        beacon: consentBeacon(site.uuid, crypto.randomUUID()),
        at: new Date(Date.now() - (i + 1) * 3_600_000),
        country,
      })),
    );
    return site;
  }

  /** Asks for a log and waits until the export job has built it. */
  async function readyLog(url: string): Promise<AuditLog> {
    const created = json<AuditLog>(
      await server.request({
        method: 'POST',
        url: `/customization/v2/audit-log?pCode=${user.pcode}`,
        payload: { url, endDate: today, daysBack: 30 },
        as: user,
      }),
    );
    for (let i = 0; i < 100; i++) {
      const logs = json<AuditLog[]>(
        await server.request({
          method: 'GET',
          url: `/customization/v2/audit-log/status?pCode=${user.pcode}`,
          as: user,
        }),
      );
      const log = logs.find((l) => l.id === created.id);
      if (log?.queryState === 'SUCCEEDED') return log;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`the log of ${url} was not ready in time`);
  }

  const downloadAll = () =>
    server.request({
      method: 'GET',
      url: `/customization/v2/audit-log/download?pCode=${user.pcode}`,
      as: user,
    });

  it('downloads every ready log in one CSV with a url column, once', async () => {
    // A site url may hold a path with a comma: the url cell must stay one column.
    await siteWithConsents('news.example/fr,be', ['FR', 'BE']);
    await siteWithConsents('shop.example', ['DE']);
    const news = await readyLog('news.example/fr,be');
    const shop = await readyLog('shop.example');
    expect([news.rows, shop.rows]).toEqual([2, 1]);

    const all = await downloadAll();
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-type']).toMatch(/^text\/csv/);
    expect(all.headers['content-disposition']).toBe('attachment; filename="consent-logs.csv"');
    const rows = parseCsv(all.body).filter((r) => r.some(Boolean));
    expect(rows[0]).toEqual(['url', ...HEADER.split(',')]);
    const data = rows.slice(1);
    expect(data).toHaveLength(3);
    expect(data.every((r) => r.length === rows[0]!.length)).toBe(true);
    expect(data.map((r) => [r[0], r[5]]).sort()).toEqual([
      ['http://news.example/fr,be', 'BE'],
      ['http://news.example/fr,be', 'FR'],
      ['http://shop.example', 'DE'],
    ]);

    // Both are downloaded now: a second "all" has nothing, one log can still be fetched again.
    const again = await downloadAll();
    expect(again.statusCode).toBe(404);
    expect(json(again)).toEqual({ status: 'NOT_FOUND', message: NO_LOGS_READY });
    const logs = json<AuditLog[]>(
      await server.request({
        method: 'GET',
        url: `/customization/v2/audit-log/status?pCode=${user.pcode}`,
        as: user,
      }),
    );
    expect(
      logs.filter((l) => [news.id, shop.id].includes(l.id)).map((l) => l.isDownloaded),
    ).toEqual([true, true]);
    const one = await server.request({
      method: 'GET',
      url: `/customization/v2/audit-log/download?pCode=${user.pcode}&logId=${shop.id}`,
      as: user,
    });
    expect(one.headers['content-disposition']).toBe(
      `attachment; filename="consent-log-${shop.id}.csv"`,
    );
    expect(one.body.split('\n')[0]).toBe(HEADER);
  });

  it('gives the one ready log as it is when "all" finds only one', async () => {
    await siteWithConsents('blog.example', ['IT']);
    const blog = await readyLog('blog.example');
    const all = await downloadAll();
    expect(all.headers['content-disposition']).toBe(
      `attachment; filename="consent-log-${blog.id}.csv"`,
    );
    const rows = parseCsv(all.body).filter((r) => r.some(Boolean));
    expect(rows[0]).toEqual(HEADER.split(','));
    expect(rows.slice(1).map((r) => r[4])).toEqual(['IT']);
  });

  it('proves each choice: consent id, time, configuration version, the strings and the choices in words', async () => {
    const site = await siteWithConsents('proof.example', []);
    const id = crypto.randomUUID();
    const at = new Date(Date.now() - 3_600_000);
    await storeConsentRecords(server.deps.db, user.pcode, [
      {
        beacon: consentBeacon(site.uuid, id, {
          gppString: `DBABMA~${TC_STRING_FIXTURE}`,
          choices: {
            outcome: 'a',
            purposes: [1],
            legitimateInterests: [2],
            specialFeatures: [],
            vendors: [755],
            vendorLegitimateInterests: [],
            googleVendors: [],
            customVendors: [],
            consentMode: { ad_storage: 'granted' },
          },
        }),
        at,
        country: 'FR',
      },
    ]);
    const log = await readyLog('proof.example');
    expect(log.rows).toBe(1);
    const one = await server.request({
      method: 'GET',
      url: `/customization/v2/audit-log/download?pCode=${user.pcode}&logId=${log.id}`,
      as: user,
    });
    const rows = parseCsv(one.body).filter((r) => r.some(Boolean));
    expect(rows[0]).toEqual(HEADER.split(','));
    const [row] = rows.slice(1);
    expect(row!.slice(0, 6)).toEqual([id, at.toISOString(), 'cfg-1', '90', 'FR', 'Accepted all']);
    expect(row![6]).toMatch(
      /^Choice: Accepted all \| Purposes consented: 1 Store and\/or access information on a device \| Legitimate interest not objected to: 2 [A-Z][^|]+ \| Special features opted in: none \| IAB vendors consented: .+ \(755\) \| IAB vendors, legitimate interest: none \| Google Consent Mode: ad_storage granted$/,
    );
    expect(row!.slice(7)).toEqual([TC_STRING_FIXTURE, `DBABMA~${TC_STRING_FIXTURE}`, '']);
  });
});
