import type { CustomReportChart, ReportChartType } from '@assent/core/reports';
import { LazyPlot } from '../../components/plot/LazyPlot';
import { PERCENT_AXIS } from '../../components/plot/plot-props';

export interface ReportChartProps {
  chart: CustomReportChart;
  type: ReportChartType;
}

/** The chart of a custom report run: one bar group or line per metric, rows along the x axis. */
export function ReportChart({ chart, type }: ReportChartProps) {
  // Counts and percentages together: the percentages get a 0–100 axis of their own, on the right.
  const mixed = !chart.percent && chart.series.some((s) => s.percent);
  const data = chart.series.map((s) => ({
    type: type === 'Bar' ? 'bar' : 'scatter',
    mode: type === 'Line' ? 'lines+markers' : undefined,
    name: s.name,
    x: chart.x,
    y: s.values,
    ...(mixed && s.percent ? { yaxis: 'y2', offsetgroup: s.fieldName } : {}),
    ...(mixed && !s.percent ? { offsetgroup: s.fieldName } : {}),
  }));
  // 'Loading...' until plotly is in: the static first paint copies the dashboard's figures, not
  // this one's second axis, axis title and automargin. The builder loads plotly's chunk as it
  // opens (use-report-builder), so by a run it is in.
  return (
    <LazyPlot
      staticFirstPaint={false}
      data={data}
      layout={{
        height: 360,
        margin: { t: 24, r: mixed ? 56 : 16, b: 80, l: 56 },
        legend: { orientation: 'h', y: -0.3 },
        xaxis: { title: { text: chart.xTitle }, type: 'category', automargin: true },
        yaxis: chart.percent ? PERCENT_AXIS : { rangemode: 'tozero' },
        ...(mixed
          ? { yaxis2: { ...PERCENT_AXIS, overlaying: 'y', side: 'right', showgrid: false } }
          : {}),
      }}
    />
  );
}
