import { supportsFeature } from '../../property/cmp-version';
import type { PropertyValues } from '../../property/schema';
import {
  MSPA_CHILD_SENSITIVE_MARKER,
  MSPA_OPT_OUT_PURPOSE_IDS,
  MSPA_SENSITIVE_MARKER,
  normaliseLspact,
  normaliseUspJurisdiction,
} from '../../property/us-privacy';
import type { BannerUs } from '../config';
import { sortedUnique } from './ids';

/** The US section of a property whose regulations include the US. */
export function compileUs(property: PropertyValues): BannerUs {
  const mspaSupported = supportsFeature(property.cmpVersion, 'consentLocations');
  const combined = property.mspaOptOutPurposeIds;
  const chosen = (property.mspaPurposeIds.length ? property.mspaPurposeIds : combined).filter(
    (id) => MSPA_OPT_OUT_PURPOSE_IDS.includes(id),
  );
  const sensitive =
    property.mspaSensitiveDataProcessing === 'yes' || combined.includes(MSPA_SENSITIVE_MARKER);
  const child =
    property.mspaChildSensitiveDataProcessing === 'yes' ||
    combined.includes(MSPA_CHILD_SENSITIVE_MARKER);
  const footerElementId = property.mspaFooterHtmlId.trim();
  return {
    // Versions before the multi-regulation release know only the US privacy string.
    uspEnabled: property.ccpaViaUsp || !mspaSupported,
    uspLspact: normaliseLspact(property.uspLspact) === 'Y',
    uspJurisdiction: normaliseUspJurisdiction(property.uspJurisdiction),
    ...(mspaSupported
      ? {
          mspa: {
            coveredTransaction: property.isCoveredTransaction,
            jurisdiction: property.mspaJurisdiction,
            optOutPurposes: chosen.length ? sortedUnique(chosen) : [1, 2, 3],
            sensitiveDataCategories: sensitive
              ? sortedUnique(
                  property.mspaSensitiveDataPurposeIds.filter((id) => id >= 1 && id <= 16),
                )
              : [],
            childSensitiveData: child,
            autoPopUp: property.mspaAutoPopUp,
            ...(property.mspaAutoPopUp === 'link' &&
            footerElementId &&
            supportsFeature(property.cmpVersion, 'mspaFooterLink')
              ? { footerElementId }
              : {}),
          },
        }
      : {}),
  };
}
