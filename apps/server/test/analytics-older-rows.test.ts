import type { Property } from '@assent/core/property';
import type { PropertyAnalytics } from '@assent/core/reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer, TestUser } from './harness';
import { createTestServer, json, stores } from './harness';

/**
 * Rows stored before core's visitDimensions kept a US state-section visit without a known state
 * as national (regulation 2): they sit in the rollups as regulation 3 with a null state. The
 * per-property analytics count them under CCPA (key 2), never as a null-state entry of key 3
 * (c74b00e's query side; a visit posted today is stored as 2 and cannot show it).
 */
describe.each(stores())('older US state-section rows without a state (%s)', (store) => {
  let server: TestServer;
  let user: TestUser;
  let site: Property;
  const day = '2026-07-01';

  beforeAll(async () => {
    server = await createTestServer(store, { now: () => new Date(`${day}T12:00:00Z`) });
    user = await server.user();
    const res = await server.request({
      method: 'POST',
      url: `/customization/v2/site?pCode=${user.pcode}`,
      payload: {
        url: 'older-rows.example',
        themeId: '1',
        publisherName: 'Example',
        consentLocations: ['USA'],
      },
      as: user,
    });
    expect(res.statusCode, res.body).toBe(201);
    site = json<Property>(res);
    // As the roll-up stored them then: two shown rejects under a state's section without a state,
    // one shown accept under Virginia's, one shown accept under the national section.
    const row = (regulation: number, state: string | null, outcome: string, visits: number) =>
      server.deps.db.query(
        `insert into visit_rollup_daily (day, pcode, property_uuid, theme_id, theme_language,
           regulation, state, country, device, os, browser, page_format, gbc_applicable,
           cop_applicable, advanced_applicable, variant, outcome, shown, visits)
         values ($1, $2, $3, '1', 'en', $4, $5, 'US', 'pc', 'Windows', 'Chrome', 'HTTP', false,
           false, false, null, $6, true, $7)`,
        [day, user.pcode, site.uuid, regulation, state, outcome, visits],
      );
    await row(3, null, 'rejectAll', 2);
    await row(3, 'VA', 'acceptAll', 1);
    await row(2, null, 'acceptAll', 1);
  });
  afterAll(() => server?.close());

  it('counts them under CCPA (key 2), and key 3 only by known state', async () => {
    const res = await server.request({
      method: 'POST',
      url: `/analytics/v1/properties/pcode/${user.pcode}`,
      payload: { propertyIds: [site.uuid], startDate: day, endDate: day },
      as: user,
    });
    expect(res.statusCode, res.body).toBe(200);
    const analytics = json<Record<string, PropertyAnalytics>>(res)[site.uuid]!;
    expect(analytics['2']).toMatchObject({
      totalShown: 3,
      acceptAll: 1,
      rejectAll: 2,
      rejectedRatePercentage: 66.67,
    });
    expect(analytics['3']).toEqual([
      expect.objectContaining({ state: 'VA', totalShown: 1, acceptAll: 1 }),
    ]);
  });
});
