import { describe, expect, it } from 'vitest';
import { PropertySettings } from '../property/schema';
import { ThemeSettings } from '../theme/schema';
import { siteThemeValues } from '../testing/theme';
import { unknownFieldIssues } from './unknown-fields';

describe('unknown fields of a request body', () => {
  it('names a misspelled top-level field and suggests the right one', () => {
    expect(unknownFieldIssues(PropertySettings, { publisherCCC: 'FR' })).toEqual([
      {
        field: 'publisherCCC',
        rule: 'unknownField',
        message: "Unknown field 'publisherCCC'. Did you mean 'publisherCC'?",
      },
    ]);
  });

  it('names a nested field by its path', () => {
    const issues = unknownFieldIssues(PropertySettings, {
      consentOrPayConfig: { enabeld: true },
      gbcApplicablePurposes: [{ id: 1, enabled: true, colour: 'red' }],
    });
    expect(issues.map((i) => i.field)).toEqual([
      'consentOrPayConfig.enabeld',
      'gbcApplicablePurposes[0].colour',
    ]);
  });

  it('accepts a body with known fields only', () => {
    expect(unknownFieldIssues(PropertySettings, { publisherCC: 'FR', url: 'a.example' })).toEqual(
      [],
    );
  });

  it('checks the member of a discriminated union the body names (themes)', () => {
    const body = { ...siteThemeValues(), themeNmae: 'Typo' };
    expect(unknownFieldIssues(ThemeSettings, body).map((i) => i.field)).toEqual(['themeNmae']);
  });
});
