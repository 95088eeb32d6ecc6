import type { DialogProps } from '@blueprintjs/core';
import { Dialog as BlueprintDialog } from '@blueprintjs/core';
import { useEffect, useRef } from 'react';

/** Gives focus back to the element that opened a dialog, unless something else took it since. */
function returnFocusTo(opener: Element | null): void {
  // After the dialog's DOM is gone (and Blueprint's own restore, if any, has run).
  setTimeout(() => {
    if (!(opener instanceof HTMLElement) || !opener.isConnected) return;
    const active = document.activeElement;
    if (active === null || active === document.body || !active.isConnected) opener.focus();
  }, 0);
}

/**
 * Blueprint's Dialog that always returns focus to its opener when it closes: Blueprint does so
 * only when `isOpen` turns false, not when a dialog is unmounted, which is how most of the
 * console's dialogs close. Every dialog of the console is this one.
 */
export function Dialog(props: DialogProps) {
  const { isOpen = false } = props;
  const opener = useRef<Element | null>(null);
  const wasOpen = useRef(false);
  // Read during render: before the dialog (or anything else) moves focus.
  if (isOpen && !wasOpen.current && typeof document !== 'undefined') {
    opener.current = document.activeElement;
  }
  useEffect(() => {
    if (wasOpen.current && !isOpen) returnFocusTo(opener.current);
    wasOpen.current = isOpen;
  }, [isOpen]);
  useEffect(
    () => () => {
      if (wasOpen.current) returnFocusTo(opener.current);
    },
    [],
  );
  return <BlueprintDialog {...props} />;
}
