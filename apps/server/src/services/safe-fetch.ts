import http from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';

/**
 * Connections that refuse any address but public unicast ones (request-filtering-agent): loopback,
 * private, link-local, unique-local, IPv4-mapped IPv6 in any notation (`::ffff:7f00:1`), the
 * unspecified address. The address checked is the one the socket connects to, after DNS, so a name
 * that resolves to a private address (or is rebound to one after a first check) is refused too.
 */
const publicOnly = {
  http: new RequestFilteringHttpAgent(),
  https: new RequestFilteringHttpsAgent(),
};

const NOT_PUBLIC = 'the address is not public';
/** The agent's refusal ("DNS lookup … is not allowed. Because, It is private IP address."). */
const isRefusal = (error: Error) => /is not allowed\. Because/.test(error.message);

/**
 * Fetches a publisher-supplied URL from the server without letting it reach internal services:
 * http(s) only, public addresses only, checked at connect time (unless allowed, as in tests), no
 * redirects, answered as a fetch `Response`.
 */
export function fetchPublicUrl(
  url: string,
  options: { allowPrivate: boolean; timeoutMs?: number; method?: string },
): Promise<Response> {
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    return Promise.reject(new Error('only http and https URLs can be checked'));
  const method = options.method ?? 'GET';
  const secure = parsed.protocol === 'https:';
  const client = secure ? https : http;
  const agent = secure ? publicOnly.https : publicOnly.http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      parsed,
      {
        method,
        ...(options.allowPrivate ? {} : { agent }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
      },
      (response) => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          for (const one of [value ?? []].flat()) headers.append(name, one);
        }
        const status = response.statusCode ?? 502;
        const empty = method === 'HEAD' || status === 204 || status === 304;
        if (empty) response.resume();
        resolve(
          new Response(empty ? null : (Readable.toWeb(response) as ReadableStream<Uint8Array>), {
            status,
            headers,
          }),
        );
      },
    );
    request.on('error', (error) => reject(isRefusal(error) ? new Error(NOT_PUBLIC) : error));
    request.end();
  });
}
