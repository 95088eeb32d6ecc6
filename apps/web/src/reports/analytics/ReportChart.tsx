import type { CustomReportChart, ReportChartType } from '@assent/core/reports';
import { PERCENT_AXIS_MAX } from '@assent/core/reports';
import Plotly from 'plotly.js';
import createPlotlyComponent from 'react-plotly.js/factory';

// plotly.js is aliased to plotly.js-basic-dist-min (bar, line, pie): the basic bundle only, in
// this lazily loaded chunk.
const Plot = createPlotlyComponent(Plotly);

export interface ReportChartProps {
  chart: CustomReportChart;
  type: ReportChartType;
}

/** The chart of a custom report run: one bar group or line per metric, rows along the x axis. */
export default function ReportChart({ chart, type }: ReportChartProps) {
  // Counts and percentages together: the percentages get a 0–100 axis of their own, on the right.
  const mixed = !chart.percent && chart.series.some((s) => s.percent);
  const percentAxis = { range: [0, PERCENT_AXIS_MAX], ticksuffix: '%' };
  const data = chart.series.map((s) => ({
    type: type === 'Bar' ? 'bar' : 'scatter',
    mode: type === 'Line' ? 'lines+markers' : undefined,
    name: s.name,
    x: chart.x,
    y: s.values,
    ...(mixed && s.percent ? { yaxis: 'y2', offsetgroup: s.fieldName } : {}),
    ...(mixed && !s.percent ? { offsetgroup: s.fieldName } : {}),
  }));
  return (
    <Plot
      data={data}
      layout={{
        autosize: true,
        height: 360,
        margin: { t: 24, r: mixed ? 56 : 16, b: 80, l: 56 },
        barmode: 'group',
        showlegend: true,
        legend: { orientation: 'h', y: -0.3 },
        xaxis: { title: { text: chart.xTitle }, type: 'category', automargin: true },
        yaxis: chart.percent ? percentAxis : { rangemode: 'tozero' },
        ...(mixed
          ? { yaxis2: { ...percentAxis, overlaying: 'y', side: 'right', showgrid: false } }
          : {}),
      }}
      config={{ displaylogo: false, responsive: true }}
      useResizeHandler
      style={{ width: '100%' }}
    />
  );
}
