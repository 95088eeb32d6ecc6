import { describe, expect, it } from 'vitest';
import { fakeFetch } from '../../testing/fetch';
import { buildReportJob } from '../../testing/reports';
import { createClientFor } from '../client';
import { listRoutes } from '../route';
import { analytics } from './analytics';

const table = { analytics };

describe('analytics routes', () => {
  it("follow the spec's /analytics/v1 table, then the designed paths", () => {
    expect(listRoutes(table).map(({ route }) => `${route.method} ${route.path}`)).toEqual([
      'POST /analytics/v1/summary/pcode/{pCode}',
      'POST /analytics/v1/graph/pcode/{pCode}',
      'GET /analytics/v1/metadata',
      'POST /analytics/v1/pcode/{pCode}/job',
      'PUT /analytics/v1/pcode/{pCode}/job/{jobId}',
      'DELETE /analytics/v1/pcode/{pCode}/job/{jobId}',
      'PATCH /analytics/v1/pcode/{pCode}/job/{jobId}',
      'GET /analytics/v1/pcode/{pCode}/jobs',
      'GET /analytics/v1/pcode/{pCode}/job/{jobId}',
      'POST /analytics/v1/report/pcode/{pCode}',
      'POST /analytics/v1/insights/pcode/{pCode}',
      'POST /analytics/v1/summary-comparison/pcode/{pCode}',
      'POST /analytics/v1/country-table/pcode/{pCode}',
      'GET /analytics/v1/pcode/{pCode}/properties',
      'POST /analytics/v1/properties/pcode/{pCode}',
      'GET /analytics/v1/pcode/{pCode}/themes',
      'POST /analytics/v1/ab-test/pcode/{pCode}',
      'GET /analytics/v1/pcode/{pCode}/job/{jobId}/run/{runId}/file',
    ]);
  });

  it('scope every route but the catalogue to the account code of the path', () => {
    for (const { name, route } of listRoutes(table)) {
      const expected =
        name === 'metadata' ? { kind: 'user' } : { kind: 'account', from: 'params', key: 'pCode' };
      expect(route.access, name).toEqual(expected);
    }
  });

  it('pause with ?active=false, never coercing the text false to true', async () => {
    const { fetch, calls } = fakeFetch(200, { message: 'Report updated successfully' });
    const client = createClientFor(table, { baseUrl: '', fetch });
    await client.analytics.setJobActive({
      params: { pCode: 'AB12', jobId: 'j1' },
      query: { active: false },
    });
    expect(calls[0]?.url).toBe('/analytics/v1/pcode/AB12/job/j1?active=false');
    expect(analytics.setJobActive.query.parse({ active: 'false' })).toEqual({ active: false });
    expect(analytics.setJobActive.query.parse({ active: 'true' })).toEqual({ active: true });
    expect(analytics.setJobActive.query.safeParse({ active: 'yes' }).success).toBe(false);
  });

  it('list jobs by type and name', async () => {
    const { fetch, calls } = fakeFetch(200, [{ ...buildReportJob(), id: 7 }]);
    const client = createClientFor(table, { baseUrl: '', fetch });
    const jobs = await client.analytics.listJobs({
      params: { pCode: 'AB12' },
      query: { type: 'scheduled', name: 'daily' },
    });
    expect(calls[0]?.url).toBe('/analytics/v1/pcode/AB12/jobs?type=scheduled&name=daily');
    expect(jobs[0]?.id).toBe('7');
  });

  it('refuse a summary comparison with an inverted range', () => {
    expect(
      analytics.summaryComparison.body.safeParse({
        summaryDateRange: { startDate: '2024-03-08', endDate: '2024-03-01' },
        comparisonDateRange: { startDate: '2024-03-01', endDate: '2024-03-07' },
        propertyId: [],
        metricFields: ['optInPercent'],
      }).success,
    ).toBe(false);
  });
});
