// Zod-free: the consent runtime picks the visitor's language with it.

/**
 * The theme language to show a visitor: the first of the visitor's languages (BCP 47 tags, most
 * preferred first) that the theme has, else the theme's default.
 */
export function pickLanguage(
  visitorLanguages: readonly string[],
  available: readonly string[],
  fallback: string,
): string {
  for (const tag of visitorLanguages) {
    const primary = tag.toLowerCase().split('-')[0] ?? '';
    const code = primary === 'nb' || primary === 'nn' ? 'no' : primary;
    if (available.includes(code)) return code;
  }
  return fallback;
}
