import { Button, DialogFooter } from '@blueprintjs/core';

export interface FormDialogFooterProps {
  submitText: string;
  /** While the request runs: a spinner on submit, Cancel disabled. */
  pending: boolean;
  onCancel: () => void;
}

/** The footer of a dialog that holds a form: Cancel, and the submit button of the form. */
export function FormDialogFooter({ submitText, pending, onCancel }: FormDialogFooterProps) {
  return (
    <DialogFooter
      actions={
        <>
          <Button text="Cancel" onClick={onCancel} disabled={pending} />
          <Button type="submit" intent="primary" text={submitText} loading={pending} />
        </>
      }
    />
  );
}
