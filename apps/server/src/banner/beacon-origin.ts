import { AssentError } from '@assent/core';
import { VISIT_FOREIGN_ORIGIN } from '@assent/core/api';
import type { Property } from '@assent/core/property';
import { originBelongsToSite } from '@assent/core/tags';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config';
import { allowOrigin, requestOrigin } from '../routes/http-options';
import { publicOrigin } from './http';

/**
 * The one origin rule of the runtime's beacons (the visit and the consent record), both posted by
 * `navigator.sendBeacon` from a property's pages:
 * - a site's beacon is taken only from a page of the site (its host, www. twin, subdomains when it
 *   applies to them) or, when `fromAmpPrompt` allows it, from the AMP prompt page this server
 *   serves; another Origin answers 403 `VISIT_FOREIGN_ORIGIN` with no CORS header at all;
 * - an app's beacon comes from WebViews (any origin, or none);
 * - no Origin, or `Origin: null` (a page with `Referrer-Policy: no-referrer`, a sandboxed frame),
 *   names no site: it is taken like a request without an Origin (any script can forge that anyway;
 *   the visit rate limit bounds both);
 * - an accepted Origin is echoed without `Access-Control-Allow-Credentials`: no cookies are asked
 *   for or sent, so a page of another site can never read an answer made with a visitor's cookies.
 */
export function acceptBeaconOrigin(
  request: FastifyRequest,
  reply: FastifyReply,
  config: ServerConfig,
  property: Pick<Property, 'propertyType' | 'url' | 'applyToSubDomains'>,
  options: { fromAmpPrompt: boolean },
): void {
  const sent = requestOrigin(request);
  const origin = sent === 'null' ? undefined : sent;
  if (!origin) return;
  const ampPrompt =
    options.fromAmpPrompt && origin === new URL(publicOrigin(request, config)).origin;
  if (property.propertyType === 'SITE' && !ampPrompt && !originBelongsToSite(origin, property))
    throw new AssentError('FORBIDDEN', VISIT_FOREIGN_ORIGIN);
  allowOrigin(reply, origin);
}
