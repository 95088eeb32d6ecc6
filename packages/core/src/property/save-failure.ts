import { ApiError, errorMessageOf } from '../errors';
import { APP_CREATE_ERROR, SITE_SAVE_ERROR, UNEXPECTED_ERROR } from './messages';

/** A failed save as the site and app forms show it: a callout (title, message) and field messages. */
export interface PropertySaveFailure {
  title: string;
  message: string;
  /** The server's message per field (dotted paths), shown under each field until it changes. */
  fields: Record<string, string>;
}

/** A refusal the server explained: a 4xx with its own error body (not the synthesised one). */
const isExplainedRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError &&
  error.httpStatus >= 400 &&
  error.httpStatus < 500 &&
  error.body.status !== 'UNKNOWN_ERROR';

/**
 * A failed app save (properties-and-tags §8): 'There was an error creating your app' with the
 * server's message when the server refused it, otherwise 'There was an unexpected error, please
 * try again later' (no answer, a server failure, or no error body).
 */
export function appSaveFailure(error: unknown): PropertySaveFailure {
  if (isExplainedRefusal(error)) {
    return {
      title: APP_CREATE_ERROR,
      message: error.body.message,
      fields: error.body.fields ?? {},
    };
  }
  return { title: UNEXPECTED_ERROR, message: '', fields: {} };
}

/**
 * A failed site save (properties-and-tags §8, generic wording not shown): the site-save title, the
 * failure's message and the server's messages per field.
 */
export function siteSaveFailure(error: unknown): PropertySaveFailure {
  return {
    title: SITE_SAVE_ERROR,
    message: errorMessageOf(error),
    fields: error instanceof ApiError ? (error.body.fields ?? {}) : {},
  };
}

/**
 * A failure after the user changed some fields: each changed field's message goes; once every
 * field the failure named has changed, the whole failure goes (its callout only summed them up,
 * as a refused logo's does). A failure that named no field stays until the next save.
 */
export function failureAfterChanges(
  failure: PropertySaveFailure,
  changed: ReadonlySet<string>,
): PropertySaveFailure | null {
  const named = Object.keys(failure.fields);
  if (named.length === 0) return failure;
  const topField = (field: string) => field.split('.')[0] ?? field;
  const left = named.filter((field) => !changed.has(topField(field)));
  if (left.length === named.length) return failure;
  if (left.length === 0) return null;
  return {
    ...failure,
    fields: Object.fromEntries(left.map((field) => [field, failure.fields[field] ?? ''])),
  };
}
