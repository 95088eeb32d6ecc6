import { AssentError } from '@assent/core';
import type { Routes } from '@assent/core/api';
import {
  bannerStubOptions,
  regulationForConfig,
  withUniversalConsentMode,
} from '@assent/core/banner';
import type { BannerConfig, VisitorRegion } from '@assent/core/banner';
import type { Property } from '@assent/core/property';
import {
  BANNER_PATHS,
  BANNER_TOKENS,
  consentModeScript,
  findSiteByHost,
  replaceToken,
} from '@assent/core/tags';
import type { FastifyRequest } from 'fastify';
import { properties } from '../repositories/properties';
import type { FileReply, GroupHandlers } from '../routes/context';
import { RawJson } from '../routes/context';
import { NOT_FOUND_MESSAGE } from '../routes/errors';
import { PUBLIC_HOUR } from '../services/http-cache';
import { publicOrigin, refererHost } from './http';
import { BANNER_FILES, RUNTIME_FILES } from './assets';
import type { RuntimeFile } from './assets';
import type { LastGood, SiteHost } from './last-good';
import { bootOf, loadBannerConfig, propertyByUuid } from './load-config';
import type { BannerRuntime } from './runtime';
import { regionFor } from './runtime';

/** The runtime's scripts served as built under /banner/static/. */
const STATIC_SCRIPTS = BANNER_FILES.filter((f) => f.endsWith('.js'));

/** A JavaScript comment saying why there is no banner (404, revalidated on every load). */
const notFoundScript = (why: string): FileReply => ({
  status: 404,
  body: `/* Assent: ${why.replace(/\*\//g, '')} */\n`,
  headers: { 'cache-control': 'no-cache' },
});

/** The runtime file for a visitor: outside the US regulation, without the US screen (issue 15). */
const runtimeFileFor = (config: BannerConfig, region: VisitorRegion): RuntimeFile =>
  regulationForConfig(config, region) === 'US' ? 'cmp.js' : 'cmp-gdpr.js';

/**
 * cmp.js as the tags name it: the loader of this visitor's runtime file (content-hashed, cached
 * for a year), carrying the property's configuration for this visitor's region (the boot JSON
 * inline: one response fewer before the first layer, and no request for it on a return visit
 * while cmp.js is cached; issue 16). The universal tag's stub cannot know the site's Google
 * consent defaults: its cmp.js starts with them.
 */
function loaderScript(
  runtime: BannerRuntime,
  request: FastifyRequest,
  { property, config }: LastGood,
  options: { universal: boolean },
): FileReply {
  const origin = publicOrigin(request, runtime.deps.config);
  const { region } = regionFor(runtime, request, property);
  const { assets } = runtime;
  const prelude = options.universal ? consentModeScript(bannerStubOptions(config).consentMode) : '';
  const configUrl = `${origin}${BANNER_PATHS.propertyConfig(property.uuid)}${options.universal ? '?tag=universal' : ''}`;
  const loader = {
    runtime: `${origin}${BANNER_PATHS.runtimeFile(assets.build(), runtimeFileFor(config, region))}`,
    config: configUrl,
    fast: `${origin}${BANNER_PATHS.runtimeFile(assets.build(), 'fast.js')}`,
    boot: bootFor(config, region, origin, options),
  };
  return {
    body: prelude + replaceToken(assets.get('loader.js').text, BANNER_TOKENS.loader, loader),
  };
}

/**
 * The boot JSON of a property for a visitor's region. Under the universal tag, whose stub denied
 * Consent Mode for the account's sites, a site without Google basic consent still follows the
 * visitor's choice (issue 15 item 6).
 */
const bootFor = (
  config: BannerConfig,
  region: VisitorRegion,
  origin: string,
  options: { universal: boolean },
) => bootOf(options.universal ? withUniversalConsentMode(config) : config, region, origin);

/**
 * The boot JSON as its own response (BANNER_PATHS.propertyConfig): what cmp.js carries inline,
 * for loaders kept from before it did (they fetch it).
 */
function bootJson(
  runtime: BannerRuntime,
  request: FastifyRequest,
  { property, config }: LastGood,
  options: { universal: boolean },
): RawJson {
  const origin = publicOrigin(request, runtime.deps.config);
  const { region } = regionFor(runtime, request, property);
  return new RawJson(JSON.stringify(bootFor(config, region, origin, options)));
}

/**
 * The property's configuration from the database, kept as the last good one; when the database
 * cannot be read, the last good one (stale-if-error): publishers' pages keep their banner.
 */
