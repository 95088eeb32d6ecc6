import { readFileSync } from 'node:fs';
import type { VisitorRegion } from '@assent/core/banner';
import type { FastifyRequest } from 'fastify';
import type { CityResponse } from 'mmdb-lib';
import { Reader } from 'mmdb-lib';
import type { ServerConfig } from '../config';
import type { Logger } from '../services/logger';

/** Where a region came from. */
export type RegionSource = 'header' | 'geoip' | 'fallback';

export interface ResolvedRegion {
  region: VisitorRegion | undefined;
  source: RegionSource;
}

export interface GeoResolver {
  /** The visitor's region, or undefined when neither the proxy header nor the database knows it. */
  resolve(request: FastifyRequest): ResolvedRegion;
}

/** Country codes proxies send when they do not know (Cloudflare: XX unknown, T1 Tor). */
const UNKNOWN_COUNTRIES = new Set(['XX', 'T1', 'ZZ', 'A1', 'A2', 'O1', 'EU', 'AP']);

const header = (request: FastifyRequest, name: string | undefined): string | undefined => {
  if (!name) return undefined;
  const value = request.headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first?.trim() || undefined;
};

/** 'US-CA', 'ca' or 'CA' → 'CA' (ISO 3166-2 subdivision code without the country). */
function subdivision(raw: string | undefined, country: string): string | undefined {
  if (!raw) return undefined;
  const code = raw.toUpperCase().replace(new RegExp(`^${country}-`), '');
  return /^[A-Z0-9]{1,3}$/.test(code) ? code : undefined;
}

function regionOf(
  country: string | undefined,
  state: string | undefined,
): VisitorRegion | undefined {
  const c = country?.toUpperCase();
  if (!c || !/^[A-Z]{2}$/.test(c) || UNKNOWN_COUNTRIES.has(c)) return undefined;
  const s = subdivision(state, c);
  return s ? { country: c, state: s } : { country: c };
}

/**
 * The visitor's region: the proxy's country header (ASSENT_GEO_COUNTRY_HEADER, with the region
 * header for US states) when the operator configured one and it is present, else a MaxMind-format database (ASSENT_GEOIP_DB) looked up
 * by the client address. Callers fall back to the property's region when both are silent.
 */
export function createGeoResolver(config: ServerConfig, logger: Logger): GeoResolver {
  let reader: Reader<CityResponse> | undefined;
  if (config.geoIpDatabase) {
    try {
      reader = new Reader<CityResponse>(readFileSync(config.geoIpDatabase));
    } catch (error) {
      logger.warn(
        { path: config.geoIpDatabase, err: (error as Error).message },
        'cannot read the GeoIP database; visitors are located by the proxy header only',
      );
    }
  }
  return {
    resolve(request) {
      // Only the header the operator configured is read: unset, a client cannot pick its region.
      const fromHeader = config.geoCountryHeader
        ? regionOf(
            header(request, config.geoCountryHeader),
            header(request, config.geoRegionHeader),
          )
        : undefined;
      if (fromHeader) return { region: fromHeader, source: 'header' };
      if (reader) {
        try {
          const hit = reader.get(request.ip);
          const region = regionOf(
            hit?.country?.iso_code ?? hit?.registered_country?.iso_code,
            hit?.subdivisions?.[0]?.iso_code,
          );
          if (region) return { region, source: 'geoip' };
        } catch {
          // An address the database cannot parse (e.g. a Unix socket peer): unknown.
        }
      }
      return { region: undefined, source: 'fallback' };
    },
  };
}
