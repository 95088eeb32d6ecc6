import { formatPercent } from '@assent/core';
import { NO_DATA_AVAILABLE } from '@assent/core/reports';
import { Card, H4 } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import type { DashboardChart } from './chart-data';
import { isChartEmpty } from './chart-data';
import { PlotChart } from './PlotChart';

/** A chart's text alternative: its data as a table (Accessible, issue 11 Quality). */
function ChartTable({ chart }: { chart: DashboardChart }) {
  return (
    <details className="assent-chart-table">
      <summary>Show data as a table</summary>
      <table className="bp6-html-table bp6-compact" aria-label={`${chart.title} data`}>
        <thead>
          <tr>
            <th scope="col">{chart.categoryTitle}</th>
            {chart.series.map((s) => (
              <th key={s.name} scope="col">
                {s.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {chart.categories.map((category, i) => (
            <tr key={category}>
              <th scope="row">{category}</th>
              {chart.series.map((s) => (
                <td key={s.name}>
                  {chart.percent ? formatPercent(s.values[i] ?? 0) : (s.values[i] ?? 0)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/**
 * How many of `count` charts plotly draws: none in the frame that first shows the section (each
 * chart shows its static drawing, as the server rendered it, so hydration matches), then one more
 * after each frame is painted. Drawing six plotly charts is one task of several hundred ms at 4x
 * CPU throttling; one per frame keeps the page painting and answering input in between. Once all
 * are drawn, new data (another period or filter) redraws them at once.
 */
function useDrawnCount(count: number): number {
  const [drawn, setDrawn] = useState(0);
  useEffect(() => {
    if (drawn >= count) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame callback runs before its paint; the timeout it starts runs after it.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setDrawn((n) => n + 1), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [drawn, count]);
  return drawn;
}

/**
 * The six insight charts; 'No Data Available' for an empty one; full width for ranges of 6 to 15
 * and 36 to 90 days (core's `isChartFullWidth`), else two a row. Each chart's title, data table
 * and static drawing show at once; plotly's drawing replaces it, one chart a frame
 * (`useDrawnCount`), in the same space.
 */
export function InsightsCharts({
  charts,
  fullWidth,
}: {
  charts: readonly DashboardChart[];
  fullWidth: boolean;
}) {
  const drawn = useDrawnCount(charts.length);
  return (
    <div className={`assent-insights-charts${fullWidth ? ' assent-insights-charts-full' : ''}`}>
      {charts.map((chart, i) => (
        <Card
          key={chart.id}
          className="assent-insights-chart"
          role="region"
          aria-label={chart.title}
        >
          <H4>{chart.title}</H4>
          {isChartEmpty(chart) ? (
            <p className="assent-chart-empty">{NO_DATA_AVAILABLE}</p>
          ) : (
            <>
              <div role="img" aria-label={`${chart.title} (chart; its data is in the table below)`}>
                <PlotChart chart={chart} interactive={i < drawn} />
              </div>
              <ChartTable chart={chart} />
            </>
          )}
        </Card>
      ))}
    </div>
  );
}
