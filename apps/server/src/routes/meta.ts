import type { Routes } from '@assent/core/api';
import { cmpIdWarning } from '@assent/core/banner';
import { CMP_VERSIONS, isValidLogoUrl, LOGO_URL_INVALID } from '@assent/core/property';
import type { GroupHandlers } from './context';

export const metaHandlers: GroupHandlers<Routes['meta']> = {
  async health(_input, { deps }) {
    await deps.db.query('select 1');
    const warning = cmpIdWarning(deps.config.cmpId);
    return warning ? { status: 'ok', warnings: [warning] } : { status: 'ok' };
  },

  async cmpVersions() {
    return [...CMP_VERSIONS];
  },

  /**
   * Loads the logo and checks that it is an image by its bytes; the suffix is a short version of
   * the image (from its ETag, Last-Modified or size) so banners pick up a changed logo behind a
   * CDN. Every save runs the same check (checkPropertyForSave).
   */
  async logoCheck({ body }, { deps }) {
    const url = body.url.trim();
    if (!isValidLogoUrl(url)) return { ok: false, suffix: '', message: LOGO_URL_INVALID };
    const result = await deps.logos.check(url);
    return result.ok
      ? { ok: true, suffix: result.url.slice(url.length), message: null }
      : { ok: false, suffix: '', message: result.message };
  },
};
