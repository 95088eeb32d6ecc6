import { z } from 'zod';
import { sameValue } from '../equal';

/** What a change-history entry is about: a site, an app, a theme or the account's vendor selection. */
export const HistoryEntityType = z.enum(['SITE', 'APP', 'THEME', 'VENDORS']);
export type HistoryEntityType = z.infer<typeof HistoryEntityType>;

export const HistoryAction = z.enum(['CREATE', 'UPDATE', 'DELETE']);
export type HistoryAction = z.infer<typeof HistoryAction>;

/**
 * How the change was made: in the console (a session), with a personal access token (the CLI, CI),
 * or by a bulk update job (started by `actor`).
 */
export const HistoryVia = z.enum(['session', 'token', 'bulk-update']);
export type HistoryVia = z.infer<typeof HistoryVia>;

/** One field's change: `null` stands for absent (a field set at creation, removed at deletion). */
export const FieldChange = z.object({
  field: z.string(),
  from: z.unknown(),
  to: z.unknown(),
});
export type FieldChange = z.infer<typeof FieldChange>;

export const ChangeEntry = z.object({
  id: z.string(),
  /** When the change was committed (ISO 8601). */
  at: z.string(),
  /** The e-mail of the user who made the change (or who started the bulk update). */
  actor: z.string(),
  /** The personal access token's name when the change came through one. */
  tokenName: z.string().nullable(),
  via: HistoryVia,
  /** The bulk update that made the change. */
  bulkUpdateId: z.string().nullable(),
  entityType: HistoryEntityType,
  /** A property's uuid, a theme's id, the account code for the vendor selection. */
  entityId: z.string(),
  /** The url, package id or theme name when the change was made. */
  entityName: z.string(),
  action: HistoryAction,
  changes: z.array(FieldChange),
});
export type ChangeEntry = z.infer<typeof ChangeEntry>;

/** Entries per page of the history route and its views. */
export const HISTORY_PAGE_SIZE = 50;
export const HISTORY_MAX_PAGE_SIZE = 200;

export const HistoryQuery = z.object({
  pCode: z.string().min(1),
  entityType: HistoryEntityType.optional(),
  entityId: z.string().min(1).optional(),
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(HISTORY_MAX_PAGE_SIZE).default(HISTORY_PAGE_SIZE),
});

/** One page of history, newest first, with the number of entries on every page. */
export const HistoryPage = z.object({
  items: z.array(ChangeEntry),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type HistoryPage = z.infer<typeof HistoryPage>;

/** The empty-state line of the history views (console and CLI). */
export const NO_HISTORY = 'No changes recorded yet.';

type Json = Record<string, unknown>;

const isPlainObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Nested plain objects become dotted paths; arrays and scalars are leaves; undefined is left out. */
function flatten(value: Json, prefix: string, into: Map<string, unknown>): Map<string, unknown> {
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined) continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if (isPlainObject(item) && Object.keys(item).length > 0) flatten(item, path, into);
    else into.set(path, item);
  }
  return into;
}

/**
 * The fields that differ between two versions of a configuration, sorted by field: nested objects
 * compared field by field (`gbcLocations`, `texts.title`), arrays and scalars as whole values (key
 * order ignored). `null` before means created, `null` after means deleted; a field that is null or
 * absent on both sides is no change.
 */
export function diffChanges(before: Json | null, after: Json | null): FieldChange[] {
  const from = before ? flatten(before, '', new Map()) : new Map<string, unknown>();
  const to = after ? flatten(after, '', new Map()) : new Map<string, unknown>();
  const fields = [...new Set([...from.keys(), ...to.keys()])].sort();
  return fields.flatMap((field) => {
    const a = from.get(field) ?? null;
    const b = to.get(field) ?? null;
    return sameValue(a, b) ? [] : [{ field, from: a, to: b }];
  });
}

/** How a change's value reads in a table: '—' for absent, JSON for lists and objects. */
export function formatChangeValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value === '' ? '""' : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** Who made a change, as the views show it: the e-mail, with the token's name or the bulk update. */
export function changeAuthor(entry: Pick<ChangeEntry, 'actor' | 'tokenName' | 'via'>): string {
  if (entry.via === 'token' && entry.tokenName)
    return `${entry.actor} (token "${entry.tokenName}")`;
  if (entry.via === 'bulk-update') return `${entry.actor} (bulk update)`;
  return entry.actor;
}
