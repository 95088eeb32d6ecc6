import { canonicalJson, sameValue } from '../equal';
import type { Property, PropertyDraft, PropertyValues } from '../property/schema';
import { PropertySettings, propertyIdentifier } from '../property/schema';
import { identifierKey } from '../property/identity';
import { toSavePayload } from '../property/save-payload';
import type { ConfigDocument, DocumentProperty, DocumentSettingsField } from './document';
import { CONFIG_DOCUMENT_VERSION, DOCUMENT_SETTINGS_FIELDS } from './document';

/** A theme of the account as the themes list gives it. */
export interface LiveTheme {
  themeId: string;
  themeName: string;
  themeType: 'SITE' | 'APP';
}

/** A stored property: its settings with the ids the server gave it. */
export type LiveProperty = PropertyValues & Pick<Property, 'uuid' | 'siteId'>;

/** What export and plan read from the server: the account, its properties and its themes. */
export interface LiveAccount {
  account: string;
  properties: readonly LiveProperty[];
  themes: readonly LiveTheme[];
}

export { canonicalJson, sameValue };

/** The stored settings without the server's bookkeeping (what a save compares and merges). */
export const settingsOf = (property: PropertyDraft): PropertyValues =>
  PropertySettings.parse(property);

/** The account's themes by name, keeping only names that are unique. */
export function themesByName(themes: readonly LiveTheme[]): Map<string, LiveTheme> {
  const byName = new Map<string, LiveTheme>();
  const duplicated = new Set<string>();
  for (const theme of themes) {
    if (byName.has(theme.themeName)) duplicated.add(theme.themeName);
    byName.set(theme.themeName, theme);
  }
  for (const name of duplicated) byName.delete(name);
  return byName;
}

export const documentType = (type: 'SITE' | 'APP'): 'site' | 'app' =>
  type === 'APP' ? 'app' : 'site';

/** The settings an entry stands for: its fields over the defaults, as a save would parse them. */
export function entryValues(
  identifier: string,
  type: 'SITE' | 'APP',
  themeId: string | undefined,
  fields: Partial<Record<DocumentSettingsField, unknown>>,
): PropertyValues {
  return PropertySettings.parse({
    ...fields,
    propertyType: type,
    ...(type === 'APP' ? { packageId: identifier } : { url: identifier }),
    ...(themeId !== undefined ? { themeId } : {}),
  });
}

/**
 * The shortest entry that saves to the stored settings: fields equal to what omitting them means
 * are left out, and so are fields the save rules derive from others (privacy modes from consent
 * locations, say), so the document holds only deliberate choices and diffs stay small.
 */
function minimalFields(property: LiveProperty): Partial<Record<DocumentSettingsField, unknown>> {
  const type = property.propertyType;
  const identifier = propertyIdentifier(property);
  const stored = settingsOf(property);
  const target = canonicalJson(stored);
  const defaults = entryValues(identifier, type, stored.themeId, {});
  let fields: Partial<Record<DocumentSettingsField, unknown>> = {};
  for (const field of DOCUMENT_SETTINGS_FIELDS) {
    if (stored[field] !== undefined && !sameValue(stored[field], defaults[field]))
      fields[field] = stored[field];
  }
  const savesToStored = (candidate: typeof fields) =>
    canonicalJson(toSavePayload(entryValues(identifier, type, stored.themeId, candidate))) ===
    target;
  // Settings stored without the save rules (not normalised) are written out in full.
  if (!savesToStored(fields)) return fields;
  for (const field of Object.keys(fields) as DocumentSettingsField[]) {
    const { [field]: _dropped, ...rest } = fields;
    if (savesToStored(rest)) fields = rest;
  }
  return fields;
}

/** One property as a document entry: type, theme (by name when it has a unique one), settings. */
export function toDocumentProperty(
  property: LiveProperty,
  themes: ReadonlyMap<string, LiveTheme>,
  themeNames: ReadonlyMap<string, string>,
): DocumentProperty {
  const entry: DocumentProperty = { type: documentType(property.propertyType) };
  const name = themeNames.get(property.themeId);
  if (name !== undefined && themes.get(name)?.themeId === property.themeId) entry.theme = name;
  else if (!sameValue(property.themeId, PropertySettings.shape.themeId.parse(undefined)))
    entry.themeId = property.themeId;
  return Object.assign(entry, minimalFields(property));
}

const byIdentifier = (a: string, b: string): number => {
  const ka = identifierKey(a);
  const kb = identifierKey(b);
  return ka < kb ? -1 : ka > kb ? 1 : a < b ? -1 : a > b ? 1 : 0;
};

/**
 * The account as a document: properties sorted by identifier, fields in a fixed order, the themes
 * they use listed by name, and nothing that changes between two exports of the same account
 * (no timestamps, no server ids), so it can live in git.
 */
export function toConfigDocument(live: LiveAccount): ConfigDocument {
  const themes = themesByName(live.themes);
  const themeNames = new Map(live.themes.map((t) => [t.themeId, t.themeName]));
  const properties: ConfigDocument['properties'] = {};
  const sorted = [...live.properties].sort((a, b) =>
    byIdentifier(propertyIdentifier(a), propertyIdentifier(b)),
  );
  const used = new Map<string, LiveTheme>();
  for (const property of sorted) {
    const entry = toDocumentProperty(property, themes, themeNames);
    if (entry.theme !== undefined) used.set(entry.theme, themes.get(entry.theme)!);
    properties[propertyIdentifier(property)] = entry;
  }
  const documentThemes: ConfigDocument['themes'] = {};
  for (const name of [...used.keys()].sort(byIdentifier))
    documentThemes[name] = { type: documentType(used.get(name)!.themeType) };
  return {
    assent: CONFIG_DOCUMENT_VERSION,
    account: live.account,
    themes: documentThemes,
    properties,
  };
}
