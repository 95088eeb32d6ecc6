import { describe, expect, it } from 'vitest';
import { ApiError, AssentError, UNKNOWN_ERROR_BODY, errorMessageOf, toErrorBody } from './errors';
import { UNKNOWN_ERROR_MESSAGE } from './messages';

describe('toErrorBody', () => {
  it("passes the server's body on and fills in only what it lacks", () => {
    const body = { status: 'VALIDATION_ERROR', message: 'Bad url', fields: { url: 'Bad url' } };
    expect(toErrorBody(body)).toEqual(body);
    expect(toErrorBody({ message: 'Too many requests', retryAfter: 30 })).toEqual({
      status: 'UNKNOWN_ERROR',
      message: 'Too many requests',
      retryAfter: 30,
    });
    expect(toErrorBody({ status: 'NOT_FOUND' })).toEqual({
      status: 'NOT_FOUND',
      message: UNKNOWN_ERROR_MESSAGE,
    });
  });

  it('synthesises the unknown error when there is no body', () => {
    for (const payload of [undefined, null, 'text', 42, []]) {
      expect(toErrorBody(payload)).toEqual(UNKNOWN_ERROR_BODY);
    }
  });
});

describe('errorMessageOf', () => {
  it("reads the body's message, an error's own message, or the unknown error", () => {
    expect(errorMessageOf(new ApiError(400, { status: 'CONFLICT', message: 'Taken' }))).toBe(
      'Taken',
    );
    expect(errorMessageOf(new AssentError('NOT_FOUND', 'Gone'))).toBe('Gone');
    expect(errorMessageOf(new Error(''))).toBe(UNKNOWN_ERROR_MESSAGE);
    expect(errorMessageOf('nope')).toBe(UNKNOWN_ERROR_MESSAGE);
  });
});
