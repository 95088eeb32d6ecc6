import { AssentError } from '@assent/core';
import type { Routes } from '@assent/core/api';
import type { RouteHandler } from '../routes/context';
import { NOT_FOUND_MESSAGE } from '../routes/errors';
import { acceptBeaconOrigin } from './beacon-origin';
import { propertyByUuid } from './load-config';
import type { BannerRuntime } from './runtime';
import { lastGoodProperty } from './runtime';

/**
 * The consent beacon: one ConsentRecordBeacon per visitor choice (sendBeacon's text/plain, or
 * JSON); the route table parses it (400 naming the fields, unknown fields refused). 204 once the
 * record is committed, or spooled on disk while the database is down (stored once it is back), so
 * an answered beacon is never lost; 404 for an unknown property; 403 for
 * a page of another site than the property's (`acceptBeaconOrigin`, the visit beacon's rule: the
 * accepted Origin echoed without credentials).
 */
export function consentHandler(runtime: BannerRuntime): RouteHandler<Routes['banner']['consent']> {
  const { deps } = runtime;
  return async ({ body }, { request, reply }) => {
    // While the database is down, the property served last (its cmp.js) still takes its records.
    const property = await propertyByUuid(deps.db, body.property).catch((error: unknown) => {
      const kept = lastGoodProperty(runtime, body.property);
      if (!kept) throw error;
      return kept;
    });
    if (!property)
      throw new AssentError('NOT_FOUND', `${NOT_FOUND_MESSAGE}: property ${body.property}`);
    // A site's AMP pages choose in the prompt page amp-consent loads from this server.
    acceptBeaconOrigin(request, reply, deps.config, property, { fromAmpPrompt: true });
    const { region } = runtime.geo.resolve(request);
    await deps.consents.accept({
      pcode: property.pCode,
      beacon: body,
      country: region?.country ?? null,
      receivedAt: deps.now(),
    });
  };
}
