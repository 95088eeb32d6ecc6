import type { AnalyticsResultRow } from '@assent/core/reports';
import { describe, expect, it } from 'vitest';
import { dashboardCharts } from './chart-data';
import { chartTraces } from './PlotChart';

const insights = (pageFormatRows: AnalyticsResultRow[]) =>
  dashboardCharts({
    granularity: 'day',
    charts: [{ id: 'sessionsByPageFormat', results: pageFormatRows }],
  }).find((c) => c.id === 'sessionsByPageFormat')!;

describe('dashboard chart traces', () => {
  it('draws the page-format Total first, as a wide pale band, so it shows when every page is HTTP', () => {
    const chart = insights([
      { period: '2024-03-08', pageFormat: 'HTTP', totalSessions: 6 },
      { period: '2024-03-09', pageFormat: 'HTTP', totalSessions: 4 },
    ]);
    const traces = chartTraces(chart);
    expect(traces.map((t) => t.name)).toEqual(['Total (All Pages)', 'AMP', 'HTTP']);
    const [total, amp, http] = traces;
    // Total equals HTTP here: the same points, so only its style tells them apart.
    expect(total!.y).toEqual(http!.y);
    expect(total).toMatchObject({
      mode: 'lines+markers',
      opacity: 0.35,
      line: { width: 10 },
      marker: { size: 16 },
    });
    expect(http).toMatchObject({ type: 'scatter', mode: 'lines+markers' });
    expect(http!.line).toBeUndefined();
    expect(amp!.y).toEqual([0, 0]);
  });

  it('leaves grouped bars (regulation) as they are: side by side, Total last', () => {
    const chart = dashboardCharts({
      granularity: 'day',
      charts: [
        {
          id: 'sessionsByRegulation',
          results: [{ period: '2024-03-08', regulation: 'GDPR', totalSessions: 6 }],
        },
      ],
    }).find((c) => c.id === 'sessionsByRegulation')!;
    const traces = chartTraces(chart);
    expect(traces.map((t) => t.name)).toEqual(['EU', 'US', 'Total']);
    expect(traces.every((t) => t.type === 'bar' && t.opacity === undefined)).toBe(true);
  });
});
