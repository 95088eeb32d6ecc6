import { lazy, Suspense } from 'react';
import { Loading } from '../Loading';
import type { PlotProps } from './plot-props';

// plotly is heavy (about 1 MB): its chunk loads with the first chart drawn, never in the first
// bundle. Every chart of the console draws through this one module.
const Plot = lazy(() => import('./Plot'));

/** A plotly chart, loaded on first use ('Loading...' until its chunk is in). */
export function LazyPlot(props: PlotProps) {
  return (
    <Suspense fallback={<Loading />}>
      <Plot {...props} />
    </Suspense>
  );
}
