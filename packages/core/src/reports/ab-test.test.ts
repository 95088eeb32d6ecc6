import { describe, expect, it } from 'vitest';
import {
  AB_TEST_NO_VISITS,
  AB_TEST_NO_WINNER,
  AB_TEST_NOT_ENOUGH_DATA,
  abSignificanceLabel,
  abTestReport,
  abTestVerdict,
  formatAbDifference,
  twoProportionZTest,
} from './ab-test';
import { ZERO_VISIT_COUNTS } from './metrics';
import type { VisitCounts } from './metrics';

const shown = (acceptAll: number, rejectAll: number, partial = 0, bounce = 0): VisitCounts => {
  const n = acceptAll + rejectAll + partial + bounce;
  return { ...ZERO_VISIT_COUNTS, traffic: n, shown: n, acceptAll, rejectAll, partial, bounce };
};

describe('twoProportionZTest', () => {
  it('gives the pooled z and the two-sided p-value of a difference in rates', () => {
    // 20 % of 1,000 against 25 % of 1,000: z = 0.05 / sqrt(0.225 × 0.775 × 2 / 1000) = 2.6775.
    const t = twoProportionZTest(200, 1000, 250, 1000);
    expect(t.z).toBeCloseTo(2.6775, 3);
    expect(t.pValue).toBeCloseTo(0.00742, 4);
    expect(t.significant).toBe(true);
    // The same test the other way round: the sign turns, the p-value stays.
    const back = twoProportionZTest(250, 1000, 200, 1000);
    expect(back.z).toBeCloseTo(-2.6775, 3);
    expect(back.pValue).toBeCloseTo(t.pValue!, 10);
  });

  it('calls a small difference on small samples chance, and says nothing without data', () => {
    const t = twoProportionZTest(100, 1000, 105, 1000);
    expect(t.significant).toBe(false);
    expect(t.pValue).toBeGreaterThan(0.05);
    expect(twoProportionZTest(0, 0, 5, 10)).toEqual({ z: null, pValue: null, significant: false });
    // 100 % on both sides: no variance, no test.
    expect(twoProportionZTest(10, 10, 20, 20)).toEqual({
      z: null,
      pValue: null,
      significant: false,
    });
  });
});

describe('abTestReport', () => {
  it('gives each variant its metrics, and the others their difference from the control', () => {
    const report = abTestReport([
      { variant: 'B', counts: shown(600, 400) },
      { variant: 'A', counts: shown(500, 500) },
    ]);
    expect(report.control).toBe('A');
    expect(report.variants.map((v) => v.variant)).toEqual(['A', 'B']);
    const [a, b] = report.variants;
    expect(a).toMatchObject({ difference: null, significance: null });
    expect(a!.metrics).toMatchObject({ totalSessions: 1000, optInPercent: 50, optOutPercent: 50 });
    expect(b!.metrics).toMatchObject({ optInPercent: 60, optOutPercent: 40 });
    expect(b!.difference).toMatchObject({ totalSessions: 0, optInPercent: 10, optOutPercent: -10 });
    expect(b!.significance!.optInPercent).toMatchObject({ significant: true });
    // pooled 0.55: z = 0.1 / sqrt(0.55 × 0.45 × 2 / 1000) = 4.4947
    expect(b!.significance!.optInPercent!.z).toBeCloseTo(4.4947, 3);
    expect(report.winner).toBe('B');
  });

  it('names no winner while the difference may be chance, and the control when it beats all', () => {
    expect(
      abTestReport([
        { variant: 'A', counts: shown(50, 50) },
        { variant: 'B', counts: shown(53, 47) },
      ]).winner,
    ).toBeNull();
    expect(
      abTestReport([
        { variant: 'A', counts: shown(700, 300) },
        { variant: 'B', counts: shown(500, 500) },
        { variant: 'C', counts: shown(550, 450) },
      ]).winner,
    ).toBe('A');
    expect(abTestReport([])).toEqual({ control: null, variants: [], winner: null });
  });

  it("takes the site's test order: its first variant is the control, others follow by name", () => {
    const report = abTestReport(
      [
        { variant: 'old', counts: shown(5, 5) },
        { variant: 'blue', counts: shown(600, 400) },
        { variant: 'plain', counts: shown(500, 500) },
      ],
      ['plain', 'blue'],
    );
    expect(report.control).toBe('plain');
    expect(report.variants.map((v) => v.variant)).toEqual(['plain', 'blue', 'old']);
    expect(report.variants[1]!.difference).toMatchObject({ optInPercent: 10 });
  });
});

describe('the A/B wording', () => {
  it('names the winner with both opt-in rates and the p-value, or says there is none yet', () => {
    // 50 % against 90 % opt-in of 20 shown each: z 2.76 (the server test's case).
    const b = abTestReport([
      { variant: 'A', counts: shown(10, 10) },
      { variant: 'B', counts: shown(18, 2) },
    ]);
    expect(abTestVerdict(b)).toBe(
      "B wins: its opt-in rate (90.00%) is significantly higher than the control A's (50.00%), p = 0.006.",
    );
    const a = abTestReport([
      { variant: 'A', counts: shown(700, 300) },
      { variant: 'B', counts: shown(500, 500) },
    ]);
    expect(abTestVerdict(a)).toBe(
      "A wins: its opt-in rate (70.00%) is significantly higher than every other variant's.",
    );
    expect(
      abTestVerdict(
        abTestReport([
          { variant: 'A', counts: shown(50, 50) },
          { variant: 'B', counts: shown(53, 47) },
        ]),
      ),
    ).toBe(AB_TEST_NO_WINNER);
    expect(abTestVerdict(abTestReport([]))).toBe(AB_TEST_NO_VISITS);
  });

  it('gives significance in words and signed differences in their unit', () => {
    expect(abSignificanceLabel(twoProportionZTest(10, 20, 18, 20))).toBe('Significant (p = 0.006)');
    expect(abSignificanceLabel(twoProportionZTest(500, 1000, 600, 1000))).toBe(
      'Significant (p < 0.001)',
    );
    expect(abSignificanceLabel(twoProportionZTest(50, 100, 53, 100))).toBe(
      'Not significant (p = 0.671)',
    );
    expect(abSignificanceLabel(twoProportionZTest(0, 0, 1, 2))).toBe(AB_TEST_NOT_ENOUGH_DATA);
    expect(abSignificanceLabel(undefined)).toBe(AB_TEST_NOT_ENOUGH_DATA);
    expect(formatAbDifference('optInPercent', 40)).toBe('+40.00 pp');
    expect(formatAbDifference('bouncePercent', -2.5)).toBe('−2.50 pp');
    expect(formatAbDifference('totalSessions', -3)).toBe('−3');
    expect(formatAbDifference('totalTraffic', 0)).toBe('±0');
    expect(formatAbDifference('optInPercent', null)).toBe('N/A');
  });
});
