import { brotliCompressSync, constants } from 'node:zlib';
import type { CachePolicy } from '@assent/core/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { shortHash } from '../banner/assets';
import { LruCache } from '../services/lru';
import {
  NO_STORE,
  PRIVATE_MINUTE,
  PRIVATE_REVALIDATE,
  PRIVATE_SHORT,
  PUBLIC_HOUR,
  PUBLIC_IMMUTABLE,
  REVALIDATE_STALE_IF_ERROR,
  acceptedEncoding,
  compressBody,
  ifNoneMatch,
} from '../services/http-cache';
import type { ContentEncoding } from '../services/http-cache';

/** The Cache-Control header of each cache policy of the route table. */
export const CACHE_CONTROL: Record<CachePolicy, string> = {
  'no-store': NO_STORE,
  'no-cache': PRIVATE_REVALIDATE,
  revalidate: REVALIDATE_STALE_IF_ERROR,
  'public-hour': PUBLIC_HOUR,
  short: PRIVATE_SHORT,
  minute: PRIVATE_MINUTE,
  immutable: PUBLIC_IMMUTABLE,
};

/** Policies whose successes carry a strong ETag (304 on If-None-Match) and are compressed. */
export const hasEtag = (cache: CachePolicy | undefined): boolean =>
  cache !== undefined && cache !== 'no-store' && cache !== 'no-cache';

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? undefined;
};

export const requestOrigin = (request: FastifyRequest): string | undefined =>
  header(request, 'origin');

/** Adds a name to the Vary header (keeping the names already there). */
export function addVary(reply: FastifyReply, name: string): void {
  const current = String(reply.getHeader('vary') ?? '');
  const names = current ? current.split(',').map((n) => n.trim()) : [];
  if (!names.some((n) => n.toLowerCase() === name.toLowerCase())) names.push(name);
  reply.header('vary', names.join(', '));
}

/** CORS for a credentialed caller from an allowed origin (visits, group storage, AMP). */
export function allowCredentialedOrigin(reply: FastifyReply, origin: string): void {
  reply.header('access-control-allow-origin', origin);
  reply.header('access-control-allow-credentials', 'true');
  addVary(reply, 'Origin');
}

/** Lets a page of this origin read the answer, without cookies (the visit beacon). */
export function allowOrigin(reply: FastifyReply, origin: string): void {
  reply.header('access-control-allow-origin', origin);
  addVary(reply, 'Origin');
}

/** Answers a CORS preflight for the given methods, credentialed unless told otherwise. */
export function preflight(
  reply: FastifyReply,
  origin: string,
  methods: string,
  credentials = true,
): FastifyReply {
  if (credentials) allowCredentialedOrigin(reply, origin);
  else allowOrigin(reply, origin);
  return reply
    .code(204)
    .header('access-control-allow-methods', methods)
    .header('access-control-allow-headers', 'content-type')
    .header('access-control-max-age', '600')
    .send();
}

/** Bodies up to this size get brotli's best quality (about 150 ms for the 50 KB runtime, once). */
const BEST_BROTLI_LIMIT = 64 * 1024;

/**
 * Compressed bodies by encoding and ETag, kept for the life of the app (the least recently used
 * dropped): gzip level 9, brotli at its best quality (11) up to 64 KB (the banner's runtime files
 * and configurations, compressed once per ETag and sent on every page view), quality 6 above
 * (quality 11 takes seconds on the vendor list).
 */
export function createCompressedCache(limit = 256) {
  const entries = new LruCache<string, Buffer>(limit);
  return (etag: string, body: string, encoding: ContentEncoding = 'gzip'): Buffer => {
    const key = `${encoding} ${etag}`;
    const hit = entries.get(key);
    if (hit) return hit;
    const bytes = Buffer.from(body, 'utf8');
    const compressed =
      encoding === 'br' && bytes.length <= BEST_BROTLI_LIMIT
        ? brotliCompressSync(bytes, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            },
          })
        : compressBody(bytes, encoding);
    entries.set(key, compressed);
    return compressed;
  };
}
export type CompressedCache = ReturnType<typeof createCompressedCache>;

/**
 * A body with an ETag is compressed once per ETag and kept, so even a small one pays: cmp.js's
 * loader (about 540 B) goes out as about 300 B of brotli. Below this, the encoding's own framing
 * would eat the gain.
 */
const ETAG_COMPRESS_MIN_BYTES = 200;

/**
 * Sends a body with a strong ETag (its hash unless given): 304 when the browser already has it,
 * brotli or gzip when the browser accepts it. `cacheControl` decides who may keep it.
 */
export function sendWithEtag(
  request: FastifyRequest,
  reply: FastifyReply,
  gzip: CompressedCache,
  body: string,
  options: { type: string; cacheControl: string; etag?: string | undefined; status?: number },
): FastifyReply {
  const etag = `"${options.etag ?? shortHash(body)}"`;
  reply.header('etag', etag).header('cache-control', options.cacheControl);
  addVary(reply, 'Accept-Encoding');
  if (ifNoneMatch(request, etag)) return reply.code(304).send();
  reply.code(options.status ?? 200).header('content-type', options.type);
  const encoding = body.length >= ETAG_COMPRESS_MIN_BYTES ? acceptedEncoding(request) : undefined;
  if (encoding) return reply.header('content-encoding', encoding).send(gzip(etag, body, encoding));
  return reply.send(body);
}
