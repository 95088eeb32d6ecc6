import { describe, expect, it } from 'vitest';
import { compileTestConfig as compile, compileTheme as theme } from '../testing/banner-compile';
import { abTestVariant, applyConfigPatch } from './ab-variant';
import { configPatch, withAbTest } from './compile/ab-test';
import { BannerConfig } from './config';
import { bannerConfigFixture } from './fixtures';

const base = bannerConfigFixture();
const SPLIT = withAbTest([
  { name: 'A', traffic: 70, config: base },
  { name: 'B', traffic: 20, config: { ...base, themeId: 'b' } },
  { name: 'C', traffic: 10, config: { ...base, themeId: 'c' } },
]);
const nameOf = (stored: string | undefined, draw: number) => abTestVariant(SPLIT, stored, draw)![0];

describe('abTestVariant', () => {
  it('gives each variant its share of the traffic split over evenly spread draws', () => {
    const counts: Record<string, number> = {};
    for (let k = 0; k < 1000; k++) {
      const name = nameOf(undefined, k / 1000);
      counts[name] = (counts[name] ?? 0) + 1;
    }
    expect(counts).toEqual({ A: 700, B: 200, C: 100 });
    expect(nameOf(undefined, 0.999999)).toBe('C');
  });

  it('keeps the stored variant whatever the draw (sticky), and draws again when the test lost it', () => {
    for (const draw of [0, 0.5, 0.95]) expect(nameOf('C', draw)).toBe('C');
    expect(nameOf('gone', 0.95)).toBe('C');
    expect(nameOf('gone', 0)).toBe('A');
  });

  it('is undefined for a site without a test', () => {
    expect(abTestVariant(base, 'A', 0.5)).toBeUndefined();
  });
});

describe('configPatch / applyConfigPatch (JSON merge patch)', () => {
  it('patches only what differs, removes with null, and applying gives the target back', () => {
    const from = { a: 1, b: { c: [1, 2], d: 'x', e: true }, f: 'gone' };
    const to = { a: 1, b: { c: [1, 3], d: 'x', e: false }, g: { h: 1 } };
    const patch = configPatch(from, to);
    expect(patch).toEqual({ b: { c: [1, 3], e: false }, f: null, g: { h: 1 } });
    expect(applyConfigPatch(from, patch)).toEqual(to);
    expect(from.f).toBe('gone'); // the base is not changed
  });
});

describe('withAbTest', () => {
  const control = compile();
  const blue = compile({
    theme: {
      ...theme({ uxPrimaryButtonColor: '#0000FF', agreeButton: 'Yes, fine' }),
      themeId: '8',
    },
  });
  const config = withAbTest([
    { name: 'control', traffic: 50, config: control },
    { name: 'blue', traffic: 50, config: blue },
  ]);

  it('carries the control in full and the other variant as a small patch, and parses', () => {
    expect(BannerConfig.safeParse(config).success).toBe(true);
    expect(config.abVariant).toBe('control');
    expect(config.theme).toEqual(control.theme);
    const patch = config.abTest!.variants[1]!.patch!;
    expect(config.abTest!.variants[0]!.patch).toBeUndefined();
    expect(patch).toMatchObject({ themeId: '8', abVariant: 'blue' });
    expect(Object.keys(patch).sort()).toEqual(['abVariant', 'theme', 'themeId']);
    expect(JSON.stringify(patch).length).toBeLessThan(JSON.stringify(blue).length / 10);
  });

  it("gives each variant its own theme's configuration, naming the variant", () => {
    expect(abTestVariant(config, 'blue', 0)).toEqual(['blue', { ...blue, abVariant: 'blue' }]);
    expect(abTestVariant(config, 'control', 0.9)).toEqual([
      'control',
      { ...control, abVariant: 'control' },
    ]);
  });
});
