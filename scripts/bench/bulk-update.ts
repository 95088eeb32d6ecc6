/**
 * Bulk update benchmark: 1,000 properties changed by one bulk update, as the console submits it.
 * Prints the time to acknowledge the submit (202) and the time to job completion, against a
 * reference measured in the same run: the same change saved property by property through the
 * single-save API (PUT, one request after the other), and the round trip of a status call.
 *
 *   npx tsx scripts/bench/bulk-update.ts [--properties 1000] [--store memory|disk|postgres]...
 *
 * The server is the real one (Fastify, pg-boss, the job of apps/server/src/jobs), in this
 * process, on each store asked for (all three by default, one after the other, each with its own
 * references): in-memory PGlite, PGlite on disk (the default store of `assent server start`) and
 * PostgreSQL (a throwaway cluster of packages/testing, durability off as in the tests).
 */
import { findPostgresBin, startCluster } from '@assent/testing';
import type { Cluster } from '@assent/testing';
import { PropertySettings, toSavePayload } from '../../packages/core/src/property';
import { startLiveServer } from '../../apps/server/test/live-server';
import { MEMORY_DATABASE_URL } from '../../apps/server/src/db';
import { numberArg } from './support';

const PROPERTIES = numberArg('properties', 1000);
const STORES = ['memory', 'disk', 'postgres'] as const;
type Store = (typeof STORES)[number];
const asked = process.argv.flatMap((a, i) => (process.argv[i - 1] === '--store' ? [a] : []));
for (const store of asked) {
  if (!STORES.includes(store as Store))
    throw new Error(`--store ${store}: one of ${STORES.join(', ')}`);
}
const stores: Store[] = asked.length ? (asked as Store[]) : [...STORES];
const ms = (start: number) => performance.now() - start;
const fmt = (value: number) => `${value.toFixed(0)} ms`;

/** The server on one store; PostgreSQL gets its own throwaway cluster. */
async function serverOn(store: Store) {
  let cluster: Cluster | undefined;
  if (store === 'postgres') {
    const bin = findPostgresBin();
    if (!bin) throw new Error('PostgreSQL binaries not found (initdb, pg_ctl)');
    cluster = await startCluster(bin);
  }
  // An empty DATABASE_URL is the default store: PGlite under the data directory.
  const url = store === 'memory' ? MEMORY_DATABASE_URL : (cluster?.url ?? '');
  const server = await startLiveServer({ env: { DATABASE_URL: url } });
  return {
    server,
    close: async () => {
      await server.close();
      cluster?.stop();
    },
  };
}

async function measure(store: Store) {
  const { server, close } = await serverOn(store);
  try {
    const owner = await server.user('bench.bulk@example.com');
    const api = server.api(owner);
    const pCode = owner.pcode;
    for (let i = 0; i < PROPERTIES; i += 1) {
      await api.sites.create({
        query: { pCode },
        body: {
          url: `site-${String(i).padStart(4, '0')}.example.com`,
          publisherName: 'Bench',
          themeId: '1',
        },
      });
    }
    const sites = await api.sites.list({ query: { pCode } });
    const siteIds = sites.map((p) => p.siteId);

    // Reference 1: a status call's round trip (what any small request costs here).
    const statusRuns: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const start = performance.now();
      await api.bulkUpdate.status({ query: { pCode, page: 'status' } });
      statusRuns.push(ms(start));
    }
    statusRuns.sort((a, b) => a - b);
    const statusMedian = statusRuns[Math.floor(statusRuns.length / 2)]!;

    // Reference 2: the same change saved one property at a time through the single-save API.
    const singleStart = performance.now();
    for (const p of sites) {
      const stored = await api.sites.get({ params: { id: p.uuid }, query: { pCode } });
      await api.sites.update({
        params: { id: p.uuid },
        query: { pCode, urlChanged: false },
        body: toSavePayload(
          PropertySettings.parse({ ...stored, publisherCC: 'FR', consentLocations: ['EEA'] }),
        ),
      });
    }
    const singleSaves = ms(singleStart);

    // The bulk update: acknowledge, then completion (status polled every 50 ms).
    const submitStart = performance.now();
    const submitted = await api.bulkUpdate.submit({
      query: { pCode },
      body: {
        sites: siteIds,
        fields: { publisherCC: 'DE', consentLocations: ['EEA', 'USA'] },
        items: [],
      },
    });
    const acknowledge = ms(submitStart);
    let job = submitted.job;
    while (!job.done) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      job = (await api.bulkUpdate.status({ query: { pCode, page: 'status' } })).job!;
    }
    const completion = ms(submitStart);

    console.log(
      JSON.stringify(
        {
          store,
          properties: PROPERTIES,
          submitAcknowledged: fmt(acknowledge),
          jobCompleted: fmt(completion),
          job: { status: job.status, successful: job.successful, failed: job.failed.length },
          reference: {
            statusCallMedian: fmt(statusMedian),
            singleSaves: `${fmt(singleSaves)} for ${PROPERTIES} GET+PUT saves`,
          },
          ratios: {
            acknowledgeToStatusCall: Number((acknowledge / statusMedian).toFixed(1)),
            jobToSingleSaves: Number((completion / singleSaves).toFixed(2)),
          },
        },
        null,
        2,
      ),
    );
  } finally {
    await close();
  }
}

for (const store of stores) await measure(store);
