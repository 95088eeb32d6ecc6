import { PERCENT_AXIS_MAX } from '@assent/core/reports';

/** A trace as the charts build it (plotly's own types are not shipped by the basic bundle). */
type PlotTrace = Record<string, unknown>;

/** What a chart tells the plot: its traces and the parts of its layout of its own. */
export interface PlotProps {
  data: PlotTrace[];
  layout: Record<string, unknown>;
}

/** The 0–100 axis of percentages (percent axes never go above 100). */
export const PERCENT_AXIS = { range: [0, PERCENT_AXIS_MAX], ticksuffix: '%' };
