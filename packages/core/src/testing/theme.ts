import type { Theme, AppThemeValues, SiteThemeValues, ThemeDraft } from '../theme/schema';
import { AppThemeSettings, SiteThemeSettings, Theme as ThemeSchema } from '../theme/schema';
import type { TextChangeRequest } from '../theme/text-change-request';
import type { Gvl, GvlStack } from '../vendors/gvl';

type SiteDraft = Omit<Extract<ThemeDraft, { themeType: 'SITE' }>, 'themeType'>;
type AppDraft = Omit<Extract<ThemeDraft, { themeType: 'APP' }>, 'themeType'>;

/** A valid GDPR site theme as the form would submit it. */
export function siteThemeValues(overrides: SiteDraft = {}): SiteThemeValues {
  return SiteThemeSettings.parse({
    themeType: 'SITE',
    themeName: 'News site theme',
    initScreenRejectButtonShowing: true,
    ...overrides,
  });
}

/** A valid GDPR app theme. */
export function appThemeValues(overrides: AppDraft = {}): AppThemeValues {
  return AppThemeSettings.parse({
    themeType: 'APP',
    themeName: 'News app theme',
    initScreenRejectButtonShowing: true,
    ...overrides,
  });
}

/** A stored site theme as the server returns it. */
export function storedSiteTheme(overrides: Partial<SiteDraft> & { themeId?: string } = {}): Theme {
  return ThemeSchema.parse({
    ...siteThemeValues(overrides),
    themeId: overrides.themeId ?? '42',
    pCode: 'abc123',
    createdAt: '2026-01-05T10:00:00.000Z',
    updatedAt: '2026-01-06T10:00:00.000Z',
  });
}

/** 1 January 2026, 00:00 UTC, in epoch seconds. */
export const JAN_1_2026_SECONDS = 1_767_225_600;

/** A text change request of theme 42, submitted on 1 January 2026. */
export function textChangeRequest(overrides: Partial<TextChangeRequest> = {}): TextChangeRequest {
  return {
    id: 7,
    language: 'en',
    customizationType: 'advanced',
    customizationText: 'We and our partners use cookies.',
    reason: 'Shorter wording',
    status: 'in-progress',
    createdOn: JAN_1_2026_SECONDS,
    themeId: '42',
    ...overrides,
  };
}

const stack = (id: number, purposes: number[], specialFeatures: number[] = []): GvlStack => ({
  id,
  name: `Stack ${id}`,
  description: `Stack ${id}`,
  purposes,
  specialFeatures,
});

/** A small vendor list with five stacks, for stack rules. */
export function smallGvl(): Gvl {
  const declaration = (id: number) => ({ id, name: `Item ${id}`, description: `Item ${id}` });
  const stacks = [
    stack(1, [], [1, 2]),
    stack(2, [2, 7]),
    stack(3, [2, 3, 4]),
    stack(4, [7, 8, 9]),
    stack(5, [8, 10]),
  ];
  return {
    gvlSpecificationVersion: 3,
    vendorListVersion: 1,
    tcfPolicyVersion: 4,
    lastUpdated: '2026-01-01T00:00:00Z',
    purposes: Object.fromEntries([1, 2, 3, 4, 7, 8, 9, 10].map((id) => [id, declaration(id)])),
    specialPurposes: { 1: declaration(1) },
    features: { 1: declaration(1) },
    specialFeatures: { 1: declaration(1), 2: declaration(2) },
    stacks: Object.fromEntries(stacks.map((s) => [s.id, s])),
    vendors: {},
  };
}
