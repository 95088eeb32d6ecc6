import { PERCENT_AXIS_MAX } from '@assent/core/reports';
import Plotly from 'plotly.js';
import createPlotlyComponent from 'react-plotly.js/factory';
import type { DashboardChart } from './chart-data';

// plotly.js is aliased to plotly.js-basic-dist-min (bar, line, pie): the basic bundle only, in
// this lazily loaded chunk.
const Plot = createPlotlyComponent(Plotly);

/** One dashboard chart drawn with plotly (loaded lazily: never in the first bundle). */
export default function PlotChart({ chart }: { chart: DashboardChart }) {
  const data =
    chart.kind === 'pie'
      ? [
          {
            type: 'pie',
            labels: chart.categories,
            values: chart.series[0]?.values ?? [],
            sort: false,
            hole: 0.4,
          },
        ]
      : chart.series.map((s) => ({
          type: chart.kind === 'bar' ? 'bar' : 'scatter',
          mode: chart.kind === 'line' ? 'lines+markers' : undefined,
          name: s.name,
          x: chart.categories,
          y: s.values,
        }));
  return (
    <Plot
      data={data}
      layout={{
        autosize: true,
        height: 300,
        margin: { t: 16, r: 16, b: 48, l: 48 },
        barmode: 'group',
        showlegend: true,
        legend: { orientation: 'h' },
        xaxis: { type: 'category', automargin: true },
        yaxis: chart.percent
          ? { range: [0, PERCENT_AXIS_MAX], ticksuffix: '%' }
          : { rangemode: 'tozero' },
      }}
      config={{ displaylogo: false, responsive: true }}
      useResizeHandler
      style={{ width: '100%' }}
    />
  );
}
