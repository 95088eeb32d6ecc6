import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * NIST SP 800-63B §3.1.1.2: length over composition. A password is 8 to 128 characters (counted
 * as Unicode code points, so a passphrase in any script counts what the user typed), with no rule
 * on letters, digits or symbols, and it may not be a common or breached password.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** The password's length in characters (code points), as the user counts them. */
export const passwordLength = (password: string): number => [...password].length;

export const hasPasswordLength = (password: string): boolean => {
  const length = passwordLength(password);
  return length >= PASSWORD_MIN_LENGTH && length <= PASSWORD_MAX_LENGTH;
};

/**
 * The common-password list shipped with the product: `@zxcvbn-ts/language-common` 4.1.3's
 * `passwords-common`, 49,233 passwords ranked by how often they appear in breach corpora
 * (zxcvbn-ts's data scripts build it). Read once, on first use.
 */
let common: ReadonlySet<string> | undefined;
const commonPasswords = (): ReadonlySet<string> =>
  (common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase())));

/** The size of the shipped list (docs/security.md states it). */
export const commonPasswordCount = (): number => commonPasswords().size;

/**
 * Whether a password is on the list, ignoring case, also once the digits and symbols people add
 * before or after a common word are set aside (`password1`, `Passw0rd!`, `!qwerty123`).
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  const list = commonPasswords();
  const bare = lower.replace(/^[^\p{L}]+/u, '').replace(/[^\p{L}]+$/u, '');
  const trimmedEnd = lower.replace(/[^\p{L}\d]+$/u, '');
  return [lower, trimmedEnd, bare].some(
    (candidate) => candidate.length >= 4 && list.has(candidate),
  );
}
