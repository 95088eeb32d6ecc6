import { ApiError } from '@assent/core';
import { createClient } from '@assent/core/api';
import type { FetchLike } from '@assent/core/api';
import { CliError } from './errors';
import { USER_AGENT, httpFetch } from './session';

/** How long the check of a suspicious server may take. */
const PROBE_TIMEOUT_MS = 5_000;

/**
 * Asks `GET /healthz` of a server whose answer was not Assent's (a 404 page, HTML, JSON of
 * another shape): an Assent server answers {"status":"ok"} or an Assent error body. Returns the
 * error to show when it is not one, naming the URL and what to check.
 */
export async function notAnAssentServer(url: string): Promise<CliError | undefined> {
  let answer = '';
  const recording: FetchLike = async (input, init) => {
    const response = await httpFetch(input, {
      ...init,
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    const type = response.headers.get('content-type')?.split(';')[0]?.trim();
    answer = `${response.status}${type ? ` (${type})` : ''}`;
    return response;
  };
  const client = createClient({
    baseUrl: url,
    fetch: recording,
    headers: () => ({ 'user-agent': USER_AGENT }),
  });
  try {
    await client.meta.health();
    return undefined;
  } catch (error) {
    // No answer at all, or an Assent error body (a database down, say): it is an Assent server.
    if (!answer || (error instanceof ApiError && error.body.status !== 'UNKNOWN_ERROR'))
      return undefined;
  }
  return new CliError(
    `${url} does not look like an Assent server: GET ${url}/healthz answered ${answer}, not Assent's {"status":"ok"}.\n` +
      'Check the URL (ASSENT_URL, or assent login --url URL): it is the address the console opens at, without a path.',
  );
}
