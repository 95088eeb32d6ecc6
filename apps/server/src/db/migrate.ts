import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { repoPath } from '../paths';
import type { Db } from './types';

/** The numbered SQL migrations (apps/server/src/db/migrations), for source and bundles alike. */
export const migrationsDir = (): string => repoPath('apps', 'server', 'src', 'db', 'migrations');

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export function loadMigrations(dir = migrationsDir()): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d+_.+\.sql$/.test(f))
    .sort()
    .map((file) => ({
      version: Number(file.split('_')[0]),
      name: file.replace(/\.sql$/, ''),
      sql: readFileSync(path.join(dir, file), 'utf8'),
    }));
}

/**
 * Applies the migrations not yet applied, each in its own transaction, under an advisory lock so
 * that two servers starting on one PostgreSQL do not race. The same files run on PGlite.
 */
export async function migrate(db: Db, log: (line: string) => void = () => {}): Promise<number> {
  await db.exec(`create table if not exists schema_migrations (
    version integer primary key,
    name text not null,
    applied_at timestamptz not null default now()
  )`);
  // One read finds what is applied (all of it on a restart, or on a database from the template).
  const done = new Set(
    (await db.query<{ version: number }>('select version from schema_migrations')).map((r) =>
      Number(r.version),
    ),
  );
  let applied = 0;
  for (const migration of loadMigrations()) {
    if (done.has(migration.version)) continue;
    await db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock(4600)');
      const again = await tx.query('select 1 from schema_migrations where version = $1', [
        migration.version,
      ]);
      if (again.length) return;
      for (const statement of splitStatements(migration.sql)) await tx.query(statement);
      await tx.query('insert into schema_migrations (version, name) values ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      applied += 1;
      log(`migration ${migration.name} applied`);
    });
  }
  return applied;
}

/**
 * Splits a migration into statements at a `;` ending a line. Our migrations keep `;` out of
 * strings; a dollar-quoted body (`$$ … $$`, a PL/pgSQL function's) keeps its own.
 */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  const boundary = /\$([A-Za-z_]*)\$|;\s*(?:\n|$)/g;
  let start = 0;
  for (let m = boundary.exec(sql); m; m = boundary.exec(sql)) {
    if (m[0].startsWith('$')) {
      // Skip to the closing quote of the same tag (none: the rest is one statement).
      const close = sql.indexOf(m[0], boundary.lastIndex);
      if (close < 0) break;
      boundary.lastIndex = close + m[0].length;
      continue;
    }
    statements.push(sql.slice(start, m.index));
    start = boundary.lastIndex;
  }
  statements.push(sql.slice(start));
  return statements.map((s) => s.replace(/^\s*--.*$/gm, '').trim()).filter(Boolean);
}
