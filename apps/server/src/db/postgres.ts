import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Db, Queryable } from './types';

// Dates stay 'YYYY-MM-DD' strings and int8 becomes a number, as on PGlite.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** A statement that only calls one function with parameters (`select f($1, $2) as r`). */
const FUNCTION_CALL = /^select [a-z_][a-z0-9_]*\((?:\$\d+(?:, *\$\d+)*)?\)(?: as [a-z_]+)?$/;
const statementNames = new Map<string, string>();

/**
 * The query as the driver runs it. A function call (a property save's read and write, a rollup
 * step) is a named prepared statement: each connection parses and plans it once, later runs send
 * only Bind and Execute. Its result is the function's one value, whose type the function's
 * signature fixes, so a later migration cannot leave a connection's plan with another shape
 * (which `select *` could). Other statements stay unnamed.
 */
function toQuery(sql: string, params: readonly unknown[]): pg.QueryConfig {
  const values = params as unknown[];
  if (!FUNCTION_CALL.test(sql)) return { text: sql, values };
  let name = statementNames.get(sql);
  if (!name) {
    name = `assent_${createHash('sha1').update(sql).digest('hex').slice(0, 16)}`;
    statementNames.set(sql, name);
  }
  return { name, text: sql, values };
}

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
    (active.getStore() ?? pool).query(toQuery(sql, params));
  const wrap = (client: pg.PoolClient): Queryable => ({
    query: async (sql, params = []) => (await client.query(toQuery(sql, params))).rows,
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
