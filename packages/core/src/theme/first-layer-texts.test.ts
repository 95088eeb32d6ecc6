import { describe, expect, it } from 'vitest';
import { bannerControlTexts } from './control-texts';
import { defaultPrivacyHeader } from './default-texts';
import { themeTextsByLanguage } from './first-layer-texts';
import { LanguageTexts, SiteThemeSettings } from './schema';

const theme = SiteThemeSettings.parse({
  themeType: 'SITE',
  themeName: 'Corporate',
  language: 'fr',
  agreeButton: "J'accepte",
  advancedCustomizationSettings: [
    LanguageTexts.parse({ language: 'de', privacyHeader: 'Ihre Daten', disagreeButton: 'Nein' }),
    LanguageTexts.parse({ language: 'en', agreeButton: 'Sure' }),
    LanguageTexts.parse({ language: 'de', privacyHeader: 'ignored: the first entry counts' }),
  ],
});

describe("a theme's first-layer texts per language", () => {
  it("lists the theme's language first, then its Advanced Customisation languages", () => {
    expect(themeTextsByLanguage(theme).map((l) => l.language)).toEqual(['fr', 'de', 'en']);
  });

  it("uses the entry's text, else the theme's own in its language, else the standard text", () => {
    const [fr, de, en] = themeTextsByLanguage(theme).map((l) => l.texts);
    expect(fr!.agreeButton).toEqual({ text: "J'accepte", standard: false });
    expect(fr!.privacyHeader).toEqual({ text: defaultPrivacyHeader('fr'), standard: true });
    // The theme's own button text is French: German shows the German standard text.
    expect(de!.agreeButton).toEqual({ text: bannerControlTexts('de').acceptAll, standard: true });
    expect(de!.disagreeButton).toEqual({ text: 'Nein', standard: false });
    expect(de!.privacyHeader).toEqual({ text: 'Ihre Daten', standard: false });
    expect(en!.agreeButton).toEqual({ text: 'Sure', standard: false });
    expect(en!.privacyBody.standard).toBe(true);
    expect(en!.privacyBody.text).toContain('<<');
  });
});
