import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import {
  AB_TEST_NAME_DUPLICATE,
  AB_TEST_TRAFFIC_TOTAL,
  THEME_NOT_IN_ACCOUNT,
} from '@assent/core/property';
import { PropertySettings } from '@assent/core/property';
import type { Property } from '@assent/core/property';
import type { HistoryPage } from '@assent/core/history';
import type { AbTestReport } from '@assent/core/reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoPath } from '../src/paths';
import type { TestServer, TestUser } from './harness';
import { createTestServer, json, stores } from './harness';
import type { Boot } from './boot-json';
import { visit } from './visit-records';

/** A/B tests of themes: setting a site's test, the cmp.js configuration, the beacons and the report. */
describe.each(stores())('A/B tests of themes (%s)', (store) => {
  let server: TestServer;
  let user: TestUser;
  let other: TestUser;
  let site: Property;
  let blueTheme: string;
  let otherTheme: string;

  const createTheme = async (as: TestUser, payload: Record<string, unknown>) => {
    const res = await server.request({
      method: 'POST',
      url: `/customization/v2/theme?pCode=${as.pcode}`,
      payload: { themeType: 'SITE', ...payload },
      as,
    });
    expect(res.statusCode, res.body).toBe(201);
    return json<{ themeId: string }>(res).themeId;
  };
  const setTest = (as: TestUser, uuid: string, variants: unknown[]) =>
    server.request({
      method: 'PUT',
      url: `/customization/v2/site/${uuid}/ab-test?pCode=${as.pcode}`,
      payload: { variants },
      as,
    });
  const cmpBoot = async () => {
    // The configuration cmp.js's loader fetches.
    const res = await server.request({
      method: 'GET',
      url: `/banner/property/${site.uuid}/config.json`,
    });
    expect(res.statusCode).toBe(200);
    return JSON.parse(res.body) as Boot;
  };

  beforeAll(async () => {
    if (!existsSync(repoPath('packages', 'banner', 'dist', 'cmp-gdpr.js')))
      execFileSync(process.execPath, [repoPath('packages', 'banner', 'build.mjs')]);
    server = await createTestServer(store, { now: () => new Date('2026-03-02T09:00:00Z') });
    user = await server.user();
    other = await server.user();
    blueTheme = await createTheme(user, {
      themeName: 'Blue',
      agreeButton: 'Sounds good',
      uxPrimaryButtonColor: '#0000FF',
    });
    otherTheme = await createTheme(other, { themeName: 'Foreign' });
    const res = await server.request({
      method: 'POST',
      url: `/customization/v2/site?pCode=${user.pcode}`,
      payload: {
        url: 'news.example',
        themeId: '1',
        publisherName: 'Example',
        consentLocations: ['WORLDWIDE'],
      },
      as: user,
    });
    expect(res.statusCode, res.body).toBe(201);
    site = json<Property>(res);
  });
  afterAll(() => server?.close());

  it('refuses a broken test naming each field, and another account’s theme', async () => {
    const res = await setTest(user, site.uuid, [
      { name: 'plain', themeId: '1', traffic: 60 },
      { name: 'Plain', themeId: otherTheme, traffic: 30 },
    ]);
    expect(res.statusCode).toBe(400);
    expect(json<{ fields: Record<string, string> }>(res).fields).toEqual({
      'variants.1.name': AB_TEST_NAME_DUPLICATE,
      'variants.1.themeId': THEME_NOT_IN_ACCOUNT,
      variants: AB_TEST_TRAFFIC_TOTAL,
    });
    const read = await server.request({
      method: 'GET',
      url: `/customization/v2/site/${site.uuid}?pCode=${user.pcode}`,
      as: user,
    });
    expect(json<Property>(read).abTestingSitesCollection).toBeUndefined();
  });

  it('is set only by the site’s own account', async () => {
    const res = await setTest(other, site.uuid, [
      { name: 'plain', themeId: '1', traffic: 50 },
      { name: 'foreign', themeId: otherTheme, traffic: 50 },
    ]);
    expect(res.statusCode).toBe(404);
  });

  it('serves cmp.js the control in full and the other variant as a patch of its theme', async () => {
    const before = await cmpBoot();
    expect(before.config.abTest).toBeUndefined();
    const variants = [
      { name: 'plain', themeId: '1', traffic: 70 },
      { name: 'blue', themeId: blueTheme, traffic: 30 },
    ];
    const res = await setTest(user, site.uuid, variants);
    expect(res.statusCode, res.body).toBe(200);
    expect(json<Property>(res).abTestingSitesCollection).toEqual(variants);
    // A property save keeps the test (it is not one of the form's settings).
    const saved = await server.request({
      method: 'PUT',
      url: `/customization/v2/site/${site.uuid}?pCode=${user.pcode}`,
      payload: { ...PropertySettings.parse(site), publisherName: 'Example News' },
      as: user,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(json<Property>(saved).abTestingSitesCollection).toEqual(variants);

    const { config } = await cmpBoot();
    expect(config.abVariant).toBe('plain');
    expect(config.themeId).toBe('1');
    expect(config.theme).toEqual(before.config.theme);
    expect(config.abTest!.variants.map(({ name, traffic }) => [name, traffic])).toEqual([
      ['plain', 70],
      ['blue', 30],
    ]);
    const patch = config.abTest!.variants[1]!.patch as {
      themeId: string;
      abVariant: string;
      theme: { colors: { primaryButtonColor: string }; texts: { en: { agreeButton: string } } };
    };
    expect(patch.themeId).toBe(blueTheme);
    expect(patch.abVariant).toBe('blue');
    expect(patch.theme.colors.primaryButtonColor).toBe('#0000FF');
    expect(patch.theme.texts.en.agreeButton).toBe('Sounds good');
    // Compact: the vendors, purposes and unchanged texts are not repeated.
    expect(Object.keys(patch)).not.toContain('gdpr');
    expect(JSON.stringify(config).length).toBeLessThan(JSON.stringify(before.config).length * 1.2);
  });

  it('reports the beacons of each variant, the test’s first variant as the control', async () => {
    const post = (v: string, o: string) =>
      server.request({
        method: 'POST',
        url: '/banner/visit',
        headers: { 'content-type': 'text/plain', origin: 'https://news.example' },
        payload: JSON.stringify(visit(site.uuid, { v, o, t: v === 'blue' ? blueTheme : '1' })),
      });
    for (const [v, o, n] of [
      ['plain', 'a', 2],
      ['plain', 'r', 2],
      ['blue', 'a', 3],
      ['blue', 'r', 1],
    ] as const)
      for (let i = 0; i < n; i++) expect((await post(v, o)).statusCode).toBe(204);
    const res = await server.request({
      method: 'POST',
      url: `/analytics/v1/ab-test/pcode/${user.pcode}`,
      payload: { propertyId: site.uuid, startDate: '2026-03-02', endDate: '2026-03-02' },
      as: user,
    });
    expect(res.statusCode, res.body).toBe(200);
    const report = json<AbTestReport>(res);
    expect(report.control).toBe('plain');
    expect(
      report.variants.map((v) => [v.variant, v.metrics.totalSessions, v.metrics.optInPercent]),
    ).toEqual([
      ['plain', 4, 50],
      ['blue', 4, 75],
    ]);
    expect(report.variants[1]!.difference).toMatchObject({ optInPercent: 25 });
  });

  it('ends with an empty list: cmp.js carries one theme again', async () => {
    const res = await setTest(user, site.uuid, []);
    expect(res.statusCode, res.body).toBe(200);
    expect(json<Property>(res).abTestingSitesCollection).toBeUndefined();
    const { config } = await cmpBoot();
    expect(config.abTest).toBeUndefined();
    expect(config.abVariant).toBeUndefined();
  });

  it("records every change of the test in the site's history: who, when, variants from → to", async () => {
    const historyOf = async () => {
      const res = await server.request({
        method: 'GET',
        url: `/customization/v2/history?pCode=${user.pcode}&entityId=${site.uuid}`,
        as: user,
      });
      expect(res.statusCode, res.body).toBe(200);
      // The test's entries (a property save in between has its own).
      return json<HistoryPage>(res).items.filter((e) =>
        e.changes.some((c) => c.field === 'abTestingSitesCollection'),
      );
    };
    // The earlier cases set a test and then ended it: two entries, newest first.
    const variants = [
      { name: 'plain', themeId: '1', traffic: 70 },
      { name: 'blue', themeId: blueTheme, traffic: 30 },
    ];
    const [ended, started] = await historyOf();
    expect(ended).toMatchObject({
      actor: user.email,
      via: 'session',
      entityType: 'SITE',
      entityName: 'news.example',
      at: '2026-03-02T09:00:00.000Z',
      changes: [{ field: 'abTestingSitesCollection', from: variants, to: null }],
    });
    expect(started).toMatchObject({
      changes: [{ field: 'abTestingSitesCollection', from: null, to: variants }],
    });
    // A new split is one more entry; the same split again, and a refused one, record nothing.
    const split = [
      { name: 'plain', themeId: '1', traffic: 50 },
      { name: 'blue', themeId: blueTheme, traffic: 50 },
    ];
    expect((await setTest(user, site.uuid, variants)).statusCode).toBe(200);
    expect((await setTest(user, site.uuid, split)).statusCode).toBe(200);
    expect((await setTest(user, site.uuid, split)).statusCode).toBe(200);
    expect((await setTest(user, site.uuid, [split[0]])).statusCode).toBe(400);
    const after = await historyOf();
    expect(after).toHaveLength(4);
    expect(after[0]!.changes).toEqual([
      { field: 'abTestingSitesCollection', from: variants, to: split },
    ]);
  });
});
