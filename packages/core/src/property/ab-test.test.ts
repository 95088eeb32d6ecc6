import { describe, expect, it } from 'vitest';
import { REQUIRED } from '../messages';
import { validateAbTest } from './ab-test';
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

const THEMES = [
  { themeId: '1', themeType: 'SITE' as const },
  { themeId: '2', themeType: 'APP' as const },
  { themeId: '7', themeType: 'SITE' as const },
];
const v = (name: string, themeId: string, traffic: number) => ({ name, themeId, traffic });

describe('validateAbTest', () => {
  it('accepts two to five named variants of site themes whose shares add up to 100, names trimmed', () => {
    expect(validateAbTest({ variants: [v(' A ', '1', 60), v('B', '7', 40)] }, THEMES)).toEqual({
      ok: true,
      value: { variants: [v('A', '1', 60), v('B', '7', 40)] },
    });
    expect(validateAbTest({ variants: [] }, THEMES)).toEqual({ ok: true, value: { variants: [] } });
  });

  it('refuses each broken rule naming the field, with its message', () => {
    const result = validateAbTest(
      { variants: [v('A', '', 0), v('a', '99', 50), v('B<>', '2', 40.5)] },
      THEMES,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues.map((i) => [i.field, i.message])).toEqual([
      ['variants.0.themeId', REQUIRED],
      ['variants.0.traffic', AB_TEST_TRAFFIC_INVALID],
      ['variants.1.name', AB_TEST_NAME_DUPLICATE],
      ['variants.1.themeId', THEME_NOT_IN_ACCOUNT],
      ['variants.2.name', AB_TEST_NAME_INVALID],
      ['variants.2.themeId', THEME_TYPE_MISMATCH],
      ['variants.2.traffic', AB_TEST_TRAFFIC_INVALID],
      ['variants', AB_TEST_TRAFFIC_TOTAL],
    ]);
  });

  it('needs at least two and at most five variants', () => {
    const one = validateAbTest({ variants: [v('A', '1', 99)] }, THEMES);
    expect(!one.ok && one.issues.map((i) => i.message)).toContain(AB_TEST_TOO_FEW_VARIANTS);
    const six = validateAbTest(
      { variants: ['A', 'B', 'C', 'D', 'E', 'F'].map((n, i) => v(n, '1', i ? 16 : 20)) },
      THEMES,
    );
    expect(six.ok ? [] : six.issues.map((i) => i.message)).toEqual([AB_TEST_TOO_MANY_VARIANTS]);
  });
});
