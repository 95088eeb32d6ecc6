import { COUNTRIES } from '../country';
import { LANGUAGE_NAMES, LanguageCode } from '../language';
import type { ReportProperty, ReportTheme } from './report-properties';
import { DEVICE_TYPE_LABELS } from './segments';

/**
 * The names a report shows for the ids its rows carry (issue 11): a theme by its name, a property
 * by its url (these two from the account). Results tables, charts and CSV files all read them.
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

const COUNTRY_NAMES: ReadonlyMap<string, string> = new Map(COUNTRIES.map((c) => [c.code, c.name]));
const PAGE_FORMAT_NAMES: Readonly<Record<string, string>> = { HTTP: 'HTTP', AMP: 'AMP' };
const APPLICABLE_DIMENSIONS = new Set(['gbcApplicable', 'copApplicable', 'advancedApplicable']);

/**
 * The one naming rule of custom reports (issue 11): the name the results table, the chart and the
 * CSV (the console's export and a report job's file) show for value `value` of dimension
 * `fieldName`. A theme by its name and a property by its url (`names`), a theme language and a
 * country by their names (as the dashboard's country table), a device type and a page format by
 * their labels, an applicable flag as Yes/No. Undefined when the dimension holds no such code or
 * the code is not known (a deleted theme, an unknown country keep showing their code), and for
 * empty values (each caller has its own: 'N/A' in the table, an empty cell in the CSV).
 */
export function reportValueName(
  fieldName: string,
  value: unknown,
  names: ReportValueNames | undefined,
): string | undefined {
  if (APPLICABLE_DIMENSIONS.has(fieldName) && (value === true || value === 'true')) return 'Yes';
  if (APPLICABLE_DIMENSIONS.has(fieldName) && (value === false || value === 'false')) return 'No';
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const id = String(value);
  switch (fieldName) {
    case 'themeUuid':
      return names?.themes.get(id);
    case 'propertyId':
      return names?.properties.get(id);
    case 'themeLanguage':
      return isLanguageCode(id) ? LANGUAGE_NAMES[id] : undefined;
    case 'country':
      return COUNTRY_NAMES.get(id.toUpperCase());
    case 'deviceType':
      return (DEVICE_TYPE_LABELS as Readonly<Record<string, string>>)[id];
    case 'pageFormat':
      return PAGE_FORMAT_NAMES[id];
    default:
      return undefined;
  }
}
