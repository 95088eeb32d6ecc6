import { AssentError } from '@assent/core';
import { AMP_FOREIGN_ORIGIN } from '@assent/core/api';
import type { Routes } from '@assent/core/api';
import { VISIT_OUTCOMES, answerAmpConsentCheck, visitBase, visitEvent } from '@assent/core/banner';
import type { Property } from '@assent/core/property';
import {
  BANNER_TOKENS,
  isAmpCacheOrigin,
  originBelongsToSite,
  replaceToken,
} from '@assent/core/tags';
import type { FastifyRequest } from 'fastify';
import type { GroupHandlers } from '../routes/context';
import { NOT_FOUND_MESSAGE } from '../routes/errors';
import { publicOrigin } from './http';
import type { LastGood } from './last-good';
import { bootOf, propertyByUuid } from './load-config';
import type { BannerRuntime } from './runtime';
import { regionFor } from './runtime';
import { currentOrLastGood } from './scripts';
import { recordVisit } from './visits';

/** Pages of the site itself, or the AMP caches serving them. */
const ampOriginAllowed = (origin: string, property: Property) =>
  originBelongsToSite(origin, property) || isAmpCacheOrigin(origin);

/**
 * The site and its banner configuration, kept as the last good one; while the database is down,
 * the last good one (like cmp.js), so AMP pages keep their prompt and their stored choice.
 */
async function ampSite(
  runtime: BannerRuntime,
  request: FastifyRequest,
  id: string,
): Promise<LastGood> {
  const found = await currentOrLastGood(
    runtime,
    request,
    id,
    () => propertyByUuid(runtime.deps.db, id),
    { amp: true },
  );
  if ('missing' in found || found.property.propertyType !== 'SITE')
    throw new AssentError('NOT_FOUND', `${NOT_FOUND_MESSAGE}: site ${id}`);
  return found;
}

type AmpRoutes = Pick<Routes['banner'], 'ampCheck' | 'ampPrompt'>;

/**
 * amp-consent's checkConsentHref (POST, answered by core) and the promptUISrc page. The check is
 * called with credentials from the site's pages or the AMP caches serving them (its origin rule);
 * when AMP adds `__amp_source_origin`, it must be the site and is echoed back.
 */
export function ampHandlers(runtime: BannerRuntime): GroupHandlers<AmpRoutes> {
  const { deps } = runtime;
  // The check's origin rule and its handler look the site up once per request.
  const sites = new WeakMap<FastifyRequest, Promise<LastGood>>();
  const siteOf = (request: FastifyRequest, id: string): Promise<LastGood> => {
    let site = sites.get(request);
    if (!site) sites.set(request, (site = ampSite(runtime, request, id)));
    return site;
  };
  return {
    ampCheck: {
      async origins({ id }, { request }) {
        const { property } = await siteOf(request, id);
        return (origin) => ampOriginAllowed(origin, property);
      },
      async handle({ params, query, body }, { request, reply }) {
        const { property, config } = await siteOf(request, params.id);
        const source = query.__amp_source_origin;
        if (source !== undefined) {
          if (!originBelongsToSite(source, property))
            throw new AssentError('FORBIDDEN', AMP_FOREIGN_ORIGIN);
          reply
            .header('amp-access-control-allow-source-origin', source)
            .header('access-control-expose-headers', 'AMP-Access-Control-Allow-Source-Origin');
        }
        const { region } = regionFor(runtime, request, property);
        const answer = answerAmpConsentCheck(body, { config, region });
        const state = body.consentStateValue;
        if (answer.consentRequired && !answer.expireCache && state && state !== 'unknown') {
          // The stored choice answers this page view and no prompt will post its visit: record it.
          const userAgent = request.headers['user-agent'] ?? '';
          const event = visitEvent(
            visitBase(config, region, 'AMP', userAgent),
            state === 'accepted' ? VISIT_OUTCOMES.acceptAll : VISIT_OUTCOMES.rejectAll,
            deps.now().getTime(),
            true,
          );
          await recordVisit(runtime, request, property, event).catch((err: unknown) =>
            deps.logger.warn({ err }, 'could not store the visit of an AMP page view'),
          );
        }
        return answer;
      },
    },

    async ampPrompt({ params }, { request }) {
      const { property, config } = await siteOf(request, params.id);
      const origin = publicOrigin(request, deps.config);
      const { region } = regionFor(runtime, request, property);
      const script = replaceToken(
        runtime.assets.get('amp-prompt.js').text,
        BANNER_TOKENS.boot,
        bootOf(config, region, origin),
      ).replace(/<\/script/gi, '<\\/script');
      return {
        body: `<!doctype html><html lang="${config.theme.defaultLanguage}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Privacy choices</title><style>html,body{margin:0;background:transparent}</style></head><body><script>${script}</script></body></html>`,
      };
    },
  };
}
