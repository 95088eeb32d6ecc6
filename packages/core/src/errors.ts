import { z } from 'zod';
import { UNKNOWN_ERROR_MESSAGE } from './messages';
import type { Issue } from './validation';
import { issuesToFields } from './validation';

/**
 * The closed set of error codes of Assent. Each face maps a code once: the server to an HTTP
 * status, the CLI to an exit code, the console to a message.
 */
export const ErrorCode = z.enum([
  'VALIDATION_ERROR',
  'XSS_ERROR',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'NOT_EDITABLE',
  'RATE_LIMITED',
  'CSRF_REJECTED',
  'PAYLOAD_TOO_LARGE',
  'UPSTREAM_ERROR',
  'GATEWAY_TIMEOUT',
  'NOT_IMPLEMENTED',
  'INTERNAL_ERROR',
  'UNKNOWN_ERROR',
  // Identity errors, as the console maps them (reports-and-account §8).
  'USER_NOT_FOUND',
  'NOT_AUTHORIZED',
  'INVALID_PARAMETER',
  'USER_NOT_CONFIRMED',
  'USERNAME_EXISTS',
  'CODE_MISMATCH',
  'EXPIRED_CODE',
  // Two-factor sign-in: the password was right, the session waits for the second factor.
  'TWO_FACTOR_REQUIRED',
  'TWO_FACTOR_SETUP_REQUIRED',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

/** The body of every failed API call. `status` is an ErrorCode, kept a string for foreign servers. */
export const ApiErrorBody = z.object({
  status: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

export const UNKNOWN_ERROR_BODY: ApiErrorBody = {
  status: 'UNKNOWN_ERROR',
  message: UNKNOWN_ERROR_MESSAGE,
};

/**
 * A failed call: the HTTP status (0 when the request never got an answer) and the error body. When
 * the request never got an answer, `detail` says why (the transport's reason) and `cause` is the
 * transport's error; the message stays the spec's.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly detail: string | undefined;
  constructor(
    readonly httpStatus: number,
    readonly body: ApiErrorBody,
    options: { cause?: unknown; detail?: string } = {},
  ) {
    super(body.message, 'cause' in options ? { cause: options.cause } : undefined);
    this.detail = options.detail;
  }

  get code(): string {
    return this.body.status;
  }
}

/** A typed failure raised by rules and repositories; the server's error handler turns it into a body. */
export class AssentError extends Error {
  override readonly name = 'AssentError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }

  toBody(): ApiErrorBody {
    return this.fields
      ? { status: this.code, message: this.message, fields: this.fields }
      : { status: this.code, message: this.message };
  }

  /** A validation failure whose message is the first issue's and whose fields name every issue. */
  static fromIssues(issues: readonly Issue[], code: ErrorCode = 'VALIDATION_ERROR'): AssentError {
    return new AssentError(code, issues[0]?.message ?? 'Invalid input', issuesToFields(issues));
  }
}

/**
 * The error body of a failed call. A JSON object is the server's body and is passed on as it is,
 * with what it lacks filled in: `status` UNKNOWN_ERROR, `message` the spec's unknown-error message
 * (a `fields` that is not a map of messages is left out). Without one, the spec's UNKNOWN_ERROR body.
 */
export function toErrorBody(payload: unknown): ApiErrorBody {
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) {
    return { ...UNKNOWN_ERROR_BODY };
  }
  const { status, message, fields, ...rest } = payload as Record<string, unknown>;
  const messages = ApiErrorBody.shape.fields.safeParse(fields);
  return {
    ...rest,
    status:
      typeof status === 'string' && status
        ? status
        : typeof status === 'number'
          ? String(status)
          : UNKNOWN_ERROR_BODY.status,
    message: typeof message === 'string' && message ? message : UNKNOWN_ERROR_BODY.message,
    ...(messages.success && messages.data ? { fields: messages.data } : {}),
  };
}

/** The message of any failure as the faces show it: the error body's, an error's own, or the spec's unknown error. */
export function errorMessageOf(error: unknown): string {
  if (error instanceof ApiError) return error.body.message;
  if (error instanceof Error && error.message) return error.message;
  return UNKNOWN_ERROR_MESSAGE;
}
