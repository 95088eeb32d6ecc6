import { max, min, ticks } from 'd3-array';
import { arc, pie } from 'd3-shape';
import type { CSSProperties } from 'react';
import type { PlotProps } from './plot-props';

/**
 * A chart's first paint, before plotly's chunk is in: the same figure (`data` and `layout`, as
 * `Plot` gets them) drawn as plain SVG, by the server render and the browser alike (no script, no
 * text measured). It copies what plotly draws for the console's charts, so that plotly's drawing
 * replaces it without a jump: the height, the margins and so the plot area, the y axis's range and
 * ticks (plotly's rules: 5% of padding over bars, a tick step of 2, 5 or 10 times a power of ten,
 * k/M/B from 10,000), plotly's colorway, the bars grouped (gap 0.2), lines and markers, the pie
 * (its hole, counterclockwise from the first slice) and the horizontal legend under the plot.
 * Across, everything is placed in percentages of the plot area (the width is not known on the
 * server); down, in pixels. The category labels are laid out as plotly lays them out at the
 * console's usual widths (the width they would need is not known either). Hover, legend toggling
 * and the rest come with plotly.
 */

/** A trace as the console's charts build it: the parts the static drawing reads. */
interface Trace {
  type?: string;
  name?: string;
  mode?: string;
  x?: readonly string[];
  y?: readonly number[];
  labels?: readonly string[];
  values?: readonly number[];
  hole?: number;
  texttemplate?: string;
  opacity?: number;
  line?: { width?: number; color?: string };
  marker?: { size?: number; color?: string };
}

interface Axis {
  range?: readonly [number, number];
  rangemode?: string;
  ticksuffix?: string;
}

interface Layout {
  height?: number;
  margin?: { t?: number; r?: number; b?: number; l?: number };
  legend?: { y?: number };
  xaxis?: Axis;
  yaxis?: Axis;
}

/** plotly's default colorway, and whether each colour is light (its slice text is then dark). */
const COLORWAY = [
  ['#1f77b4', false],
  ['#ff7f0e', true],
  ['#2ca02c', false],
  ['#d62728', false],
  ['#9467bd', false],
  ['#8c564b', false],
  ['#e377c2', true],
  ['#7f7f7f', false],
  ['#bcbd22', true],
  ['#17becf', true],
] as const;
const colourAt = (i: number) => COLORWAY[i % COLORWAY.length]!;

const TEXT_COLOUR = '#444';
const GRID_COLOUR = '#eee';
const FONT: CSSProperties = {
  fontFamily: '"Open Sans", verdana, arial, sans-serif',
  fontSize: 12,
  color: TEXT_COLOUR,
};
/** plotly's defaults: a 450 px figure, 80 px margins but 100 at the top. */
const DEFAULT_HEIGHT = 450;
const DEFAULT_MARGIN = { t: 100, r: 80, b: 80, l: 80 };
/** Bars take 80% of their category (`bargap` 0.2), the group shared by its traces. */
const BAR_SHARE = 0.8;
/** plotly's padding of an autoranged axis's far end: 5% of its length, plus a marker's radius. */
const RANGE_PAD = 0.05;
const LINE_WIDTH = 2;
const MARKER_SIZE = 6;
/** Below the plot area: category labels' baseline, and the legend's top (`legend.y` -0.1). */
const X_LABEL_BASELINE = 13;
const LEGEND_Y = -0.1;
/** A legend item: its symbol in the first 40 px, its text after, 5 px to the next one. */
const LEGEND_SYMBOL_WIDTH = 40;
const LEGEND_ROW = 19;
const LEGEND_PAD = 5;
/** plotly shows at most one category label per 15 px, rotated when they would not fit across. */
const CATEGORY_LABEL_PX = 15;
/**
 * The category labels' layout at the console's widths (dashboard: full width from 6 to 15 and 36
 * to 90 periods, two a row otherwise): dates side by side up to 15, turned down beyond; at most 75
 * labels (a full-width chart), so every other one from 76 on.
 */
