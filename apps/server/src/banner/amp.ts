import type { Property } from '@assent/core';
import {
  AmpConsentCheckRequest,
  AssentError,
  BANNER_TOKENS,
  VISIT_OUTCOMES,
  answerAmpConsentCheck,
  isAmpCacheOrigin,
  issuesFromZod,
  originBelongsToSite,
  replaceToken,
  visitBase,
  visitEvent,
} from '@assent/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NOT_FOUND_MESSAGE } from '../routes/errors';
import { NO_STORE, PRIVATE_REVALIDATE } from '../services/http-cache';
import {
  HTML,
  allowCredentialedOrigin,
  preflight,
  publicOrigin,
  requestOrigin,
  sendWithEtag,
} from './http';
import { bootOf, loadBannerConfig, propertyByUuid } from './load-config';
import type { BannerRuntime } from './runtime';
import { regionFor } from './runtime';
import { recordVisit } from './visits';

export const AMP_FOREIGN_ORIGIN = "This AMP page is not part of the property's site";

/** Pages of the site itself, or the AMP caches serving them. */
const ampOriginAllowed = (origin: string, property: Property) =>
  originBelongsToSite(origin, property) || isAmpCacheOrigin(origin);

async function ampProperty(runtime: BannerRuntime, id: string): Promise<Property> {
  const property = await propertyByUuid(runtime.deps.db, id);
  if (!property || property.propertyType !== 'SITE')
    throw new AssentError('NOT_FOUND', `${NOT_FOUND_MESSAGE}: site ${id}`);
  return property;
}

/**
 * amp-consent's CORS: a credentialed request from the page's origin (the site or an AMP cache);
 * when AMP adds `__amp_source_origin`, it must be the site and is echoed back.
 */
function ampCors(
  request: FastifyRequest<{ Querystring: { __amp_source_origin?: string } }>,
  reply: FastifyReply,
  property: Property,
) {
  const origin = requestOrigin(request);
  if (origin) {
    if (!ampOriginAllowed(origin, property)) throw new AssentError('FORBIDDEN', AMP_FOREIGN_ORIGIN);
    allowCredentialedOrigin(reply, origin);
  }
  const source = request.query.__amp_source_origin;
  if (source !== undefined) {
    if (!originBelongsToSite(source, property))
      throw new AssentError('FORBIDDEN', AMP_FOREIGN_ORIGIN);
    reply
      .header('amp-access-control-allow-source-origin', source)
      .header('access-control-expose-headers', 'AMP-Access-Control-Allow-Source-Origin');
  }
}

type AmpRoute = {
  Params: { id: string };
  Querystring: { __amp_source_origin?: string };
};

/** amp-consent's checkConsentHref (POST, answered by core) and the promptUISrc page. */
export function registerAmpRoutes(app: FastifyInstance, runtime: BannerRuntime) {
  const { deps } = runtime;

  app.options<AmpRoute>('/banner/amp/:id/check', async (request, reply) => {
    const property = await ampProperty(runtime, request.params.id);
    const origin = requestOrigin(request);
    if (!origin || !ampOriginAllowed(origin, property))
      throw new AssentError('FORBIDDEN', AMP_FOREIGN_ORIGIN);
    return preflight(reply, origin, 'POST', { credentials: true });
  });

  app.post<AmpRoute>('/banner/amp/:id/check', { bodyLimit: 8 * 1024 }, async (request, reply) => {
    const property = await ampProperty(runtime, request.params.id);
    ampCors(request, reply, property);
    const parsed = AmpConsentCheckRequest.safeParse(request.body ?? {});
    if (!parsed.success) throw AssentError.fromIssues(issuesFromZod(parsed.error));
    const origin = publicOrigin(request, deps.config);
    const config = await loadBannerConfig(deps, property, origin);
    const { region } = regionFor(runtime, request, property);
    reply.header('cache-control', NO_STORE);
    const answer = answerAmpConsentCheck(parsed.data, { config, region });
    const state = parsed.data.consentStateValue;
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
    return reply.send(answer);
  });

  app.get<AmpRoute>('/banner/amp/:id/prompt', async (request, reply) => {
    const property = await ampProperty(runtime, request.params.id);
    const origin = publicOrigin(request, deps.config);
    const config = await loadBannerConfig(deps, property, origin);
    const { region } = regionFor(runtime, request, property);
    const script = replaceToken(
      runtime.assets.get('amp-prompt.js').text,
      BANNER_TOKENS.boot,
      bootOf(config, region, origin),
    ).replace(/<\/script/gi, '<\\/script');
    const page = `<!doctype html><html lang="${config.theme.defaultLanguage}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Privacy choices</title><style>html,body{margin:0;background:transparent}</style></head><body><script>${script}</script></body></html>`;
    return sendWithEtag(request, reply, runtime.gzip, page, {
      type: HTML,
      cacheControl: PRIVATE_REVALIDATE,
    });
  });
}
