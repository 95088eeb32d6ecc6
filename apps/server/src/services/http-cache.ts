import type { FastifyRequest } from 'fastify';

/** Per-visitor or per-user responses: the browser keeps them but revalidates each time. */
export const PRIVATE_REVALIDATE = 'private, no-cache';
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
