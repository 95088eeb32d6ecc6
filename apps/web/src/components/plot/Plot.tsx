import Plotly from 'plotly.js';
import createPlotlyComponent from 'react-plotly.js/factory';
import type { PlotProps } from './plot-props';

// plotly.js is aliased to plotly.js-basic-dist-min (bar, line, pie): the basic bundle only. This
// module is the console's one use of plotly, and it is only ever imported lazily (LazyPlot).
const PlotlyPlot = createPlotlyComponent(Plotly);

/**
 * Every console chart: plotly sized to its container, grouped bars, a horizontal legend, no
 * plotly logo; the chart's own layout on top.
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
      config={{ displaylogo: false, responsive: true }}
      useResizeHandler
      style={{ width: '100%' }}
    />
  );
}
