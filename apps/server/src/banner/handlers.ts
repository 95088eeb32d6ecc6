import type { Routes } from '@assent/core/api';
import { PREVIEW_FRAME_CSP, previewFrameDocument } from '@assent/core/theme';
import type { GroupHandlers } from '../routes/context';
import { ampHandlers } from './amp';
import { consentHandler } from './consent';
import { groupHandlers } from './group';
import type { BannerRuntime } from './runtime';
import { scriptHandlers } from './scripts';
import { visitHandler } from './visits';

/**
 * The consent runtime's public endpoints (the `banner` group of the route table, docs/banner.md
 * "Endpoints"): cmp.js per property and per account, the lazy second layer, the vendor lists, the
 * visit and consent beacons, group consent and AMP. Everything under /banner/ stays frameable (app.ts).
 */
export function bannerHandlers(runtime: BannerRuntime): GroupHandlers<Routes['banner']> {
  return {
    ...scriptHandlers(runtime),
    visit: visitHandler(runtime),
    consent: consentHandler(runtime),
    ...groupHandlers(runtime),
    ...ampHandlers(runtime),
    /** The theme preview's frame: framed by the console (same origin) only. */
    async previewFrame() {
      return {
        headers: { 'content-security-policy': PREVIEW_FRAME_CSP, 'x-frame-options': 'SAMEORIGIN' },
        body: previewFrameDocument(),
      };
    },
  };
}
