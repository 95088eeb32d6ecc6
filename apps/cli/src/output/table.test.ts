import { describe, expect, it } from 'vitest';
import { fitWidths, renderTable, wrapText } from './table';

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
      { color: { stdout: false, stderr: false }, width: 80 },
    );
    const lines = text.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^NAME\s+TYPE$/);
    expect(lines[1]).toHaveLength(80);
    expect(lines[1]).toContain('…  site');
  });
});

describe('wrapText', () => {
  it('breaks at spaces, then after commas or slashes, then hard, losing nothing', () => {
    expect(wrapText('Cannot enable consent or pay, since none', 12)).toEqual([
      'Cannot',
      'enable',
      'consent or',
      'pay, since',
      'none',
    ]);
    expect(wrapText('[1,2,3,4,5,6,7,8,9,10]', 8)).toEqual(['[1,2,3,', '4,5,6,7,', '8,9,10]']);
    expect(wrapText('https://example.com/privacy/policy.html', 24)).toEqual([
      'https://example.com/',
      'privacy/policy.html',
    ]);
    expect(wrapText('x'.repeat(10), 4)).toEqual(['xxxx', 'xxxx', 'xx']);
    expect(wrapText('short', 20)).toEqual(['short']);
  });

  it('wraps a column marked wrap instead of truncating it', () => {
    const text = renderTable(
      [
        { key: 'field', title: 'FIELD' },
        { key: 'value', title: 'VALUE', wrap: true },
      ],
      [{ field: 'purposeIds', value: JSON.stringify(Array.from({ length: 40 }, (_, i) => i + 1)) }],
      { color: { stdout: false, stderr: false }, width: 40 },
    );
    const lines = text.trimEnd().split('\n');
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(40);
    expect(text).not.toContain('…');
    const start = lines[0]!.indexOf('VALUE');
    expect(
      lines
        .slice(1)
        .map((l) => l.slice(start))
        .join(''),
    ).toBe(JSON.stringify(Array.from({ length: 40 }, (_, i) => i + 1)));
  });
});
