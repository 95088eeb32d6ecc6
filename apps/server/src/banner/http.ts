import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config';
import { ifNoneMatch } from '../services/http-cache';
import { LruCache } from '../services/lru';
import { shortHash } from './assets';

export const JS = 'text/javascript; charset=utf-8';
export const HTML = 'text/html; charset=utf-8';
export const JSON_TYPE = 'application/json; charset=utf-8';

/** The origin visitors reach Assent on: ASSENT_PUBLIC_URL, else the request's own origin. */
export const publicOrigin = (request: FastifyRequest, config: ServerConfig): string =>
  config.publicUrl ?? `${request.protocol}://${request.host}`;

/** Whether the visitor reaches Assent over https (cookies for third-party contexts need Secure). */
export const isSecure = (request: FastifyRequest, config: ServerConfig): boolean =>
  (config.publicUrl ?? `${request.protocol}:`).startsWith('https:');

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? undefined;
};

export const requestOrigin = (request: FastifyRequest): string | undefined =>
  header(request, 'origin');

/** The host name of the page that embedded us (Referer), when the browser sent one. */
export function refererHost(request: FastifyRequest): string | undefined {
  const referer = header(request, 'referer');
  if (!referer) return undefined;
  try {
    return new URL(referer).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

export function refererOrigin(request: FastifyRequest): string | undefined {
  const referer = header(request, 'referer');
  if (!referer) return undefined;
  try {
    const origin = new URL(referer).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/** Adds a name to the Vary header (keeping the names already there). */
export function addVary(reply: FastifyReply, name: string): void {
  const current = String(reply.getHeader('vary') ?? '');
  const names = current ? current.split(',').map((n) => n.trim()) : [];
  if (!names.some((n) => n.toLowerCase() === name.toLowerCase())) names.push(name);
  reply.header('vary', names.join(', '));
}

/** CORS for a credentialed caller from an allowed origin (group storage, AMP). */
export function allowCredentialedOrigin(reply: FastifyReply, origin: string): void {
  reply.header('access-control-allow-origin', origin);
  reply.header('access-control-allow-credentials', 'true');
  addVary(reply, 'Origin');
}

/** Answers a CORS preflight for the given methods and headers. */
export function preflight(
  reply: FastifyReply,
  origin: string,
  methods: string,
  options: { credentials: boolean },
): FastifyReply {
  if (options.credentials) allowCredentialedOrigin(reply, origin);
  else reply.header('access-control-allow-origin', origin);
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
 * Sends a body with a strong ETag (its hash): 304 when the browser already has it, gzip when the
 * browser accepts it. `cacheControl` decides who may keep it.
 */
export function sendWithEtag(
  request: FastifyRequest,
  reply: FastifyReply,
  gzip: CompressedCache,
  body: string,
  options: { type: string; cacheControl: string; etag?: string },
): FastifyReply {
  const etag = `"${options.etag ?? shortHash(body)}"`;
  reply.header('etag', etag).header('cache-control', options.cacheControl);
  addVary(reply, 'Accept-Encoding');
  if (ifNoneMatch(request, etag)) return reply.code(304).send();
  reply.header('content-type', options.type);
  const accepts = /\bgzip\b/.test(header(request, 'accept-encoding') ?? '');
  if (accepts && body.length > 1024) {
    return reply.header('content-encoding', 'gzip').send(gzip(etag, body));
  }
  return reply.send(body);
}
