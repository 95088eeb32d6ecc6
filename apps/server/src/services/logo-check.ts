import { createHash } from 'node:crypto';
import type { LogoCheck } from '@assent/core/property';
import { LOGO_SNIFF_BYTES, checkLogoResponse, logoRefusedMessage } from '@assent/core/property';
import { LruCache } from './lru';
import { fetchPublicUrl } from './safe-fetch';

/** Checks a publisher's logo URL (fetching it), for the logo-check route and every save. */
export interface LogoChecker {
  check(url: string): Promise<LogoCheck>;
}

/** How long an answer is reused: a bulk update of 1,000 properties with one logo fetches it once. */
const CACHE_MS = 60_000;

/** The first `limit` bytes of a response body; the rest is not downloaded. */
async function headOf(response: Response, limit: number): Promise<Uint8Array> {
  const reader = response.body?.getReader();
  if (!reader) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.length;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  const head = new Uint8Array(Math.min(size, limit));
  let at = 0;
  for (const chunk of chunks) {
    const part = chunk.subarray(0, head.length - at);
    head.set(part, at);
    at += part.length;
    if (at >= head.length) break;
  }
  return head;
}

/**
 * The logo checker: loads the URL (public addresses only unless allowed, no redirects), reads its
 * first bytes and applies core's check. The version suffix is a short hash of the ETag,
 * Last-Modified or Content-Length. Answers are cached per URL for a minute.
 */
export function createLogoChecker(options: {
  allowPrivate: boolean;
  now: () => Date;
}): LogoChecker {
  const cache = new LruCache<string, { at: number; result: Promise<LogoCheck> }>(500);
  const load = async (url: string): Promise<LogoCheck> => {
    try {
      const response = await fetchPublicUrl(url, { allowPrivate: options.allowPrivate });
      const stamp =
        response.headers.get('etag') ??
        response.headers.get('last-modified') ??
        response.headers.get('content-length') ??
        '';
      const head = response.status === 200 ? await headOf(response, LOGO_SNIFF_BYTES) : undefined;
      if (!head) await response.body?.cancel();
      return checkLogoResponse(url, {
        status: response.status,
        contentType: response.headers.get('content-type') ?? '',
        head: head ?? new Uint8Array(),
        version: stamp ? createHash('sha256').update(stamp).digest('hex').slice(0, 8) : undefined,
      });
    } catch (error) {
      return { ok: false, message: logoRefusedMessage((error as Error).message) };
    }
  };
  return {
    check(url) {
      const now = options.now().getTime();
      const cached = cache.get(url);
      if (cached && now - cached.at < CACHE_MS) return cached.result;
      const result = load(url);
      cache.set(url, { at: now, result });
      return result;
    },
  };
}
