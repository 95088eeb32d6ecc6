import { AssentError } from '@assent/core';
import { VISIT_FOREIGN_ORIGIN } from '@assent/core/api';
import type { Routes } from '@assent/core/api';
import { originBelongsToSite } from '@assent/core/tags';
import { consentRecords } from '../repositories/consent-records';
import type { RouteHandler } from '../routes/context';
import { NOT_FOUND_MESSAGE } from '../routes/errors';
import { requestOrigin } from '../routes/http-options';
import { publicOrigin } from './http';
import { propertyByUuid } from './load-config';
import type { BannerRuntime } from './runtime';

/**
 * The consent beacon: one ConsentRecordBeacon per visitor choice (sendBeacon's text/plain, or
 * JSON); the route table parses it (400 naming the fields, unknown fields refused). 204 once the
 * record is committed, so an answered beacon is never lost; 404 for an unknown property; 403 for
 * a page of another site than the property's (apps post from WebViews, any origin or none; AMP
 * pages from the prompt page this server serves).
 */
export function consentHandler(runtime: BannerRuntime): RouteHandler<Routes['banner']['consent']> {
  const { deps } = runtime;
  return async ({ body }, { request }) => {
    const property = await propertyByUuid(deps.db, body.property);
    if (!property)
      throw new AssentError('NOT_FOUND', `${NOT_FOUND_MESSAGE}: property ${body.property}`);
    const origin = requestOrigin(request);
    // A site's AMP pages choose in the prompt page amp-consent loads from this server.
    const fromAmpPrompt = origin === new URL(publicOrigin(request, deps.config)).origin;
    if (
      origin &&
      property.propertyType === 'SITE' &&
      !fromAmpPrompt &&
      !originBelongsToSite(origin, property)
    )
      throw new AssentError('FORBIDDEN', VISIT_FOREIGN_ORIGIN);
    const { region } = runtime.geo.resolve(request);
    await consentRecords.insert(deps.db, {
      pcode: property.pCode,
      beacon: body,
      country: region?.country ?? null,
      receivedAt: deps.now(),
    });
  };
}
