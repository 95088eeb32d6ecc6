import { AssentError } from '@assent/core';
import type { Routes } from '@assent/core/api';
import { bannerStubOptions, compileGbc, universalStubOptions } from '@assent/core/banner';
import { BANNER_PATHS, ampTag, siteTag, tagRefusal, universalTag } from '@assent/core/tags';
import { bannerControlTexts } from '@assent/core/theme';
import { properties } from '../repositories/properties';
import type { GroupHandlers, Handler } from '../routes/context';
import { NOT_FOUND_MESSAGE } from '../routes/errors';
import { createBannerAssets } from './assets';
import { publicOrigin } from './http';
import { loadBannerConfig, themeOf } from './load-config';
import { sdkReadme, sdkWebViewPage } from './sdk';
import { createZip } from './zip';

export const TAG_ID_REQUIRED = 'Choose the property (id) for a site or AMP tag';
export const AMP_NOT_ENABLED = 'AMP is not enabled on this site: turn it on in the site settings';

export const tagHandlers: GroupHandlers<Routes['tags']> = {
  /** GET /customization/v2/tag: the universal tag, a site tag, or an AMP tag with its styles. */
  async get({ query }, { deps, pCode, request }) {
    const origin = publicOrigin(request, deps.config);
    const assets = createBannerAssets(deps.config);
    if (query.type === 'universal') {
      // Consent Mode denied before the page's gtag calls, for the account's sites' Google basic
      // consent regions (issue 15 item 6): get the tag again after changing them.
      const sites = await properties.list(deps.db, pCode, { type: 'SITE' });
      return universalTag({
        origin,
        stubSource: assets.get('stub.js').text,
        pCode,
        stubOptions: universalStubOptions(deps.config.cmpId, sites.map(compileGbc)),
      });
    }
    if (!query.id)
      throw new AssentError('VALIDATION_ERROR', TAG_ID_REQUIRED, { id: TAG_ID_REQUIRED });
    // Looked up within the caller's account: another account's property is simply not found.
    const property = await properties.get(deps.db, pCode, query.id);
    if (!property) throw new AssentError('NOT_FOUND', NOT_FOUND_MESSAGE);
    const refusal = tagRefusal(property);
    if (refusal) throw new AssentError('VALIDATION_ERROR', refusal, { id: refusal });
    if (query.type === 'site') {
      const config = await loadBannerConfig(deps, property, origin);
      return siteTag({
        origin,
        stubSource: assets.get('stub.js').text,
        property,
        stubOptions: bannerStubOptions(config),
      });
    }
    if (property.propertyType !== 'SITE' || !property.ampEnabled)
      throw new AssentError('VALIDATION_ERROR', AMP_NOT_ENABLED, { id: AMP_NOT_ENABLED });
    const { theme } = await themeOf(deps.db, property);
    const label =
      (theme.themeType === 'SITE' ? theme.consentLinkLabel.trim() : '') ||
      bannerControlTexts(theme.language).privacySettings;
    return ampTag({
      origin,
      property,
      persistentLink: query.persistentLink ?? false,
      linkLabel: label,
      linkLocation:
        theme.themeType === 'SITE' ? theme.uxPersistentConsentLinkLocation : 'BOTTOM_RIGHT',
    });
  },
};

/** GET /customization/v2/app/sdk: a zip with the WebView guide and the runtime's files. */
export const sdkHandler: Handler<Routes['apps']['sdk']> = async (
  _input,
  { deps, request, user },
) => {
  const origin = publicOrigin(request, deps.config);
  const assets = createBannerAssets(deps.config);
  const apps = (
    await Promise.all(
      user().pcodes.map((pcode) => properties.list(deps.db, pcode, { type: 'APP' })),
    )
  )
    .flat()
    .map((p) => ({
      packageId: p.packageId ?? '',
      script: `${origin}${BANNER_PATHS.propertyScript(p.uuid)}`,
    }));
  const zip = createZip(
    [
      { name: 'assent-sdk/README.md', data: sdkReadme(origin, apps) },
      { name: 'assent-sdk/webview/consent.html', data: sdkWebViewPage(origin) },
      ...(['stub.js', 'cmp.js', 'second-layer.js', 'manifest.json'] as const).map((file) => ({
        name: `assent-sdk/runtime/${file}`,
        data: assets.get(file).text,
      })),
    ],
    deps.now(),
  );
  return {
    body: zip,
    contentType: 'application/zip',
    filename: 'assent-sdk.zip',
    headers: { 'cache-control': 'no-store' },
  };
};
