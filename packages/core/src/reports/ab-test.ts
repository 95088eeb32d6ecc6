import { z } from 'zod';
import type { ReportMetric } from './catalogue';
import type { VisitCounts } from './metrics';
import { exactMetricValue, metricValue, roundMetricValue } from './metrics';
import type { VisitOutcomeCode } from './vocabulary';

/**
 * A/B tests of themes: each variant's metrics, its difference from the control variant and, for
 * the rates, whether the difference is significant by a two-proportion z-test.
 */

/** The significance level of the z-test (two-sided): below it, a difference is significant. */
export const AB_SIGNIFICANCE_LEVEL = 0.05;

/** The standard normal distribution function (Abramowitz and Stegun 7.1.26, error < 1.5e-7). */
function normalCdf(x: number): number {
  const t = 1 / (1 + 0.3275911 * (Math.abs(x) / Math.SQRT2));
  const poly =
    t *
    (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-(x * x) / 2);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

export const ZTest = z.object({
  /** (p_b − p_a) / its pooled standard error; null when it is undefined (no data, or 0 % / 100 % on both sides). */
  z: z.number().nullable(),
  /** The two-sided p-value; null with z. */
  pValue: z.number().nullable(),
  significant: z.boolean(),
});
export type ZTest = z.infer<typeof ZTest>;

/**
 * The two-proportion z-test of `successesB / totalB` against `successesA / totalA`, with the
 * pooled proportion: is the difference more than chance?
 */
export function twoProportionZTest(
  successesA: number,
  totalA: number,
  successesB: number,
  totalB: number,
): ZTest {
  if (totalA <= 0 || totalB <= 0) return { z: null, pValue: null, significant: false };
  const pooled = (successesA + successesB) / (totalA + totalB);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / totalA + 1 / totalB));
  if (se === 0) return { z: null, pValue: null, significant: false };
  const zValue = (successesB / totalB - successesA / totalA) / se;
  const pValue = Math.min(1, 2 * (1 - normalCdf(Math.abs(zValue))));
  return { z: zValue, pValue, significant: pValue < AB_SIGNIFICANCE_LEVEL };
}

/** The metrics an A/B report gives per variant. */
export const AB_TEST_METRICS = [
  'totalTraffic',
  'totalSessions',
  'optInPercent',
  'optOutPercent',
  'partialOptInPercent',
  'bouncePercent',
] as const satisfies readonly ReportMetric[];
export type AbTestMetric = (typeof AB_TEST_METRICS)[number];

/** The rates, each a share of the shown visits: the ones a z-test applies to. */
const RATE_OUTCOME: Partial<Record<AbTestMetric, VisitOutcomeCode>> = {
  optInPercent: 'acceptAll',
  optOutPercent: 'rejectAll',
  partialOptInPercent: 'partial',
  bouncePercent: 'bounce',
};

const MetricValues = z.record(z.string(), z.number().nullable());

export const AbTestVariant = z.object({
  variant: z.string(),
  /** Each metric, as every report answers it (percentages to two decimals). */
  metrics: MetricValues,
  /** Each metric minus the control's (percentage points for the rates); null for the control. */
  difference: MetricValues.nullable(),
  /** Per rate, the z-test against the control; null for the control. */
  significance: z.record(z.string(), ZTest).nullable(),
});
export type AbTestVariant = z.infer<typeof AbTestVariant>;

export const AbTestReport = z.object({
  /** The variant the others are compared with: the test's first (else the first by name). */
  control: z.string().nullable(),
  variants: z.array(AbTestVariant),
  /**
   * The variant whose opt-in rate is significantly above the control's (the highest such), or the
   * control when every other is significantly below it; null while nothing is significant.
   */
  winner: z.string().nullable(),
});
export type AbTestReport = z.infer<typeof AbTestReport>;

/** The A/B report call's body: one property and a range of UTC days. */
export const AbTestRequest = z.object({
  propertyId: z.string().min(1),
  startDate: z.iso.date(),
  endDate: z.iso.date(),
});
export type AbTestRequest = z.infer<typeof AbTestRequest>;

/**
 * The A/B report of one property from each variant's visit counts (visits without a variant are
 * left out). Variants come in the site's test order (`order`, its `abTestingSitesCollection`
 * names), so the control is the test's first variant; variants the test no longer has follow by
 * name, and without an order the first by name is the control.
 */
