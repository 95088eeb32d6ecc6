import { createHash } from 'node:crypto';
import type { Routes } from '@assent/core/api';
import { CMP_VERSIONS, isValidLogoUrl, LOGO_URL_INVALID } from '@assent/core/property';
import { fetchPublicUrl } from '../services/safe-fetch';
import type { GroupHandlers } from './context';

export const LOGO_NOT_AN_IMAGE = 'We could not load an image from this URL';

export const metaHandlers: GroupHandlers<Routes['meta']> = {
  async health(_input, { deps }) {
    await deps.db.query('select 1');
    return { status: 'ok' };
  },

  async cmpVersions() {
    return [...CMP_VERSIONS];
  },

  /**
   * Loads the logo and checks that it is an image; the suffix is a short version of the image
   * (from its ETag, Last-Modified or size) so banners pick up a changed logo behind a CDN.
   */
  async logoCheck({ body }, { deps }) {
    const url = body.url.trim();
    if (!isValidLogoUrl(url)) return { ok: false, suffix: '', message: LOGO_URL_INVALID };
    try {
      const response = await fetchPublicUrl(url, { allowPrivate: deps.config.allowPrivateFetch });
      const type = response.headers.get('content-type') ?? '';
      await response.body?.cancel();
      if (response.status !== 200)
        return { ok: false, suffix: '', message: `${LOGO_NOT_AN_IMAGE} (HTTP ${response.status})` };
      if (!type.startsWith('image/'))
        return {
          ok: false,
          suffix: '',
          message: `${LOGO_NOT_AN_IMAGE} (it is ${type || 'not an image'})`,
        };
      const stamp =
        response.headers.get('etag') ??
        response.headers.get('last-modified') ??
        response.headers.get('content-length') ??
        '';
      const version = createHash('sha256').update(stamp).digest('hex').slice(0, 8);
      return {
        ok: true,
        suffix: url.includes('?') || !stamp ? '' : `?v=${version}`,
        message: null,
      };
    } catch (error) {
      return {
        ok: false,
        suffix: '',
        message: `${LOGO_NOT_AN_IMAGE} (${(error as Error).message})`,
      };
    }
  },
};
