import { issuesToFields } from '@assent/core';
import {
  CHANGE_PASSWORD,
  NEW_PASSWORD_LABEL,
  OLD_PASSWORD_LABEL,
  authErrorMessage,
  validateChangePasswordForm,
  PASSWORD_RULE_HINT,
} from '@assent/core/account';
import { Callout, DialogBody } from '@blueprintjs/core';
import { Dialog } from '../components/Dialog';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useClient } from '../app/ServicesContext';
import { TextField } from '../components/FormField';
import { FormDialogFooter } from '../components/FormDialogFooter';

/** The Change Password modal: Old Password and New Password; a failure shows in the modal. */
export default function ChangePasswordDialog({
  onClose,
  onChanged,
}: {
  onClose: () => void;
  onChanged: (message: string) => void;
}) {
  const client = useClient();
  const [form, setForm] = useState({ oldPassword: '', newPassword: '' });
  const [fields, setFields] = useState<Record<string, string>>({});
  const firstField = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const change = useMutation({
    mutationFn: (body: typeof form) => client.auth.changePassword({ body }),
    onSuccess: ({ message }) => {
      onChanged(message);
      onClose();
    },
    // The submit button is disabled while it loads and the browser drops its focus to the page:
    // put it back on the field the refusal is about, so Escape and Tab still work in the dialog.
    onError: () => firstField.current?.focus(),
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const result = validateChangePasswordForm(form);
    if (!result.ok) {
      setFields(issuesToFields(result.issues));
      return;
    }
    setFields({});
    change.mutate(result.value);
  };

  return (
    <Dialog
      isOpen
      title={CHANGE_PASSWORD}
      onClose={change.isPending ? undefined : onClose}
      // The menu that opened the dialog hands focus back to its button as it closes: take it back,
      // unless the user is already in the form (the transition ends 300 ms after opening).
      onOpened={() => {
        if (!formRef.current?.contains(document.activeElement)) firstField.current?.focus();
      }}
    >
      <form ref={formRef} onSubmit={submit} noValidate>
        <DialogBody>
          <TextField
            label={OLD_PASSWORD_LABEL}
            type="password"
            autoComplete="current-password"
            autoFocus
            inputProps={{ inputRef: firstField }}
            value={form.oldPassword}
            error={fields.oldPassword}
            onChange={(oldPassword) => setForm((f) => ({ ...f, oldPassword }))}
          />
          <TextField
            label={NEW_PASSWORD_LABEL}
            type="password"
            autoComplete="new-password"
            helperText={PASSWORD_RULE_HINT}
            value={form.newPassword}
            error={fields.newPassword}
            onChange={(newPassword) => setForm((f) => ({ ...f, newPassword }))}
          />
          {change.isError ? (
            <Callout intent="danger" compact role="alert">
              {authErrorMessage(change.error)}
            </Callout>
          ) : null}
        </DialogBody>
        <FormDialogFooter
          submitText={CHANGE_PASSWORD}
          pending={change.isPending}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
