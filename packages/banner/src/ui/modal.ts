const FOCUSABLE =
  'a[href],button:not([disabled]),input:not([disabled]),select,textarea,[tabindex]:not([tabindex="-1"])';

/**
 * Makes `dialog` modal inside its shadow root: labelled, focus moved in and trapped (Tab and
 * Shift+Tab cycle), and restored to where it was on close.
 */
export function trapFocus(dialog: HTMLElement, labelId: string): () => void {
  const doc = dialog.ownerDocument;
  const previous = doc.activeElement as HTMLElement | null;
  dialog.setAttribute('role', 'dialog');
  dialog.setAttribute('aria-modal', 'true');
  dialog.setAttribute('aria-labelledby', labelId);
  dialog.tabIndex = -1;
  const root = dialog.getRootNode() as ShadowRoot | Document;
  const items = () => [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'Tab') return;
    const list = items();
    const first = list[0];
    const last = list[list.length - 1];
    if (!first || !last) return;
    const active = root.activeElement;
    if (e.shiftKey && (active === first || active === dialog)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && active === last) {
      e.preventDefault();
      first.focus();
    }
  };
  dialog.addEventListener('keydown', onKey);
  dialog.focus();
  return () => {
    dialog.removeEventListener('keydown', onKey);
    previous?.focus?.();
  };
}
