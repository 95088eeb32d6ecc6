import type { PropertyType, PropertyValues } from '../property/schema';
import { PropertySettings, propertyIdentifier } from '../property/schema';
import { identifierKey, isUuid } from '../property/identity';
import { toSavePayload } from '../property/save-payload';
import type { PropertyValidationContext } from '../property/validate';
import { validateProperty } from '../property/validate';
import type {
  ConfigDocument,
  DocumentPath,
  DocumentProperty,
  DocumentSettingsField,
} from './document';
import { DOCUMENT_SETTINGS_FIELDS } from './document';
import { closest } from './suggest';
import type { LiveAccount, LiveProperty, LiveTheme } from './export';
import { documentType, entryValues, sameValue, settingsOf, themesByName } from './export';
import {
  derivedValueNote,
  propertyListedTwice,
  propertyTypeFixed,
  themeTypeMismatch,
  unknownProperty,
  unknownPropertyUuid,
  unknownTheme,
} from './messages';

/** One field that would change: its dotted name (nested objects are compared leaf by leaf). */
export interface FieldChange {
  field: string;
  old: unknown;
  new: unknown;
}

/** An existing property the document changes. */
export interface PlannedUpdate {
  identifier: string;
  propertyType: PropertyType;
  siteId: number;
  uuid: string;
  changes: FieldChange[];
  /** The bulk update item's changes: each changed top-level field with its new value. */
  payload: Record<string, unknown>;
}

/** A property of the document that the account does not have yet. */
export interface PlannedCreate {
  identifier: string;
  propertyType: PropertyType;
  /** The create call's body (the settings the entry stands for). */
  settings: PropertyValues;
  /** The fields the entry sets, as they will be saved. */
  fields: FieldChange[];
  /** A live property with a close identifier (a typo in the key?). */
  didYouMean?: string;
}

/**
 * Why the document cannot be applied: a rule the server would enforce (`rule`, with the spec's
 * message) or a reference the account cannot resolve (`reference`: a theme, a property).
 */
export interface PlanProblem {
  kind: 'rule' | 'reference';
  path: DocumentPath;
  /** The property's identifier, when the problem is one property's. */
  identifier?: string;
  field: string;
  message: string;
}

/** Information that does not block: a value the save rules replace. */
export interface PlanNote {
  path: DocumentPath;
  message: string;
}

export interface ConfigPlan {
  account: string;
  updates: PlannedUpdate[];
  creates: PlannedCreate[];
  /** Identifiers of document properties already as described. */
  unchanged: string[];
  /** Identifiers of live properties the document does not mention (left as they are). */
  unmanaged: string[];
  problems: PlanProblem[];
  notes: PlanNote[];
}

export interface PlanContext {
  /** Whether the account is enabled for Consent or Pay (its organisation's flag). @default false */
  consentOrPayEnabled?: boolean;
  /**
   * The vendors in scope (selectedVendorPurposes), for the Consent-or-Pay rule; needed when
   * documentEnablesConsentOrPay, left unchecked when not given.
   */
  vendors?: PropertyValidationContext['vendors'];
  /** Plan creations for document properties the account lacks; when false they are problems. @default true */
  allowCreate?: boolean;
}

/**
 * Whether a property of the document turns Consent or Pay on: the server then checks the
 * account's vendors (COP_NO_NON_PERSONALISED_VENDORS), so plan needs them in `vendors`.
 */
export const documentEnablesConsentOrPay = (document: ConfigDocument): boolean =>
  Object.values(document.properties).some((p) => p.consentOrPayConfig?.enabled === true);

export const planHasChanges = (plan: ConfigPlan): boolean =>
  plan.updates.length > 0 || plan.creates.length > 0;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Field-level differences; objects are compared key by key, arrays and scalars as a whole. */
function diffValue(field: string, old: unknown, next: unknown, out: FieldChange[]): void {
  if (sameValue(old, next)) return;
  if (isPlainObject(old) && isPlainObject(next)) {
    const keys = [...new Set([...Object.keys(old), ...Object.keys(next)])];
    for (const key of keys) diffValue(`${field}.${key}`, old[key], next[key], out);
    return;
  }
  out.push({ field, old, new: next });
}

const COMPARED_FIELDS = ['url', 'packageId', 'themeId', ...DOCUMENT_SETTINGS_FIELDS] as const;
type ComparedField = (typeof COMPARED_FIELDS)[number];

/** Where in the document a property rule's field lives (the key for the identifier). */
function pathOfField(identifier: string, entry: DocumentProperty, field: string): DocumentPath {
  const base: DocumentPath = ['properties', identifier];
  const top = field.split('.')[0] ?? field;
  if (top === 'url' || top === 'packageId') return base;
  if (top === 'themeId') return [...base, entry.theme !== undefined ? 'theme' : 'themeId'];
  if (!(top in entry)) return base;
  return [...base, ...field.split('.')];
}

