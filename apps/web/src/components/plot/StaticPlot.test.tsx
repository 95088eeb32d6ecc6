import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PERCENT_AXIS } from './plot-props';
import { StaticPlot } from './StaticPlot';

/** The dashboard's figure: 300 px high, a 196 px plot area (16 px above, 88 below). */
const LAYOUT = { height: 300, margin: { t: 16, r: 16, b: 88, l: 56 } };
const PLOT_HEIGHT = 196;
const DAYS = ['2024-03-08', '2024-03-09', '2024-03-10'];

const num = (el: Element, name: string) => Number(el.getAttribute(name));
const pct = (el: Element, name: string) => Number(el.getAttribute(name)!.replace('%', ''));
const legendNames = (root: HTMLElement) =>
  Array.from(root.querySelectorAll('.assent-static-plot-legend-item')).map((e) => e.textContent);
const yTicks = (root: HTMLElement) =>
  Array.from(root.querySelectorAll('.assent-static-plot-ytick')).map((g) => ({
    label: g.querySelector('text')!.textContent,
    y: num(g.querySelector('line')!, 'y1'),
  }));

/** A pie slice's outer arc, as angles clockwise from 12 o'clock (d3's arc: M start A … end). */
function sliceAngles(d: string): [number, number] {
  const [x0, y0] = /^M([-\d.e]+),([-\d.e]+)/.exec(d)!.slice(1).map(Number);
  const arcTo = /A[-\d.e]+,[-\d.e]+,0,[01],[01],([-\d.e]+),([-\d.e]+)/.exec(d)!;
  const [x1, y1] = arcTo.slice(1).map(Number);
  return [Math.atan2(x0!, -y0!), Math.atan2(x1!, -y1!)];
}

