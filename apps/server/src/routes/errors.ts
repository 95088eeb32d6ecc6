import { AssentError } from '@assent/core';
import type { ErrorCode } from '@assent/core';

/** The one place an error code becomes an HTTP status. */
export const HTTP_STATUS: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  XSS_ERROR: 400,
  INVALID_PARAMETER: 400,
  CODE_MISMATCH: 400,
  EXPIRED_CODE: 400,
  UNAUTHORIZED: 401,
  NOT_AUTHORIZED: 401,
  USER_NOT_FOUND: 401,
  TWO_FACTOR_REQUIRED: 401,
  TWO_FACTOR_SETUP_REQUIRED: 401,
  FORBIDDEN: 403,
  CSRF_REJECTED: 403,
  USER_NOT_CONFIRMED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  NOT_EDITABLE: 409,
  USERNAME_EXISTS: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  UNKNOWN_ERROR: 500,
  UPSTREAM_ERROR: 502,
  GATEWAY_TIMEOUT: 504,
  NOT_IMPLEMENTED: 501,
};

export const NOT_FOUND_MESSAGE = 'Not found';
export const UNAUTHORIZED_MESSAGE = 'Please sign in to continue';
export const FORBIDDEN_MESSAGE = 'You are not a member of this account';
export const ADMIN_ONLY_MESSAGE = 'Only administrators can do this';
export const CSRF_MESSAGE =
  'This request did not come from the Assent console (origin check failed)';
export const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';
export const TOO_LARGE_MESSAGE = 'The request body is too large';

/** The 413 message with the route's own limit: 'The request body is too large (limit 1 KB)'. */
export function tooLargeMessage(limitBytes: number): string {
  const size =
    limitBytes < 1024
      ? `${limitBytes} bytes`
      : limitBytes < 1024 * 1024
        ? `${Math.round((limitBytes / 1024) * 10) / 10} KB`
        : `${Math.round((limitBytes / 1024 / 1024) * 10) / 10} MB`;
  return `${TOO_LARGE_MESSAGE} (limit ${size})`;
}
export const RATE_LIMITED_MESSAGE = 'Too many attempts. Please wait and try again.';
export const VISITS_RATE_LIMITED_MESSAGE =
  'Too many visits from this address for this property. Please wait and try again.';

/** 429 RATE_LIMITED with a Retry-After of the given seconds. */
export const rateLimitedError = (
  retryAfterSeconds: number,
  message = RATE_LIMITED_MESSAGE,
): AssentError =>
  Object.assign(new AssentError('RATE_LIMITED', message), {
    retryAfter: retryAfterSeconds,
  });
