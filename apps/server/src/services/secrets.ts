import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
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

/** The file under the data directory holding the key of e-mailed codes (mode 0600). */
export const CODE_KEY_FILE = 'code-key';

/**
 * The server's key for e-mailed codes: 32 random bytes in `ASSENT_DATA_DIR/code-key`, created at
 * the first start with mode 0600 (and set back to 0600 if it was widened). Servers sharing one
 * PostgreSQL database must share this file.
 */
export function loadCodeKey(dataDir: string): Buffer {
  const file = path.join(dataDir, CODE_KEY_FILE);
  mkdirSync(dataDir, { recursive: true });
  try {
    // 'wx': only the first start creates it; a second server racing it reads the winner's key.
    writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  chmodSync(file, 0o600);
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url');
  if (key.length < 32) throw new Error(`${file} must hold a key of at least 32 bytes (base64url)`);
  return key;
}

/** A code as stored: its HMAC-SHA-256 under the server's key (a leaked table reveals no code). */
export const codeHmac = (key: Buffer, code: string): string =>
  createHmac('sha256', key).update(code).digest('hex');

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
