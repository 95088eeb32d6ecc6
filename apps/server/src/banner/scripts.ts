import type { Property } from '@assent/core';
import {
  AssentError,
  BANNER_PATHS,
  BANNER_TOKENS,
  bannerStubOptions,
  consentModeScript,
  findSiteByHost,
  replaceToken,
} from '@assent/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { properties } from '../repositories/properties';
import { NOT_FOUND_MESSAGE } from '../routes/errors';
import { PRIVATE_REVALIDATE, PUBLIC_HOUR } from '../services/http-cache';
import { bootOf, loadBannerConfig, propertyByUuid } from './load-config';
import { JS, JSON_TYPE, publicOrigin, refererHost, sendWithEtag } from './http';
import type { BannerRuntime } from './runtime';
import { regionFor } from './runtime';

const notFoundScript = (reply: FastifyReply, why: string) =>
  reply
    .code(404)
    .header('content-type', JS)
    .header('cache-control', 'no-cache')
    .send(`/* Assent: ${why.replace(/\*\//g, '')} */\n`);

/**
 * cmp.js with the boot JSON of a property, for this visitor (region resolved per request). The
 * universal tag's stub cannot know the site's Google consent defaults: its cmp.js starts with them.
 */
async function sendCmp(
  runtime: BannerRuntime,
  request: FastifyRequest,
  reply: FastifyReply,
  property: Property,
  options: { universal: boolean },
) {
  const origin = publicOrigin(request, runtime.deps.config);
  const config = await loadBannerConfig(runtime.deps, property, origin);
  const { region } = regionFor(runtime, request, property);
  const cmp = runtime.assets.get('cmp.js');
  const prelude = options.universal ? consentModeScript(bannerStubOptions(config).consentMode) : '';
  const body = prelude + replaceToken(cmp.text, BANNER_TOKENS.boot, bootOf(config, region, origin));
  reply.header('cross-origin-resource-policy', 'cross-origin');
  return sendWithEtag(request, reply, runtime.gzip, body, {
    type: JS,
    cacheControl: PRIVATE_REVALIDATE,
  });
}

/** Anyone's pages may read it (CORS `*`), and browsers and proxies may keep it for an hour. */
function sendPublic(
  runtime: BannerRuntime,
  request: FastifyRequest,
  reply: FastifyReply,
  body: string,
  options: { type: string; etag?: string },
) {
  reply
    .header('access-control-allow-origin', '*')
    .header('cross-origin-resource-policy', 'cross-origin');
  return sendWithEtag(request, reply, runtime.gzip, body, {
    ...options,
    cacheControl: PUBLIC_HOUR,
  });
}

/** The lazy second layer: an ES module, so imported cross-origin with CORS. */
function sendSecondLayer(runtime: BannerRuntime, request: FastifyRequest, reply: FastifyReply) {
  const asset = runtime.assets.get('second-layer.js');
  return sendPublic(runtime, request, reply, asset.text, { type: JS, etag: asset.hash });
}

/** cmp.js per property and per account, the second layer, the vendor list, Google's providers. */
export function registerScriptRoutes(app: FastifyInstance, runtime: BannerRuntime) {
  const { deps } = runtime;

  app.get<{ Params: { id: string } }>('/banner/property/:id/cmp.js', async (request, reply) => {
    const property = await propertyByUuid(deps.db, request.params.id);
    if (!property) return notFoundScript(reply, `no property ${request.params.id}`);
    return sendCmp(runtime, request, reply, property, { universal: false });
  });

  app.get<{ Params: { pcode: string }; Querystring: { host?: string } }>(
    '/banner/account/:pcode/cmp.js',
    async (request, reply) => {
      const host = (request.query.host ?? '').trim().toLowerCase() || refererHost(request);
      if (!host) return notFoundScript(reply, 'the page host name is missing (?host=)');
      const site = findSiteByHost(await properties.siteHosts(deps.db, request.params.pcode), host);
      const property = site && (await properties.get(deps.db, request.params.pcode, site.uuid));
      if (!property) return notFoundScript(reply, `no site of this account matches ${host}`);
      return sendCmp(runtime, request, reply, property, { universal: true });
    },
  );

  for (const path of [
    '/banner/property/:id/second-layer.js',
    '/banner/account/:pcode/second-layer.js',
    '/banner/preview/second-layer.js',
  ]) {
    app.get(path, async (request, reply) => sendSecondLayer(runtime, request, reply));
  }

  app.get(BANNER_PATHS.googleVendors, async (request, reply) => {
    const list = await deps.lists.googleAtp();
    return sendPublic(runtime, request, reply, runtime.googleVendorsJson(list), {
      type: JSON_TYPE,
    });
  });

  app.get<{ Params: { version: string; file: string } }>(
    '/banner/vendor-list/:version/:file',
    async (request, reply) => {
      const { version, file } = request.params;
      if (!/^(LATEST|\d{1,6})$/i.test(version))
        throw new AssentError(
          'VALIDATION_ERROR',
          'version: a vendor-list version number or LATEST',
          {
            version: 'a vendor-list version number or LATEST',
          },
        );
      if (!/^[a-z]{2}(-[a-z]{2})?\.json$/i.test(file))
        throw new AssentError('VALIDATION_ERROR', 'lang: a language code such as en', {
          lang: 'a language code such as en',
        });
      const list = await deps.lists.vendorList(3);
      if (!/^latest$/i.test(version) && Number(version) !== list.vendorListVersion) {
        reply.header('access-control-allow-origin', '*');
        throw new AssentError(
          'NOT_FOUND',
          `${NOT_FOUND_MESSAGE}: vendor list version ${version} (the current one is ${list.vendorListVersion})`,
        );
      }
      // Translations of purpose names are not stored: every language gets the English list.
      return sendPublic(runtime, request, reply, runtime.vendorListJson(list), {
        type: JSON_TYPE,
      });
    },
  );
}
