import { formatCompactNumber } from '@assent/core';
import type { PropertyTrend } from '@assent/core/reports';
import * as asciichart from 'asciichart';
import type { Palette } from './terminal';

/** Rows of the chart's plot area (the axis labels add none). */
export const CHART_HEIGHT = 6;
/** Cells of the y-axis labels: a compact count ('1.2K') and the axis. */
const LABEL_WIDTH = 6;

const ANSI: Record<string, string> = {
  cyanBright: asciichart.lightcyan,
  blue: asciichart.blue,
  greenBright: asciichart.lightgreen,
  green: asciichart.green,
  yellowBright: asciichart.lightyellow,
  magenta: asciichart.magenta,
  redBright: asciichart.lightred,
  red: asciichart.red,
};

/**
 * A trend as lines of text drawn with asciichart: Display Count per day, one line per regulation
 * in its own colour when the terminal has colour and more than one regulation has data, else the
 * total. The last line is the legend. Days beyond `width` are left out from the start (the chart
 * keeps the latest days).
 */
export function trendChartLines(trend: PropertyTrend, width: number, palette: Palette): string[] {
  const room = Math.max(2, width - LABEL_WIDTH - 1);
  const keep = <T>(values: T[]) => values.slice(Math.max(0, values.length - room));
  const colours = [palette.accent, palette.warn, palette.ok, palette.error]
    .map((name) => (name ? ANSI[name] : undefined))
    .filter((c): c is string => Boolean(c));
  const perRegulation = palette.color && trend.series.length > 1 && colours.length > 0;
  const series = perRegulation ? trend.series.map((s) => keep(s.values)) : [keep(trend.total)];
  const max = Math.max(1, ...series.flat());
  const plot = asciichart.plot(series, {
    // A row per unit below CHART_HEIGHT, so each label is a whole number of its own.
    height: Math.min(CHART_HEIGHT - 1, max),
    min: 0,
    max,
    // The label takes one cell of asciichart's grid however long it is: the axis is the next.
    offset: 2,
    padding: ' '.repeat(LABEL_WIDTH),
    format: (x: number) => formatCompactNumber(Math.round(x)).padStart(LABEL_WIDTH),
    ...(perRegulation ? { colors: colours } : {}),
  });
  // The first day under the axis, the last under the last point when both fit.
  const days = keep(trend.days);
  const first = days[0] ?? '';
  const last = days[days.length - 1] ?? '';
  const lastAt = LABEL_WIDTH + days.length - last.length;
  const axisLine = (
    ' '.repeat(LABEL_WIDTH) +
    (lastAt > LABEL_WIDTH + first.length ? first.padEnd(lastAt - LABEL_WIDTH) + last : first)
  ).slice(0, width);
  const legend = perRegulation
    ? trend.series
        .map((s, i) => asciichart.colored(`── ${s.regulation}`, colours[i % colours.length]))
        .join('  ')
    : '── all regulations'.slice(0, Math.max(0, width - LABEL_WIDTH));
  return [...plot.split('\n'), axisLine, `${' '.repeat(LABEL_WIDTH)}${legend}`];
}
