import path from 'node:path';
import type { ServerConfig } from '../config';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';
import type { Db } from './types';

export type { Db, Queryable } from './types';
export { migrate } from './migrate';

/** DATABASE_URL for an embedded database that lives in memory only (tests and benchmarks). */
export const MEMORY_DATABASE_URL = 'pglite://memory';

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite under the data directory. */
export function openDatabase(
  config: Pick<ServerConfig, 'databaseUrl' | 'dataDir' | 'databasePoolMax'>,
): Promise<Db> {
  if (config.databaseUrl === MEMORY_DATABASE_URL) return openPglite(undefined);
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, config.databasePoolMax)
    : openPglite(path.join(config.dataDir, 'db'));
}

/** Timestamps as ISO strings in API responses. */
export const iso = (value: unknown): string =>
  value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();

export const isoOrNull = (value: unknown): string | null =>
  value === null || value === undefined ? null : iso(value);
