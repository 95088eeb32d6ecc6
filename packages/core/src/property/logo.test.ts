import { describe, expect, it } from 'vitest';
import { LOGO_NOT_AN_IMAGE, checkLogoResponse, sniffLogoImage } from './logo';

const bytes = (...parts: Array<string | number[]>): Uint8Array =>
  new Uint8Array(
    parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)),
  );
const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'rest');

describe('the logo check', () => {
  it('recognises images by their magic numbers', () => {
    expect(sniffLogoImage(PNG)).toBe('png');
    expect(sniffLogoImage(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffLogoImage(bytes('GIF89a...'))).toBe('gif');
    expect(sniffLogoImage(bytes('BM', new Array<number>(30).fill(0)))).toBe('bmp');
    expect(sniffLogoImage(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBe('webp');
    expect(sniffLogoImage(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe('svg');
    expect(
      sniffLogoImage(
        bytes(
          [0xef, 0xbb, 0xbf],
          '<?xml version="1.0"?>\n<!-- logo -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x">\n<svg>',
        ),
      ),
    ).toBe('svg');
  });

  it('refuses an HTML page, text and empty bodies whatever their Content-Type says', () => {
    expect(sniffLogoImage(bytes('<!doctype html><html><body>Not found</body></html>'))).toBe(
      undefined,
    );
    expect(sniffLogoImage(bytes('<html><svg></svg></html>'))).toBe(undefined);
    expect(sniffLogoImage(bytes(''))).toBe(undefined);
    const html = checkLogoResponse('https://cdn.example/logo.png', {
      status: 200,
      contentType: 'image/png',
      head: bytes('<!doctype html>'),
      version: 'abc',
    });
    expect(html).toEqual({
      ok: false,
      message: `${LOGO_NOT_AN_IMAGE} (its content is not a PNG, JPEG, GIF, BMP, WebP or SVG image)`,
    });
  });

  it('refuses a URL that does not answer 200, naming the status', () => {
    expect(
      checkLogoResponse('https://cdn.example/logo.png', {
        status: 404,
        contentType: 'text/html',
        head: bytes('<h1>Not found</h1>'),
        version: undefined,
      }),
    ).toEqual({ ok: false, message: `${LOGO_NOT_AN_IMAGE} (HTTP 404)` });
  });

  it('adds the version suffix once: a URL with a query keeps it as it is', () => {
    const ok = { status: 200, contentType: 'image/png', head: PNG, version: '1a2b3c4d' };
    expect(checkLogoResponse('https://cdn.example/logo.png', ok)).toEqual({
      ok: true,
      url: 'https://cdn.example/logo.png?v=1a2b3c4d',
    });
    expect(checkLogoResponse('https://cdn.example/logo.png?v=1a2b3c4d', ok)).toEqual({
      ok: true,
      url: 'https://cdn.example/logo.png?v=1a2b3c4d',
    });
    expect(
      checkLogoResponse('https://cdn.example/logo.png', { ...ok, version: undefined }),
    ).toEqual({ ok: true, url: 'https://cdn.example/logo.png' });
  });
});
