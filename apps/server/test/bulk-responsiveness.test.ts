import type { AddressInfo } from 'node:net';
import { PropertySettings } from '@assent/core/property';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBulkUpdate } from '../src/jobs/bulk-update';
import { bulkUpdates } from '../src/repositories/bulk-updates';
import { properties } from '../src/repositories/properties';
import type { TestServer } from './harness';
import { createTestServer, stores } from './harness';
import { visit } from './visit-records';

/**
 * Issue 19, item 1: a bulk update froze the whole server on the embedded database (its queries never
 * returned to the event loop, so no request was even read until the job ended). Requests sent over
 * HTTP while a job runs are answered before it ends.
 */
describe.each(stores())('requests during a bulk update (%s)', (store) => {
  let server: TestServer;
  let url: string;
  beforeAll(async () => {
    server = await createTestServer(store, { workers: false });
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    url = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => server?.close());

  it('answers cmp.js, a visit and the property list while the job is still running', async () => {
    const user = await server.user();
    const sites = [];
    for (let i = 0; i < 300; i += 1) {
      const values = PropertySettings.parse({
        url: `busy${String(i).padStart(3, '0')}.example`,
        themeId: '1',
        consentLocations: ['EEA'],
      });
      sites.push(await properties.insert(server.deps.db, user.pcode, values, server.deps.now()));
    }
    const [first] = sites;
    const job = await bulkUpdates.create(server.deps.db, {
      pcode: user.pcode,
      initiatedBy: user.email,
      fields: { repromtDaysAfterGvlUpdate: 45 },
      items: sites.slice(1).map((s) => ({ propertyId: s.siteId, identifier: s.url ?? '' })),
      now: server.deps.now(),
    });

    let jobEnded = false;
    // One property per transaction: 299 turns, a job long enough to send requests while it runs
    // (in batches it ends in a few of them; the turn between transactions is the same).
    const running = runBulkUpdate(server.deps, job.id, { batchSize: 1 }).then(
      () => (jobEnded = true),
    );

    const script = await fetch(`${url}/banner/property/${first!.uuid}/cmp.js`);
    expect(script.status).toBe(200);
    expect(await script.text()).toContain(first!.uuid);
    expect(jobEnded).toBe(false);

    const beacon = await fetch(`${url}/banner/visit`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8', origin: 'https://busy000.example' },
      body: JSON.stringify(visit(first!.uuid)),
    });
    expect(beacon.status).toBe(204);
    const list = await fetch(`${url}/customization/v2/site?pCode=${user.pcode}`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(list.status).toBe(200);
    expect(((await list.json()) as unknown[]).length).toBe(300);
    expect(jobEnded).toBe(false);
    expect((await bulkUpdates.progress(server.deps.db, job.id)).pending).toBeGreaterThan(0);

    await running;
    expect(await bulkUpdates.progress(server.deps.db, job.id)).toMatchObject({
      successful: 299,
      pending: 0,
    });
  }, 120_000);
});
