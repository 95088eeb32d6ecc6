import { compileGbc, gbcAppliesTo, regulationFor } from '@assent/core/banner';
import type { Property } from '@assent/core/property';
import { regulationsOf } from '@assent/core/property';
import type { DashboardInsightsResponse } from '@assent/core/reports';
import {
  chartRows,
  groupSessionsByCountryRegion,
  groupSessionsByRegulation,
  propertyFilter,
  timeFilters,
} from '@assent/core/reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { properties } from '../src/repositories/properties';
import { demoVisitRecords, seedDemo } from '../src/seed';
import type { TestServer } from './harness';
import { createTestServer, json, stores } from './harness';

/**
 * The demo account's visits: each carries the regulation the banner's own rule gives its visitor,
 * so the dashboard's "Sessions by country" and "Sessions by regulation" differ as on real traffic.
 * Regression: every GDPR visitor came from Europe and every US-rules visitor from the US, so the
 * two charts showed the same EU/US/Total numbers.
 */
describe.each(stores())('the demo account (%s)', (store) => {
  let server: TestServer;
  let cookie: string;
  let pcode: string;
  let list: Property[];
  const now = new Date('2026-11-20T12:00:00Z');

  beforeAll(async () => {
    server = await createTestServer(store, { now: () => now });
    const demo = await seedDemo(server.deps, { password: 'demo password 1' });
    pcode = demo.pcode;
    const signedIn = await server.request({
      method: 'POST',
      url: '/auth/sign-in',
      payload: { email: demo.email, password: demo.password },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    cookie = String(signedIn.headers['set-cookie']).split(';')[0]!;
    list = json<Property[]>(
      await server.request({
        method: 'GET',
        url: `/customization/v2/site?pCode=${pcode}`,
        headers: { cookie },
      }),
    );
  });
  afterAll(() => server?.close());

  it('gives each visit the regulation the banner shows its visitor on that property', async () => {
    // The stored properties (the list route answers a summary without the GBC settings).
    const stored = await properties.list(server.deps.db, pcode);
    const records = demoVisitRecords(stored, pcode, now);
    for (const { event, country, region } of records) {
      const p = stored.find((x) => x.uuid === event.p)!;
      const where = { country: country!, ...(region ? { state: region } : {}) };
      const rule = regulationFor(p.consentLocations ?? [], where, regulationsOf(p));
      // No regulation: Google basic consent alone (10) where it applies to the visitor, else none.
      const none = gbcAppliesTo(compileGbc(p), where) ? 10 : 0;
      if (rule === 'US') expect([2, 3]).toContain(event.r);
      else
        expect(event.r, `${country} on ${p.url ?? p.packageId}`).toBe(rule === 'GDPR' ? 1 : none);
      // A GBC-only page view asks nothing: not shown, the property's defaults.
      if (event.r === 10) expect(event).toMatchObject({ x: 1, g: 'dgdd', o: 'p' });
    }
    // Visitors from outside Europe and the US, and GDPR shown outside Europe (worldwide sites).
    expect(records.some((r) => r.country === 'JP')).toBe(true);
    expect(records.some((r) => r.event.r === 1 && r.country === 'BR')).toBe(true);
    expect(records.some((r) => r.event.r === 0 && r.country === 'US')).toBe(true);
  });

  it('shows different series in "Sessions by country" and "Sessions by regulation"', async () => {
    const res = await server.request({
      method: 'POST',
      url: `/analytics/v1/insights/pcode/${pcode}`,
      headers: { cookie },
      payload: {
        range: { startDate: '2026-11-13', endDate: '2026-11-19' },
        propertyIds: list.map((p) => p.uuid),
        filters: {},
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const insights = json<DashboardInsightsResponse>(res);
    const byCountry = groupSessionsByCountryRegion(chartRows(insights, 'sessionsByCountry'));
    const byRegulation = groupSessionsByRegulation(chartRows(insights, 'sessionsByRegulation'));
    expect(byCountry).toHaveLength(7);
    expect(byRegulation.map((p) => p.period)).toEqual(byCountry.map((p) => p.period));
    // Same sessions in total; GDPR reaches visitors beyond Europe; some Americans get no US rules.
    expect(byRegulation.map((p) => p.Total)).toEqual(byCountry.map((p) => p.Total));
    const sum = (points: typeof byCountry, key: 'EU' | 'US') =>
      points.reduce((n, p) => n + p[key], 0);
    expect(sum(byRegulation, 'EU')).toBeGreaterThan(sum(byCountry, 'EU'));
    expect(sum(byRegulation, 'US')).toBeLessThan(sum(byCountry, 'US'));
  });

  it('shows the GBC and Users metrics of Google basic consent and Consent or Pay', async () => {
    const res = await server.request({
      method: 'POST',
      url: `/analytics/v1/report/pcode/${pcode}`,
      headers: { cookie },
      payload: {
        filters: [
          ...timeFilters({ startDate: '2026-10-21', endDate: '2026-11-19' }),
          propertyFilter(list.map((p) => p.uuid)),
        ],
        queries: [
          {
            id: 'gbc',
            dimensions: ['gbcApplicable'],
            metrics: [
              'totalTraffic',
              'gbcAdStorageGrantedPercent',
              'gbcAnalyticsStorageGrantedPercent',
            ],
            granularity: 'day',
          },
          {
            id: 'cop',
            dimensions: ['copApplicable'],
            metrics: ['copUsers', 'copAcceptPercent', 'copSubscribePercent', 'copLoginPercent'],
            granularity: 'day',
          },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [gbc, cop] =
      json<Array<{ results: Array<Record<string, number | boolean | null>> }>>(res);
    const gbcRow = gbc!.results.find((r) => r.gbcApplicable === true)!;
    // Analytics storage defaults to granted, ad storage to denied: the GBC-only page views keep
    // them, the choices change them.
    expect(gbcRow.gbcAdStorageGrantedPercent).toBeGreaterThan(0);
    expect(gbcRow.gbcAnalyticsStorageGrantedPercent).toBeGreaterThan(
      gbcRow.gbcAdStorageGrantedPercent as number,
    );
    const copRow = cop!.results.find((r) => r.copApplicable === true)!;
    expect(copRow.copUsers).toBeGreaterThan(0);
    expect(copRow.copAcceptPercent).toBeGreaterThan(0);
    expect(copRow.copSubscribePercent).toBeGreaterThan(0);
    expect(copRow.copLoginPercent).toBeGreaterThan(0);

    // The shop's page views from outside the EEA under key 10 of its analytics.
    const shop = list.find((p) => p.url === 'shop.example.com')!;
    const analytics = await server.request({
      method: 'POST',
      url: `/analytics/v1/properties/pcode/${pcode}`,
      headers: { cookie },
      payload: { propertyIds: [shop.uuid], startDate: '2026-10-21', endDate: '2026-11-19' },
    });
    expect(analytics.statusCode, analytics.body).toBe(200);
    expect(
      json<Record<string, Record<string, unknown>>>(analytics)[shop.uuid]!['10'],
    ).toMatchObject({ totalShown: 0, consentRatePercentage: null });
  });
});
