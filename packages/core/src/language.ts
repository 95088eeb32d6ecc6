import { z } from 'zod';

/** Languages with default consent texts (themes-and-bulk-update §9), in the spec's order. */
export const LanguageCode = z.enum([
  'en',
  'de',
  'bg',
  'hr',
  'cs',
  'da',
  'nl',
  'et',
  'fi',
  'fr',
  'el',
  'hu',
  'it',
  'lv',
  'lt',
  'mt',
  'no',
  'pl',
  'pt',
  'ro',
  'ru',
  'sk',
  'sl',
  'th',
  'vi',
  'ms',
  'es',
  'sv',
  'tr',
  'uk',
  'hi',
  'zh',
]);
export type LanguageCode = z.infer<typeof LanguageCode>;

export const DEFAULT_LANGUAGE: LanguageCode = 'en';

export const LANGUAGE_NAMES: Record<LanguageCode, string> = {
  en: 'English',
  de: 'German',
  bg: 'Bulgarian',
  hr: 'Croatian',
  cs: 'Czech',
  da: 'Danish',
  nl: 'Dutch',
  et: 'Estonian',
  fi: 'Finnish',
  fr: 'French',
  el: 'Greek',
  hu: 'Hungarian',
  it: 'Italian',
  lv: 'Latvian',
  lt: 'Lithuanian',
  mt: 'Maltese',
  no: 'Norwegian',
  pl: 'Polish',
  pt: 'Portuguese',
  ro: 'Romanian',
  ru: 'Russian',
  sk: 'Slovak',
  sl: 'Slovenian',
  th: 'Thai',
  vi: 'Vietnamese',
  ms: 'Malay',
  es: 'Spanish',
  sv: 'Swedish',
  tr: 'Turkish',
  uk: 'Ukrainian',
  hi: 'Hindi',
  zh: 'Chinese',
};

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
