import { ApiError } from '@assent/core';
import { Text } from 'ink';
import type { ReactNode } from 'react';
import { fit } from './terminal';

/** What the status line says about a failed request, with what to do. */
export function describeError(error: unknown, url: string): string {
  if (error instanceof ApiError && error.httpStatus > 0) {
    if (error.httpStatus === 401)
      return `The server refused the token (401): run assent login --url ${url}, or set ASSENT_TOKEN`;
    if (error.httpStatus === 403)
      return `Not allowed in this account (403): ${error.message}. Press : to switch account`;
    return `${error.message} (${error.httpStatus}). Press r to retry`;
  }
  // The transport's reason: the innermost error code (ECONNREFUSED, ENOTFOUND…), else its message.
  let reason = error instanceof ApiError ? (error.detail ?? error.message) : String(error);
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && !(e instanceof ApiError)) reason = code;
  }
  return `Cannot reach ${url} (${reason}): is the server running? Press r to retry`;
}

/** Cells of a field's label in a detail pane. */
export const LABEL_CELLS = 20;

/** One row of a detail pane: a label and its value, cut at the pane's edge. */
export function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Text wrap="truncate-end">
      {fit(label, LABEL_CELLS)}
      {value}
    </Text>
  );
}

export const yesNo = (b: boolean) => (b ? 'yes' : 'no');
