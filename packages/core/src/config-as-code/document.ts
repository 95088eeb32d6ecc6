import type { z } from 'zod';
import { COUNTRIES } from '../country';
import { LIST_LIMITS, tooManyItems } from '../limits';
import type { PropertyDraft } from '../property/schema';
import { PropertySettings } from '../property/schema';
import {
  ACCOUNT_MISSING,
  DOCUMENT_NOT_A_MAPPING,
  DOCUMENT_VERSION_MISSING,
  NOT_A_MAPPING,
  PROPERTY_TYPE_INVALID,
  THEME_AND_THEME_ID,
  THEME_TYPE_INVALID,
  UNKNOWN_COUNTRY_CODE,
  documentVersionUnsupported,
  unknownField,
} from './messages';
import { readableIssues, unknownKeyIssues } from './schema-check';
import { closest } from './suggest';

/**
 * An account's properties as one document (configuration as code), e.g. in YAML:
 *
 *     assent: 1
 *     account: abc123
 *     themes:
 *       Corporate: { type: site }
 *     properties:
 *       example.com:
 *         type: site
 *         theme: Corporate
 *         publisherName: Example News
 *         consentLocations: [EEA, USA]
 *
 * Properties are keyed by their identifier (url for sites, packageId for apps); each lists only the
 * settings that differ from what an omitted field means (PropertySettings' defaults).
 */
export const CONFIG_DOCUMENT_VERSION = 1;

export type DocumentPropertyType = 'site' | 'app';
export type DocumentPath = Array<string | number>;

/** A problem in a document, at its path (e.g. ['properties', 'example.com', 'publisherCC']). */
export interface DocumentIssue {
  path: DocumentPath;
  message: string;
}

type SettingsShape = typeof PropertySettings.shape;
/** The identity fields a document carries apart: the key, `type`, and `theme` or `themeId`. */
const IDENTITY_FIELDS = ['propertyType', 'url', 'packageId', 'themeId'] as const;
export type DocumentSettingsField = Exclude<keyof SettingsShape, (typeof IDENTITY_FIELDS)[number]>;

/** The settings a document may give, in PropertySettings' order (the order export writes). */
export const DOCUMENT_SETTINGS_FIELDS: readonly DocumentSettingsField[] = (
  Object.keys(PropertySettings.shape) as Array<keyof SettingsShape>
).filter((k): k is DocumentSettingsField => !(IDENTITY_FIELDS as readonly string[]).includes(k));

/** Every field of a property entry, in the order export writes them. */
export const DOCUMENT_PROPERTY_FIELDS: readonly string[] = [
  'type',
  'theme',
  'themeId',
  ...DOCUMENT_SETTINGS_FIELDS,
];

/** One property of a document: its type, its theme and the settings it sets. */
export type DocumentProperty = {
  type: DocumentPropertyType;
  /** A theme by name (resolved against the account's themes). */
  theme?: string;
  /** A theme by id, for themes without a unique name and the reserved AMP ids. */
  themeId?: string;
} & Partial<Pick<PropertyDraft, DocumentSettingsField>>;

export interface DocumentTheme {
  type: DocumentPropertyType;
}

export interface ConfigDocument {
  assent: typeof CONFIG_DOCUMENT_VERSION;
  account: string;
  /** The themes the properties use, by name. */
  themes: Record<string, DocumentTheme>;
  properties: Record<string, DocumentProperty>;
}

const TOP_LEVEL_FIELDS = ['assent', 'account', 'themes', 'properties'];

const isMapping = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const KNOWN_COUNTRIES = new Set(COUNTRIES.map((c) => c.code));

