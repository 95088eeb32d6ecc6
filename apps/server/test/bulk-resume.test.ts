import { PropertySettings } from '@assent/core/property';
import { inject } from 'vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBulkUpdate } from '../src/jobs/bulk-update';
import { bulkUpdates } from '../src/repositories/bulk-updates';
import { properties } from '../src/repositories/properties';
import type { TestServer } from './harness';
import { createTestServer } from './harness';

/**
 * Issue 19, item 18: on PostgreSQL a bulk update whose server crashed waited 60-90 s before another
 * start resumed it (its heartbeat had to be a minute old, and the watcher looked every 30 s).
 */
describe.runIf(inject('postgresUrl'))('a crashed bulk update on PostgreSQL', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer('postgres');
  });
  afterAll(() => server?.close());

  it('resumes within 10 s of the restart and completes every property once', async () => {
    const user = await server.user();
    const sites = [];
    for (let i = 0; i < 12; i += 1) {
      const values = PropertySettings.parse({
        url: `resume${String(i).padStart(2, '0')}.example`,
        themeId: '1',
        consentLocations: ['EEA'],
      });
      sites.push(await properties.insert(server.deps.db, user.pcode, values, server.deps.now()));
    }
    const job = await bulkUpdates.create(server.deps.db, {
      pcode: user.pcode,
      initiatedBy: user.email,
      fields: { repromtDaysAfterGvlUpdate: 45 },
      items: sites.map((s) => ({ propertyId: s.siteId, identifier: s.url ?? '' })),
      now: server.deps.now(),
    });
    // The worker dies after 4 properties, its heartbeat fresh; the server restarts at once.
    await runBulkUpdate(server.deps, job.id, { stopAfter: 4 });
    await server.restart();
    const restarted = Date.now();

    let progress = await bulkUpdates.progress(server.deps.db, job.id);
    while (progress.pending > 0 && Date.now() - restarted < 30_000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      progress = await bulkUpdates.progress(server.deps.db, job.id);
    }
    const resumedWithinMs = Date.now() - restarted;
    expect(progress).toMatchObject({ successful: 12, failed: 0, pending: 0 });
    expect(resumedWithinMs).toBeLessThan(10_000);
    const after = await properties.byIds(
      server.deps.db,
      user.pcode,
      sites.map((s) => s.siteId),
    );
    expect(after.every((p) => p.repromtDaysAfterGvlUpdate === 45 && p.editable)).toBe(true);
  }, 60_000);
});
