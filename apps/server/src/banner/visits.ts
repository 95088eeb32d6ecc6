import { AssentError } from '@assent/core';
import type { Routes } from '@assent/core/api';
import type { VisitEvent } from '@assent/core/banner';
import type { Property } from '@assent/core/property';
import type { FastifyRequest } from 'fastify';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { RouteHandler } from '../routes/context';
import { NOT_FOUND_MESSAGE, VISITS_RATE_LIMITED_MESSAGE, rateLimitedError } from '../routes/errors';
import { LruCache } from '../services/lru';
import { acceptBeaconOrigin } from './beacon-origin';
import { propertyByUuid } from './load-config';
import type { BannerRuntime } from './runtime';
import { lastGoodProperty } from './runtime';

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
 * The properties visits name, kept for `ASSENT_VISIT_PROPERTY_CACHE_MS` (1 s by default): a page
 * view per request would otherwise wait for its own property lookup behind the batch being
 * written (five times the events per second on PGlite, four on PostgreSQL, in
 * scripts/bench/visits.ts). A property's change reaches the visit check within that time; unknown
 * ids are not kept.
 */
function propertyLookup(runtime: BannerRuntime) {
  const { deps } = runtime;
  const ttlMs = deps.config.visitPropertyCacheMs;
  const cache = new LruCache<string, { until: number; property: Promise<Property | undefined> }>(
    10_000,
  );
  return async (uuid: string): Promise<Property | undefined> => {
    if (ttlMs <= 0) return propertyByUuid(deps.db, uuid);
    const now = Date.now();
    const hit = cache.get(uuid);
    if (hit && hit.until > now) return hit.property;
    const property = propertyByUuid(deps.db, uuid);
    cache.set(uuid, { until: now + ttlMs, property });
    const found = await property.catch((error: unknown) => {
      cache.delete(uuid);
      throw error;
    });
    if (!found) cache.delete(uuid);
    return found;
  };
}

/**
 * At most `ASSENT_VISIT_RATE_LIMIT` visits a minute from one address for one property (in this
 * process's memory: a lookup, never a query); more answer 429 with Retry-After and are not stored.
 * The first refusal of each address and property in a minute is logged as a suspicious burst
 * (warning `visit burst`), so an operator sees who inflates which property's analytics.
 */
function visitRateLimit(runtime: BannerRuntime) {
  const { deps } = runtime;
  const points = deps.config.visitRateLimit;
  if (points <= 0) return async (): Promise<void> => {};
  const limiter = new RateLimiterMemory({ points, duration: 60 });
  return async (ip: string, property: Pick<Property, 'pCode' | 'uuid'>): Promise<void> => {
    try {
      await limiter.consume(`${ip}|${property.uuid}`);
    } catch (error) {
      if (error instanceof Error) throw error;
      const res = error as { msBeforeNext: number; consumedPoints: number };
      if (res.consumedPoints === points + 1) {
        deps.logger.warn(
          { propertyUuid: property.uuid, pcode: property.pCode, address: ip, limit: points },
          'visit burst: visits from this address for this property refused for the rest of the minute',
        );
      }
      throw rateLimitedError(
        Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
        VISITS_RATE_LIMITED_MESSAGE,
      );
    }
  };
}

/**
 * The visit beacon: `navigator.sendBeacon` posts one VisitEvent per page view (text/plain, or
 * JSON from other callers); the route table parses it (400 naming the fields). 204 once the visit
 * sink has stored it; 404 for an unknown property; 403 for a page of another site (an AMP page's
 * visit comes from the prompt page this server serves); 429 past the rate limit.
 */
export function visitHandler(runtime: BannerRuntime): RouteHandler<Routes['banner']['visit']> {
  const { deps } = runtime;
  const lookup = propertyLookup(runtime);
  const limit = visitRateLimit(runtime);
  return async ({ body: event }, { request, reply }) => {
    // While the database is down, the property served last (its cmp.js) still takes its visits.
    const property = await lookup(event.p).catch((error: unknown) => {
      const kept = lastGoodProperty(runtime, event.p);
      if (!kept) throw error;
      return kept;
    });
    if (!property) throw new AssentError('NOT_FOUND', `${NOT_FOUND_MESSAGE}: property ${event.p}`);
    // An AMP page's visit comes from the prompt page amp-consent loads from this server.
    acceptBeaconOrigin(request, reply, deps.config, property, { fromAmpPrompt: event.f === 'A' });
    await limit(request.ip, property);
    await recordVisit(runtime, request, property, event);
  };
}
