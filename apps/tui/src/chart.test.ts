import { describe, expect, it } from 'vitest';
import { trendChartLines } from './chart';
import { paletteFor } from './terminal';

const ESC = '\u001b';
const trend = {
  days: ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04'],
  series: [
    { regulation: 'GDPR' as const, values: [0, 2, 1, 0] },
    { regulation: 'CCPA' as const, values: [1, 0, 0, 0] },
  ],
  total: [1, 2, 1, 0],
};

describe('the trend chart', () => {
  it('without colour draws the total, labels the axis with whole counts, and names the days', () => {
    const lines = trendChartLines(trend, 80, paletteFor({ NO_COLOR: '1' }));
    expect(lines.join('\n')).not.toContain(ESC);
    expect(lines.slice(0, 3).map((l) => l.slice(0, 6))).toEqual(['     2', '     1', '     0']);
    expect(lines.at(-2)).toBe('      2026-03-01');
    expect(lines.at(-1)).toBe('      ── all regulations');
  });

  it('with colour draws one line per regulation, each in its colour, named in the legend', () => {
    const lines = trendChartLines(trend, 80, paletteFor({ ASSENT_TUI_THEME: 'dark' }));
    expect(lines.at(-1)).toContain('── GDPR');
    expect(lines.at(-1)).toContain('── CCPA');
    const colours = new Set(
      lines
        .join('\n')
        .split(ESC)
        .slice(1)
        .map((c) => c.slice(0, c.indexOf('m') + 1)),
    );
    expect(colours.size).toBeGreaterThanOrEqual(3); // two colours and the reset
  });

  it('keeps the latest days when the pane is narrower than the range', () => {
    const month = Array.from({ length: 30 }, (_, i) => `2026-03-${String(i + 1).padStart(2, '0')}`);
    const lines = trendChartLines(
      { days: month, series: [], total: month.map((_, i) => i) },
      20,
      paletteFor({ NO_COLOR: '1' }),
    );
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(20);
    expect(lines.at(-2)).toContain('2026-03-18');
  });
});
