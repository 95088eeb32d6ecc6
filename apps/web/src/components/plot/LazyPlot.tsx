import { lazy, Suspense } from 'react';
import { Loading } from '../Loading';
import type { PlotProps } from './plot-props';
import { StaticPlot } from './StaticPlot';
import { loadPlot } from './load-plot';

const Plot = lazy(loadPlot);

/**
 * A plotly chart, loaded on first use: until its chunk is in, the same figure drawn as plain SVG
 * (`StaticPlot`), which plotly's drawing then replaces; or 'Loading...' for a figure the static
 * drawing does not copy (`staticFirstPaint={false}`: a second y axis, axis titles, automargin).
 */
export function LazyPlot({
  staticFirstPaint = true,
  ...props
}: PlotProps & { staticFirstPaint?: boolean }) {
  return (
    <Suspense fallback={staticFirstPaint ? <StaticPlot {...props} /> : <Loading />}>
      <Plot {...props} />
    </Suspense>
  );
}
