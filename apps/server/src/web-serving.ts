import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { PUBLIC_IMMUTABLE } from './services/http-cache';

/** The console's index.html (it names the current hashed assets): revalidated on every load. */
export const REVALIDATE = 'no-cache';

/** Bodies below this size go out as they are (compression would not pay for its CPU). */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** JSON, text, JavaScript, SVG and XML; binaries (zip, images, octet-stream) are left alone. */
const COMPRESSIBLE = /^text\/(?!event-stream)|[+/]json(?:;|$)|javascript|[+/]xml(?:;|$)/;

/**
 * Compresses the API's responses (brotli or gzip, as the browser accepts) from 1 KB up. Routes
 * registered after this get it. A response that is already encoded (the banner's scripts, gzipped
 * once per ETag, and the console's pre-compressed files) is sent as it is.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
    // Request bodies are not compressed by any client of ours.
    globalDecompression: false,
  });
}

/**
 * Serves the built console from `webDist`, if it is built: each file's brotli or gzip copy made at
 * build time when the browser accepts it, hashed `/assets/*` cached for a year (immutable, without
 * validators), anything else (index.html) revalidated, dot files (the build's manifest) never;
 * files are looked up as requested, so a rebuild needs no restart. Returns whether the console is
 * there.
 */
export async function registerConsole(app: FastifyInstance, webDist: string): Promise<boolean> {
  if (!existsSync(path.join(webDist, 'index.html'))) return false;
  const assets = path.join(webDist, 'assets') + path.sep;
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    // Each request looks for its file on disk (one catch-all route), so a console rebuilt while
    // the server runs is served: with a route per file found at start, its new hashed assets
    // answered 404 and the console never started (docs/decisions.md).
    wildcard: true,
    index: ['index.html'],
    preCompressed: true,
    cacheControl: false,
    // The build's manifest (.vite/manifest.json, which the server render reads) is not a page's.
    dotfiles: 'ignore',
    // Scripts, style sheets and pages are read whole (no media): no `accept-ranges` on each.
    acceptRanges: false,
    setHeaders(reply, filePath) {
      const immutable = filePath.startsWith(assets);
      reply.header('cache-control', immutable ? PUBLIC_IMMUTABLE : REVALIDATE);
      // A hashed asset is never revalidated (immutable): its validators would only add ~70 bytes
      // to each of a page's ~60 responses (issue 16's bytes on the wire). index.html keeps them.
      if (immutable) reply.removeHeader('etag').removeHeader('last-modified');
    },
  });
  return true;
}
