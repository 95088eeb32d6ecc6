import type { Property, VisitEvent } from '@assent/core';
import {
  AssentError,
  VisitEvent as VisitEventSchema,
  issuesFromZod,
  originBelongsToSite,
} from '@assent/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { NOT_FOUND_MESSAGE } from '../routes/errors';
import { allowCredentialedOrigin, preflight, publicOrigin, requestOrigin } from './http';
import { propertyByUuid } from './load-config';
import type { BannerRuntime } from './runtime';

/** A visit body is one small VisitEvent; anything much larger is refused before parsing. */
export const VISIT_BODY_LIMIT = 1024;

export const VISIT_BAD_BODY = 'The visit is not a VisitEvent JSON object';
export const VISIT_FOREIGN_ORIGIN = "This page is not part of the property's site";

/** Hands one page view of a property to the visit sink; country and region come from the request. */
export function recordVisit(
  runtime: BannerRuntime,
  request: FastifyRequest,
  property: Pick<Property, 'pCode' | 'uuid'>,
  event: VisitEvent,
): Promise<void> {
  const { region } = runtime.geo.resolve(request);
  return runtime.deps.visits.accept({
    pcode: property.pCode,
    propertyUuid: property.uuid,
    event,
    country: region?.country ?? null,
    region: region?.state ?? (event.r === 3 ? (event.s ?? null) : null),
    receivedAt: runtime.deps.now(),
  });
}

/**
 * The visit beacon sink: `navigator.sendBeacon` posts one VisitEvent per page view (text/plain,
 * or JSON from other callers). 204 when stored; 400 naming the fields of a bad body; 404 for an
 * unknown property; 403 for a page of another site (an AMP page's visit comes from the prompt
 * page this server serves). Country and region come from the request.
 */
export function registerVisitRoutes(app: FastifyInstance, runtime: BannerRuntime) {
  const { deps } = runtime;

  app.options('/banner/visit', async (request, reply) => {
    const origin = requestOrigin(request);
    return origin
      ? preflight(reply, origin, 'POST', { credentials: true })
      : reply.code(204).send();
  });

  app.post('/banner/visit', { bodyLimit: VISIT_BODY_LIMIT }, async (request, reply) => {
    const origin = requestOrigin(request);
    if (origin) allowCredentialedOrigin(reply, origin);
    reply.header('cache-control', 'no-store');
    const body = request.body;
    if (!body || typeof body !== 'object' || Array.isArray(body))
      throw new AssentError('VALIDATION_ERROR', VISIT_BAD_BODY, { body: VISIT_BAD_BODY });
    const parsed = VisitEventSchema.safeParse(body);
    if (!parsed.success) throw AssentError.fromIssues(issuesFromZod(parsed.error));
    const event = parsed.data;
    const property = await propertyByUuid(deps.db, event.p);
    if (!property) throw new AssentError('NOT_FOUND', `${NOT_FOUND_MESSAGE}: property ${event.p}`);
    // Apps post from WebViews (any origin, or none); a site's visits come from its own pages, and
    // its AMP pages' visits from the prompt page amp-consent loads from this server.
    const fromAmpPrompt =
      event.f === 'A' && origin === new URL(publicOrigin(request, deps.config)).origin;
    if (
      origin &&
      property.propertyType === 'SITE' &&
      !fromAmpPrompt &&
      !originBelongsToSite(origin, property)
    ) {
      throw new AssentError('FORBIDDEN', VISIT_FOREIGN_ORIGIN);
    }
    await recordVisit(runtime, request, property, event);
    return reply.code(204).send();
  });
}
