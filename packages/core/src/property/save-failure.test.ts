import { describe, expect, it } from 'vitest';
import { ApiError, UNKNOWN_ERROR_BODY } from '../errors';
import { appSaveFailure, siteSaveFailure } from './save-failure';

const refused = new ApiError(400, {
  status: 'VALIDATION_ERROR',
  message: 'Oops, this URL already exists. Please update your Site URL.',
  fields: { packageId: 'Oops, this URL already exists. Please update your Site URL.' },
});

/** properties-and-tags §8: app creation and site save failures. */
describe('app save failure', () => {
  it("shows 'There was an error creating your app' with the server's message when refused", () => {
    expect(appSaveFailure(refused)).toEqual({
      title: 'There was an error creating your app',
      message: 'Oops, this URL already exists. Please update your Site URL.',
      fields: { packageId: 'Oops, this URL already exists. Please update your Site URL.' },
    });
  });

  it("shows 'There was an unexpected error, please try again later' for anything else", () => {
    const unexpected = {
      title: 'There was an unexpected error, please try again later',
      message: '',
      fields: {},
    };
    // A server failure, no answer at all, a refusal without an error body, a non-API error.
    expect(appSaveFailure(new ApiError(500, { status: 'INTERNAL_ERROR', message: 'x' }))).toEqual(
      unexpected,
    );
    expect(appSaveFailure(new ApiError(0, UNKNOWN_ERROR_BODY))).toEqual(unexpected);
    expect(appSaveFailure(new ApiError(404, UNKNOWN_ERROR_BODY))).toEqual(unexpected);
    expect(appSaveFailure(new Error('boom'))).toEqual(unexpected);
  });
});

describe('site save failure', () => {
  it("titles it 'There was an error saving your site' with the failure's message and field messages", () => {
    expect(siteSaveFailure(refused)).toEqual({
      title: 'There was an error saving your site',
      message: 'Oops, this URL already exists. Please update your Site URL.',
      fields: { packageId: 'Oops, this URL already exists. Please update your Site URL.' },
    });
    expect(siteSaveFailure(new ApiError(0, UNKNOWN_ERROR_BODY))).toEqual({
      title: 'There was an error saving your site',
      message: 'An unknown error occured. Please try again.',
      fields: {},
    });
  });
});