const ACROSS_MAX = 15;
const ASSUMED_PLOT_WIDTH = 1128;

/** A trace's colour: its own (marker, then line), else the colorway's `i`th. */
const traceColour = (trace: Trace, i: number) =>
  trace.marker?.color ?? trace.line?.color ?? colourAt(i)[0];
/** A line trace's marker radius (plotly's `marker.size` is a diameter). */
const markerRadius = (trace: Trace) => (trace.marker?.size ?? MARKER_SIZE) / 2;

const pct = (fraction: number) => `${(fraction * 100).toFixed(3)}%`;
const px = (n: number) => Number(n.toFixed(2));

/** plotly's tick step: the rough step (a sixth of the axis at 196 px) rounded up to 2, 5 or 10 × 10^n. */
function tickStep(span: number, lengthPx: number): number {
  const count = Math.min(9, Math.max(4, lengthPx / 40)) + 1;
  const rough = span / count;
  const base = 10 ** Math.floor(Math.log10(rough));
  return base * ([2, 5, 10].find((m) => m >= rough / base) ?? 10);
}

/** plotly's tick labels: k, M, B from 10,000 (the exponent of the axis's end; not on 0), no trailing zeros. */
function tickFormat(top: number, step: number, suffix: string) {
  const magnitude = Math.floor(Math.log10(Math.abs(top)) + 0.01);
  const exponent = magnitude > 3 ? 3 * Math.round((magnitude - 1) / 3) : 0;
  const unit = { 0: '', 3: 'k', 6: 'M', 9: 'B' }[exponent] ?? `e${exponent}`;
  const decimals = Math.max(0, exponent - Math.floor(Math.log10(step)));
  return (v: number) =>
    v === 0 ? `0${suffix}` : `${Number((v / 10 ** exponent).toFixed(decimals))}${unit}${suffix}`;
}

interface LegendItem {
  name: string;
  colour: string;
  symbol: 'square' | 'line';
  lineWidth?: number;
  markerRadius?: number;
  opacity?: number;
}

/** plotly's legend has the paper's white under it (over slanted category labels). */
const LEGEND_STYLE: CSSProperties = {
  display: 'flex',
  flexWrap: 'wrap',
  width: 'max-content',
  lineHeight: `${LEGEND_ROW}px`,
  padding: `${LEGEND_PAD}px 0`,
  background: '#fff',
};
const LEGEND_ITEM_STYLE: CSSProperties = {
  display: 'inline-flex',
  alignItems: 'center',
  marginRight: 5,
  whiteSpace: 'pre',
};

function Legend({ items, style }: { items: LegendItem[]; style: CSSProperties }) {
  const mid = LEGEND_ROW / 2;
  return (
    <div className="assent-static-plot-legend" style={{ ...LEGEND_STYLE, ...style }}>
      {items.map((item, i) => (
        <span key={i} className="assent-static-plot-legend-item" style={LEGEND_ITEM_STYLE}>
          <svg width={LEGEND_SYMBOL_WIDTH} height={LEGEND_ROW} opacity={item.opacity}>
            {item.symbol === 'square' ? (
              <rect x={14} y={mid - 6} width={12} height={12} fill={item.colour} />
            ) : (
              <>
                <line
                  x1={5}
                  x2={35}
                  y1={mid}
                  y2={mid}
                  stroke={item.colour}
                  strokeWidth={Math.min(item.lineWidth ?? LINE_WIDTH, 10)}
                />
                <circle
                  cx={20}
                  cy={mid}
                  r={Math.min(item.markerRadius ?? 3, 8)}
                  fill={item.colour}
                />
              </>
            )}
          </svg>
          <span>{item.name}</span>
        </span>
      ))}
    </div>
  );
}

