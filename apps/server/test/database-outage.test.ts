import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { PropertySettings } from '@assent/core/property';
import type { Property } from '@assent/core/property';
import type { Cluster } from '@assent/testing';
import { findPostgresBin, startCluster } from '@assent/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app';
import { properties } from '../src/repositories/properties';
import type { TestServer, TestUser } from './harness';
import { ORIGIN, createTestServer } from './harness';
import { bootOf } from './boot-json';
import { consentBeacon, visit } from './visit-records';

const bin = findPostgresBin();

/**
 * Issue 19, item 3: the banner without its database. PostgreSQL (a cluster of this test's own) is
 * stopped under traffic: pages keep getting cmp.js from the last good configuration (memory, then
 * disk), visits keep being answered 204, and every one answered is stored once it is back.
 */
describe.runIf(bin && inject('postgresUrl'))('the banner while PostgreSQL is down', () => {
  let cluster: Cluster;
  let server: TestServer;
  let user: TestUser;
  let site: Property;
  beforeAll(async () => {
    cluster = await startCluster(bin!);
    server = await createTestServer('postgres', {
      workers: false,
      env: { DATABASE_URL: cluster.url },
    });
    user = await server.user();
    site = await properties.insert(
      server.deps.db,
      user.pcode,
      PropertySettings.parse({ url: 'outage.example', themeId: '1', consentLocations: ['EEA'] }),
      server.deps.now(),
    );
  }, 120_000);
  afterAll(async () => {
    await server?.close().catch(() => {});
    cluster?.stop();
  });

  const script = () =>
    server.request({ method: 'GET', url: `/banner/property/${site.uuid}/cmp.js` });
  /** The configuration cmp.js's loader fetches beside the runtime. */
  const config = () =>
    server.request({ method: 'GET', url: `/banner/property/${site.uuid}/config.json` });
  const beacon = (i: number) =>
    server.request({
      method: 'POST',
      url: '/banner/visit',
      payload: JSON.stringify(visit(site.uuid, { ts: 1_767_225_600_000 + i })),
      headers: { 'content-type': 'text/plain;charset=UTF-8', origin: 'https://outage.example' },
    });
  const universal = () =>
    server.request({
      method: 'GET',
      url: `/banner/account/${user.pcode}/cmp.js?host=outage.example`,
    });
  const choice = () =>
    server.request({
      method: 'POST',
      url: '/banner/consent',
      payload: JSON.stringify(consentBeacon(site.uuid, randomUUID())),
      headers: { 'content-type': 'text/plain;charset=UTF-8', origin: 'https://outage.example' },
    });
  const storedChoices = async () => {
    const [row] = await server.deps.db.query<{ n: number }>(
      `select count(*)::int as n from consent_records where property_uuid = $1`,
      [site.uuid],
    );
    return Number(row!.n);
  };
  const stored = async () => {
    const [row] = await server.deps.db.query<{ n: number }>(
      `select count(*)::int as n from visits where property_uuid = $1`,
      [site.uuid],
    );
    return Number(row!.n);
  };

  it('serves cmp.js and takes visits through the outage, and stores every answered visit after', async () => {
    const first = await script();
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain(site.uuid);
    const firstConfig = await config();
    expect(firstConfig.statusCode).toBe(200);
    expect(firstConfig.body).toContain(site.uuid);
    const firstUniversal = await universal();
    expect(firstUniversal.statusCode).toBe(200);
    expect(firstUniversal.body).toContain(site.uuid);
    let choices = 0;

    // Traffic: a page view (cmp.js, then its visit) after another, while the database stops.
    let answered = 0;
    let scripts = 0;
    let stop = false;
    let views = 0;
    const traffic = (async () => {
      while (!stop) {
        const page = await script();
        expect(page.statusCode, page.body).toBe(200);
        expect(page.body).toBe(first.body);
        const configured = await config();
        expect(configured.statusCode, configured.body).toBe(200);
        expect(configured.body).toBe(firstConfig.body);
        // The universal tag's cmp.js too (the account's hosts kept like the configuration).
        const tagged = await universal();
        expect(tagged.statusCode, tagged.body).toBe(200);
        expect(tagged.body).toBe(firstUniversal.body);
        scripts += 1;
        // Every other page view records a choice (proof of consent), answered 204 only once kept.
        if (views % 2 === 0) {
          const recorded = await choice();
          expect(recorded.statusCode, recorded.body).toBe(204);
          choices += 1;
        }
        const sent = await beacon(views);
        views += 1;
        expect(sent.statusCode, sent.body).toBe(204);
        answered += 1;
      }
    })();
    let failure: unknown;
    traffic.catch((error: unknown) => (failure = error));
    const viewsBy = async (n: number) => {
      while (views < n) {
        if (failure) throw failure;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    await viewsBy(5);
    cluster.halt();
    const downFrom = views;
    await viewsBy(downFrom + 20);

    // A server started during the outage (nothing in memory) serves the copy kept on disk.
    const fresh = await buildApp(server.deps, { logger: false });
    try {
      const fromDisk = await fresh.inject({
        method: 'GET',
        url: `/banner/property/${site.uuid}/cmp.js`,
      });
      expect(fromDisk.statusCode).toBe(200);
      expect(fromDisk.body).toBe(first.body);
      const configFromDisk = await fresh.inject({
        method: 'GET',
        url: `/banner/property/${site.uuid}/config.json`,
      });
      expect(configFromDisk.statusCode).toBe(200);
      expect(configFromDisk.body).toBe(firstConfig.body);
    } finally {
      await fresh.close();
    }
    expect(readdirSync(path.join(server.dataDir, 'visit-spool')).length).toBeGreaterThan(0);
    expect(readdirSync(path.join(server.dataDir, 'consent-spool')).length).toBeGreaterThan(0);

    cluster.resume();
    await viewsBy(views + 5);
    stop = true;
    await traffic;
    expect(scripts).toBe(answered);

    // Every visit answered 204 is stored, once.
    let count = -1;
    while (count < answered) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      count = await stored().catch(() => -1);
    }
    expect(count).toBe(answered);
    // Every consent record answered 204 is stored too, once.
    let records = -1;
    while (records < choices) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      records = await storedChoices().catch(() => -1);
    }
    expect(records).toBe(choices);
    const consentSpool = path.join(server.dataDir, 'consent-spool');
    expect(existsSync(consentSpool) ? readdirSync(consentSpool) : []).toEqual([]);
    const spool = path.join(server.dataDir, 'visit-spool');
    expect(existsSync(spool) ? readdirSync(spool) : []).toEqual([]);
  }, 120_000);

  it('answers the AMP check and prompt through the outage, and stores its beacons after', async () => {
    const amp = await properties.insert(
      server.deps.db,
      user.pcode,
      PropertySettings.parse({
        url: 'amp-outage.example',
        themeId: '1',
        consentLocations: ['EEA'],
        ampEnabled: true,
        gdprEncodingMode: 'TCF',
      }),
      server.deps.now(),
    );
    const prompt = () => server.request({ method: 'GET', url: `/banner/amp/${amp.uuid}/prompt` });
    // amp-consent's check of a stored accept: answered from the rule, and recorded as a visit.
    const check = () =>
      server.request({
        method: 'POST',
        url: `/banner/amp/${amp.uuid}/check`,
        payload: JSON.stringify({
          consentInstanceId: `assent-${amp.uuid}`,
          consentStateValue: 'accepted',
          consentString: 'CQAB',
        }),
        headers: {
          'content-type': 'text/plain;charset=utf-8',
          origin: 'https://amp-outage.example',
        },
      });
    // The prompt page's beacons come from this server's own origin.
    const promptVisit = (i: number) =>
      server.request({
        method: 'POST',
        url: '/banner/visit',
        payload: JSON.stringify(visit(amp.uuid, { f: 'A', ts: 1_767_225_600_000 + i })),
        headers: { 'content-type': 'text/plain;charset=UTF-8', origin: ORIGIN },
      });
    const promptChoice = () =>
      server.request({
        method: 'POST',
        url: '/banner/consent',
        payload: JSON.stringify(consentBeacon(amp.uuid, randomUUID())),
        headers: { 'content-type': 'text/plain;charset=UTF-8', origin: ORIGIN },
      });
    const count = async (table: string) => {
      const [row] = await server.deps.db.query<{ n: number }>(
        `select count(*)::int as n from ${table} where property_uuid = $1`,
        [amp.uuid],
      );
      return Number(row!.n);
    };

    const firstPrompt = await prompt();
    expect(firstPrompt.statusCode, firstPrompt.body).toBe(200);
    const firstCheck = await check();
    expect(firstCheck.statusCode, firstCheck.body).toBe(200);
    expect(JSON.parse(firstCheck.body)).toMatchObject({ consentRequired: true });

    cluster.halt();
    const DURING = 8;
    try {
      for (let i = 0; i < DURING; i++) {
        const page = await prompt();
        expect(page.statusCode, page.body).toBe(200);
        expect(bootOf(page.body).config).toEqual(bootOf(firstPrompt.body).config);
        const answer = await check();
        expect(answer.statusCode, answer.body).toBe(200);
        expect(JSON.parse(answer.body)).toEqual(JSON.parse(firstCheck.body));
        const sent = await promptVisit(i);
        expect(sent.statusCode, sent.body).toBe(204);
        const recorded = await promptChoice();
        expect(recorded.statusCode, recorded.body).toBe(204);
      }
    } finally {
      cluster.resume();
    }

    // Every answered beacon is stored once the database is back: the check's visits and the
    // prompt's, and the prompt's consent records.
    const expectedVisits = 1 + DURING * 2;
    let visits = -1;
    let records = -1;
    while (visits < expectedVisits || records < DURING) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      visits = await count('visits').catch(() => -1);
      records = await count('consent_records').catch(() => -1);
    }
    expect(visits).toBe(expectedVisits);
    expect(records).toBe(DURING);
  }, 120_000);
});
