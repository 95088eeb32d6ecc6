import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ServerConfig } from '../config';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';
import { usableTemplate } from './template';
import type { Db } from './types';

export type { Db, Queryable } from './types';
export { migrate } from './migrate';

/** DATABASE_URL for an embedded database that lives in memory only (tests and benchmarks). */
export const MEMORY_DATABASE_URL = 'pglite://memory';

/**
 * PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite under the data directory. A new
 * embedded database starts from the build's prepared template when it is current (db/template.ts).
 */
export function openDatabase(
  config: Pick<ServerConfig, 'databaseUrl' | 'dataDir' | 'databasePoolMax'>,
): Promise<Db> {
  if (config.databaseUrl === MEMORY_DATABASE_URL)
    return openPglite(undefined, { template: usableTemplate() });
  if (config.databaseUrl) return openPostgres(config.databaseUrl, config.databasePoolMax);
  const dir = path.join(config.dataDir, 'db');
  // An existing directory is opened as it is; only a new one needs the template (and its key).
  const template = existsSync(path.join(dir, 'pgdata')) ? undefined : usableTemplate();
  return openPglite(dir, { template });
}

/** Timestamps as ISO strings in API responses. */
export const iso = (value: unknown): string =>
  value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();

export const isoOrNull = (value: unknown): string | null =>
  value === null || value === undefined ? null : iso(value);
