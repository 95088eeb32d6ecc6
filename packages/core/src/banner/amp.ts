import { z } from 'zod';
import type { BannerConfig } from './config';
import type { VisitorRegion } from './rules';
import {
  AMP_CONSENT_STRING_TYPE,
  AMP_MAX_CONSENT_STRING_LENGTH,
  ampConsentStringType,
  regulationForConfig,
} from './rules';

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

/** Whether a stored string is of the type amp-consent is told (a TC string, or a US privacy string). */
const OF_TYPE: Record<number, RegExp> = {
  [AMP_CONSENT_STRING_TYPE.TCF_V2]: /^C[\w-]*(\.[\w-]+)*$/,
  [AMP_CONSENT_STRING_TYPE.US_PRIVACY_STRING]: /^1[YN-]{3}$/i,
};

/**
 * Answers amp-consent's `checkConsentHref` POST: whether this visitor must be prompted and the
 * metadata vendors read. A stored string over AMP's 1,200-character limit, stored under another
 * config version (`storedConfigVersion` differs), or not of the type this visitor gets (a GPP
 * string AMP pages stored before issue 15 item 5) expires the visitor's cache so they are asked again.
 */
export function answerAmpConsentCheck(
  request: AmpConsentCheckRequest,
  ctx: { config: BannerConfig; region: VisitorRegion; storedConfigVersion?: string },
): AmpConsentCheckResponse {
  const regulation = regulationForConfig(ctx.config, ctx.region);
  const gdprApplies = regulation === 'GDPR';
  const consentMetadata: AmpConsentMetadata = {
    consentStringType: ampConsentStringType(gdprApplies),
    gdprApplies,
    purposeOne: ctx.config.gdpr?.purposeOneTreatment ?? false,
  };
  if (regulation === 'NONE') {
    return { consentRequired: false, expireCache: false, consentMetadata };
  }
  const stored = request.consentString;
  const tooLong = (stored?.length ?? 0) > AMP_MAX_CONSENT_STRING_LENGTH;
  const otherType = !!stored && !OF_TYPE[consentMetadata.consentStringType]!.test(stored);
  const stale =
    ctx.storedConfigVersion !== undefined && ctx.storedConfigVersion !== ctx.config.configVersion;
  if (tooLong || stale || otherType) {
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
