import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { CONSOLE_CACHE_SECONDS } from '@assent/core';
import type { FastifyRequest } from 'fastify';

/** Per-visitor or per-user responses: the browser keeps them but revalidates each time. */
export const PRIVATE_REVALIDATE = 'private, no-cache';
/**
 * cmp.js: revalidated on every load, and a browser or cache that holds a copy may use it for a day
 * when this server errors (RFC 5861), on top of the server's own last good configuration.
 */
export const REVALIDATE_STALE_IF_ERROR = 'private, no-cache, stale-if-error=86400';
/** The same for everyone, for an hour (the dist files and the vendor list). */
export const PUBLIC_HOUR = 'public, max-age=3600';
/**
 * cmp.js's loader and the banner configuration: kept 5 minutes, then used at once while the
 * browser revalidates them in the background for a week (RFC 5861), so a return visit waits for
 * no round trip; and for a day when this server errors.
 */
export const PRIVATE_SHORT =
  'private, max-age=300, stale-while-revalidate=604800, stale-if-error=86400';
/** A signed-in user's slowly changing answer, kept a minute by that browser (the console's reloads). */
export const PRIVATE_MINUTE = `private, max-age=${CONSOLE_CACHE_SECONDS}`;
/**
 * Content-hashed files (the banner runtime under its build id, the console's `/assets/name-hash.*`):
 * their URL changes with their bytes.
 */
export const PUBLIC_IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_STORE = 'no-store';

/**
 * Whether the request's If-None-Match names this ETag (or `*`): a 304 answers it. The comparison
 * is weak, as RFC 9110 asks for If-None-Match: `W/"x"` and `"x"` match.
 */
export function ifNoneMatch(request: FastifyRequest, etag: string): boolean {
  const value = request.headers['if-none-match'];
  const opaque = etag.replace(/^W\//, '');
  return (Array.isArray(value) ? value.join(',') : (value ?? ''))
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === opaque || t === '*');
}

export type ContentEncoding = 'br' | 'gzip';

/**
 * The encoding a compressible body goes out in: brotli, else gzip, if the request's
 * Accept-Encoding takes it (a `q=0` refuses it); undefined sends it as it is.
 */
export function acceptedEncoding(request: FastifyRequest): ContentEncoding | undefined {
  const value = request.headers['accept-encoding'];
  const accepted = new Set<string>();
  for (const part of (Array.isArray(value) ? value.join(',') : (value ?? '')).split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
}

/**
 * Compresses a body that is sent many times (it is compressed once and kept): brotli at quality
 * 6 or gzip level 9. For the list of 1,000 properties (552 KB of JSON) quality 6 gives 31.6 KB in
 * 4 ms, quality 11 26.1 KB in 555 ms (which would stall the server after every write), gzip 36.8 KB.
 */
export const compressBody = (body: Buffer, encoding: ContentEncoding): Buffer =>
  encoding === 'br'
    ? brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 6,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      })
    : gzipSync(body, { level: 9 });
