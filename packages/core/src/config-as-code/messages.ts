/** Messages of configuration as code (`assent export`, `plan`, `apply`): our wording, not the spec's. */

export const DOCUMENT_NOT_A_MAPPING =
  'The document must be a mapping with assent, account and properties';
export const DOCUMENT_VERSION_MISSING = "Missing 'assent: 1' (the version of the document format)";
export const documentVersionUnsupported = (version: unknown): string =>
  `Unsupported document version ${JSON.stringify(version)}: this Assent reads 'assent: 1'`;
export const ACCOUNT_MISSING = "Missing 'account' (the account code, e.g. account: abc123)";
export const NOT_A_MAPPING = 'Expected a mapping of names to settings';
export const THEME_TYPE_INVALID = "Expected 'type: site' or 'type: app'";
export const PROPERTY_TYPE_INVALID = "Expected 'site' or 'app'";
export const THEME_AND_THEME_ID = "Give either 'theme' (a name) or 'themeId', not both";
export const UNKNOWN_COUNTRY_CODE = 'Unknown country code';

export const unknownField = (field: string, suggestion?: string): string =>
  suggestion
    ? `Unknown field '${field}'. Did you mean '${suggestion}'?`
    : `Unknown field '${field}'`;

export const unknownTheme = (name: string, known: readonly string[]): string =>
  `Unknown theme '${name}'${known.length ? ` (themes of this account: ${known.slice(0, 8).join(', ')}${known.length > 8 ? ', …' : ''})` : ''}`;

export const themeTypeMismatch = (name: string, actual: 'site' | 'app'): string =>
  `Theme '${name}' is ${actual === 'app' ? 'an app' : 'a site'} theme`;

export const unknownProperty = (identifier: string, account: string, suggestion?: string): string =>
  `Unknown property '${identifier}' in account ${account}${suggestion ? `. Did you mean '${suggestion}'?` : ''} (creating properties is turned off)`;

export const unknownPropertyUuid = (uuid: string, account: string): string =>
  `No property with uuid '${uuid}' in account ${account}: a uuid key names an existing property (key new properties by url or package id)`;

export const propertyListedTwice = (key: string, other: string): string =>
  `'${key}' is the same property as '${other}': list each property once`;

export const propertyTypeFixed = (identifier: string, actual: 'site' | 'app'): string =>
  `'${identifier}' is ${actual === 'app' ? 'an app' : 'a site'}: a property's type cannot change`;

export const derivedValueNote = (saved: string): string =>
  `saved as ${saved}: the save rules derive this field from the others`;

/** A value a field does not accept, with what it does: `Invalid value "banana": expected latest or a whole number`. */
export const invalidValue = (value: unknown, expected: string): string =>
  `Invalid value ${value === undefined ? '(none)' : JSON.stringify(value)}: expected ${expected}`;