describe('the static first paint of a chart', () => {
  it('draws grouped bars as tall as their values, against the y axis ticks (plotly’s 2-steps)', () => {
    const { container } = render(
      <StaticPlot
        data={[
          { type: 'bar', name: 'EU', x: DAYS, y: [2, 4, 7] },
          { type: 'bar', name: 'Total', x: DAYS, y: [3, 6, 7] },
        ]}
        layout={{ ...LAYOUT, yaxis: { rangemode: 'tozero' } }}
      />,
    );
    const plot = container.querySelector('.assent-static-plot') as HTMLElement;
    expect(plot.style.height).toBe('300px');
    const ticks = yTicks(container);
    // 7 and 5% of padding: a 0–7.37 axis, ticks every 2 (plotly's), the 0 at the bottom.
    expect(ticks.map((t) => t.label)).toEqual(['0', '2', '4', '6']);
    expect(ticks[0]!.y).toBe(PLOT_HEIGHT);
    const [eu, total] = Array.from(container.querySelectorAll('.assent-static-plot-bars')).map(
      (g) => Array.from(g.querySelectorAll('rect')),
    );
    // Heights in proportion to the values; a bar of 6 reaches the tick of 6, of 4 that of 4.
    const perUnit = num(eu![0]!, 'height') / 2;
    expect(eu!.map((r) => num(r, 'height') / perUnit)).toEqual(
      [2, 4, 7].map((v) => expect.closeTo(v, 5)),
    );
    expect(num(total![1]!, 'y')).toBeCloseTo(ticks.find((t) => t.label === '6')!.y, 1);
    expect(num(eu![1]!, 'y')).toBeCloseTo(ticks.find((t) => t.label === '4')!.y, 1);
    for (const bar of [...eu!, ...total!])
      expect(num(bar, 'y') + num(bar, 'height')).toBeCloseTo(PLOT_HEIGHT, 1);
    // Side by side in each day's band (80% of it), EU first; each its own plotly colour.
    expect(pct(eu![0]!, 'x')).toBeCloseTo(100 * (0.1 / 3), 2);
    expect(pct(total![0]!, 'x')).toBeCloseTo(100 * (0.5 / 3), 2);
    expect(pct(eu![0]!, 'width')).toBeCloseTo(100 * (0.4 / 3), 2);
    expect(eu![0]!.parentElement!.getAttribute('fill')).toBe('#1f77b4');
    expect(total![0]!.parentElement!.getAttribute('fill')).toBe('#ff7f0e');
    expect(legendNames(container)).toEqual(['EU', 'Total']);
    expect(container.textContent).toContain('2024-03-09');
  });

  it('labels large counts as plotly does (k, M) and a percent axis 0–100% whatever the values', () => {
    const counts = render(
      <StaticPlot
        data={[{ type: 'bar', name: 'Display Count', x: ['Desktop'], y: [1_234_567] }]}
        layout={{ ...LAYOUT, yaxis: { rangemode: 'tozero' } }}
      />,
    );
    expect(yTicks(counts.container).map((t) => t.label)).toEqual(['0', '0.5M', '1M']);
    counts.unmount();

    const { container } = render(
      <StaticPlot
        data={[
          { type: 'scatter', mode: 'lines+markers', name: 'Accept all', x: DAYS, y: [10, 50, 25] },
        ]}
        layout={{ ...LAYOUT, xaxis: { range: [-0.5, 2.5] }, yaxis: PERCENT_AXIS }}
      />,
    );
    const ticks = yTicks(container);
    expect(ticks.map((t) => t.label)).toEqual(['0%', '20%', '40%', '60%', '80%', '100%']);
    // 100% is the top of the plot area; a point of 50% halfway up.
    expect(ticks.at(-1)!.y).toBe(0);
    const points = Array.from(container.querySelectorAll('.assent-static-plot-line circle'));
    expect(points.map((p) => num(p, 'cy'))).toEqual([0.9, 0.5, 0.75].map((f) => f * PLOT_HEIGHT));
    // Half a period free at each end: the points at the middle of their thirds.
    expect(points.map((p) => pct(p, 'cx'))).toEqual(
      [1, 3, 5].map((k) => expect.closeTo((100 * k) / 6, 2)),
    );
    expect(container.querySelectorAll('.assent-static-plot-line line')).toHaveLength(2);
    expect(legendNames(container)).toEqual(['Accept all']);
  });

  it('draws a pie’s slices with angles in proportion to the values, the first ending at 12 o’clock', () => {
    const values = [50, 20, 10, 20];
    const labels = ['Accept all', 'Deny all', 'Partial opt-in', 'Bounce'];
    const { container } = render(
      <StaticPlot
        data={[{ type: 'pie', labels, values, hole: 0.4, texttemplate: '%{value:.1f}%' }]}
        layout={LAYOUT}
      />,
    );
    const slices = Array.from(container.querySelectorAll('.assent-static-plot-pie path'));
    expect(slices.map((s) => s.getAttribute('fill'))).toEqual([
      '#1f77b4',
      '#ff7f0e',
      '#2ca02c',
      '#d62728',
    ]);
    const turn = 2 * Math.PI;
    const spans = slices.map((s) => {
      const [a0, a1] = sliceAngles(s.getAttribute('d')!);
      return ((((a0 - a1) % turn) + turn) % turn) / turn;
    });
    expect(spans).toEqual(values.map((v) => expect.closeTo(v / 100, 3)));
    // The first (a half) from 6 o'clock round by 3 to 12, the next from 12 towards 9.
    expect(sliceAngles(slices[0]!.getAttribute('d')!).map((a) => a / turn)).toEqual([
      expect.closeTo(0.5, 3),
      expect.closeTo(0, 3),
    ]);
    expect(sliceAngles(slices[1]!.getAttribute('d')!)[0]).toBeCloseTo(0, 3);
    // The hole: 40% of the radius (half the plot area's height).
    expect(slices[0]!.getAttribute('d')).toContain(`A${0.4 * (PLOT_HEIGHT / 2)},`);
    expect(
      Array.from(container.querySelectorAll('.assent-static-plot-pie text'), (t) => t.textContent),
    ).toEqual(['50.0%', '20.0%', '10.0%', '20.0%']);
    expect(legendNames(container)).toEqual(labels);
  });

  it('draws nothing but its space when there is nothing to plot (no axis, no legend, no slice)', () => {
    for (const data of [
      [{ type: 'bar', name: 'EU', x: [], y: [] }],
      [{ type: 'pie', labels: ['Desktop', 'Mobile'], values: [0, 0] }],
      [],
    ]) {
      const { container, unmount } = render(<StaticPlot data={data} layout={LAYOUT} />);
      const plot = container.querySelector('.assent-static-plot') as HTMLElement;
      expect(plot.style.height).toBe('300px');
      expect(plot.querySelector('svg')).toBeNull();
      expect(plot.textContent).toBe('');
      unmount();
    }
  });
});
