import { z } from 'zod';
import { REQUIRED } from '../messages';
import type { Issue, Validation } from '../validation';
import { invalid, isBlank, issue, valid } from '../validation';
import {
  AB_TEST_NAME_DUPLICATE,
  AB_TEST_NAME_INVALID,
  AB_TEST_TOO_FEW_VARIANTS,
  AB_TEST_TOO_MANY_VARIANTS,
  AB_TEST_TRAFFIC_INVALID,
  AB_TEST_TRAFFIC_TOTAL,
  THEME_NOT_IN_ACCOUNT,
  THEME_TYPE_MISMATCH,
} from './messages';

/**
 * A/B tests of themes (properties-and-tags §3, site detail extra `abTestingSitesCollection`): a
 * site shows each visitor one of two or more themes, drawn once by the traffic split and kept.
 */

/** At most this many variants per test. */
export const AB_TEST_MAX_VARIANTS = 5;

/** A variant's name: what visit beacons carry (`v`, at most 32 characters) and reports group by. */
const VARIANT_NAME = /^[\w .-]{1,32}$/;

/** One variant of a site's A/B test: its name, its theme and its share of the traffic. */
export const AbTestingSiteCollection = z.object({
  /** Reported per visit and in the A/B report; the first variant is the control. */
  name: z.string(),
  /** A site theme of the account. */
  themeId: z.string(),
  /** Whole percent of the visitors who get this variant; the shares add up to 100. */
  traffic: z.number(),
});
export type AbTestingSiteCollection = z.infer<typeof AbTestingSiteCollection>;

/** The body that sets (or, with no variants, ends) a site's A/B test. */
export const AbTestSettings = z.object({ variants: z.array(AbTestingSiteCollection) });
export type AbTestSettings = z.infer<typeof AbTestSettings>;

/**
 * The rules of a site's A/B test: none (an empty list ends the test) or 2 to 5 variants, each
 * named uniquely (names compared without case), each with a site theme of the account, and whole
 * percent traffic shares from 1 to 99 adding up to 100. Issues name the field
 * (`variants.1.traffic`); a total that is not 100 is reported on `variants`.
 */
export function validateAbTest(
  settings: AbTestSettings,
  themes: ReadonlyArray<{ themeId: string; themeType: 'SITE' | 'APP' }>,
): Validation<AbTestSettings> {
  const { variants } = settings;
  if (variants.length === 0) return valid({ variants: [] });
  const issues: Issue[] = [];
  if (variants.length < 2) issues.push(issue('variants', 'minVariants', AB_TEST_TOO_FEW_VARIANTS));
  if (variants.length > AB_TEST_MAX_VARIANTS)
    issues.push(issue('variants', 'maxVariants', AB_TEST_TOO_MANY_VARIANTS));
  const names = new Set<string>();
  variants.forEach((v, i) => {
    const at = `variants.${i}`;
    const name = v.name.trim();
    if (!VARIANT_NAME.test(name)) issues.push(issue(`${at}.name`, 'name', AB_TEST_NAME_INVALID));
    else if (names.has(name.toLowerCase()))
      issues.push(issue(`${at}.name`, 'unique', AB_TEST_NAME_DUPLICATE));
    names.add(name.toLowerCase());
    const theme = themes.find((t) => t.themeId === v.themeId);
    if (isBlank(v.themeId)) issues.push(issue(`${at}.themeId`, 'required', REQUIRED));
    else if (!theme) issues.push(issue(`${at}.themeId`, 'themeOfAccount', THEME_NOT_IN_ACCOUNT));
    else if (theme.themeType !== 'SITE')
      issues.push(issue(`${at}.themeId`, 'themeType', THEME_TYPE_MISMATCH));
    if (!Number.isInteger(v.traffic) || v.traffic < 1 || v.traffic > 99)
      issues.push(issue(`${at}.traffic`, 'traffic', AB_TEST_TRAFFIC_INVALID));
  });
  const total = variants.reduce((sum, v) => sum + v.traffic, 0);
  if (total !== 100) issues.push(issue('variants', 'trafficTotal', AB_TEST_TRAFFIC_TOTAL));
  return issues.length
    ? invalid(issues)
    : valid({ variants: variants.map((v) => ({ ...v, name: v.name.trim() })) });
}
