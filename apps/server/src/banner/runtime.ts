import path from 'node:path';
import { visitorRegionFallback } from '@assent/core/banner';
import type { GoogleVendorNames, VisitorRegion } from '@assent/core/banner';
import type { Property } from '@assent/core/property';
import type { GoogleAtp, VendorListResponse } from '@assent/core/vendors';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../routes/context';
import type { BannerAssets } from './assets';
import { createBannerAssets } from './assets';
import type { GeoResolver, RegionSource } from './geo';
import { createGeoResolver } from './geo';
import type { LastGoodConfigs } from './last-good';
import { createLastGoodConfigs } from './last-good';
import { gvlJson } from './vendor-list';

/** What the runtime's public routes share, built once per app (no module-level state). */
export interface BannerRuntime {
  deps: AppDeps;
  assets: BannerAssets;
  geo: GeoResolver;
  /** The last banner configuration served per property, for when the database is down. */
  lastGood: LastGoodConfigs;
  /** The same for AMP pages (their configuration runs no A/B test). */
  ampLastGood: LastGoodConfigs;
  /** The runtime's vendor-list JSON of a list (kept while the lists service keeps the list). */
  vendorListJson(list: VendorListResponse): string;
  /** The runtime's Google provider names (GoogleVendorNames) of Google's list. */
  googleVendorsJson(list: readonly GoogleAtp[]): string;
}

/** JSON of a list, serialised once while the lists service keeps that list. */
function serialisedOnce<L extends object>(serialise: (list: L) => unknown): (list: L) => string {
  const serialised = new WeakMap<L, string>();
  return (list) => {
    let json = serialised.get(list);
    if (json === undefined) {
      json = JSON.stringify(serialise(list));
      serialised.set(list, json);
    }
    return json;
  };
}

export function createBannerRuntime(deps: AppDeps): BannerRuntime {
  return {
    deps,
    assets: createBannerAssets(deps.config),
    geo: createGeoResolver(deps.config, deps.logger),
    lastGood: createLastGoodConfigs(
      path.join(deps.config.dataDir, 'banner-last-good'),
      deps.logger,
    ),
    ampLastGood: createLastGoodConfigs(
      path.join(deps.config.dataDir, 'banner-last-good', 'amp'),
      deps.logger,
    ),
    vendorListJson: serialisedOnce(gvlJson),
    googleVendorsJson: serialisedOnce((list: readonly GoogleAtp[]): GoogleVendorNames =>
      Object.fromEntries(
        list.map((p) => [
          String(p.id),
          { name: p.name, ...(p.policyUrl ? { policyUrl: p.policyUrl } : {}) },
        ]),
      ),
    ),
  };
}

/** The visitor's region, or the property's fallback (its publisher's country) when unknown. */
export function regionFor(
  runtime: BannerRuntime,
  request: FastifyRequest,
  property: Pick<Property, 'publisherCC'>,
): { region: VisitorRegion; source: RegionSource } {
  const resolved = runtime.geo.resolve(request);
  return resolved.region
    ? { region: resolved.region, source: resolved.source }
    : { region: visitorRegionFallback(property), source: 'fallback' };
}

/** The property a beacon names, from the last good configurations (while the database is down). */
export const lastGoodProperty = (runtime: BannerRuntime, uuid: string): Property | undefined =>
  (runtime.lastGood.recall(uuid) ?? runtime.ampLastGood.recall(uuid))?.property;
