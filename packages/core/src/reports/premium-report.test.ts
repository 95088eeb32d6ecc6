import { describe, expect, it } from 'vitest';
import { normalizeReportFilters, validateAnalyticsQuery } from './report-request';
import { PREMIUM_REPORT_SECTIONS, sitePremiumReportRequest } from './premium-report';

describe('sitePremiumReportRequest', () => {
  it("asks one graph call for the site's range: a query per section, each valid for the server", () => {
    const body = sitePremiumReportRequest('site-1', {
      startDate: '2024-02-14',
      endDate: '2024-03-14',
    });
    expect(body.queries.map((q) => [q.id, q.dimensions, q.granularity])).toEqual([
      ['daily', ['period'], 'day'],
      ['deviceType', ['deviceType'], 'day'],
      ['pageFormat', ['pageFormat'], 'day'],
      ['country', ['country'], 'day'],
    ]);
    expect(body.queries.map((q) => q.id)).toEqual(PREMIUM_REPORT_SECTIONS.map((s) => s.id));
    // The server reads the same body: the site only, the range's days, known fields.
    expect(normalizeReportFilters(body.filters)).toEqual({
      ok: true,
      value: { startDate: '2024-02-14', endDate: '2024-03-14', propertyId: ['site-1'] },
    });
    for (const [i, q] of body.queries.entries()) expect(validateAnalyticsQuery(q, i).ok).toBe(true);
  });
});
