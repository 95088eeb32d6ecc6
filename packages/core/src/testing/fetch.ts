import type { FetchInit, FetchLike } from '../api/client';

/**
 * A fetch for tests of the typed client and what is built on it: every call is recorded
 * (`calls`: URL and init) and answered with `status` and `body`. A string body is sent as it is
 * (raw text, malformed JSON); anything else as JSON; a function answers each call by its URL.
 */
export function fakeFetch(status: number, body: unknown = []) {
  const calls: Array<{ url: string; init: FetchInit }> = [];
  const fetch: FetchLike = async (url, init) => {
    calls.push({ url, init });
    const answer = typeof body === 'function' ? (body as (url: string) => unknown)(url) : body;
    return {
      status,
      headers: { get: () => null },
      text: async () => (typeof answer === 'string' ? answer : JSON.stringify(answer)),
      arrayBuffer: async () => new ArrayBuffer(0),
    };
  };
  return { fetch, calls };
}
