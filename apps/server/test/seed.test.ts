import { regulationFor } from '@assent/core/banner';
import type { Property } from '@assent/core/property';
import { regulationsOf } from '@assent/core/property';
import type { DashboardInsightsResponse } from '@assent/core/reports';
import {
  chartRows,
  groupSessionsByCountryRegion,
  groupSessionsByRegulation,
} from '@assent/core/reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  it('gives each visit the regulation the banner shows its visitor on that property', () => {
    const records = demoVisitRecords(list, pcode, now);
    const codes = { GDPR: 1, NONE: 0 } as const;
    for (const { event, country, region } of records) {
      const p = list.find((x) => x.uuid === event.p)!;
      const rule = regulationFor(
        p.consentLocations ?? [],
        { country: country!, ...(region ? { state: region } : {}) },
        regulationsOf(p),
      );
      if (rule === 'US') expect([2, 3]).toContain(event.r);
      else expect(event.r, `${country} on ${p.url ?? p.packageId}`).toBe(codes[rule]);
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
});
