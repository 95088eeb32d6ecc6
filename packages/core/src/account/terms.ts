import { z } from 'zod';
import type { Validation } from '../validation';
import { collect, issue } from '../validation';
import { authEmailIssue } from './auth-forms';
import { TERMS_EMAIL_MISMATCH } from './messages';
import type { Organisation } from './user';

/**
 * Terms acceptance (properties-and-tags §6, §7): saved with accepted, productType 'CMP', the
 * user's e-mail and the account code.
 */

/** CMP for the consent platform's terms; SSP for the supply-side platform's. */
export const TermsProductType = z.enum(['CMP', 'SSP']);
export type TermsProductType = z.infer<typeof TermsProductType>;

export const TermsAcceptance = z.object({
  accepted: z.boolean(),
  productType: TermsProductType,
  email: z.string(),
  pcode: z.string().min(1),
});
export type TermsAcceptance = z.infer<typeof TermsAcceptance>;

/** The payload the terms modal posts. @default productType 'CMP' */
export const buildTermsAcceptance = (
  input: { pcode: string; email: string },
  productType: TermsProductType = 'CMP',
): TermsAcceptance => ({ accepted: true, productType, email: input.email, pcode: input.pcode });

/** The e-mail must be one; `signedInEmail`, when given, must match it (case-insensitively). */
export function validateTermsAcceptance(
  acceptance: TermsAcceptance,
  signedInEmail?: string,
): Validation<TermsAcceptance> {
  return collect(acceptance, [
    authEmailIssue(acceptance.email),
    signedInEmail !== undefined &&
      acceptance.email.trim().toLowerCase() !== signedInEmail.trim().toLowerCase() &&
      issue('email', 'signedInUser', TERMS_EMAIL_MISMATCH),
  ]);
}

/** The organisation flag an acceptance sets: the accepted product's. */
export const termsAcceptanceFlags = (
  acceptance: TermsAcceptance,
): Partial<Pick<Organisation, 'cmpTosAccepted' | 'sspTosAccepted'>> =>
  acceptance.productType === 'CMP'
    ? { cmpTosAccepted: acceptance.accepted }
    : { sspTosAccepted: acceptance.accepted };