function checkProperty(raw: unknown, path: DocumentPath): DocumentIssue[] {
  if (raw === null || raw === undefined) return [];
  if (!isMapping(raw)) return [{ path, message: NOT_A_MAPPING }];
  const issues: DocumentIssue[] = [];
  for (const [field, value] of Object.entries(raw)) {
    const at = [...path, field];
    if (field === 'type') {
      if (value !== 'site' && value !== 'app')
        issues.push({ path: at, message: PROPERTY_TYPE_INVALID });
      continue;
    }
    if (field === 'theme' || field === 'themeId') {
      if (typeof value !== 'string' || value.trim() === '')
        issues.push({ path: at, message: 'Expected a theme name' });
      continue;
    }
    if (!(DOCUMENT_SETTINGS_FIELDS as readonly string[]).includes(field)) {
      issues.push({
        path: at,
        message: unknownField(field, closest(field, DOCUMENT_PROPERTY_FIELDS)),
      });
      continue;
    }
    const schema = PropertySettings.shape[field as DocumentSettingsField] as z.ZodType;
    issues.push(...unknownKeyIssues(schema, value, at));
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      issues.push(...readableIssues(parsed.error, schema, value, at));
    } else if (field === 'publisherCC' && !KNOWN_COUNTRIES.has(String(parsed.data))) {
      issues.push({ path: at, message: UNKNOWN_COUNTRY_CODE });
    }
  }
  if ('theme' in raw && 'themeId' in raw) issues.push({ path, message: THEME_AND_THEME_ID });
  return issues;
}

/**
 * Reads a parsed document (from YAML or JSON): every problem with its path, or the document with
 * each property's type filled in. Rules that need the live account (themes, duplicates, the
 * property rules) are checked by planConfig.
 */
export function parseConfigDocument(
  raw: unknown,
): { ok: true; value: ConfigDocument } | { ok: false; issues: DocumentIssue[] } {
  if (!isMapping(raw))
    return { ok: false, issues: [{ path: [], message: DOCUMENT_NOT_A_MAPPING }] };
  const issues: DocumentIssue[] = [];
  for (const field of Object.keys(raw)) {
    if (!TOP_LEVEL_FIELDS.includes(field))
      issues.push({
        path: [field],
        message: unknownField(field, closest(field, TOP_LEVEL_FIELDS)),
      });
  }
  if (raw.assent === undefined) issues.push({ path: [], message: DOCUMENT_VERSION_MISSING });
  else if (raw.assent !== CONFIG_DOCUMENT_VERSION)
    issues.push({ path: ['assent'], message: documentVersionUnsupported(raw.assent) });
  if (typeof raw.account !== 'string' || raw.account.trim() === '')
    issues.push({ path: raw.account === undefined ? [] : ['account'], message: ACCOUNT_MISSING });

  const themes: Record<string, DocumentTheme> = {};
  if (raw.themes !== undefined && raw.themes !== null) {
    if (!isMapping(raw.themes)) issues.push({ path: ['themes'], message: NOT_A_MAPPING });
    else
      for (const [name, theme] of Object.entries(raw.themes)) {
        const type = isMapping(theme) ? theme.type : undefined;
        const extra = isMapping(theme) ? Object.keys(theme).filter((k) => k !== 'type') : [];
        if (type !== 'site' && type !== 'app')
          issues.push({ path: ['themes', name], message: THEME_TYPE_INVALID });
        else themes[name] = { type };
        for (const field of extra)
          issues.push({ path: ['themes', name, field], message: unknownField(field, 'type') });
      }
  }

  const properties: Record<string, DocumentProperty> = {};
  if (raw.properties !== undefined && raw.properties !== null) {
    if (!isMapping(raw.properties)) issues.push({ path: ['properties'], message: NOT_A_MAPPING });
    // Issue 19 item 9: one document applies at most as many properties as one bulk update takes.
    else if (Object.keys(raw.properties).length > LIST_LIMITS.bulkProperties)
      issues.push({ path: ['properties'], message: tooManyItems(LIST_LIMITS.bulkProperties) });
    else
      for (const [key, entry] of Object.entries(raw.properties)) {
        const found = checkProperty(entry, ['properties', key]);
        issues.push(...found);
        if (found.length === 0) {
          const value = (isMapping(entry) ? entry : {}) as Partial<DocumentProperty>;
          properties[key] = { ...value, type: value.type ?? 'site' } as DocumentProperty;
        }
      }
  }
  if (issues.length) return { ok: false, issues };
  return {
    ok: true,
    value: {
      assent: CONFIG_DOCUMENT_VERSION,
      account: (raw.account as string).trim(),
      themes,
      properties,
    },
  };
}

/** A path as messages print it: properties.example.com.publisherCC, consentLocations[1]. */
export function formatDocumentPath(path: DocumentPath): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}
