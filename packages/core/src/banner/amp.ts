import { z } from 'zod';
import type { BannerConfig } from './config';
import type { VisitorRegion } from './rules';
import { AMP_MAX_CONSENT_STRING_LENGTH, ampConsentStringType, regulationForConfig } from './rules';

/** The body amp-consent POSTs to `checkConsentHref` on every AMP page view. */
export const AmpConsentCheckRequest = z.object({
  consentInstanceId: z.string(),
  consentStateValue: z.enum(['accepted', 'rejected', 'unknown']).optional(),
  consentString: z.string().optional(),
  matchedGeoGroup: z.string().nullable().optional(),
});
export type AmpConsentCheckRequest = z.infer<typeof AmpConsentCheckRequest>;

export interface AmpConsentMetadata {
  consentStringType: number;
  gdprApplies: boolean;
  additionalConsent?: string;
  purposeOne: boolean;
}

export interface AmpConsentCheckResponse {
  consentRequired: boolean;
  consentStateValue?: 'accepted' | 'rejected' | 'unknown';
  consentString?: string;
  expireCache: boolean;
  consentMetadata: AmpConsentMetadata;
}

/**
 * Answers amp-consent's `checkConsentHref` POST: whether this visitor must be prompted and the
 * metadata vendors read. A stored string over AMP's 1,200-character limit, or stored under another
 * config version (`storedConfigVersion` differs), expires the visitor's cache so they are asked again.
 */
export function answerAmpConsentCheck(
  request: AmpConsentCheckRequest,
  ctx: { config: BannerConfig; region: VisitorRegion; storedConfigVersion?: string },
): AmpConsentCheckResponse {
  const regulation = regulationForConfig(ctx.config, ctx.region);
  const gdprApplies = regulation === 'GDPR';
  const consentMetadata: AmpConsentMetadata = {
    consentStringType: ampConsentStringType(ctx.config, gdprApplies),
    gdprApplies,
    purposeOne: ctx.config.gdpr?.purposeOneTreatment ?? false,
  };
  if (regulation === 'NONE') {
    return { consentRequired: false, expireCache: false, consentMetadata };
  }
  const tooLong = (request.consentString?.length ?? 0) > AMP_MAX_CONSENT_STRING_LENGTH;
  const stale =
    ctx.storedConfigVersion !== undefined && ctx.storedConfigVersion !== ctx.config.configVersion;
  if (tooLong || stale) {
    return {
      consentRequired: true,
      consentStateValue: 'unknown',
      expireCache: true,
      consentMetadata,
    };
  }
  return {
    consentRequired: true,
    ...(request.consentStateValue ? { consentStateValue: request.consentStateValue } : {}),
    ...(request.consentString ? { consentString: request.consentString } : {}),
    expireCache: false,
    consentMetadata,
  };
}
