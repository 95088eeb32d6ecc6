/**
 * Messages shared by several entities. Entity-specific messages live in the entity's own module.
 * Every message quoted by the spec is kept verbatim (typos included); the ones the spec says are
 * "not shown" are worded once here and recorded in docs/decisions.md.
 */

/** Spec: consent locations 'This field is required'; also the shared required wording (not shown). */
export const REQUIRED = 'This field is required';

/** Shared invalid-URL wording (not shown in the spec); bulk update's group URL message reused. */
export const INVALID_URL = 'Please input a valid URL';

export const NO_ANGLE_BRACKETS = "Field should not contain '<' or '>' symbols.";

/** Synthesised when a failed call has no error body. The typo is the spec's. */
export const UNKNOWN_ERROR_MESSAGE = 'An unknown error occured. Please try again.';

/** Unsafe text (US privacy text, theme texts): wording not shown in the spec. */
export const UNSAFE_CONTENT =
  'This text contains content that could run as a script (such as tags, event handlers or script links). Please remove it and try again.';

/** Link pairs: wording not shown in the spec. */
export const LINK_TEXT_REQUIRED = 'Link text is required';
export const LINK_URL_INVALID = 'Link URL is not valid';

export const ERROR_BOUNDARY = 'Something went wrong.';
export const PAGE_NOT_FOUND = 'Page not found';
export const RESTRICTED_ACCESS = 'Restricted access';
export const RESTRICTED_ACCESS_TEXT =
  'This page requires additional user permissions. Please contact the administrators on your account for access.';

/** The centred indicator of the authentication wrappers (properties-and-tags §2). */
export const LOADING = 'Loading...';
