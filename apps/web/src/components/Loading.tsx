import { LOADING } from '@assent/core';
import { Spinner } from '@blueprintjs/core';

export const LOADING_TEXT = LOADING;

/** The centred 'Loading...' indicator (auth wrappers, lazy pages). */
export function Loading({ label = LOADING_TEXT }: { label?: string }) {
  return (
    <div className="assent-loading" role="status" aria-live="polite">
      <Spinner size={24} aria-hidden />
      <span>{label}</span>
    </div>
  );
}
