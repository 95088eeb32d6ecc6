import { useCallback, useEffect, useRef } from 'react';
import type { BlockerFunction } from 'react-router';
import { useBlocker } from 'react-router';
import type { ReactNode } from 'react';
import { Button, DialogBody, DialogFooter } from '@blueprintjs/core';
import { UNSAVED_CHANGES } from './copy';
import { Dialog } from './Dialog';

export interface UnsavedChangesGuard {
  /** The question, open while a navigation waits for an answer: render it with the form. */
  prompt: ReactNode;
  /** Runs a navigation the form itself means (e.g. after a successful save) without asking. */
  leaveWithoutAsking: (go: () => void) => void;
}

/**
 * Asks before unsaved changes are left: a navigation inside the console to another page (links,
 * CANCEL, the browser's Back) waits for 'Leave without saving?', and closing or reloading the tab
 * gets the browser's own question (`beforeunload`). `dirty` is the form's rule (core's
 * `hasPropertyChanged`, `hasVendorSelectionChanged`, …); a change of the query string alone
 * (same page) is not asked about. Needs a data router (`createBrowserRouter`).
 */
export function useUnsavedChangesGuard(dirty: boolean): UnsavedChangesGuard {
  const dirtyNow = useRef(dirty);
  const leaving = useRef(false);
  useEffect(() => {
    dirtyNow.current = dirty;
  }, [dirty]);

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      dirtyNow.current && !leaving.current && currentLocation.pathname !== nextLocation.pathname,
    [],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!dirty) return undefined;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  const leaveWithoutAsking = useCallback((go: () => void) => {
    leaving.current = true;
    go();
  }, []);

  // Staying is the safe answer: it has the focus, and Escape or a click outside give it.
  const stay = () => blocker.reset?.();
  const prompt = (
    <Dialog isOpen={blocker.state === 'blocked'} title={UNSAVED_CHANGES.title} onClose={stay}>
      <DialogBody>
        <p>{UNSAVED_CHANGES.message}</p>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button
              text={UNSAVED_CHANGES.leave}
              intent="danger"
              onClick={() => blocker.proceed?.()}
            />
            <Button text={UNSAVED_CHANGES.stay} intent="primary" onClick={stay} autoFocus />
          </>
        }
      />
    </Dialog>
  );
  return { prompt, leaveWithoutAsking };
}

/** `useUnsavedChangesGuard` as an element, for a page that needs no save-time navigation. */
export function UnsavedChangesPrompt({ when }: { when: boolean }) {
  return useUnsavedChangesGuard(when).prompt;
}
