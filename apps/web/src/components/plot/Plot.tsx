import Plotly from 'plotly.js';
import createPlotlyComponent from 'react-plotly.js/factory';
import type { PlotProps } from './plot-props';

// plotly.js is aliased to plotly.js-basic-dist-min (bar, line, pie): the basic bundle only. This
// module is the console's one use of plotly, and it is only ever imported lazily (load-plot.ts).
const PlotlyPlot = createPlotlyComponent(Plotly);

const CONFIG = { displayModeBar: false, responsive: true };

/**
 * Every console chart: plotly sized to its container, grouped bars, a horizontal legend; the
 * chart's own layout on top. No mode bar: its dozen icon links were Tab stops inside every chart
 * (inside a role="img" on the dashboard), and what they offer is elsewhere (the data table under
 * each chart, the CSV export); hover still shows the values. Plotly's own `responsive` follows
 * the window's size: react-plotly's `useResizeHandler` would also resize every chart once just
 * after drawing it (a second full layout of each, 100 ms later, on the dashboard's first paint).
 */
export default function Plot({ data, layout }: PlotProps) {
  return (
    <PlotlyPlot
      data={data}
      layout={{
        autosize: true,
        barmode: 'group',
        showlegend: true,
        legend: { orientation: 'h' },
        ...layout,
      }}
      config={CONFIG}
      // The figure's height is kept while plotly draws into its new, empty element (the static
      // first paint it replaces had it).
      style={{
        width: '100%',
        minHeight: typeof layout.height === 'number' ? layout.height : undefined,
      }}
    />
  );
}
