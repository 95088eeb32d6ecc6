import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/** True for loopback, private, link-local and unique-local addresses. */
export function isPrivateAddress(address: string): boolean {
  if (isIP(address) === 6) {
    const a = address.toLowerCase();
    if (a.startsWith('::ffff:')) return isPrivateAddress(a.slice(7));
    return (
      a === '::1' || a === '::' || a.startsWith('fc') || a.startsWith('fd') || a.startsWith('fe80')
    );
  }
  const [a = 0, b = 0] = address.split('.').map(Number);
  return (
    a === 10 ||
    a === 127 ||
    a === 0 ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 100 && b >= 64 && b <= 127)
  );
}

/**
 * Fetches a publisher-supplied URL from the server without letting it reach internal services:
 * http(s) only, no private or loopback addresses (unless allowed, as in tests), no redirects.
 */
export async function fetchPublicUrl(
  url: string,
  options: { allowPrivate: boolean; timeoutMs?: number; method?: string },
): Promise<Response> {
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new Error('only http and https URLs can be checked');
  if (!options.allowPrivate) {
    const host = parsed.hostname.replace(/^\[|\]$/g, '');
    const addresses = isIP(host) ? [{ address: host }] : await lookup(host, { all: true });
    if (addresses.some((a) => isPrivateAddress(a.address)))
      throw new Error('the address is not public');
  }
  return fetch(url, {
    method: options.method ?? 'GET',
    redirect: 'manual',
    signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
  });
}
