import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import {
  TWO_FACTOR_ISSUER,
  recoveryCodeFromBytes,
  RECOVERY_CODE_COUNT,
} from '@assent/core/account';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { codeHmac } from './secrets';

/**
 * TOTP secrets at rest: AES-256-GCM under a key derived (HKDF-SHA-256) from the server's code key
 * (ASSENT_DATA_DIR/code-key), so a copy of the database alone reveals no secret. Stored as
 * `v1.<iv>.<tag>.<ciphertext>` in base64url.
 */
const secretKey = (codeKey: Buffer): Buffer =>
  Buffer.from(hkdfSync('sha256', codeKey, Buffer.alloc(0), 'assent totp secret v1', 32));

export function encryptTotpSecret(codeKey: Buffer, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', secretKey(codeKey), iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export function decryptTotpSecret(codeKey: Buffer, stored: string): string {
  const [version, iv, tag, body] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined)
    throw new Error('unreadable two-factor secret');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    secretKey(codeKey),
    Buffer.from(iv, 'base64url'),
  );
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(body, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}

/** A new secret (160 bits, base32), its otpauth URI and the URI's QR code as an SVG data URL. */
export async function newTotpEnrolment(
  email: string,
): Promise<{ secret: string; otpauthUri: string; qrCode: string }> {
  const secret = generateSecret();
  const otpauthUri = generateURI({ issuer: TWO_FACTOR_ISSUER, label: email, secret });
  const svg = await QRCode.toString(otpauthUri, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
  });
  return {
    secret,
    otpauthUri,
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`,
  };
}

/**
 * The time step a 6-digit code matches (one step of clock drift either way), or undefined; a step
 * at or before `afterStep` (the last code used) is refused, so a code works once.
 */
export async function matchTotp(
  secret: string,
  code: string,
  now: Date,
  afterStep: number | null,
): Promise<number | undefined> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: 30,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid ? (result as { timeStep: number }).timeStep : undefined;
}

/** Ten new recovery codes, as shown to the user. */
export const newRecoveryCodes = (): string[] =>
  Array.from({ length: RECOVERY_CODE_COUNT }, () => recoveryCodeFromBytes(randomBytes(10)));

/** A recovery code as stored: the keyed hash of its normalised form (no dash, lower case). */
export const recoveryCodeHash = (codeKey: Buffer, normalised: string): string =>
  codeHmac(codeKey, `recovery:${normalised}`);
