import { LANGUAGE_NAMES, LanguageCode } from '../language';
import type { ReportProperty, ReportTheme } from './report-properties';

/**
 * The names a report shows for the ids its rows carry (issue 11): a theme by its name, a property
 * by its url, a theme language by its name. Results tables, charts and CSV files all read them.
 */
export interface ReportValueNames {
  /** themeUuid → the theme's name. */
  themes: ReadonlyMap<string, string>;
  /** propertyId (or siteUuid) → the property's url. */
  properties: ReadonlyMap<string, string>;
}

/** The names of the account's themes and properties (the themes and properties queries). */
export function reportValueNames(input: {
  themes?: readonly ReportTheme[] | undefined;
  properties?: readonly ReportProperty[] | undefined;
}): ReportValueNames {
  const properties = new Map<string, string>();
  for (const p of input.properties ?? []) {
    properties.set(p.siteUuid, p.url);
    if (p.propertyId) properties.set(p.propertyId, p.url);
  }
  return {
    themes: new Map((input.themes ?? []).map((t) => [t.uuid, t.themeName])),
    properties,
  };
}

const isLanguageCode = (value: string): value is LanguageCode =>
  (LanguageCode.options as readonly string[]).includes(value);

/**
 * The name `value` of dimension `fieldName` stands for, or undefined when the dimension holds no
 * ids or the id is not known (a deleted theme or property keeps showing its id).
 */
export function reportValueName(
  fieldName: string,
  value: unknown,
  names: ReportValueNames | undefined,
): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const id = String(value);
  switch (fieldName) {
    case 'themeUuid':
      return names?.themes.get(id);
    case 'propertyId':
      return names?.properties.get(id);
    case 'themeLanguage':
      return isLanguageCode(id) ? LANGUAGE_NAMES[id] : undefined;
    default:
      return undefined;
  }
}
