import { describe, expect, it } from 'vitest';
import {
  BACK_TO_THEMES,
  CREATE_APP_THEME,
  CREATE_SITE_THEME,
  CSS_CONFLICTING_COLORS,
  CSS_PROHIBITED,
  HEX_NOT_VALID,
  NO_RESULTS_FOUND,
  PREVIEW_ERROR,
  PREVIEW_GDPR_MODE,
  SAVE_THEME,
  SOFT_OPT_IN_NOTE,
  THEMES_DESCRIPTION,
  deleteThemeConfirmation,
  sameBackgroundColorMessage,
} from './messages';

describe('theme messages (verbatim from the spec)', () => {
  it('labels of the list and the form', () => {
    expect(THEMES_DESCRIPTION).toBe('Manage the look and feel of your consent screen.');
    expect(CREATE_SITE_THEME).toBe('CREATE A SITE THEME');
    expect(CREATE_APP_THEME).toBe('CREATE AN APP THEME');
    expect(NO_RESULTS_FOUND).toBe('No Results Found');
    expect(deleteThemeConfirmation('Summer')).toBe(
      'Are you sure you want to delete Summer? This is irreversible.',
    );
    expect(BACK_TO_THEMES).toBe('Back to themes');
    expect(PREVIEW_GDPR_MODE).toBe('PREVIEW GDPR MODE');
    expect(SAVE_THEME).toBe('SAVE THEME');
  });

  it('validation and error messages', () => {
    expect(HEX_NOT_VALID).toBe('Hex value not valid');
    expect(sameBackgroundColorMessage('link')).toBe(
      "Oops, you've selected the same background and link color. Please change one of the fields' color in order to proceed.",
    );
    expect(CSS_PROHIBITED).toBe(
      'CSS contains prohibited characters that could lead to an XSS attack',
    );
    expect(CSS_CONFLICTING_COLORS).toBe('');
    expect(SOFT_OPT_IN_NOTE).toBe(
      'Please note that in order to enable soft opt-in, the persistent consent link must always be on.',
    );
    expect(PREVIEW_ERROR).toBe(
      'There was an error showing the preview, please close and try again',
    );
  });
});
