import { z } from 'zod';
import { USER, defineRoute } from '../route';

/** One US multi-state privacy purpose: 1 to 4 the opt-outs, 5 and 6 the sensitive-data markers. */
export const MspaPurpose = z.object({
  id: z.number().int(),
  name: z.string(),
  usnatField: z.string(),
});
export type MspaPurpose = z.infer<typeof MspaPurpose>;

/** One Google basic consent purpose (a Consent Mode v2 storage type). */
export const GbcPurpose = z.object({
  id: z.number().int(),
  consentType: z.string(),
  name: z.string(),
});
export type GbcPurpose = z.infer<typeof GbcPurpose>;

/**
 * The purpose lists of properties-and-tags §7: "fetch purposes for MSPA" and the static lists of
 * US multi-state privacy and Google basic consent purposes (national English). The data is core's
 * (`MSPA_PURPOSES`, `GBC_PURPOSES`): the console imports it, other clients read it here.
 */
export const purposes = {
  mspa: defineRoute({
    method: 'GET',
    path: '/customization/v2/purposes/mspa',
    summary:
      'The US multi-state privacy (MSPA) purposes: the opt-outs 1 to 4, then the sensitive and known-child markers 5 and 6',
    access: USER,
    response: z.array(MspaPurpose),
  }),
  googleBasicConsent: defineRoute({
    method: 'GET',
    path: '/customization/v2/purposes/google-basic-consent',
    summary: 'The Google basic consent purposes (Consent Mode v2 storage types), national English',
    access: USER,
    response: z.array(GbcPurpose),
  }),
};