export async function currentOrLastGood(
  runtime: BannerRuntime,
  request: FastifyRequest,
  uuid: string,
  load: () => Promise<Property | undefined>,
  options: { amp?: boolean } = {},
): Promise<LastGood | { missing: true }> {
  // AMP pages run no A/B test: their configuration is kept apart from cmp.js's.
  const store = options.amp ? runtime.ampLastGood : runtime.lastGood;
  try {
    const property = await load();
    if (!property) return { missing: true };
    const config = await loadBannerConfig(
      runtime.deps,
      property,
      publicOrigin(request, runtime.deps.config),
      options.amp ? { abTest: false } : {},
    );
    const entry = { property, config };
    store.remember(entry);
    return entry;
  } catch (error) {
    const kept = uuid ? store.recall(uuid) : undefined;
    if (!kept || error instanceof AssentError) throw error;
    runtime.deps.logger.warn(
      { property: uuid, err: (error as Error).message },
      options.amp
        ? 'AMP consent answered from the last good configuration'
        : 'cmp.js served from the last good configuration',
    );
    return kept;
  }
}

/**
 * The account's site hosts (the universal tag matches the page's host against them), kept like
 * the configurations: while the database is down, the last ones read.
 */
async function siteHostsOrLastGood(runtime: BannerRuntime, pCode: string): Promise<SiteHost[]> {
  try {
    const hosts = await properties.siteHosts(runtime.deps.db, pCode);
    runtime.lastGood.rememberHosts(pCode, hosts);
    return hosts;
  } catch (error) {
    const kept = runtime.lastGood.recallHosts(pCode);
    if (!kept || error instanceof AssentError) throw error;
    return kept;
  }
}

/** The lazy second layer: an ES module, so imported cross-origin with CORS. */
const secondLayer = (runtime: BannerRuntime) => async (): Promise<FileReply> => {
  const asset = runtime.assets.get('second-layer.js');
  return { body: asset.text, etag: asset.hash };
};

type ScriptRoutes = Pick<
  Routes['banner'],
  | 'propertyScript'
  | 'propertyConfig'
  | 'runtimeFile'
  | 'accountScript'
  | 'propertySecondLayer'
  | 'accountSecondLayer'
  | 'previewSecondLayer'
  | 'staticScript'
  | 'vendorList'
  | 'googleVendors'
>;

/** cmp.js per property and per account, the second layer, the vendor list, Google's providers. */
export function scriptHandlers(runtime: BannerRuntime): GroupHandlers<ScriptRoutes> {
  const { deps } = runtime;
  return {
    async propertyScript({ params }, { request }) {
      const found = await currentOrLastGood(runtime, request, params.id, () =>
        propertyByUuid(deps.db, params.id),
      );
      if ('missing' in found) return notFoundScript(`no property ${params.id}`);
      return loaderScript(runtime, request, found, { universal: false });
    },

    async propertyConfig({ params, query }, { request }) {
      const found = await currentOrLastGood(runtime, request, params.id, () =>
        propertyByUuid(deps.db, params.id),
      );
      if ('missing' in found)
        throw new AssentError('NOT_FOUND', `${NOT_FOUND_MESSAGE}: property ${params.id}`);
      return bootJson(runtime, request, found, { universal: query.tag === 'universal' });
    },

    async runtimeFile({ params }) {
      const file = RUNTIME_FILES.find((f) => f === params.file);
      if (!file) return notFoundScript(`no runtime script ${params.file}`);
      const asset = runtime.assets.get(file);
      // A loader kept from an earlier build names that build's id: it gets today's file, for an
      // hour only (its name no longer says which bytes it holds).
      return {
        body: asset.text,
        etag: asset.hash,
        ...(params.build === runtime.assets.build() ? {} : { cacheControl: PUBLIC_HOUR }),
      };
    },

    async accountScript({ params, query }, { request }) {
      const host = (query.host ?? '').trim().toLowerCase() || refererHost(request);
      if (!host) return notFoundScript('the page host name is missing (?host=)');
      const site = findSiteByHost(await siteHostsOrLastGood(runtime, params.pCode), host);
      const found = await currentOrLastGood(runtime, request, site?.uuid ?? '', async () =>
        site ? properties.get(deps.db, params.pCode, site.uuid) : undefined,
      );
      if ('missing' in found) return notFoundScript(`no site of this account matches ${host}`);
      return loaderScript(runtime, request, found, { universal: true });
    },

    propertySecondLayer: secondLayer(runtime),
    accountSecondLayer: secondLayer(runtime),
    previewSecondLayer: secondLayer(runtime),

    async staticScript({ params }) {
      const file = STATIC_SCRIPTS.find((f) => f === params.file);
      if (!file) return notFoundScript(`no runtime script ${params.file}`);
      const asset = runtime.assets.get(file);
      return { body: asset.text, etag: asset.hash };
    },

    async googleVendors() {
      return new RawJson(runtime.googleVendorsJson(await deps.lists.googleAtp()));
    },

    async vendorList({ params }) {
      const list = await deps.lists.vendorList(3);
      if (!/^latest$/i.test(params.version) && Number(params.version) !== list.vendorListVersion) {
        throw new AssentError(
          'NOT_FOUND',
          `${NOT_FOUND_MESSAGE}: vendor list version ${params.version} (the current one is ${list.vendorListVersion})`,
        );
      }
      // Translations of purpose names are not stored: every language gets the English list.
      return new RawJson(runtime.vendorListJson(list));
    },
  };
}
