import { describe, expect, it } from 'vitest';
import { ApiError, UNKNOWN_ERROR_BODY } from '../errors';
import { appSaveFailure, failureAfterChanges, siteSaveFailure } from './save-failure';

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

describe('a failure after changes (issue 17 item 6: stale errors)', () => {
  const logo = {
    title: '',
    message: 'Logo not found',
    fields: { publisherLogoUrl: 'Logo not found' },
  };

  it('goes entirely once every field it named has changed (a refused logo)', () => {
    expect(failureAfterChanges(logo, new Set(['publisherLogoUrl']))).toBeNull();
  });

  it('keeps the messages of the fields not changed yet, and the callout with them', () => {
    const two = {
      title: 'Save failed',
      message: 'Some fields need your attention.',
      fields: { url: 'Taken', 'consentOrPayConfig.countries': 'Required' },
    };
    expect(failureAfterChanges(two, new Set(['url']))).toEqual({
      ...two,
      fields: { 'consentOrPayConfig.countries': 'Required' },
    });
    expect(failureAfterChanges(two, new Set(['publisherName']))).toBe(two);
    expect(failureAfterChanges(two, new Set(['url', 'consentOrPayConfig']))).toBeNull();
  });

  it('keeps a failure that named no field until the next save', () => {
    const server = { title: 'Unexpected', message: '', fields: {} };
    expect(failureAfterChanges(server, new Set(['url']))).toBe(server);
  });
});
