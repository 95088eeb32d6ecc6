import { hostname } from 'node:os';
import type { FetchLike } from '@assent/core/api';
import { z } from 'zod';
import { defineCommand, jsonOutput } from '../command';
import { openConfigStore } from '../config-store';
import { CliError, isApiError } from '../errors';
import { paint } from '../output/style';
import { ask, readStdin } from '../prompt';
import {
  DEFAULT_URL,
  clientFor,
  httpFetch,
  normaliseUrl,
  openSession,
  sameServer,
} from '../session';

/**
 * A fetch that keeps the cookies sign-in sets (the two-factor challenge, then the session), for the
 * calls that follow. Each Set-Cookie is read on its own: the two-factor step clears the challenge
 * and sets the session in one answer.
 */
function cookieJarFetch(): FetchLike {
  const jar = new Map<string, string>();
  return async (url, init) => {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const headers = cookie ? { ...init.headers, cookie } : init.headers;
    const response = await httpFetch(url, { ...init, headers });
    const all = (response.headers as unknown as { getSetCookie(): string[] }).getSetCookie();
    for (const set of all) {
      const pair = set.split(';')[0] ?? '';
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (value) jar.set(name, value);
      else jar.delete(name);
    }
    return response;
  };
}

/** The sign-in's refusal when it waits for a second factor (401 TWO_FACTOR_REQUIRED, ...). */
const twoFactorStep = (error: unknown): string | undefined =>
  isApiError(error) &&
  (error.body.status === 'TWO_FACTOR_REQUIRED' || error.body.status === 'TWO_FACTOR_SETUP_REQUIRED')
    ? error.body.status
    : undefined;

const LoginOptions = z.object({
  url: z.string().optional(),
  token: z.string().min(1).optional(),
  email: z.string().optional(),
  passwordStdin: z.boolean().default(false),
  /** The authenticator's code (or a recovery code) for a two-factor user; asked when left out. */
  code: z.string().optional(),
  account: z.string().optional(),
});

export const login = defineCommand({
  options: LoginOptions,
  async run(options, ctx) {
    const store = openConfigStore(ctx.env);
    const stored = store.read();
    const url = normaliseUrl(options.url ?? ctx.env.ASSENT_URL ?? stored.url ?? DEFAULT_URL);
    ctx.target.url = url;
    let token = options.token;
    let tokenId: string | undefined;
    if (!token) {
      const email = options.email ?? (await ask(ctx, 'E-mail: '));
      const password = options.passwordStdin
        ? await readStdin(ctx.stdin)
        : await ask(ctx, 'Password: ', { hidden: true });
      // Sign-in and token creation are cookie writes: the server's CSRF check wants our Origin.
      const origin = new URL(url).origin;
      const { createClient } = await import('@assent/core/api');
      const cookieClient = createClient({
        baseUrl: url,
        fetch: cookieJarFetch(),
        headers: () => ({ origin }),
      });
      ctx.target.signingIn = true;
      try {
        await cookieClient.auth.signIn({ body: { email: email.trim(), password } });
      } catch (error) {
        const step = twoFactorStep(error);
        if (!step) throw error;
        if (step === 'TWO_FACTOR_SETUP_REQUIRED')
          throw new CliError(
            `${(error as Error).message}\nSign in to the console at ${url} once to set it up, then run assent login again.`,
          );
        if (options.code === undefined && !ctx.stdin.isTTY)
          throw new CliError(
            `${(error as Error).message} Pass it with --code (standard input is not a terminal).`,
          );
        const code =
          options.code ??
          (await ask(ctx, 'Two-factor code (authenticator app, or a recovery code): '));
        await cookieClient.auth.twoFactorVerify({ body: { code: code.trim() } });
      }
      const created = await cookieClient.auth.createToken({
        body: { name: `assent CLI on ${hostname()}`.slice(0, 100) },
      });
      ctx.target.signingIn = false;
      token = created.secret;
      tokenId = created.id;
    }
    ctx.target.tokenFrom = options.token ? 'flag' : 'config';
    const client = clientFor(url, () => ({ authorization: `Bearer ${token}` }));
    const me = await client.auth.me();
    // The account asked for, or kept from the last login to this server, else the one the
    // console opens.
    const keep =
      options.account ?? (stored.url && sameServer(stored.url, url) ? stored.account : undefined);
    const { homeAccount } = await import('@assent/core/account');
    const account = keep && me.pcodes.includes(keep) ? keep : homeAccount(me);
    if (options.account && account !== options.account)
      throw new CliError(
        `You are not a member of account ${options.account} on ${url} (yours: ${me.pcodes.join(', ') || 'none'})`,
      );
    store.write({ url, token, tokenId, email: me.email, account });
    return {
      url,
      email: me.email,
      account: account ?? null,
      accounts: me.pcodes,
      config: store.path,
    };
  },
  render(data, _options, ctx) {
    const c = paint(ctx.color.stdout);
    const more =
      data.accounts.length > 1
        ? `\nYou have ${data.accounts.length} accounts: switch with assent accounts use CODE.`
        : '';
    return {
      stdout: `Signed in to ${data.url} as ${c('bold', data.email)}${
        data.account ? ` (account ${data.account})` : ' (no account yet)'
      }.${more}\n`,
    };
  },
});

export const logout = defineCommand({
  options: z.object({}),
  async run(_options, ctx) {
    const store = openConfigStore(ctx.env);
    const stored = store.read();
    if (!stored.token) return { url: stored.url ?? null, revoked: false, wasSignedIn: false };
    let revoked = false;
    let warning: string | undefined;
    if (stored.url && stored.tokenId) {
      const client = clientFor(stored.url, () => ({ authorization: `Bearer ${stored.token}` }));
      try {
        await client.auth.deleteToken({ params: { id: stored.tokenId } });
        revoked = true;
      } catch (error) {
        // Signing out locally must work offline too; say that the token may still be valid.
        warning = `Could not revoke the token on ${stored.url} (${(error as Error).message}); revoke it in the console if needed.`;
      }
    }
    const { token: _t, tokenId: _i, ...rest } = stored;
    store.write(rest);
    return { url: stored.url ?? null, revoked, wasSignedIn: true, warning };
  },
  render(data) {
    if (!data.wasSignedIn) return { stdout: 'Not signed in.\n' };
    return {
      stdout: `Signed out of ${data.url}${data.revoked ? ' (token revoked)' : ''}.\n`,
      ...(data.warning ? { stderr: `assent: warning: ${data.warning}\n` } : {}),
    };
  },
});

export const whoami = defineCommand({
  options: z.object({ json: z.boolean().default(false), account: z.string().optional() }),
  async run(options, ctx) {
    const session = openSession(ctx);
    const me = await session.client.auth.me();
    const account = options.account || ctx.env.ASSENT_ACCOUNT || session.stored.account || null;
    return {
      url: session.url,
      email: me.email,
      name: me.name || `${me.givenName} ${me.familyName}`.trim(),
      account,
      accounts: me.pcodes,
      admin: me.isAdmin,
      token: ctx.target.tokenFrom === 'env' ? 'ASSENT_TOKEN' : 'stored login',
    };
  },
  render(data, options) {
    if (options.json) return jsonOutput(data);
    return {
      stdout:
        `${data.email} (${data.name}) on ${data.url}\n` +
        `account: ${data.account ?? '(none chosen)'}${data.accounts.length > 1 ? ` of ${data.accounts.join(', ')}` : ''}\n` +
        `token: ${data.token}${data.admin ? '\nadministrator' : ''}\n`,
    };
  },
});
