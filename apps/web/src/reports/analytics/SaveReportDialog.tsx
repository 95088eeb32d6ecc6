import type { Issue } from '@assent/core';
import { Button, Callout, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { TextField } from '../../components/FormField';

export const REPORT_NAME_LABEL = 'Report Name';

export interface SaveReportDialogProps {
  /** 'Save Report', or 'Edit Report' while a saved report is edited. */
  title: string;
  initialName: string;
  /** Core's issues of the last attempt (the name, or an incomplete query). */
  issues: readonly Issue[];
  pending: boolean;
  onSave: (name: string) => void;
  onClose: () => void;
}

/** Asks for the report's name, then saves it on demand (or updates the edited report). */
export function SaveReportDialog({
  title,
  initialName,
  issues,
  pending,
  onSave,
  onClose,
}: SaveReportDialogProps) {
  const [name, setName] = useState(initialName);
  const nameIssue = issues.find((i) => i.field === 'name')?.message;
  const others = issues.filter((i) => i.field !== 'name');
  return (
    <Dialog isOpen title={title} onClose={pending ? undefined : onClose}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSave(name);
        }}
      >
        <DialogBody>
          <TextField
            label={REPORT_NAME_LABEL}
            required
            value={name}
            onChange={setName}
            error={nameIssue}
            autoFocus
          />
          {others.map((i) => (
            <Callout key={`${i.field}-${i.rule}`} intent="danger" compact role="alert">
              {i.message}
            </Callout>
          ))}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={onClose} disabled={pending} />
              <Button type="submit" intent="primary" text={title} loading={pending} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
