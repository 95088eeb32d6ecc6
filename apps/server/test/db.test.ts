import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { Worker } from 'node:worker_threads';
import type { Db, Queryable } from '../src/db';
import { MEMORY_DATABASE_URL, migrate, openDatabase } from '../src/db';
import { loadMigrations, migrationsDir } from '../src/db/migrate';
import { copyPgliteTemplate, openPglite } from '../src/db/pglite';
import { prepareTemplate, templateKey, usableTemplate } from '../src/db/template';
import { QUEUES } from '../src/jobs/queue';
import type { Store } from './harness';
import { stores } from './harness';

async function open(store: Store): Promise<{ db: Db; drop: () => Promise<void> }> {
  if (store === 'pglite') {
    // Without the build's template: the migrations run from an empty database, as on PostgreSQL.
    const db = await openPglite(undefined);
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
  }, 120_000);

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

  // PGlite answers from its own thread: values and errors cross it as PostgreSQL's adapter gives them.
  it("returns dates, numbers, JSON and bytes, and PostgreSQL's error fields", async () => {
    await db.query(
      'create table kinds (id int primary key, at timestamptz, day date, big int8, doc jsonb, bytes bytea)',
    );
    const at = new Date('2026-01-02T03:04:05.678Z');
    await db.query('insert into kinds values ($1, $2, $3, $4, $5, $6)', [
      1,
      at,
      '2026-01-02',
      12_345_678_901,
      { list: [1, 'two', null], nested: { ok: true } },
      Buffer.from([0, 1, 255]),
    ]);
    const [row] = await db.query<Record<string, unknown>>('select * from kinds');
    expect(row?.at).toBeInstanceOf(Date);
    expect((row?.at as Date).toISOString()).toBe(at.toISOString());
    expect(row).toMatchObject({
      id: 1,
      day: '2026-01-02',
      big: 12_345_678_901,
      doc: { list: [1, 'two', null], nested: { ok: true } },
    });
    expect([...(row?.bytes as Uint8Array)]).toEqual([0, 1, 255]);

    const duplicate = (await db
      .transaction((tx) => tx.query('insert into kinds (id) values (1)'))
      .catch((error: unknown) => error)) as Error & Record<string, unknown>;
    expect(duplicate).toBeInstanceOf(Error);
    expect(duplicate.message).toBe('duplicate key value violates unique constraint "kinds_pkey"');
    expect(duplicate).toMatchObject({
      code: '23505',
      constraint: 'kinds_pkey',
      detail: 'Key (id)=(1) already exists.',
    });
    // The failed transaction is over: the database takes the next statement.
    expect(await db.query('select count(*)::int as n from kinds')).toEqual([{ n: 1 }]);
  });

  // On PostgreSQL a function call is a prepared statement kept by each connection: a migration
  // replacing the function's body must still be what the next call runs, on every connection.
  it('runs the current body of a function that a later migration replaced', async () => {
    const define = (body: string) =>
      db.exec(
        `create or replace function probe_fn(p int) returns int language sql as $$ ${body} $$`,
      );
    const call = async () =>
      Promise.all(
        Array.from({ length: 4 }, async () => {
          const rows = await db.query<{ r: number }>('select probe_fn($1) as r', [20]);
          return rows[0]?.r;
        }),
      );
    await define('select p + 1');
    expect(await call()).toEqual([21, 21, 21, 21]);
    await define('select p * 2');
    expect(await call()).toEqual([40, 40, 40, 40]);
    await db.transaction(async (tx) => {
      expect(await tx.query('select probe_fn($1) as r', [5])).toEqual([{ r: 10 }]);
    });
  });
});

describe('the embedded database thread', () => {
  it('refuses a statement of a transaction that ended, and fails every waiting call if it dies', async () => {
    // From the build's template: the thread is the point here, not initdb. Opening PGlite took
    // over 30 s (the default limit) at load 16, hence this test's own limit.
    const db = await openPglite(undefined, { template: usableTemplate() });
    let ended: Queryable | undefined;
    await db.transaction(async (tx) => {
      ended = tx;
      await tx.query('select 1');
    });
    await expect(ended!.query('select 1')).rejects.toThrow('Transaction is closed');

    // The thread is the Worker this database posts to; ending it stands for a crash.
    const post = vi.spyOn(Worker.prototype, 'postMessage');
    try {
      const waiting = db.query('select pg_sleep(2)');
      const queued = db.query('select 1');
      await (post.mock.contexts[0] as Worker).terminate();
      await expect(waiting).rejects.toThrow('The embedded database stopped');
      await expect(queued).rejects.toThrow('The embedded database stopped');
      await expect(db.query('select 1')).rejects.toThrow('The embedded database stopped');
    } finally {
      post.mockRestore();
      await db.close();
    }
  }, 120_000);
});

