import { lazy, Suspense } from 'react';
import { Loading } from '../Loading';
import type { PlotProps } from './plot-props';

// plotly is heavy (about 1 MB): its chunk loads with the first chart drawn, never in the first
// bundle. Every chart of the console draws through this one module.
const loadPlot = () => import('./Plot');
const Plot = lazy(loadPlot);

/**
 * Starts loading plotly's chunk now (once; later calls and the first chart share it): a page that
 * will draw charts calls it as it mounts, so the chunk arrives while the page waits for its data
 * instead of after it.
 */
export function preloadPlot(): void {
  // A failed load is the chart's to show (its Suspense); nothing to do here.
  loadPlot().catch(() => {});
}

/** A plotly chart, loaded on first use ('Loading...' until its chunk is in). */
export function LazyPlot(props: PlotProps) {
  return (
    <Suspense fallback={<Loading />}>
      <Plot {...props} />
    </Suspense>
  );
}
