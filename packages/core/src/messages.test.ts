import { describe, expect, it } from 'vitest';
import * as m from './messages';

/** The shared messages the spec quotes, verbatim (a change here is a change of contract). */
describe('shared messages', () => {
  it.each([
    [m.REQUIRED, 'This field is required'],
    [m.NO_ANGLE_BRACKETS, "Field should not contain '<' or '>' symbols."],
    // Generic invalid-URL wording (not shown in the spec): bulk update's 'Please input a valid URL'.
    [m.INVALID_URL, 'Please input a valid URL'],
    // The typo ('occured') is the spec's.
    [m.UNKNOWN_ERROR_MESSAGE, 'An unknown error occured. Please try again.'],
    [m.ERROR_BOUNDARY, 'Something went wrong.'],
    [m.PAGE_NOT_FOUND, 'Page not found'],
    [m.RESTRICTED_ACCESS, 'Restricted access'],
    [
      m.RESTRICTED_ACCESS_TEXT,
      'This page requires additional user permissions. Please contact the administrators on your account for access.',
    ],
    [m.LOADING, 'Loading...'],
  ])('%s', (actual, expected) => expect(actual).toBe(expected));
});
