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
  const query: Queryable['query'] = async (sql, params = []) =>
    (await pool.query(sql, params as unknown[])).rows;
  return {
    kind: 'postgres',
    query,
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({
          query: async (sql, params = []) => (await client.query(sql, params as unknown[])).rows,
        });
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
      await pool.query(sql);
    },
    async executeSql(text, values) {
      const result = await pool.query(text, values as unknown[] | undefined);
      return { rows: Array.isArray(result) ? (result.at(-1)?.rows ?? []) : result.rows };
    },
    async close() {
      closing = true;
      await pool.end();
    },
  };
}