function settingsFieldsOf(
  entry: DocumentProperty,
): Partial<Record<DocumentSettingsField, unknown>> {
  const { type: _type, theme: _theme, themeId: _themeId, ...fields } = entry;
  return fields;
}

interface ThemeResolution {
  themeId?: string;
  problem?: PlanProblem;
}

function resolveTheme(
  identifier: string,
  entry: DocumentProperty,
  themes: ReadonlyMap<string, LiveTheme>,
  allThemes: readonly LiveTheme[],
): ThemeResolution {
  if (entry.themeId !== undefined) return { themeId: entry.themeId };
  if (entry.theme === undefined) return {};
  const theme =
    themes.get(entry.theme) ??
    [...themes.values()].find((t) => t.themeName.toLowerCase() === entry.theme!.toLowerCase());
  if (theme) return { themeId: theme.themeId };
  return {
    problem: {
      kind: 'reference',
      path: ['properties', identifier, 'theme'],
      identifier,
      field: 'theme',
      message: unknownTheme(
        entry.theme,
        allThemes.filter((t) => documentType(t.themeType) === entry.type).map((t) => t.themeName),
      ),
    },
  };
}

function displayTheme(themeId: unknown, names: ReadonlyMap<string, string>): unknown {
  return typeof themeId === 'string' ? (names.get(themeId) ?? themeId) : themeId;
}

/** The changes of a property, in the document's field order, with theme ids shown by name. */
function changesBetween(
  live: PropertyValues,
  desired: PropertyValues,
  themeNames: ReadonlyMap<string, string>,
): { changes: FieldChange[]; payload: Record<string, unknown> } {
  const changes: FieldChange[] = [];
  const payload: Record<string, unknown> = {};
  for (const field of COMPARED_FIELDS) {
    const before = live[field as ComparedField];
    const after = desired[field as ComparedField];
    if (sameValue(before, after)) continue;
    payload[field] = after;
    if (field === 'themeId')
      changes.push({
        field: 'theme',
        old: displayTheme(before, themeNames),
        new: displayTheme(after, themeNames),
      });
    else diffValue(field, before, after, changes);
  }
  return { changes, payload };
}

function ruleProblems(
  identifier: string,
  entry: DocumentProperty,
  values: PropertyValues,
  ctx: PropertyValidationContext,
): PlanProblem[] {
  const result = validateProperty(values, ctx);
  if (result.ok) return [];
  return result.issues.map((issue) => ({
    kind: 'rule' as const,
    path: pathOfField(identifier, entry, issue.field),
    identifier,
    field: issue.field,
    message: issue.message,
  }));
}

/** Fields the document sets to a value the save rules replace (e.g. privacy modes on v54+). */
function derivedNotes(
  identifier: string,
  entry: DocumentProperty,
  saved: PropertyValues,
): PlanNote[] {
  const notes: PlanNote[] = [];
  for (const [field, value] of Object.entries(settingsFieldsOf(entry))) {
    const parsed = PropertySettings.shape[field as DocumentSettingsField].safeParse(value);
    const savedValue = saved[field as DocumentSettingsField];
    if (parsed.success && !sameValue(parsed.data, savedValue))
      notes.push({
        path: ['properties', identifier, field],
        message: derivedValueNote(
          savedValue === undefined ? '(nothing)' : JSON.stringify(savedValue),
        ),
      });
  }
  return notes;
}

/**
 * Compares a document with the live account, without writing anything: per property the fields
 * that would change (old and new), the properties to create, and every problem that would stop
 * the save, found with the server's own rules (validateProperty on the values the server would
 * validate, toSavePayload for what it would store). Applying the plan's updates as one bulk update
 * of `payload`s and its creations through the create calls brings the account to the document.
 */
