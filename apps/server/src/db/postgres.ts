import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import type { Db, Queryable } from './types';

// Dates stay 'YYYY-MM-DD' strings and int8 becomes a number, as on PGlite.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** PostgreSQL through a connection pool (DATABASE_URL). */
export async function openPostgres(connectionString: string, max = 10): Promise<Db> {
  const pool = new pg.Pool({ connectionString, max, application_name: 'assent' });
  let closing = false;
  pool.on('error', (error) => {
    // An idle client lost its connection; the pool replaces it. Logged so operators can see it.
    if (!closing) console.error(`assent: PostgreSQL pool error: ${error.message}`);
  });
  // Fail fast with the URL's host when the database cannot be reached.
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end();
    const host = (() => {
      try {
        return new URL(connectionString).host;
      } catch {
        return 'DATABASE_URL';
      }
    })();
    throw new Error(`Cannot connect to PostgreSQL at ${host}: ${(error as Error).message}`);
  }
  // A query on the database from inside a transaction callback joins that transaction, so code
  // behaves the same on PGlite (where it would otherwise wait forever) and PostgreSQL.
  const active = new AsyncLocalStorage<pg.PoolClient>();
  const run = (sql: string, params: readonly unknown[] = []) =>
    (active.getStore() ?? pool).query(sql, params as unknown[]);
  const wrap = (client: pg.PoolClient): Queryable => ({
    query: async (sql, params = []) => (await client.query(sql, params as unknown[])).rows,
  });
  return {
    kind: 'postgres',
    query: async (sql, params = []) => (await run(sql, params)).rows,
    async transaction(fn) {
      const current = active.getStore();
      if (current) return fn(wrap(current));
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await active.run(client, () => fn(wrap(client)));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async exec(sql) {
      await run(sql);
    },
    async executeSql(text, values) {
      const result = await (active.getStore() ?? pool).query(text, values as unknown[] | undefined);
      return { rows: Array.isArray(result) ? (result.at(-1)?.rows ?? []) : result.rows };
    },
    async close() {
      closing = true;
      await pool.end();
    },
  };
}
