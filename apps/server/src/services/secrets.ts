import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** argon2id with OWASP's recommended minimum: 19 MiB, 2 iterations, 1 lane. */
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2);

/**
 * An argon2id hash with the same cost as `hashPassword`, of a random secret nobody knows: a
 * sign-in for an unknown or unconfirmed e-mail verifies against it, so it takes as long as a wrong
 * password for a real account and the time does not tell which e-mails have accounts.
 */
export const DUMMY_PASSWORD_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$2uO/i+sFdsTdxHpPocNqoQ$p+3di0pdWX4MxZHdV/5ZognvNsDv6IP4UpuXhKMbqyA';

/** Verifies a password against a user's hash, or against the dummy hash when there is none. */
export async function verifyPasswordInConstantTime(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  const matches = await verifyPassword(passwordHash || DUMMY_PASSWORD_HASH, password);
  return matches && Boolean(passwordHash);
}

export async function verifyPassword(
  passwordHash: string | null,
  password: string,
): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash never matches.
    return false;
  }
}

/** A random token for cookies and access tokens (256 bits, base64url). */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/** Tokens are stored only as their SHA-256. */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** A six-digit code sent by e-mail. */
export const randomCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const PCODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A fresh account code: eight characters without look-alikes (no i, l, o, 0, 1). */
export function randomAccountCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += PCODE_ALPHABET[randomInt(0, PCODE_ALPHABET.length)];
  return code;
}
