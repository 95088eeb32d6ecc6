import { z } from 'zod';
import type { Validation } from '../validation';
import { issue } from '../validation';

/**
 * Two-factor sign-in (issue 19 item 22): a TOTP authenticator app (RFC 6238: 6 digits, 30 s) or one
 * of ten single-use recovery codes, asked after the password; the session is issued only then.
 * Personal access tokens are not affected: they are the second factor's equivalent for scripts.
 */

/** The name authenticator apps show beside the account. */
export const TWO_FACTOR_ISSUER = 'Assent';
export const RECOVERY_CODE_COUNT = 10;
/** Wrong codes one sign-in may try before it must start again with the password. */
export const TWO_FACTOR_MAX_ATTEMPTS = 5;
/** How long the code step of a sign-in stays open after the password. */
export const TWO_FACTOR_CHALLENGE_MINUTES = 5;

export const TWO_FACTOR_CODE_NEEDED = 'Enter the 6-digit code from your authenticator app.';
export const TWO_FACTOR_SETUP_NEEDED =
  'An account you belong to requires two-factor sign-in. Set it up to continue.';
export const INVALID_TWO_FACTOR_CODE =
  'That code is not valid. Enter the current code from your authenticator app, or a recovery code.';
export const TWO_FACTOR_SIGN_IN_EXPIRED = 'Your sign-in has expired. Please sign in again.';
export const TWO_FACTOR_ALREADY_ON = 'Two-factor sign-in is already on.';
export const TWO_FACTOR_NOT_ON = 'Two-factor sign-in is not on.';
export const TWO_FACTOR_REQUIRED_BY_ACCOUNT =
  'An account you belong to requires two-factor sign-in, so it cannot be turned off.';
export const ENABLE_TWO_FACTOR_FIRST =
  'Turn on two-factor sign-in for yourself before changing whether the account requires it.';
export const TWO_FACTOR_CODE_FORMAT =
  'Enter the 6 digits from your authenticator app, or a 10-character recovery code.';

const RECOVERY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
const RECOVERY_LENGTH = 10;

/** A code as typed, without spaces or dashes, lower case. */
export const normaliseTwoFactorCode = (code: string): string =>
  code.replace(/[\s-]/g, '').toLowerCase();

export type TwoFactorCodeKind = 'totp' | 'recovery';

/** Which kind a typed code is: 6 digits, or a recovery code of 10 letters and digits. */
export function twoFactorCodeKind(code: string): TwoFactorCodeKind | undefined {
  const c = normaliseTwoFactorCode(code);
  if (/^\d{6}$/.test(c)) return 'totp';
  if (c.length === RECOVERY_LENGTH && [...c].every((ch) => RECOVERY_ALPHABET.includes(ch)))
    return 'recovery';
  return undefined;
}

/** Checks a typed code's form (not its value): the `code` field's issue names the two forms. */
export function validateTwoFactorCode(input: {
  code?: string;
}): Validation<{ code: string; kind: TwoFactorCodeKind }> {
  const code = normaliseTwoFactorCode(input.code ?? '');
  const kind = twoFactorCodeKind(code);
  if (!kind) return { ok: false, issues: [issue('code', 'format', TWO_FACTOR_CODE_FORMAT)] };
  return { ok: true, value: { code, kind } };
}

/**
 * A recovery code from random bytes (one per character; 32 letters and digits without 0, 1, l
 * and o, so 50 bits), shown as two groups of five: 'abcde-fghij'.
 */
export function recoveryCodeFromBytes(bytes: Uint8Array): string {
  if (bytes.length < RECOVERY_LENGTH) throw new Error('a recovery code needs 10 random bytes');
  const chars = [...bytes.slice(0, RECOVERY_LENGTH)].map(
    (b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]!,
  );
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** A missing or overlong code gets the same message as a malformed one, naming `code`. */
export const TwoFactorCodeRequest = z.object({
  code: z.string({ error: TWO_FACTOR_CODE_FORMAT }).max(64, { error: TWO_FACTOR_CODE_FORMAT }),
});
export type TwoFactorCodeRequest = z.infer<typeof TwoFactorCodeRequest>;

/** What enrolment shows: the QR code (an SVG data URL), and the secret to type instead. */
export const TwoFactorSetup = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
  qrCode: z.string(),
});
export type TwoFactorSetup = z.infer<typeof TwoFactorSetup>;

/** The ten recovery codes, shown once when two-factor sign-in is turned on. */
export const RecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodes>;

export const TwoFactorStatus = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  /** Names of the user's accounts that require two-factor sign-in. */
  requiredBy: z.array(z.string()),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>;

export const TwoFactorRequirement = z.object({ required: z.boolean() });
export type TwoFactorRequirement = z.infer<typeof TwoFactorRequirement>;

/**
 * Changing the account's requirement (either way) is confirmed with the caller's own current code
 * (or a recovery code): a stolen session or a personal access token alone cannot change it.
 */
export const SetTwoFactorRequirement = TwoFactorRequirement.extend(TwoFactorCodeRequest.shape);
export type SetTwoFactorRequirement = z.infer<typeof SetTwoFactorRequirement>;