export function planConfig(
  document: ConfigDocument,
  live: LiveAccount,
  ctx: PlanContext = {},
): ConfigPlan {
  const themes = themesByName(live.themes);
  const themeNames = new Map(live.themes.map((t) => [t.themeId, t.themeName]));
  const validation: PropertyValidationContext = {
    themes: live.themes,
    consentOrPayEnabled: ctx.consentOrPayEnabled ?? false,
    ...(ctx.vendors ? { vendors: ctx.vendors } : {}),
  };
  const plan: ConfigPlan = {
    account: document.account,
    updates: [],
    creates: [],
    unchanged: [],
    unmanaged: [],
    problems: [],
    notes: [],
  };

  for (const [name, theme] of Object.entries(document.themes)) {
    const found = themes.get(name);
    if (!found)
      plan.problems.push({
        kind: 'reference',
        path: ['themes', name],
        field: 'themes',
        message: unknownTheme(
          name,
          live.themes.map((t) => t.themeName),
        ),
      });
    else if (documentType(found.themeType) !== theme.type)
      plan.problems.push({
        kind: 'reference',
        path: ['themes', name, 'type'],
        field: 'themes',
        message: themeTypeMismatch(name, documentType(found.themeType)),
      });
  }

  // Match document keys to live properties case-insensitively, an exact spelling first; a key
  // that is a uuid names an existing property by its uuid.
  const liveByKey = new Map<string, LiveProperty>();
  for (const p of live.properties) liveByKey.set(identifierKey(propertyIdentifier(p)), p);
  const liveByUuid = new Map(live.properties.map((p) => [p.uuid.toLowerCase(), p]));
  const keys = Object.keys(document.properties);
  const uuidKeys = keys.filter(isUuid);
  const identifierKeys = keys.filter((k) => !isUuid(k));
  const matched = new Map<string, LiveProperty>();
  const claimedBy = new Map<LiveProperty, string>();
  const isExact = (key: string): boolean => {
    const property = liveByKey.get(identifierKey(key));
    return property !== undefined && propertyIdentifier(property) === key;
  };
  const exactFirst = [
    ...identifierKeys.filter(isExact),
    ...identifierKeys.filter((k) => !isExact(k)),
  ];
  for (const key of exactFirst) {
    const property = liveByKey.get(identifierKey(key));
    if (property && !claimedBy.has(property)) {
      matched.set(key, property);
      claimedBy.set(property, key);
    }
  }
  const uuidProblems = new Map<string, PlanProblem>();
  for (const key of uuidKeys) {
    const property = liveByUuid.get(key.trim().toLowerCase());
    const other = property ? claimedBy.get(property) : undefined;
    if (property && other === undefined) {
      matched.set(key, property);
      claimedBy.set(property, key);
      continue;
    }
    uuidProblems.set(key, {
      kind: 'reference',
      path: ['properties', key],
      identifier: key,
      field: 'uuid',
      message:
        other === undefined
          ? unknownPropertyUuid(key, document.account)
          : propertyListedTwice(key, other),
    });
  }
  const unmanaged = live.properties.filter((p) => !claimedBy.has(p)).map(propertyIdentifier);
  const identifiers = live.properties.map(propertyIdentifier);

  for (const key of keys) {
    const entry = document.properties[key]!;
    const type: PropertyType = entry.type === 'app' ? 'APP' : 'SITE';
    const uuidProblem = uuidProblems.get(key);
    if (uuidProblem) {
      plan.problems.push(uuidProblem);
      continue;
    }
    const theme = resolveTheme(key, entry, themes, live.themes);
    if (theme.problem) {
      plan.problems.push(theme.problem);
      continue;
    }
    const property = matched.get(key);

    if (property) {
      if (property.propertyType !== type) {
        plan.problems.push({
          kind: 'reference',
          path: ['properties', key, 'type'],
          identifier: key,
          field: 'type',
          message: propertyTypeFixed(key, documentType(property.propertyType)),
        });
        continue;
      }
      // A uuid key keeps the property's own url or package id.
      const identity = isUuid(key) ? propertyIdentifier(property) : key;
      const values = entryValues(identity, type, theme.themeId, settingsFieldsOf(entry));
      const desired = toSavePayload(values);
      plan.notes.push(...derivedNotes(key, entry, desired));
      const stored = settingsOf(property);
      const { changes, payload } = changesBetween(stored, desired, themeNames);
      if (changes.length === 0) {
        plan.unchanged.push(key);
        continue;
      }
      // The bulk update merges the changes over the stored settings and validates the result.
      const merged = PropertySettings.parse({ ...stored, ...payload, propertyType: type });
      const problems = ruleProblems(key, entry, merged, validation);
      if (problems.length) {
        plan.problems.push(...problems);
        continue;
      }
      plan.updates.push({
        identifier: key,
        propertyType: type,
        siteId: property.siteId,
        uuid: property.uuid,
        changes,
        payload,
      });
      continue;
    }

    const didYouMean = closest(key, unmanaged);
    if (ctx.allowCreate === false) {
      plan.problems.push({
        kind: 'reference',
        path: ['properties', key],
        identifier: key,
        field: type === 'APP' ? 'packageId' : 'url',
        message: unknownProperty(key, document.account, didYouMean),
      });
      continue;
    }
    const values = entryValues(key, type, theme.themeId, settingsFieldsOf(entry));
    const problems = ruleProblems(key, entry, values, {
      ...validation,
      existingIdentifiers: identifiers,
    });
    identifiers.push(key);
    if (problems.length) {
      plan.problems.push(...problems);
      continue;
    }
    const saved = toSavePayload(values);
    plan.notes.push(...derivedNotes(key, entry, saved));
    const defaults = toSavePayload(entryValues(key, type, undefined, {}));
    const { changes } = changesBetween(defaults, saved, themeNames);
    plan.creates.push({
      identifier: key,
      propertyType: type,
      settings: values,
      fields: changes,
      ...(didYouMean ? { didYouMean } : {}),
    });
  }
  plan.unmanaged = unmanaged.sort();
  return plan;
}
