import { bannerControlTexts } from './control-texts';
import { defaultPrivacyBody, defaultPrivacyHeader } from './default-texts';
import type { LanguageTexts, ThemeValues } from './schema';

/**
 * The first layer's texts of a theme in one language, as the banner shows them: an Advanced
 * Customisation entry's text, else (in the theme's own language) the theme's, else the language's
 * standard text. The banner compiler and the terminal UI's theme detail both read them here.
 */

export interface ThemeText {
  /** The text (untrimmed for a custom privacy body, which keeps its markup). */
  text: string;
  /** True when the language's standard text stands in for an empty one. */
  standard: boolean;
}

export interface FirstLayerTexts {
  agreeButton: ThemeText;
  disagreeButton: ThemeText;
  moreOptionsButton: ThemeText;
  privacyHeader: ThemeText;
  privacyBody: ThemeText;
}

const chosen = (value: string | undefined, standard: string): ThemeText => {
  const text = (value ?? '').trim();
  return text ? { text, standard: false } : { text: standard, standard: true };
};

export function firstLayerTexts(
  theme: Pick<
    ThemeValues,
    'language' | 'themeType' | 'agreeButton' | 'initScreenRejectButton' | 'saveAndExitButton'
  >,
  language: string,
  entry?: LanguageTexts,
): FirstLayerTexts {
  const defaults = bannerControlTexts(language);
  // Theme-level texts are written in the theme's own language.
  const own = language === theme.language;
  const body = entry?.privacyBody ?? '';
  return {
    agreeButton: chosen(entry?.agreeButton || (own ? theme.agreeButton : ''), defaults.acceptAll),
    disagreeButton: chosen(
      entry?.disagreeButton || (own ? theme.initScreenRejectButton : ''),
      defaults.rejectAll,
    ),
    // The theme's second button text (saveAndExitButton) is the first layer's secondary button.
    moreOptionsButton: chosen(
      entry?.secondaryButton || (own ? theme.saveAndExitButton : ''),
      defaults.moreOptions,
    ),
    privacyHeader: chosen(entry?.privacyHeader, defaultPrivacyHeader(language)),
    privacyBody: body.trim()
      ? { text: body, standard: false }
      : {
          text: defaultPrivacyBody(language, theme.themeType === 'SITE' ? 'site' : 'app'),
          standard: true,
        },
  };
}

/**
 * The languages of a theme's banner: its own first, then those of its Advanced Customisation
 * entries in code order, each with its first-layer texts (the entry of a language is its first).
 */
export function themeTextsByLanguage(
  theme: Pick<
    ThemeValues,
    | 'language'
    | 'themeType'
    | 'agreeButton'
    | 'initScreenRejectButton'
    | 'saveAndExitButton'
    | 'advancedCustomizationSettings'
  >,
): Array<{ language: string; texts: FirstLayerTexts }> {
  const entries = new Map<string, LanguageTexts>();
  for (const entry of theme.advancedCustomizationSettings)
    if (!entries.has(entry.language)) entries.set(entry.language, entry);
  const languages = [
    theme.language,
    ...[...entries.keys()].filter((l) => l !== theme.language).sort(),
  ];
  return languages.map((language) => ({
    language,
    texts: firstLayerTexts(theme, language, entries.get(language)),
  }));
}
