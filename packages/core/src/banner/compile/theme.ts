import { canonicalColor } from '../../theme/colors';
import { sanitizeCustomCss } from '../../theme/css';
import type { ThemeValues } from '../../theme/schema';
import type { BannerColors, BannerConfig, BannerTexts } from '../config';
import { BANNER_DEFAULT_COLORS } from '../config';

/** The banner's look: layout, colours, buttons, the persistent link and the custom CSS. */

function compileColors(theme: ThemeValues): BannerColors {
  if (theme.themeType !== 'SITE') return { ...BANNER_DEFAULT_COLORS };
  const pick = (value: string, fallback: string) => canonicalColor(value) ?? fallback;
  const d = BANNER_DEFAULT_COLORS;
  return {
    fontColor: pick(theme.uxFontColor, d.fontColor),
    linkColor: pick(theme.uxLinkColor, d.linkColor),
    backgroundColor: pick(theme.uxBackgroundColor, d.backgroundColor),
    toggleActiveColor: pick(theme.uxToogleActiveColor, d.toggleActiveColor),
    primaryButtonColor: pick(theme.uxPrimaryButtonColor, d.primaryButtonColor),
    primaryButtonTextColor: pick(theme.uxPrimaryButtonTextColor, d.primaryButtonTextColor),
    secondaryButtonColor: pick(theme.uxSecondaryButtonColor, d.secondaryButtonColor),
    secondaryButtonTextColor: pick(theme.uxSecondaryButtonTextColor, d.secondaryButtonTextColor),
  };
}

/** The theme section: an app theme gets the default look (popup, summary, no persistent link). */
export function compileBannerTheme(
  theme: ThemeValues,
  texts: Record<string, BannerTexts>,
): BannerConfig['theme'] {
  const css = theme.themeType === 'SITE' ? theme.uxCustomizedCss.trim() : '';
  return {
    displayUi:
      theme.themeType === 'SITE' && theme.initialScreen === 'SUMMARY' ? theme.displayUi : 'popup',
    initialScreen: theme.themeType === 'SITE' ? theme.initialScreen : 'SUMMARY',
    colors: compileColors(theme),
    rejectButton: theme.initScreenRejectButtonShowing,
    closeButton: theme.themeType === 'SITE' && theme.initScreenCloseButtonShowing,
    persistentLink:
      theme.themeType === 'SITE'
        ? {
            enabled: theme.uxPersistentConsentButton || theme.uxSoftOptIns,
            location: theme.uxPersistentConsentLinkLocation,
          }
        : { enabled: false, location: 'BOTTOM_RIGHT' },
    // Validated on save; only the allowed parts, as the parser writes them, ever ship.
    customCss: sanitizeCustomCss(css),
    defaultLanguage: theme.language,
    texts,
  };
}
