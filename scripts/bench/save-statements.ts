/**
 * What one property save costs the database: every SQL statement a save sends (the caller's
 * token, the transaction, the save itself), with its mean time, counted over many saves of the
 * same site through the real API (in-process server, a token caller), on the in-memory PGlite or
 * (`--store postgres`) a throwaway PostgreSQL cluster. Also the save's whole time and the share of
 * it spent waiting for the database; on PostgreSQL, the CPU time its backends spent a save.
 *
 *   npx tsx scripts/bench/save-statements.ts [--saves 300] [--store pglite|postgres]
 *
 * Prints one line per distinct statement and a summary: statements per save, database ms per save,
 * total ms per save. Reference: `select 1` through the same database in the same run (the fixed
 * cost of one statement).
 */
import { readFileSync } from 'node:fs';
import type { Cluster } from '@assent/testing';
import { findPostgresBin, startCluster } from '@assent/testing';
import type { Queryable } from '../../apps/server/src/db';
import { startLiveServer } from '../../apps/server/test/live-server';
import { numberArg, siteSettings, stringArg } from './support';

const SAVES = numberArg('saves', 300);
const STORE = stringArg('store', 'pglite');

interface Stat {
  count: number;
  ms: number;
}
const stats = new Map<string, Stat>();
let counting = false;
const note = (sql: string, ms: number) => {
  if (!counting) return;
  const key = sql.replace(/\s+/g, ' ').trim().slice(0, 110);
  const stat = stats.get(key) ?? { count: 0, ms: 0 };
  stat.count += 1;
  stat.ms += ms;
  stats.set(key, stat);
};

/** A Queryable whose statements are timed (`prefix` marks a transaction's). */
const timed = (q: Queryable, prefix = ''): Queryable => ({
  async query(sql, params) {
    const started = performance.now();
    try {
      return await q.query(sql, params);
    } finally {
      note(`${prefix}${sql}`, performance.now() - started);
    }
  },
});

let cluster: Cluster | undefined;
if (STORE === 'postgres') {
  const bin = findPostgresBin();
  if (!bin) throw new Error('PostgreSQL is not installed');
  cluster = await startCluster(bin);
}
const server = await startLiveServer(cluster ? { env: { DATABASE_URL: cluster.url } } : {});
const storeName = cluster ? 'PostgreSQL' : 'PGlite';
// Every statement the server sends goes through its database object (the repositories call it,
// or the transaction it opens): timed there, whichever way the adapter runs them.
const db = server.deps.db;
const query = db.query.bind(db);
const transaction = db.transaction.bind(db);
db.query = (sql, params) => timed({ query }).query(sql, params);
db.transaction = <T>(fn: (tx: Queryable) => Promise<T>) =>
  transaction((tx) => fn(timed(tx, '[tx] ')));
try {
  const user = await server.user('saves@example.com');
  const base = `${server.url}/customization/v2`;
  const headers = { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' };
  const created = await fetch(`${base}/site?pCode=${user.pcode}`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ url: 'stmts.example', themeId: '1', publisherName: 'Statements' }),
  });
  const site = (await created.json()) as Record<string, unknown>;
  const save = async (i: number) => {
    const res = await fetch(`${base}/site/${String(site.uuid)}?pCode=${user.pcode}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ ...siteSettings(site), publisherName: `Saved ${i}` }),
    });
    if (res.status !== 200) throw new Error(`save ${i}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  };
  for (let i = 0; i < 20; i++) await save(i); // warm-up (plans, JIT)
  const backends = await backendsCpu();
  counting = true;
  const started = performance.now();
  for (let i = 0; i < SAVES; i++) await save(1000 + i);
  const wall = performance.now() - started;
  counting = false;
  let backendMs = 0;
  for (const [pid, ms] of await backendsCpu()) backendMs += ms - (backends.get(pid) ?? 0);

  let statements = 0;
  let inDatabase = 0;
  const rows = [...stats.entries()].sort((a, b) => b[1].ms - a[1].ms);
  for (const [sql, { count, ms }] of rows) {
    console.log(`${(count / SAVES).toFixed(2)}x  ${(ms / count).toFixed(3)} ms  ${sql}`);
    statements += count;
    inDatabase += ms;
  }
  // The reference: the fixed cost of one statement on the same database, in the same run.
  for (let i = 0; i < 50; i++) await db.query('select 1');
  const refStart = performance.now();
  for (let i = 0; i < 500; i++) await db.query('select $1::int as n', [i]);
  const select1 = (performance.now() - refStart) / 500;
  const backendCpu = cluster
    ? `, PostgreSQL's backends ${(backendMs / SAVES).toFixed(2)} ms of CPU a save`
    : '';
  console.log(
    `SUMMARY save statements (${storeName}, token caller): ${(statements / SAVES).toFixed(2)} statements a save, ` +
      `${(inDatabase / SAVES).toFixed(2)} ms waiting for ${storeName} of ${(wall / SAVES).toFixed(2)} ms a save (one at a time)${backendCpu} | ` +
      `reference select 1: ${select1.toFixed(3)} ms: a save costs ${(wall / SAVES / select1).toFixed(1)} select 1s`,
  );
} finally {
  await server.close();
  cluster?.stop();
}

/** The CPU time so far (ms, /proc) of each of the server's PostgreSQL backends; none on PGlite. */
async function backendsCpu(): Promise<Map<string, number>> {
  const cpu = new Map<string, number>();
  if (!cluster) return cpu;
  const rows = await query<{ pid: number }>(
    "select pid from pg_stat_activity where backend_type = 'client backend'",
  );
  for (const { pid } of rows) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      // utime and stime, in clock ticks (100 a second on Linux).
      cpu.set(String(pid), ((Number(fields[11]) + Number(fields[12])) * 1000) / 100);
    } catch {
      // Ended since.
    }
  }
  return cpu;
}
