/**
 * The logo check of a save (properties-and-tags §4 "Saving"): the publisher's logo URL must answer
 * 200 with an image, recognised by its first bytes (a server answering an HTML page with
 * `Content-Type: image/png` is not a logo), and the saved URL carries a version suffix so a
 * changed logo behind a CDN reaches the banners. The fetching is the server's; the rules are here.
 */

/** The image formats a logo may be in, recognised by their magic numbers. */
export type LogoImageType = 'png' | 'jpeg' | 'gif' | 'bmp' | 'webp' | 'svg';

/** How many bytes the check reads: enough for an SVG's XML prolog, comments and doctype. */
export const LOGO_SNIFF_BYTES = 4096;

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0): boolean =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);

const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));

/** An SVG document: after an optional BOM, whitespace, XML declaration, comments and doctype, `<svg`. */
function isSvg(bytes: Uint8Array): boolean {
  let text = '';
  for (const b of bytes.subarray(0, LOGO_SNIFF_BYTES)) text += String.fromCharCode(b);
  const rest = text
    .replace(/^\u00ef\u00bb\u00bf/, '')
    .replace(/^\s*(<\?xml[\s\S]*?\?>)?/, '')
    .replace(/^(\s*(<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>))*/i, '')
    .trimStart();
  return /^<svg[\s>/]/i.test(rest);
}

/** The image type of a file from its first bytes, or undefined when it is not an image we show. */
export function sniffLogoImage(bytes: Uint8Array): LogoImageType | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('BM')) && bytes.length >= 26) return 'bmp';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  if (isSvg(bytes)) return 'svg';
  return undefined;
}

/** Why a logo URL was refused (our wording: the spec shows only the URL rule's message). */
export const LOGO_NOT_AN_IMAGE = 'We could not load an image from this URL';

export const logoRefusedMessage = (reason: string): string => `${LOGO_NOT_AN_IMAGE} (${reason})`;

/** What a logo URL answered, as the check sees it. */
export interface LogoResponse {
  status: number;
  contentType: string;
  /** The first bytes of the body (up to LOGO_SNIFF_BYTES). */
  head: Uint8Array;
  /** A short hash of the ETag, Last-Modified or Content-Length, when the server sent one. */
  version: string | undefined;
}

export type LogoCheck = { ok: true; url: string } | { ok: false; message: string };

/**
 * The check of a fetched logo: HTTP 200 and image bytes; the URL to save gets `?v={version}`
 * unless it already has a query (a URL saved before keeps its suffix: the check is idempotent).
 */
export function checkLogoResponse(url: string, response: LogoResponse): LogoCheck {
  if (response.status !== 200)
    return { ok: false, message: logoRefusedMessage(`HTTP ${response.status}`) };
  if (!sniffLogoImage(response.head)) {
    const type = response.contentType.split(';')[0]?.trim();
    return {
      ok: false,
      message: logoRefusedMessage(
        type && !type.startsWith('image/')
          ? `it is ${type}`
          : 'its content is not a PNG, JPEG, GIF, BMP, WebP or SVG image',
      ),
    };
  }
  return {
    ok: true,
    url: url.includes('?') || !response.version ? url : `${url}?v=${response.version}`,
  };
}
