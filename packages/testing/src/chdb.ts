import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';

/**
 * chDB (ClickHouse 26 embedded in a Node addon) for the ClickHouse analytics store's tests and
 * benchmark, and a small shim of ClickHouse's HTTP interface over it, so that the store's real
 * transport (`@clickhouse/client` over HTTP) talks to a real ClickHouse engine on this machine.
 * chdb is installed outside the workspace (scripts/chdb.mjs): `npm start` never downloads it.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** The part of chdb's result object the shim reads. */
interface ChdbResult {
  /** The engine's own time of the statement, in seconds. */
  readonly elapsed: number;
  readonly rowsRead: number;
  readonly bytesRead: number;
  bytes(): Uint8Array;
}

/** A chDB session: one ClickHouse engine over one data directory (one per process and path). */
export interface ChdbSession {
  queryAsync(query: string, options?: { format?: string }): Promise<ChdbResult>;
  close(): void;
}

type ChdbModule = { Session: new (dir: string) => ChdbSession };

let loaded: ChdbModule | undefined;

/** Loads chdb from .tools/chdb, installing it there first when missing (a minute, once). */
export async function loadChdb(): Promise<ChdbModule> {
  if (loaded) return loaded;
  const script = pathToFileURL(path.join(root, 'scripts', 'chdb.mjs')).href;
  const { ensureChdb } = (await import(script)) as {
    ensureChdb: (root: string, log?: (line: string) => void) => string;
  };
  const dir = ensureChdb(root, (line) => process.stderr.write(`[chdb] ${line}\n`));
  loaded = createRequire(import.meta.url)(dir) as ChdbModule;
  return loaded;
}

/** Opens a chDB session over `dir` (a fresh temporary directory when omitted). */
export async function openChdb(dir?: string): Promise<{ session: ChdbSession; dir: string }> {
  const { Session } = await loadChdb();
  const at = dir ?? mkdtempSync(path.join(os.tmpdir(), 'assent-chdb-'));
  return { session: new Session(at), dir: at };
}

/** ClickHouse's escaped text of a String query parameter, read back (\t, \n, \\ …). */
const unescape = (text: string): string =>
  text.replace(
    /\\(.)/gs,
    (_, c: string) => ({ b: '\b', f: '\f', r: '\r', n: '\n', t: '\t', '0': '\0' })[c] ?? c,
  );

/**
 * Binds the HTTP interface's `param_<name>` values into `{name:Type}` placeholders as
 * CAST('<text>' AS Type): ClickHouse parses each value's text as its type, as the server does.
 */
function bindParameters(sql: string, params: Map<string, string>): string {
  return sql.replace(/\{(\w+):([^{}]+)\}/g, (whole, name: string, type: string) => {
    const raw = params.get(name);
    if (raw === undefined) return whole;
    const text = /^(Nullable\()?String\)?$/.test(type.trim()) ? unescape(raw) : raw;
    return `CAST('${text.replace(/[\\']/g, (c) => `\\${c}`)}' AS ${type})`;
  });
}

/** URL parameters of ClickHouse's HTTP interface that are not settings. */
const NOT_SETTINGS = new Set([
  'query',
  'database',
  'query_id',
  'session_id',
  'session_timeout',
  'session_check',
  'default_format',
  'user',
  'password',
  'quota_key',
  'compress',
  'decompress',
  'role',
]);

export interface ChdbHttp {
  /** The shim's base URL, for `createClient({ url })` or ASSENT_ANALYTICS_URL. */
  url: string;
  session: ChdbSession;
  /** Statements the shim executed, oldest first (tests assert what reached the engine). */
  statements: string[];
  /** The engine's time of each statement (ms), in the order of `statements`. */
  engineMs: number[];
  /**
   * Fails the next `count` inserts into `table` after the engine stored them, by dropping the
   * connection without an answer (a lost acknowledgement, as a network failure loses it).
   */
  loseAnswers(table: string, count: number): void;
  close(): Promise<void>;
}

