import { AssentError } from '@assent/core';
import { bannerStubOptions } from '@assent/core/banner';
import { PropertySettings } from '@assent/core/property';
import type { Property } from '@assent/core/property';
import { BANNER_TOKENS, inlineStub, previewScript, replaceToken } from '@assent/core/tags';
import type { PreviewResult, ThemeValues } from '@assent/core/theme';
import type { FastifyRequest } from 'fastify';
import { properties } from '../repositories/properties';
import type { AppDeps } from '../routes/context';
import { createBannerAssets } from './assets';
import { publicOrigin } from './http';
import { bootOf, loadBannerConfig } from './load-config';

export const PREVIEW_SITES_ONLY = 'The preview shows site themes (PREVIEW GDPR MODE is for sites).';

/** The built-in sample site previews use when the account has none. */
const samplePreviewSite = (pCode: string, now: Date): Property => ({
  ...PropertySettings.parse({
    propertyType: 'SITE',
    url: 'preview.assent.invalid',
    publisherName: 'Preview',
    consentLocations: ['WORLDWIDE'],
  }),
  uuid: '00000000-0000-4000-8000-000000000000',
  siteId: 0,
  pCode,
  editable: true,
  createdAt: now.toISOString(),
  updatedAt: now.toISOString(),
});

/**
 * The banner script for unsaved theme values (the theme form's PREVIEW GDPR MODE): the stub and
 * the GDPR runtime (cmp-gdpr.js) with the boot of the account's first site (or a built-in sample) under the unsaved theme,
 * GDPR forced on for a visitor in France, and no visit beacon. Self-contained: the console posts it
 * to the preview frame (GET /banner/preview/frame, core's previewFrameDocument), which runs it.
 */
export async function previewTheme(
  deps: AppDeps,
  pCode: string,
  theme: ThemeValues,
  request: FastifyRequest,
): Promise<PreviewResult> {
  if (theme.themeType !== 'SITE') return { error: PREVIEW_SITES_ONLY };
  const origin = publicOrigin(request, deps.config);
  const [first] = await properties.list(deps.db, pCode, { type: 'SITE' });
  const site = first ?? samplePreviewSite(pCode, deps.now());
  const property: Property = { ...site, consentLocations: ['WORLDWIDE'], cmpVersion: 'latest' };
  try {
    const config = await loadBannerConfig(deps, property, origin, {
      theme: { ...theme, themeId: 'preview' },
    });
    const assets = createBannerAssets(deps.config);
    const stub = inlineStub(assets.get('stub.js').text, bannerStubOptions(config));
    // GDPR is forced on: the runtime without the US screen and encoders (cmp-gdpr.js).
    const cmp = replaceToken(
      assets.get('cmp-gdpr.js').text,
      BANNER_TOKENS.boot,
      bootOf(config, { country: 'FR' }, origin, false),
    );
    return { script: previewScript(stub, cmp, `${origin}/banner/preview/cmp.js`) };
  } catch (error) {
    const message = error instanceof AssentError ? error.message : (error as Error).message;
    deps.logger.warn({ pCode, err: message }, 'theme preview failed');
    return { error: message };
  }
}
