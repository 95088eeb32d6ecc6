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
// The server's own copy (the root has no dependency on it): one module instance to patch.
import { PGlite } from '../../apps/server/src/db/pglite';
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

// Every statement the server sends goes through these (a transaction's too: PGlite's transaction
// object runs its statements through the instance's internal query).
const proto = PGlite.prototype as unknown as Record<
  string,
  (this: PGlite, ...args: unknown[]) => Promise<unknown>
>;
for (const name of ['query', 'exec', '_runExclusiveQuery'] as const) {
  const original = proto[name];
  if (!original) continue;
  proto[name] = async function (this: PGlite, ...args: unknown[]) {
    if (name === '_runExclusiveQuery') return original.apply(this, args);
    const started = performance.now();
    try {
      return await original.apply(this, args);
    } finally {
      note(String(args[0]), performance.now() - started);
    }
  };
}
const originalTransaction = proto.transaction!;
proto.transaction = async function (this: PGlite, ...args: unknown[]) {
  const fn = args[0] as (tx: Record<string, unknown>) => Promise<unknown>;
  return originalTransaction.call(this, async (tx: Record<string, unknown>) => {
    const query = tx.query as (...a: unknown[]) => Promise<unknown>;
    const exec = tx.exec as (...a: unknown[]) => Promise<unknown>;
    const timed =
      (f: (...a: unknown[]) => Promise<unknown>) =>
      async (...a: unknown[]) => {
        const started = performance.now();
        try {
          return await f(...a);
        } finally {
          note(`[tx] ${String(a[0])}`, performance.now() - started);
        }
      };
    return fn({ ...tx, query: timed(query), exec: timed(exec) });
  });
};

const server = await startLiveServer();
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
  const db = server.deps.db;
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
