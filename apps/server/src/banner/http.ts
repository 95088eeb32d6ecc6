import type { FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config';

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
