import type { Property } from '@assent/core';
import {
  DEFAULT_REPORT_CATALOGUE,
  dashboardInsightsQuery,
  routes,
  summaryRequestFor,
} from '@assent/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORTS_NOT_AVAILABLE } from '../src/routes/errors';
import type { TestServer, TestUser } from './harness';
import { createTestServer, json, stores } from './harness';

const range = { startDate: '2026-11-01', endDate: '2026-11-21' };
const previous = { startDate: '2026-10-11', endDate: '2026-10-31' };
/** Served by routes/report-jobs.ts (report-jobs.test.ts). */
const REPORT_JOB_ROUTES = [
  'createJob',
  'updateJob',
  'deleteJob',
  'setJobActive',
  'listJobs',
  'getJob',
  'downloadJobFile',
];

/**
 * The report builder, dashboard and report jobs of the reports release: each route with a body its
 * schema accepts, so a 501 is the stub's answer and not a validation error in disguise.
 */
const notYetImplemented = [
  ['summary', 'POST', 'summary/pcode/{pCode}', summaryRequestFor(range, ['site-1'])],
  [
    'graph',
    'POST',
    'graph/pcode/{pCode}',
    dashboardInsightsQuery({ range, propertyIds: [], filters: {} }).body,
  ],
  [
    'runReport',
    'POST',
    'report/pcode/{pCode}',
    dashboardInsightsQuery({ range, propertyIds: [], filters: {} }).body,
  ],
  ['insights', 'POST', 'insights/pcode/{pCode}', { range, propertyIds: ['site-1'] }],
  [
    'summaryComparison',
    'POST',
    'summary-comparison/pcode/{pCode}',
    {
      summaryDateRange: range,
      comparisonDateRange: previous,
      propertyId: [],
      metricFields: ['totalSessions'],
    },
  ],
  [
    'countryTable',
    'POST',
    'country-table/pcode/{pCode}',
    { currentRange: range, comparisonRange: previous, propertyIds: [] },
  ],
] as const;

describe.each(stores())('analytics (%s)', (store) => {
  let server: TestServer;
  let user: TestUser;
  beforeAll(async () => {
    server = await createTestServer(store, { workers: false });
    user = await server.user();
  });
  afterAll(() => server?.close());

  it('covers every analytics route that is not served yet', () => {
    const served = ['metadata', 'properties', 'themes', 'propertyAnalytics', ...REPORT_JOB_ROUTES];
    expect(notYetImplemented.map(([route]) => route).sort()).toEqual(
      Object.keys(routes.analytics)
        .filter((route) => !served.includes(route))
        .sort(),
    );
  });

  it.each(notYetImplemented)(
    '%s answers a member 501 NOT_IMPLEMENTED, saying what is available',
    async (route, method, path, payload) => {
      const body = routes.analytics[route].body;
      if (body) expect(body.safeParse(payload).success).toBe(true);
      const res = await server.request({
        method,
        url: `/analytics/v1/${path.replace('{pCode}', user.pcode)}`,
        ...(payload ? { payload } : {}),
        as: user,
      });
      expect(res.statusCode).toBe(501);
      expect(json(res)).toEqual({ status: 'NOT_IMPLEMENTED', message: REPORTS_NOT_AVAILABLE });
    },
  );

  it('checks the body before answering 501: an invalid summary request names its fields', async () => {
    const res = await server.request({
      method: 'POST',
      url: `/analytics/v1/summary/pcode/${user.pcode}`,
      payload: {},
      as: user,
    });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ status: 'VALIDATION_ERROR' });
    expect(Object.keys(json<{ fields: object }>(res).fields).sort()).toEqual([
      'filters',
      'metrics',
    ]);
  });

  it("gives the report catalogue, and the account's own properties and themes for the selectors", async () => {
    const metadata = await server.request({
      method: 'GET',
      url: '/analytics/v1/metadata',
      as: user,
    });
    expect(metadata.statusCode).toBe(200);
    expect(json(metadata)).toEqual(DEFAULT_REPORT_CATALOGUE);

    const other = await server.user();
    const create = async (owner: TestUser, kind: 'site' | 'app', payload: object) =>
      json<Property>(
        await server.request({
          method: 'POST',
          url: `/customization/v2/${kind}?pCode=${owner.pcode}`,
          payload,
          as: owner,
        }),
      );
    const site = await create(user, 'site', { url: 'reports.example', themeId: '1' });
    const app = await create(user, 'app', { packageId: 'com.reports.app', themeId: '2' });
    await create(other, 'site', { url: 'not-mine.example', themeId: '1' });
    const theme = json<{ themeId: string }>(
      await server.request({
        method: 'POST',
        url: `/customization/v2/theme?pCode=${user.pcode}`,
        payload: { themeType: 'SITE', themeName: 'Brand', privacyModes: ['GDPR'] },
        as: user,
      }),
    );
    await server.request({
      method: 'POST',
      url: `/customization/v2/theme?pCode=${other.pcode}`,
      payload: { themeType: 'SITE', themeName: 'Not mine', privacyModes: ['GDPR'] },
      as: other,
    });

    const properties = json(
      await server.request({
        method: 'GET',
        url: `/analytics/v1/pcode/${user.pcode}/properties`,
        as: user,
      }),
    );
    expect(properties).toEqual([
      { siteUuid: app.uuid, url: 'com.reports.app', isDisabled: false },
      { siteUuid: site.uuid, url: 'reports.example', isDisabled: false },
    ]);

    const themes = json(
      await server.request({
        method: 'GET',
        url: `/analytics/v1/pcode/${user.pcode}/themes`,
        as: user,
      }),
    );
    expect(themes).toEqual([
      { uuid: theme.themeId, themeName: 'Brand' },
      { uuid: '2', themeName: 'Default app theme' },
      { uuid: '1', themeName: 'Default theme' },
    ]);
  });
});
