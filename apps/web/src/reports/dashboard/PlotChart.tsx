import { LazyPlot } from '../../components/plot/LazyPlot';
import { PERCENT_AXIS } from '../../components/plot/plot-props';
import type { DashboardChart } from './chart-data';

/** One dashboard chart: a pie, grouped bars or lines over its categories. */
export function PlotChart({ chart }: { chart: DashboardChart }) {
  const data =
    chart.kind === 'pie'
      ? [
          {
            type: 'pie',
            labels: chart.categories,
            values: chart.series[0]?.values ?? [],
            sort: false,
            hole: 0.4,
            // Percentages are exact: labelled to one decimal, as everywhere on the dashboard.
            ...(chart.percent
              ? {
                  texttemplate: '%{value:.1f}%',
                  hovertemplate: '%{label}: %{value:.1f}%<extra></extra>',
                }
              : {}),
          },
        ]
      : chart.series.map((s) => ({
          type: chart.kind === 'bar' ? 'bar' : 'scatter',
          mode: chart.kind === 'line' ? 'lines+markers' : undefined,
          name: s.name,
          x: chart.categories,
          y: s.values,
          // Percentages are exact: shown to one decimal, as everywhere on the dashboard.
          ...(chart.percent ? { yhoverformat: '.1f' } : {}),
        }));
  return (
    <LazyPlot
      data={data}
      layout={{
        height: 300,
        margin: { t: 16, r: 16, b: 48, l: 48 },
        xaxis: { type: 'category', automargin: true },
        yaxis: chart.percent ? PERCENT_AXIS : { rangemode: 'tozero' },
      }}
    />
  );
}
