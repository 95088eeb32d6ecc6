import type { Intent } from '@blueprintjs/core';
import { Button, Callout, DialogBody, DialogFooter } from '@blueprintjs/core';
import { Dialog } from './Dialog';
import type { ReactNode } from 'react';

export interface ConfirmDialogProps {
  isOpen: boolean;
  title: ReactNode;
  children: ReactNode;
  /** @default 'OK' */
  confirmText?: string;
  /** @default 'Cancel' */
  cancelText?: string;
  /** @default 'primary' */
  intent?: Intent;
  /** Shows a spinner on the confirm button and keeps the dialog open. */
  pending?: boolean;
  /** A failure to show above the buttons (e.g. the server's message). */
  error?: string | undefined;
  /** Hides the cancel button (an acknowledgement). @default false */
  acknowledgeOnly?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * A yes/no question in a dialog. Focus moves into the dialog on open (the confirm button) and
 * returns to the element that opened it on close; Escape cancels.
 */
export function ConfirmDialog({
  isOpen,
  title,
  children,
  confirmText = 'OK',
  cancelText = 'Cancel',
  intent = 'primary',
  pending = false,
  error,
  acknowledgeOnly = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <Dialog
      isOpen={isOpen}
      title={title}
      onClose={pending ? undefined : onClose}
      canEscapeKeyClose={!pending}
      canOutsideClickClose={!pending}
      shouldReturnFocusOnClose
    >
      <DialogBody>
        {children}
        {error ? (
          <Callout intent="danger" compact className="assent-dialog-error">
            {error}
          </Callout>
        ) : null}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            {acknowledgeOnly ? null : (
              <Button text={cancelText} onClick={onClose} disabled={pending} />
            )}
            <Button
              text={confirmText}
              intent={intent}
              loading={pending}
              onClick={onConfirm}
              autoFocus
            />
          </>
        }
      />
    </Dialog>
  );
}
