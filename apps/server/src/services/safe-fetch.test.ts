import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PNG_1X1 } from '@assent/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchPublicUrl } from './safe-fetch';

/** Issue 19, item 17: the logo fetch reaches public addresses only, whatever notation or name. */
describe('fetchPublicUrl', () => {
  const images = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'image/png', etag: '"v1"' });
    response.end(Buffer.from(PNG_1X1));
  });
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
    port = (images.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => images.close(resolve)));

  it.each([
    ['loopback', '127.0.0.1'],
    ['IPv4-mapped IPv6, hex form', '[::ffff:7f00:1]'],
    ['IPv4-mapped IPv6, dotted form', '[::ffff:127.0.0.1]'],
    ['IPv6 loopback', '[::1]'],
    ['the unspecified address', '0.0.0.0'],
    ['a name that resolves to loopback (checked at connect time)', 'localhost'],
  ])('refuses %s', async (_what, host) => {
    await expect(
      fetchPublicUrl(`http://${host}:${port}/logo.png`, { allowPrivate: false }),
    ).rejects.toThrow('the address is not public');
  });

  it('refuses other schemes', async () => {
    await expect(fetchPublicUrl('file:///etc/passwd', { allowPrivate: false })).rejects.toThrow(
      'only http and https URLs can be checked',
    );
  });

  it('answers as fetch would when private addresses are allowed (tests, ASSENT_ALLOW_PRIVATE_FETCH)', async () => {
    const response = await fetchPublicUrl(`http://127.0.0.1:${port}/logo.png`, {
      allowPrivate: true,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('etag')).toBe('"v1"');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(new Uint8Array(PNG_1X1));
  });
});
