/**
 * What one property save costs the embedded database: every SQL statement a save sends (the
 * caller's token, the transaction, the save itself), with its mean time, counted over many saves
 * of the same site through the real API (in-process server, in-memory PGlite, a token caller).
 * Also the save's whole time and the share of it spent inside PGlite.
 *
 *   npx tsx scripts/bench/save-statements.ts [--saves 300]
 *
 * Prints one line per distinct statement and a summary: statements per save, PGlite ms per save,
 * total ms per save. Reference: `select 1` through the same PGlite in the same run (the fixed cost
 * of one statement).
 */
import type { Queryable } from '../../apps/server/src/db';
import { startLiveServer } from '../../apps/server/test/live-server';
import { numberArg, siteSettings } from './support';

const SAVES = numberArg('saves', 300);

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

const server = await startLiveServer();
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
  counting = true;
  const started = performance.now();
  for (let i = 0; i < SAVES; i++) await save(1000 + i);
  const wall = performance.now() - started;
  counting = false;

  let statements = 0;
  let inPglite = 0;
  const rows = [...stats.entries()].sort((a, b) => b[1].ms - a[1].ms);
  for (const [sql, { count, ms }] of rows) {
    console.log(`${(count / SAVES).toFixed(2)}x  ${(ms / count).toFixed(3)} ms  ${sql}`);
    statements += count;
    inPglite += ms;
  }
  // The reference: the fixed cost of one statement on the same database, in the same run.
  for (let i = 0; i < 50; i++) await db.query('select 1');
  const refStart = performance.now();
  for (let i = 0; i < 500; i++) await db.query('select $1::int as n', [i]);
  const select1 = (performance.now() - refStart) / 500;
  console.log(
    `SUMMARY save statements (PGlite, token caller): ${(statements / SAVES).toFixed(2)} statements a save, ` +
      `${(inPglite / SAVES).toFixed(2)} ms in PGlite of ${(wall / SAVES).toFixed(2)} ms a save (one at a time) | ` +
      `reference select 1: ${select1.toFixed(3)} ms: a save costs ${(wall / SAVES / select1).toFixed(1)} select 1s`,
  );
} finally {
  await server.close();
}
