import type { ReactNode } from 'react';
import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => {};

/**
 * Whether this render may read the browser's own state (local storage, the window): false on the
 * server and while React hydrates the server's markup, true from the render after (and at once in
 * a page rendered in the browser only). What reads it then renders as it would with nothing
 * stored, so both sides agree, and takes the stored state a moment later.
 */
export const useAfterHydration = (): boolean =>
  useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );

/** Renders `children` only once the browser's own state may be read (`useAfterHydration`). */
export function AfterHydration({ children }: { children: ReactNode }) {
  return useAfterHydration() ? children : null;
}