export function abTestReport(
  counts: ReadonlyArray<{ variant: string; counts: VisitCounts }>,
  order: readonly string[] = [],
): AbTestReport {
  const rank = (variant: string) => {
    const i = order.indexOf(variant);
    return i < 0 ? order.length : i;
  };
  const sorted = [...counts].sort(
    (a, b) => rank(a.variant) - rank(b.variant) || a.variant.localeCompare(b.variant),
  );
  const control = sorted[0];
  if (!control) return { control: null, variants: [], winner: null };
  const variants = sorted.map(({ variant, counts: c }): AbTestVariant => {
    const metrics = Object.fromEntries(AB_TEST_METRICS.map((m) => [m, metricValue(m, c)]));
    if (variant === control.variant) {
      return { variant, metrics, difference: null, significance: null };
    }
    const difference = Object.fromEntries(
      AB_TEST_METRICS.map((m) => {
        const mine = exactMetricValue(m, c);
        const theirs = exactMetricValue(m, control.counts);
        return [m, mine === null || theirs === null ? null : roundMetricValue(m, mine - theirs)];
      }),
    );
    const significance = Object.fromEntries(
      Object.entries(RATE_OUTCOME).map(([m, outcome]) => [
        m,
        twoProportionZTest(control.counts[outcome], control.counts.shown, c[outcome], c.shown),
      ]),
    );
    return { variant, metrics, difference, significance };
  });
  const better = variants
    .filter(
      (v) => v.significance?.optInPercent?.significant && (v.difference?.optInPercent ?? 0) > 0,
    )
    .sort((a, b) => (b.metrics.optInPercent ?? 0) - (a.metrics.optInPercent ?? 0));
  const others = variants.slice(1);
  const controlWins =
    others.length > 0 &&
    others.every(
      (v) => v.significance?.optInPercent?.significant && (v.difference?.optInPercent ?? 0) < 0,
    );
  return {
    control: control.variant,
    variants,
    winner: better[0]?.variant ?? (controlWins ? control.variant : null),
  };
}

/*
 * The console's wording of an A/B report (the spec has none: docs/decisions.md). The verdict is
 * the winner rule above put in words, with the opt-in rates it rests on and the p-value.
 */

export const AB_TEST_NO_VISITS = 'No visits of an A/B variant in this period yet.';
export const AB_TEST_NO_WINNER =
  "No winner yet: no variant's opt-in rate differs significantly from the control's. Keep the test running.";
export const AB_TEST_NOT_ENOUGH_DATA = 'Not enough data';

/** A p-value as shown: three decimals, or '< 0.001'. */
const formatPValue = (p: number): string => (p < 0.001 ? 'p < 0.001' : `p = ${p.toFixed(3)}`);

const optInText = (v: AbTestVariant | undefined): string => {
  const rate = v?.metrics.optInPercent;
  return rate === null || rate === undefined ? 'N/A' : `${rate.toFixed(2)}%`;
};

/** The sentence that says which theme wins, or that none does yet. */
export function abTestVerdict(report: AbTestReport): string {
  if (report.variants.length === 0 || report.control === null) return AB_TEST_NO_VISITS;
  if (report.winner === null) return AB_TEST_NO_WINNER;
  const control = report.variants.find((v) => v.variant === report.control);
  if (report.winner === report.control) {
    return `${report.control} wins: its opt-in rate (${optInText(control)}) is significantly higher than every other variant's.`;
  }
  const winner = report.variants.find((v) => v.variant === report.winner);
  const p = winner?.significance?.optInPercent?.pValue;
  return `${report.winner} wins: its opt-in rate (${optInText(winner)}) is significantly higher than the control ${report.control}'s (${optInText(control)})${p === null || p === undefined ? '' : `, ${formatPValue(p)}`}.`;
}

/** A rate's z-test against the control, in words: significant or not, with its p-value. */
export function abSignificanceLabel(test: ZTest | undefined): string {
  if (!test || test.pValue === null) return AB_TEST_NOT_ENOUGH_DATA;
  return `${test.significant ? 'Significant' : 'Not significant'} (${formatPValue(test.pValue)})`;
}

/**
 * A variant's difference from the control, signed: percentage points with two decimals for the
 * rates ('+40.00 pp'), a whole number for the counts ('-3'); 'N/A' when unknown.
 */
export function formatAbDifference(metric: AbTestMetric, value: number | null | undefined): string {
  if (value === null || value === undefined) return 'N/A';
  const sign = value > 0 ? '+' : value < 0 ? '−' : '±';
  const size = Math.abs(value);
  return metric in RATE_OUTCOME ? `${sign}${size.toFixed(2)} pp` : `${sign}${size}`;
}
