import { memo } from 'react';
import { LazyPlot } from '../../components/plot/LazyPlot';
import { PERCENT_AXIS } from '../../components/plot/plot-props';
import { StaticPlot } from '../../components/plot/StaticPlot';
import type { DashboardChart } from './chart-data';

/**
 * A total on a line chart: a wide, pale band with wide markers (a single period has no line),
 * drawn first (under the others), so a total equal to one of its parts (every page HTTP) still
 * shows around that part's line.
 */
const TOTAL_LINE = { line: { width: 10 }, marker: { size: 16 }, opacity: 0.35 } as const;

/**
 * Fixed margins wide enough for the axis labels (periods, slanted when many; counts up to 1.2M)
 * and the legend below, with automargin off: plotly's automargin measures the drawn labels and,
 * when the margins change, draws the whole chart a second time (about half of the dashboard's
 * plotly time at 4x CPU throttling).
 */
const MARGIN = { t: 16, r: 16, b: 88, l: 56 };
const PIE_LAYOUT = { height: 300, margin: MARGIN };
/**
 * Tick labels are not checked for overflowing the chart (`ticklabeloverflow: 'allow'`): the fixed
 * margins hold them, and plotly's check measures every label again after drawing it (about an
 * eighth of the dashboard's plotly time at 4x CPU throttling).
 */
const AXIS = { automargin: false, ticklabeloverflow: 'allow' };
const COUNT_LAYOUT = {
  ...PIE_LAYOUT,
  xaxis: { type: 'category', ...AXIS },
  yaxis: { rangemode: 'tozero', ...AXIS },
};
const PERCENT_LAYOUT = { ...COUNT_LAYOUT, yaxis: { ...PERCENT_AXIS, ...AXIS } };

/**
 * A chart's layout. A line chart's category axis keeps half a period free at each end: its first
 * and last points would otherwise sit on the axes, the first period's label under the y axis's 0.
 */
function layoutOf(chart: DashboardChart) {
  if (chart.kind === 'pie') return PIE_LAYOUT;
  const layout = chart.percent ? PERCENT_LAYOUT : COUNT_LAYOUT;
  if (chart.kind !== 'line') return layout;
  return {
    ...layout,
    xaxis: { ...layout.xaxis, range: [-0.5, chart.categories.length - 0.5] },
  };
}

/** The plotly traces of a dashboard chart: a pie, grouped bars or lines over its categories. */
export function chartTraces(chart: DashboardChart): Record<string, unknown>[] {
  if (chart.kind === 'pie')
    return [
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
    ];
  const line = chart.kind === 'line';
  // Totals first on a line chart: plotly draws traces in order, so the parts lie on top.
  const series = line
    ? [...chart.series.filter((s) => s.total), ...chart.series.filter((s) => !s.total)]
    : chart.series;
  return series.map((s) => ({
    type: line ? 'scatter' : 'bar',
    mode: line ? 'lines+markers' : undefined,
    name: s.name,
    x: chart.categories,
    y: s.values,
    // Percentages are exact: shown to one decimal, as everywhere on the dashboard.
    ...(chart.percent ? { yhoverformat: '.1f' } : {}),
    ...(line && s.total ? TOTAL_LINE : {}),
  }));
}

/**
 * One dashboard chart: drawn by plotly once `interactive`, before that (and by the server render)
 * as plain SVG from the same figure. Memoised: the tab re-renders as each of its calls answers,
 * and a new figure object would make plotly diff (or redraw) a chart whose data did not change.
 */
export const PlotChart = memo(function PlotChart({
  chart,
  interactive,
}: {
  chart: DashboardChart;
  interactive: boolean;
}) {
  const Chart = interactive ? LazyPlot : StaticPlot;
  return <Chart data={chartTraces(chart)} layout={layoutOf(chart)} />;
});