/** The pie: slices from the first, counterclockwise, with its values' text inside the slices it fits in. */
function Pie({ trace, height }: { trace: Trace; height: number }) {
  const values = (trace.values ?? []).map((v) => Math.max(0, v));
  const total = values.reduce((sum, v) => sum + v, 0);
  if (total <= 0) return null;
  const radius = height / 2;
  const inner = radius * (trace.hole ?? 0);
  // plotly turns counterclockwise from 12 o'clock but starts the first slice at its far end.
  const start = (2 * Math.PI * values[0]!) / total;
  const slices = pie<number>()
    .sort(null)
    .startAngle(start)
    .endAngle(start - 2 * Math.PI)(values);
  const draw = arc<{ startAngle: number; endAngle: number }>()
    .innerRadius(inner)
    .outerRadius(radius);
  const percentText = trace.texttemplate?.includes('%{value:.1f}%');
  return (
    <svg x="50%" y={radius} overflow="visible" className="assent-static-plot-pie">
      {slices.map((slice, i) => {
        const [colour, light] = colourAt(i);
        const text = percentText
          ? `${slice.value.toFixed(1)}%`
          : `${Number(((slice.value / total) * 100).toPrecision(3))}%`;
        const [cx, cy] = draw.centroid(slice);
        // Text plotly would move outside the slice (no room within) is left out here.
        const fits =
          Math.abs(slice.endAngle - slice.startAngle) * ((radius + inner) / 2) >= text.length * 7;
        return (
          <g key={i}>
            <path d={draw(slice) ?? ''} fill={colour} data-value={slice.value} />
            {fits && (
              <text
                x={px(cx)}
                y={px(cy + 4)}
                textAnchor="middle"
                fill={light ? TEXT_COLOUR : '#fff'}
              >
                {text}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}

/** Bars and lines over a category axis, with plotly's y axis. */
function Cartesian({
  traces,
  layout,
  height,
}: {
  traces: Trace[];
  layout: Layout;
  height: number;
}) {
  const categories = traces[0]?.x ?? [];
  const n = categories.length;
  const line = traces.every((t) => t.type === 'scatter');
  const bars = traces.filter((t) => t.type === 'bar');
  const ys = traces.flatMap((t) => t.y ?? []);
  const yaxis = layout.yaxis ?? {};
  // The far end of an autoranged axis: padded (5% of its length, and the largest marker's radius).
  const markerPad = line ? (max(traces, markerRadius) ?? 0) : 0;
  const pad = RANGE_PAD * height + markerPad;
  const autoTop = (max(ys) ?? 0) * (height / (height - pad));
  const bottom = yaxis.range?.[0] ?? Math.min(0, min(ys) ?? 0);
  const top = yaxis.range?.[1] ?? (autoTop > bottom ? autoTop : bottom + 1);
  const y = (v: number) => px(height - ((v - bottom) / (top - bottom)) * height);
  const step = tickStep(top - bottom, height);
  const yTicks = ticks(bottom, top, (top - bottom) / step);
  const format = tickFormat(top, step, yaxis.ticksuffix ?? '');
  const [x0, x1] = layout.xaxis?.range ?? [-0.5, n - 0.5];
  const x = (position: number) => (position - x0) / (x1 - x0);
  const across = n <= ACROSS_MAX;
  const every = Math.max(1, Math.ceil(n / (ASSUMED_PLOT_WIDTH / CATEGORY_LABEL_PX)));
  return (
    <>
      {line &&
        categories.map((_, i) => (
          <line
            key={`g${i}`}
            x1={pct(x(i))}
            x2={pct(x(i))}
            y1={0}
            y2={height}
            stroke={GRID_COLOUR}
          />
        ))}
      {yTicks.map((v) => (
        <g key={`y${v}`} className="assent-static-plot-ytick" data-value={v}>
          <line x1="0" x2="100%" y1={y(v)} y2={y(v)} stroke={v === 0 ? TEXT_COLOUR : GRID_COLOUR} />
          <text x={-1} y={px(y(v) + 4.2)} textAnchor="end">
            {format(v)}
          </text>
        </g>
      ))}
      {categories.map((category, i) =>
        i % every ? null : (
          <svg key={`x${i}`} x={pct(x(i))} overflow="visible">
            <text
              y={height + X_LABEL_BASELINE}
              textAnchor={across ? 'middle' : 'start'}
              transform={across ? undefined : `rotate(90 0 ${height + X_LABEL_BASELINE - 6})`}
            >
              {category}
            </text>
          </svg>
        ),
      )}
      {traces.map((trace, t) => {
        const colour = traceColour(trace, t);
        const values = trace.y ?? [];
        if (trace.type === 'bar') {
          const slot = bars.indexOf(trace);
          const width = BAR_SHARE / bars.length;
          return (
            <g key={t} className="assent-static-plot-bars" fill={colour}>
              {values.map((v, i) => (
                <rect
                  key={i}
                  x={pct(x(i - BAR_SHARE / 2 + slot * width))}
                  width={pct(width / (x1 - x0))}
                  y={Math.min(y(v), y(0))}
                  height={px(Math.abs(y(0) - y(v)))}
                  data-value={v}
                />
              ))}
            </g>
          );
        }
        const radius = markerRadius(trace);
        return (
          <g key={t} className="assent-static-plot-line" opacity={trace.opacity}>
            {values.slice(1).map((v, i) => (
              <line
                key={`l${i}`}
                x1={pct(x(i))}
                y1={y(values[i]!)}
                x2={pct(x(i + 1))}
                y2={y(v)}
                stroke={colour}
                strokeWidth={trace.line?.width ?? LINE_WIDTH}
              />
            ))}
            {values.map((v, i) => (
              <circle key={i} cx={pct(x(i))} cy={y(v)} r={radius} fill={colour} data-value={v} />
            ))}
          </g>
        );
      })}
    </>
  );
}

function legendItems(traces: Trace[]): LegendItem[] {
  const [first] = traces;
  if (first?.type === 'pie')
    return (first.labels ?? []).map((name, i) => ({
      name,
      colour: colourAt(i)[0],
      symbol: 'square',
    }));
  return traces.map((trace, i) => ({
    name: trace.name ?? `trace ${i}`,
    colour: traceColour(trace, i),
    ...(trace.type === 'scatter'
      ? {
          symbol: 'line' as const,
          lineWidth: trace.line?.width,
          markerRadius: markerRadius(trace),
          opacity: trace.opacity,
        }
      : { symbol: 'square' as const }),
  }));
}

/** True when the figure has a value other than 0 to draw (else the static chart is its space only). */
const hasValues = (traces: Trace[]) =>
  traces.some((t) =>
    [...(t.values ?? []), ...(t.y ?? [])].some((v) => Number.isFinite(v) && v !== 0),
  );

/** A chart drawn as plotly would draw it, without plotly (see the top of this file). */
export function StaticPlot({ data, layout: figure }: PlotProps) {
  const traces = data as Trace[];
  const layout = figure as Layout;
  const height = layout.height ?? DEFAULT_HEIGHT;
  const margin = { ...DEFAULT_MARGIN, ...layout.margin };
  const plotHeight = height - margin.t - margin.b;
  const draw = hasValues(traces) && plotHeight > 0;
  const legendTop = margin.t + plotHeight * (1 - (layout.legend?.y ?? LEGEND_Y));
  return (
    <div
      className="assent-static-plot"
      style={{ ...FONT, position: 'relative', height }}
      aria-hidden="true"
    >
      {draw && (
        <>
          <svg
            className="assent-static-plot-area"
            height={plotHeight}
            fill={TEXT_COLOUR}
            style={{
              position: 'absolute',
              left: margin.l,
              top: margin.t,
              width: `calc(100% - ${margin.l + margin.r}px)`,
              overflow: 'visible',
            }}
          >
            {traces[0]?.type === 'pie' ? (
              <Pie trace={traces[0]} height={plotHeight} />
            ) : (
              <Cartesian traces={traces} layout={layout} height={plotHeight} />
            )}
          </svg>
          <Legend
            items={legendItems(traces)}
            style={{
              position: 'absolute',
              left: margin.l,
              maxWidth: `calc(100% - ${margin.l + margin.r}px)`,
              top: legendTop,
            }}
          />
        </>
      )}
    </div>
  );
}