/**
 * Serves ClickHouse's HTTP interface over a chDB session, as far as `@clickhouse/client` uses it:
 * the statement in the body (or in `query`, with the body as its data: inserts), `param_*` query
 * parameters, gzip bodies both ways, `/ping`, errors as status 500 with ClickHouse's
 * `Code: N. DB::Exception: …` text and the X-ClickHouse-Exception-Code header, and the request's
 * settings (`max_execution_time`, `insert_deduplication_token`, …: every other URL parameter) for
 * its statement only (settings chDB does not know, HTTP-only ones, are left out). The engine's time
 * of a statement is in X-ClickHouse-Summary's `elapsed_ns`. Statements run one at a time, as chDB
 * runs them. The session is closed and the directory removed on close (unless
 * `dir` was given).
 */
export async function startChdbHttp(options: { dir?: string } = {}): Promise<ChdbHttp> {
  const { session, dir } = await openChdb(options.dir);
  const statements: string[] = [];
  const engineMs: number[] = [];
  const losing = new Map<string, number>();
  /** Runs a statement with the request's settings, each reset to its default afterwards. */
  const withSettings = async (sql: string, settings: Array<[string, string]>) => {
    const applied: string[] = [];
    try {
      for (const [name, value] of settings) {
        if (!/^\w+$/.test(name)) continue;
        try {
          await session.queryAsync(`SET ${name} = '${value.replace(/[\\']/g, (c) => `\\${c}`)}'`);
          applied.push(name);
        } catch (error) {
          // 115: a setting chDB does not have (an HTTP-only one such as wait_end_of_query).
          if ((error as { clickhouseCode?: number }).clickhouseCode !== 115) throw error;
        }
      }
      return await session.queryAsync(sql);
    } finally {
      for (const name of applied) await session.queryAsync(`SET ${name} = DEFAULT`);
    }
  };
  let queue: Promise<unknown> = Promise.resolve();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://shim');
      if (url.pathname === '/ping') {
        res.end('Ok.\n');
        return;
      }
      let body = Buffer.concat(chunks);
      if (req.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
      const params = new Map<string, string>();
      for (const [k, v] of url.searchParams) if (k.startsWith('param_')) params.set(k.slice(6), v);
      const inUrl = url.searchParams.get('query');
      const sql = bindParameters(
        inUrl ? `${inUrl}\n${body.toString('utf8')}` : body.toString('utf8'),
        params,
      );
      const settings = [...url.searchParams].filter(
        ([k]) => !k.startsWith('param_') && !NOT_SETTINGS.has(k),
      );
      statements.push(sql);
      const run = queue.then(() => withSettings(sql, settings));
      queue = run.catch(() => {});
      run.then(
        (result) => {
          engineMs.push(result.elapsed * 1000);
          const table = /^\s*INSERT\s+INTO\s+`?(\w+)/i.exec(sql)?.[1];
          const lose = table ? (losing.get(table) ?? 0) : 0;
          if (table && lose > 0) {
            losing.set(table, lose - 1);
            req.socket.destroy();
            return;
          }
          res.setHeader(
            'X-ClickHouse-Summary',
            JSON.stringify({
              read_rows: String(result.rowsRead),
              read_bytes: String(result.bytesRead),
              elapsed_ns: String(Math.round(result.elapsed * 1e9)),
            }),
          );
          let out = Buffer.from(result.bytes());
          const gzip =
            url.searchParams.get('enable_http_compression') === '1' &&
            /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
          if (gzip) {
            res.setHeader('Content-Encoding', 'gzip');
            out = gzipSync(out);
          }
          res.end(out);
        },
        (error: { message?: string; clickhouseCode?: number }) => {
          engineMs.push(0);
          const code = error.clickhouseCode ?? 1000;
          res.statusCode = 500;
          res.setHeader('X-ClickHouse-Exception-Code', String(code));
          res.end(`Code: ${code}. DB::Exception: ${error.message ?? String(error)}`);
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    session,
    statements,
    engineMs,
    loseAnswers(table, count) {
      losing.set(table, count);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await queue;
      session.close();
      if (!options.dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
