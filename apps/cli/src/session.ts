import { createClient } from '@assent/core/api';
import type { AssentClient, FetchLike } from '@assent/core/api';
import { fetch as undiciFetch } from 'undici';
import type { ConfigStore, StoredLogin } from './config-store';
import { openConfigStore } from './config-store';
import type { CliContext } from './context';
import { CliError } from './errors';

export const USER_AGENT = 'assent-cli/0.1.0';
export const DEFAULT_URL = 'http://127.0.0.1:4600';

/** The server URL without a trailing slash; a bare host gets http://. */
export function normaliseUrl(url: string): string {
  const trimmed = url.trim().replace(/\/+$/, '');
  const withScheme = /^https?:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`;
  try {
    new URL(withScheme);
  } catch {
    throw new CliError(`Not a valid server URL: ${url}`);
  }
  return withScheme;
}

/** undici's fetch in the shape the core client takes. */
export const httpFetch = undiciFetch as unknown as FetchLike;

export function clientFor(url: string, headers: () => Record<string, string>): AssentClient {
  return createClient({
    baseUrl: url,
    fetch: httpFetch,
    headers: () => ({ 'user-agent': USER_AGENT, ...headers() }),
  });
}

export interface Session {
  url: string;
  token: string;
  client: AssentClient;
  store: ConfigStore;
  /** The stored login when it is for this server (else empty: its token and account stay unused). */
  stored: StoredLogin;
  /** Whether the stored login is this server's (so `accounts use` may change its account). */
  storedIsThisServer: boolean;
}

export interface AccountSession extends Session {
  account: string;
}

/** Whether two server URLs are the same server: scheme, host and port (the origin). */
export const sameServer = (a: string, b: string): boolean =>
  new URL(normaliseUrl(a)).origin === new URL(normaliseUrl(b)).origin;

/**
 * The signed-in session: ASSENT_URL and ASSENT_TOKEN override the stored login (CI), and the
 * account is --account, else ASSENT_ACCOUNT, else the one chosen with `assent accounts use`.
 * The stored token (and account) belong to the stored URL: with ASSENT_URL naming another server
 * they are never used, so a token is never sent to a server it was not made for.
 */
export function openSession(ctx: CliContext): Session {
  const store = openConfigStore(ctx.env);
  const saved = store.read();
  const rawUrl = ctx.env.ASSENT_URL || saved.url;
  if (!rawUrl)
    throw new CliError(
      'Not signed in: run assent login --url URL (or set ASSENT_URL and ASSENT_TOKEN)',
    );
  const url = normaliseUrl(rawUrl);
  const storedIsThisServer = saved.url !== undefined && sameServer(saved.url, url);
  const stored: StoredLogin = storedIsThisServer ? saved : {};
  const token = ctx.env.ASSENT_TOKEN || stored.token;
  if (!token)
    throw new CliError(
      !storedIsThisServer && saved.token && saved.url
        ? `Not signed in to ${url}: the stored login is for ${normaliseUrl(saved.url)}, and its token is sent only there.\n` +
            `Run assent login --url ${url}, or set ASSENT_TOKEN to a token for ${url}.`
        : `Not signed in to ${url}: run assent login --url ${url} (or set ASSENT_TOKEN)`,
    );
  ctx.target.url = url;
  ctx.target.tokenFrom = ctx.env.ASSENT_TOKEN ? 'env' : 'config';
  const client = clientFor(url, () => ({ authorization: `Bearer ${token}` }));
  return { url, token, client, store, stored, storedIsThisServer };
}

/**
 * The session of a command that works in an account: --account, else ASSENT_ACCOUNT, else the
 * stored one. With none chosen the server is asked who the token's user is first, so a wrong URL,
 * a server that is not Assent or a refused token is reported as such; a user with exactly one
 * account works in it.
 */
export async function openAccountSession(
  ctx: CliContext,
  account: string | undefined,
): Promise<AccountSession> {
  const session = openSession(ctx);
  let code = account || ctx.env.ASSENT_ACCOUNT || session.stored.account;
  if (!code) {
    const { pcodes } = await session.client.auth.me();
    if (pcodes.length !== 1)
      throw new CliError(
        pcodes.length
          ? `No account chosen: you are a member of ${pcodes.length} accounts on ${session.url} (${pcodes.join(', ')}). Run assent accounts use CODE, or pass --account CODE (or set ASSENT_ACCOUNT)`
          : `You are not a member of any account on ${session.url}: an administrator adds you with assent server account add-member EMAIL CODE`,
      );
    code = pcodes[0]!;
  }
  ctx.target.account = code;
  return { ...session, account: code };
}

/** Runs tasks with at most `limit` at a time, keeping the order of the results. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
