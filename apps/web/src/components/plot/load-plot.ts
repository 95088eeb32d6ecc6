// plotly is heavy (about 1 MB): its chunk loads with the first chart drawn, never in the first
// bundle. Every chart of the console draws through one module (LazyPlot). This module is apart
// from LazyPlot so that the start-up's preload (app/services.ts) brings neither LazyPlot nor its
// static first paint (StaticPlot, d3) into the entry chunk.
export const loadPlot = () => import('./Plot');

/**
 * Starts loading plotly's chunk now (once; later calls and the first chart share it): a page that
 * will draw charts calls it as it mounts, so the chunk arrives while the page waits for its data
 * instead of after it.
 */
export function preloadPlot(): void {
  // A failed load is the chart's to show (its Suspense); nothing to do here.
  loadPlot().catch(() => {});
}
