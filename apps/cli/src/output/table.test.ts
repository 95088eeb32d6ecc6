import { describe, expect, it } from 'vitest';
import { fitWidths, renderTable } from './table';

describe('fitWidths', () => {
  it('keeps natural widths that fit and squeezes the widest column first', () => {
    expect(fitWidths([10, 20], [4, 4], 80)).toEqual([10, 20]);
    expect(fitWidths([10, 70, 20], [4, 10, 6], 80)).toEqual([10, 46, 20]);
  });

  it('never goes under a minimum', () => {
    expect(fitWidths([50, 50], [40, 40], 60)).toEqual([40, 40]);
  });
});

describe('renderTable', () => {
  it('fits 80 columns, truncating with an ellipsis', () => {
    const rows = [{ name: 'x'.repeat(120), type: 'site' }];
    const text = renderTable(
      [
        { key: 'name', title: 'NAME' },
        { key: 'type', title: 'TYPE' },
      ],
      rows,
      { color: false, width: 80 },
    );
    const lines = text.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^NAME\s+TYPE$/);
    expect(lines[1]).toHaveLength(80);
    expect(lines[1]).toContain('…  site');
  });
});
