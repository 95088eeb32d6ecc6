/** Exit codes: 0 done (or nothing to change), 1 errors, 2 changes pending (`assent plan`). */
export const EXIT = { ok: 0, error: 1, changesPending: 2 } as const;

/** A failure with the exit code the CLI ends with (1 errors, 2 reserved for "changes pending"). */
export class CliError extends Error {
  override readonly name = 'CliError';
  constructor(
    message: string,
    readonly exitCode: number = EXIT.error,
  ) {
    super(message);
  }
}

/** The server and account a command talks to, filled in once known so errors can name them. */
export interface Target {
  url?: string;
  account?: string;
  /** Where the token came from: the ASSENT_TOKEN variable or the stored login. */
  tokenFrom?: 'env' | 'config' | 'flag';
  /** Signing in: a 401 is a wrong e-mail or password, not a missing login. */
  signingIn?: boolean;
}

/** What the core client throws (matched by shape so this file stays free of core). */
interface ApiErrorLike {
  name: 'ApiError';
  httpStatus: number;
  message: string;
  body: { status: string; message: string; fields?: Record<string, string> };
  /** Why a request got no answer (httpStatus 0). */
  detail?: string | undefined;
}

export const isApiError = (error: unknown): error is ApiErrorLike =>
  error instanceof Error && error.name === 'ApiError' && 'httpStatus' in error;

function fieldLines(fields: Record<string, string> | undefined): string {
  const entries = Object.entries(fields ?? {});
  return entries.length ? `\n${entries.map(([f, m]) => `  ${f}: ${m}`).join('\n')}` : '';
}

/** Why a personal access token stops working (the server revokes them all on a password change). */
const TOKEN_REVOKED_REASONS =
  'revoked, or revoked with the others when the password was changed or reset';

/** An API failure as the user should read it: the URL, what went wrong and what to do. */
export function describeApiError(error: ApiErrorLike, target: Target): CliError {
  const url = target.url ?? 'the server';
  const { httpStatus, body } = error;
  if (httpStatus === 0)
    return new CliError(
      `Cannot reach the Assent server at ${url}: ${error.detail ?? body.message}.\n` +
        'Check the URL (ASSENT_URL, or assent login --url URL) and that the server is running.',
    );
  if (httpStatus === 401 && target.tokenFrom === 'flag')
    return new CliError(
      `The token given with --token was refused by ${url} (${TOKEN_REVOKED_REASONS}, or made on another server).\n` +
        `Create a new one: run assent login --url ${url} without --token to sign in with your e-mail and password (it creates a personal access token and stores it), or POST /auth/tokens while signed in (docs/api.md).`,
    );
  if (httpStatus === 401 && !target.signingIn)
    return new CliError(
      target.tokenFrom === 'env'
        ? `Not signed in to ${url}: the token in ASSENT_TOKEN was refused (revoked or for another server). Create a new token, or run assent login`
        : `Not signed in to ${url}: the stored login's token was refused (${TOKEN_REVOKED_REASONS}). Run assent login`,
    );
  if (httpStatus === 403 && body.status === 'FORBIDDEN' && target.account)
    return new CliError(
      `You are not a member of account ${target.account} on ${url}. Run assent accounts list to see yours, then assent accounts use CODE or --account CODE.`,
    );
  if (httpStatus === 501)
    return new CliError(`${body.message} (${url} answered 501 Not Implemented)`);
  if (httpStatus >= 500)
    return new CliError(`The server at ${url} failed (${httpStatus}): ${body.message}`);
  return new CliError(`${body.message}${fieldLines(body.fields)}`);
}

/**
 * An answer that is not Assent's: a body that is not an Assent error (an HTML 404 page) or a
 * success the client could not read. The core client reports both as UNKNOWN_ERROR, which the
 * Assent server never sends; main then checks the server's /healthz (probe.ts).
 */
export const looksForeign = (error: unknown): boolean =>
  isApiError(error) && error.httpStatus !== 0 && error.body.status === 'UNKNOWN_ERROR';

/** Any error as a CliError (the one error boundary in main calls this). */
export function toCliError(error: unknown, target: Target): CliError {
  if (error instanceof CliError) return error;
  if (isApiError(error)) return describeApiError(error, target);
  return new CliError(error instanceof Error ? error.message : String(error));
}
