import { EEA_COUNTRIES } from '../../country';
import {
  GBC_PURPOSES,
  gbcAdvancedAvailable,
  gbcAvailable,
  gbcLocationsList,
} from '../../property/google-consent';
import type { ConsentLocation, PropertyValues } from '../../property/schema';
import type { BannerGbc, ConsentModeSignal } from '../config';

/** Google basic consent (Consent Mode): the defaults' purposes and regions, the advanced flags. */

const EEA_AND_UK: readonly string[] = [...EEA_COUNTRIES, 'GB'];

/** gtag regions of Google basic consent's locations ([] = everywhere; undefined = nowhere). */
function gbcRegions(locations: readonly ConsentLocation[]): string[] | undefined {
  if (locations.includes('WORLDWIDE')) return [];
  const regions = [
    ...(locations.includes('EEA') ? EEA_AND_UK : []),
    ...(locations.includes('USA') ? ['US'] : []),
  ];
  return regions.length ? regions : undefined;
}

/** The Consent Mode section, when the property enables it for some region and purpose. */
export function compileGbc(property: PropertyValues): BannerGbc | undefined {
  const version = property.cmpVersion;
  if (!property.gbcEnabled || !gbcAvailable(version)) return undefined;
  const regions = gbcRegions(gbcLocationsList(property.gbcLocations));
  const purposes = property.gbcApplicablePurposes
    .filter((p) => p.enabled !== false)
    .flatMap((p) => {
      const known = GBC_PURPOSES.find((g) => g.id === p.id);
      return known
        ? [{ id: known.consentType as ConsentModeSignal, default: p.defaultValue ?? 'DENIED' }]
        : [];
    });
  if (!regions || !purposes.length) return undefined;
  const advanced = gbcAdvancedAvailable(version);
  return {
    enabled: true,
    regions,
    purposes,
    urlPassThrough: advanced && property.urlPassThrough,
    adsDataRedaction: advanced && property.adsDataRedaction,
  };
}
