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
