import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Db } from '../src/db';
import { MEMORY_DATABASE_URL, migrate, openDatabase } from '../src/db';
import { copyPgliteTemplate, openPglite, pgliteVersion } from '../src/db/pglite';
import type { Store } from './harness';
import { stores } from './harness';

async function open(store: Store): Promise<{ db: Db; drop: () => Promise<void> }> {
  if (store === 'pglite') {
    const db = await openDatabase({
      databaseUrl: MEMORY_DATABASE_URL,
      dataDir: '',
      databasePoolMax: 2,
    });
    return { db, drop: () => db.close() };
  }
  const admin = inject('postgresUrl');
  const name = `assent_db_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const db = await openDatabase({
    databaseUrl: admin.replace(/\/postgres$/, `/${name}`),
    dataDir: '',
    databasePoolMax: 4,
  });
  return {
    db,
    async drop() {
      await db.close();
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`drop database ${name} with (force)`);
      await c.end();
    },
  };
}

describe.each(stores())('database layer (%s)', (store) => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await open(store));
  });
  afterAll(() => drop?.());

  it('applies the numbered migrations once', async () => {
    expect(await migrate(db)).toBeGreaterThan(0);
    expect(await migrate(db)).toBe(0);
    const rows = await db.query<{ version: number }>(
      'select version from schema_migrations order by version',
    );
    expect(rows.map((r) => r.version)).toEqual(
      [...rows.map((r) => r.version)].sort((a, b) => a - b),
    );
  });

  // Regression: a repository called with the database inside a transaction callback waited forever
  // on PGlite (its transactions are exclusive). Such queries now join the ambient transaction.
  it('lets a query on the database inside a transaction join it, and roll back with it', async () => {
    await db.query(`create table if not exists probe (v int)`);
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into probe values (1)');
        await db.query('insert into probe values (2)');
        const seen = await db.query<{ n: number }>('select count(*)::int as n from probe');
        expect(seen[0]?.n).toBe(2);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await db.query<{ n: number }>('select count(*)::int as n from probe'))[0]?.n).toBe(0);
    await db.transaction(async () => {
      await db.transaction(async (inner) => inner.query('insert into probe values (3)'));
    });
    expect((await db.query<{ n: number }>('select count(*)::int as n from probe'))[0]?.n).toBe(1);
  });
});

describe('embedded database files', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'assent-lock-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps committed writes across reopening, and refuses a second owner while open', async () => {
    const first = await openPglite(dir);
    await first.exec('create table kept (v text)');
    await first.query('insert into kept values ($1)', ['hello']);
    await first.close();
    const again = await openPglite(dir);
    expect(await again.query('select v from kept')).toEqual([{ v: 'hello' }]);
    // Our own pid holds the lock; a live foreign pid would be refused (simulated with the parent's).
    const { writeFileSync } = await import('node:fs');
    writeFileSync(path.join(dir, 'assent.lock'), String(process.ppid));
    await expect(openPglite(dir)).rejects.toThrow(
      `Another Assent server (pid ${process.ppid}) is using the database in ${dir}`,
    );
    await again.close();
  });
});

describe('a new embedded data directory', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'assent-template-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("starts as a copy of the build's template cluster made by this PGlite version, no other", async () => {
    // A template whose cluster holds a row, so a copy is told apart from a cluster of its own.
    const source = await openPglite(path.join(dir, 'source'));
    await source.exec(
      "create table from_template (v text); insert into from_template values ('t')",
    );
    await source.close();
    const template = path.join(dir, 'template');
    cpSync(path.join(dir, 'source', 'pgdata'), path.join(template, 'pgdata'), { recursive: true });
    writeFileSync(path.join(template, 'pglite-version'), pgliteVersion());

    const fresh = await openPglite(path.join(dir, 'fresh'), { template });
    expect(await fresh.query('select v from from_template')).toEqual([{ v: 't' }]);
    await fresh.exec("insert into from_template values ('mine')");
    await fresh.close();
    const reopened = await openPglite(path.join(dir, 'fresh'), { template });
    expect(await reopened.query('select v from from_template order by v')).toEqual([
      { v: 'mine' },
      { v: 't' },
    ]);
    await reopened.close();
    expect(existsSync(path.join(dir, 'fresh', 'pgdata.partial'))).toBe(false);

    // Another PGlite version's template (or none) is not copied: PGlite initialises the directory.
    writeFileSync(path.join(template, 'pglite-version'), '0.0.1');
    expect(copyPgliteTemplate(path.join(dir, 'other', 'pgdata'), template)).toBe(false);
    expect(copyPgliteTemplate(path.join(dir, 'other', 'pgdata'), path.join(dir, 'none'))).toBe(
      false,
    );
    expect(existsSync(path.join(dir, 'other', 'pgdata'))).toBe(false);
  }, 180_000);
});