describe('embedded database files', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'assent-lock-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps committed writes across reopening, and refuses a second owner while open', async () => {
    // From the build's template (usableTemplate): the locking is the point here, not initdb.
    const first = await openPglite(dir, { template: usableTemplate() });
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
  }, 120_000);
});

describe("the build's prepared template", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'assent-template-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is made from the migration files: every migration and the job queues, no template databases', async () => {
    const root = path.join(dir, 'root');
    // A template of other migrations (an older build) is removed once the current one is made.
    mkdirSync(path.join(root, 'an-older-key', 'pgdata'), { recursive: true });
    const template = await prepareTemplate(root);
    expect(readdirSync(root)).toEqual([templateKey()]);
    expect(usableTemplate(template)).toBe(template);

    const db = await openPglite(undefined, { template });
    expect(await migrate(db)).toBe(0);
    const applied = await db.query<{ name: string }>(
      'select name from schema_migrations order by version',
    );
    expect(applied.map((r) => r.name)).toEqual(loadMigrations().map((m) => m.name));
    const queues = await db.query<{ name: string }>('select name from pgboss.queue order by name');
    expect(queues.map((q) => q.name)).toEqual(Object.values(QUEUES).sort());
    expect(await db.query('select datname from pg_database')).toEqual([{ datname: 'postgres' }]);
    await db.close();
    // Made again only when it is missing or stale.
    expect(await prepareTemplate(root)).toBe(template);
  }, 180_000);

  it('is used only when its key is the current one (PGlite and pg-boss versions, migrations)', () => {
    const current = usableTemplate();
    expect(current).toBeDefined();
    const stale = path.join(dir, 'stale');
    mkdirSync(path.join(stale, 'pgdata'), { recursive: true });
    writeFileSync(path.join(stale, 'key'), 'made-by-another-version');
    expect(usableTemplate(stale)).toBeUndefined();
    expect(usableTemplate(path.join(dir, 'none'))).toBeUndefined();

    // Another migration (or a changed one) is another key.
    const migrations = path.join(dir, 'migrations');
    cpSync(migrationsDir(), migrations, { recursive: true });
    expect(templateKey(migrations)).toBe(templateKey());
    writeFileSync(path.join(migrations, '999_more.sql'), 'create table more (v int);\n');
    expect(templateKey(migrations)).not.toBe(templateKey());
  });

  it('starts an in-memory database and a new data directory, with nothing left to migrate', async () => {
    const memory = await openDatabase({
      databaseUrl: MEMORY_DATABASE_URL,
      dataDir: '',
      databasePoolMax: 1,
    });
    expect(await migrate(memory)).toBe(0);
    await memory.close();

    const dataDir = path.join(dir, 'data');
    const fresh = await openDatabase({ databaseUrl: undefined, dataDir, databasePoolMax: 1 });
    expect(await migrate(fresh)).toBe(0);
    await fresh.query('create table mine (v text)');
    await fresh.query("insert into mine values ('kept')");
    await fresh.close();
    expect(existsSync(path.join(dataDir, 'db', 'pgdata.partial'))).toBe(false);
    const reopened = await openDatabase({ databaseUrl: undefined, dataDir, databasePoolMax: 1 });
    expect(await reopened.query('select v from mine')).toEqual([{ v: 'kept' }]);
    await reopened.close();
  }, 180_000);
});

describe('a new embedded data directory', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'assent-template-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("starts as a copy of the template's cluster when given one, else PGlite initialises it", async () => {
    // A template whose cluster holds a row, so a copy is told apart from a cluster of its own.
    const source = await openPglite(path.join(dir, 'source'), { template: usableTemplate() });
    await source.exec(
      "create table from_template (v text); insert into from_template values ('t')",
    );
    await source.close();
    const template = path.join(dir, 'template');
    cpSync(path.join(dir, 'source', 'pgdata'), path.join(template, 'pgdata'), { recursive: true });

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

    // Without a template nothing is copied: PGlite initialises the directory.
    expect(await copyPgliteTemplate(path.join(dir, 'other', 'pgdata'), undefined)).toBe(false);
    expect(existsSync(path.join(dir, 'other', 'pgdata'))).toBe(false);
    const own = await openPglite(path.join(dir, 'other'));
    expect(await own.query("select to_regclass('from_template') as t")).toEqual([{ t: null }]);
    await own.close();
  }, 180_000);
});
