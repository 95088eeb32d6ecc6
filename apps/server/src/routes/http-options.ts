import { gzipSync } from 'node:zlib';
import type { CachePolicy } from '@assent/core/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { shortHash } from '../banner/assets';
import { LruCache } from '../services/lru';
import {
  NO_STORE,
  PRIVATE_REVALIDATE,
  PRIVATE_SHORT,
  PUBLIC_HOUR,
  PUBLIC_IMMUTABLE,
  REVALIDATE_STALE_IF_ERROR,
  ifNoneMatch,
} from '../services/http-cache';

/** The Cache-Control header of each cache policy of the route table. */
export const CACHE_CONTROL: Record<CachePolicy, string> = {
  'no-store': NO_STORE,
  'no-cache': PRIVATE_REVALIDATE,
  revalidate: REVALIDATE_STALE_IF_ERROR,
  'public-hour': PUBLIC_HOUR,
  short: PRIVATE_SHORT,
  immutable: PUBLIC_IMMUTABLE,
};

/** Policies whose successes carry a strong ETag (304 on If-None-Match) and are gzipped. */
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

/** Compressed bodies by ETag, kept for the life of the app (the least recently used dropped). */
export function createCompressedCache(limit = 256) {
  const entries = new LruCache<string, Buffer>(limit);
  return (etag: string, body: string): Buffer => {
    const hit = entries.get(etag);
    if (hit) return hit;
    const gz = gzipSync(body, { level: 9 });
    entries.set(etag, gz);
    return gz;
  };
}
export type CompressedCache = ReturnType<typeof createCompressedCache>;

/**
 * Sends a body with a strong ETag (its hash unless given): 304 when the browser already has it,
 * gzip when the browser accepts it. `cacheControl` decides who may keep it.
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
  const accepts = /\bgzip\b/.test(header(request, 'accept-encoding') ?? '');
  if (accepts && body.length > 1024) {
    return reply.header('content-encoding', 'gzip').send(gzip(etag, body));
  }
  return reply.send(body);
}
